import Platform
import Plot
import SproutAPI
import Vapor

/// The open-lesson and edit-lesson form (spec §6, "레슨 개설하기"), with `LessonDraft`'s rules:
/// errors next to their fields, typed values kept. A file input cannot be refilled by a server, so
/// after an error the photos are asked for again.
enum LessonFormPage {
    enum Mode {
        case open
        case edit(Lessons.Post)
    }

    /// The form's field names, one per draft field.
    static func name(_ field: Lessons.LessonDraft.Field) -> String {
        switch field {
        case .lessonType: "lesson_type"
        default: field.rawValue
        }
    }

    static func render(_ context: PageContext, mode: Mode, draft: Lessons.LessonDraft, errors: [Lessons.LessonDraft.Field: String], status: HTTPResponseStatus = .ok) -> Response {
        let (title, action): (String, String) = switch mode {
        case .open: (context.pick(ko: "레슨 개설하기", en: "Open a lesson"), LessonsPaths.open.link)
        case let .edit(post): (context.pick(ko: "레슨 정보 수정", en: "Edit lesson"), LessonsPaths.edit.link(post.postID))
        }
        let maxPhotos = Lessons.LessonDraft.maxPhotos
        return LessonsViews.page(title: title, context: context, status: status, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(!errors.isEmpty, .p(.class("form-error"), .id("lesson-form-error"), .attribute(named: "role", value: "alert"),
                                    .text(context.pick(ko: "입력한 내용을 확인해 주세요.", en: "Please check the highlighted fields.")))),
            .form(
                .id("lesson-form"), .class("stacked card"), .action(path: action), .method(.post), .enctype(.multipartData),
                PageLayout.csrfField(context),
                FormWidgets.text("title", label: context.pick(ko: "레슨 제목", en: "Title"), value: draft.title, error: errors[.title]),
                FormWidgets.text("price", label: context.pick(ko: "레슨 가격 (원)", en: "Price (won)"), value: draft.price, error: errors[.price], inputMode: "numeric"),
                FormWidgets.select("instrument", label: context.pick(ko: "레슨 과목", en: "Subject"), prompt: context.pick(ko: "과목 선택", en: "Choose a subject"),
                                  options: Lessons.Instrument.allCases.map { ($0.rawValue, context.pick(ko: $0.rawValue, en: $0.english)) },
                                  selected: draft.instrument, error: errors[.instrument]),
                FormWidgets.select("region", label: context.pick(ko: "레슨 위치", en: "Location"), prompt: context.pick(ko: "지역 선택", en: "Choose a region"),
                                  options: Lessons.Region.allCases.map { ($0.rawValue, context.pick(ko: $0.rawValue, en: $0.english)) },
                                  selected: draft.region, error: errors[.region]),
                FormWidgets.select("lesson_type", label: context.pick(ko: "레슨 타입", en: "Type"), prompt: context.pick(ko: "타입 선택", en: "Choose a type"),
                                  options: Lessons.LessonType.allCases.map { ($0.rawValue, context.pick(ko: $0.rawValue, en: $0.english)) },
                                  selected: draft.lessonType, error: errors[.lessonType]),
                FormWidgets.textArea("introduction", label: context.pick(ko: "레슨 소개", en: "Introduction"), value: draft.introduction, error: errors[.introduction],
                                    hint: context.pick(ko: "#해시태그를 넣으면 해시태그 검색에 나와요. 예: #취미레슨 #바이올린", en: "Add #hashtags to be found by hashtag search, e.g. #취미레슨 #바이올린")),
                .div(
                    .class("field"),
                    .label(.for(field: "photos"), .text(context.pick(ko: "사진 (최대 \(maxPhotos)장, 첫 사진이 대표 사진)", en: "Photos (up to \(maxPhotos); the first is the cover)"))),
                    currentPhotos(mode, context),
                    .input(.id("photos"), .name("photos"), .type(.file), .multiple(true), .attribute(named: "accept", value: "image/*"), FormWidgets.shrinkPhotos,
                           .attribute(named: "aria-invalid", value: errors[.photos] == nil ? "false" : "true")),
                    FormWidgets.error(errors[.photos])
                ),
                .button(.id("lesson-submit"), .type(.submit), .text(context.pick(ko: "완료", en: "Done")))
            )
        ))
    }

    private static func currentPhotos(_ mode: Mode, _ context: PageContext) -> Node<HTML.FormContext> {
        guard case let .edit(post) = mode, !post.files.isEmpty else { return .empty }
        return .group(
            .div(.class("gallery-thumbs"), .id("current-photos"), .forEach(post.files.enumerated()) { index, file in
                .img(.src(LessonsViews.fileURL(file)), .alt(text: context.pick(ko: "지금 사진 \(index + 1)", en: "Current photo \(index + 1)")))
            }),
            .p(.class("hint"), .text(context.pick(ko: "새 사진을 고르면 지금 사진을 바꿔요. 고르지 않으면 그대로 둬요.", en: "Choosing new photos replaces these; choose none to keep them.")))
        )
    }
}
