import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// The teacher's pages (spec §6): open a lesson, edit and delete their own, "my lessons" and
/// "reviews on my lessons". Only teachers get in, and only the lesson's teacher changes it.
struct TeacherPages: Sendable {
    let board: PostBoard
    let photos: PhotoStore
    let uploadBodyLimit: ByteCount

    func register(on pages: any RoutesBuilder) {
        pages.get("lessons", "new", use: openForm)
        pages.on(.POST, "lessons", "new", body: .collect(maxSize: uploadBodyLimit), use: open).acceptingBodies(upTo: uploadBodyLimit)
        pages.get("lessons", ":post_id", "edit", use: editForm)
        pages.on(.POST, "lessons", ":post_id", "edit", body: .collect(maxSize: uploadBodyLimit), use: edit).acceptingBodies(upTo: uploadBodyLimit)
        pages.get("lessons", ":post_id", "delete", use: confirmDelete)
        pages.post("lessons", ":post_id", "delete", use: delete)
        pages.get("lessons", "me", "lessons", use: mine)
        pages.get("lessons", "me", "reviews", use: reviews)
    }

    // MARK: Open and edit

    func openForm(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        return LessonFormPage.render(visitor.context, mode: .open, draft: Lessons.LessonDraft(), errors: [:])
    }

    func open(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: "/lessons/new")
        let (draft, uploads) = try Self.submission(req)
        let files: [String]
        switch try await checkAndStore(draft, uploads: uploads, context: visitor.context) {
        case let .stored(paths): files = paths
        case let .refused(errors): return LessonFormPage.render(visitor.context, mode: .open, draft: draft, errors: errors, status: .badRequest)
        }
        do {
            let post = try await board.create(by: visitor.accountID, draft.request(files: files), on: req.db)
            return req.redirect(to: "/lessons/\(post.postID)", redirectType: .normal)
        } catch {
            await photos.discard(files)
            throw error
        }
    }

    func editForm(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req)
        return LessonFormPage.render(visitor.context, mode: .edit(post), draft: Lessons.LessonDraft(editing: post), errors: [:])
    }

    /// New photos replace the old ones; none chosen keeps them as they are. The curation a lesson was seeded
    /// with stays: the form has no say over the home screen.
    func edit(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req, next: "/lessons/\(req.postIDParameter)/edit")
        let (draft, uploads) = try Self.submission(req)
        var files = post.files
        switch try await checkAndStore(draft, uploads: uploads, context: visitor.context) {
        case let .stored(paths): if !uploads.isEmpty { files = paths }
        case let .refused(errors): return LessonFormPage.render(visitor.context, mode: .edit(post), draft: draft, errors: errors, status: .badRequest)
        }
        do {
            let request = draft.request(files: files, curation: Lessons.Curation(rawValue: post.content4 ?? ""))
            _ = try await board.update(post.postID, by: visitor.accountID, request, on: req.db)
        } catch {
            if !uploads.isEmpty { await photos.discard(files) }
            throw error
        }
        return req.redirect(to: "/lessons/\(post.postID)", redirectType: .normal)
    }

    enum Outcome {
        case stored([String])
        case refused([Lessons.LessonDraft.Field: String])
    }

    /// Checks the draft, then stores the photos: nothing is stored for a draft with errors.
    private func checkAndStore(_ draft: Lessons.LessonDraft, uploads: [Data], context: PageContext) async throws -> Outcome {
        let violations = draft.violations
        guard violations.isEmpty else { return .refused(violations.mapValues { context.pick(ko: $0.message.ko, en: $0.message.en) }) }
        do {
            return .stored(try await photos.store(uploads))
        } catch let FileStoreError.tooLarge(limit) {
            let megabytes = max(limit / 1_048_576, 1)
            return .refused([.photos: context.pick(ko: "사진 한 장은 \(megabytes)MB 이하여야 해요.", en: "Each photo must be \(megabytes) MB or smaller.")])
        } catch is FileStoreError {
            return .refused([.photos: context.pick(ko: "사진을 올릴 수 없어요. 다시 골라 주세요.", en: "The photos could not be uploaded. Please choose them again.")])
        } catch is ImageError {
            return .refused([.photos: context.pick(ko: "사진을 읽을 수 없어요. JPEG나 PNG 사진을 올려 주세요.", en: "A photo could not be read. Use JPEG or PNG photos.")])
        }
    }

    /// The form as posted: its text fields as a draft, and the chosen photos (a browser sends an
    /// empty file part when none is chosen).
    static func submission(_ req: Request) throws -> (Lessons.LessonDraft, [Data]) {
        let parts = try req.multipartParts()
        func text(_ field: Lessons.LessonDraft.Field) -> String {
            parts.first { $0.name == LessonFormPage.name(field) }.map { String(buffer: $0.body) } ?? ""
        }
        let uploads = parts.filter { $0.name == LessonFormPage.name(.photos) && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        let draft = Lessons.LessonDraft(
            title: text(.title), price: text(.price), instrument: text(.instrument), region: text(.region),
            lessonType: text(.lessonType), introduction: text(.introduction), photoCount: uploads.count
        )
        return (draft, uploads)
    }

    // MARK: Delete

    func confirmDelete(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req)
        let context = visitor.context
        return LessonsViews.page(title: context.pick(ko: "레슨 삭제", en: "Delete lesson"), context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(context.pick(ko: "‘\(post.title)’ 레슨을 삭제할까요?", en: "Delete “\(post.title)”?"))),
            .p(.class("hint"), .text(context.pick(ko: "사진과 후기도 함께 지워지고, 되돌릴 수 없어요.", en: "Its photos and reviews go too. This cannot be undone."))),
            .form(
                .id("delete-form"), .action("/lessons/\(post.postID)/delete"), .method(.post), .class("inline-actions"),
                PageLayout.csrfField(context),
                .button(.id("confirm-delete"), .type(.submit), .class("danger"), .text(context.pick(ko: "삭제하기", en: "Delete"))),
                .a(.class("button secondary"), .href("/lessons/\(post.postID)"), .text(context.pick(ko: "취소", en: "Cancel")))
            )
        ))
    }

    func delete(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req, next: "/lessons/\(req.postIDParameter)")
        try await board.delete(post.postID, by: visitor.accountID, on: req.db)
        return req.redirect(to: "/lessons/me/lessons", redirectType: .normal)
    }

    /// The teacher and their lesson `:post_id`; another teacher's lesson is refused, unchanged.
    private func ownLesson(_ req: Request, next: String? = nil) async throws -> (LessonsVisitor, Lessons.Post) {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: next)
        let post = try await board.lesson(req.postIDParameter, on: req.db)
        guard post.creator.userID == visitor.accountID else {
            let context = visitor.context
            throw PageExit(LessonsViews.refusal(
                context, title: context.pick(ko: "내가 연 레슨만 고칠 수 있어요", en: "You can only change your own lessons"),
                message: context.pick(ko: "이 레슨은 다른 선생님이 열었어요. 아무것도 바뀌지 않았어요.", en: "Another teacher opened this lesson. Nothing was changed."),
                next: ("/lessons/\(post.postID)", context.pick(ko: "레슨으로 돌아가기", en: "Back to the lesson"))
            ))
        }
        return (visitor, post)
    }

    // MARK: Lists

    /// "나의 레슨 관리": the teacher's lessons, newest first, with edit and delete.
    func mine(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        let context = visitor.context
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: visitor.accountID)
        let page = try await PagedPosts.load(query, page: PagedPosts.number(req.query[String.self, at: "page"]), reader: board.reader, on: req.db)
        let title = context.pick(ko: "나의 레슨 관리", en: "My lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .p(.a(.id("open-lesson"), .class("button"), .href("/lessons/new"), .text(context.pick(ko: "레슨 개설하기", en: "Open a lesson")))),
            .if(page.posts.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 연 레슨이 없어요.", en: "You have not opened a lesson yet."))),
            .ul(.id("my-lessons"), .class("row-list"), .forEach(page.posts) { post in
                .li(
                    .data(named: "id", value: post.postID),
                    .a(.href("/lessons/\(post.postID)"), .text(post.title)),
                    .span(.class("hint"), .text(LessonsViews.price(post.price, context) + " · " + LessonsViews.reviewCount(post.comments.count, context))),
                    .a(.class("button secondary small"), .href("/lessons/\(post.postID)/edit"), .text(context.pick(ko: "수정", en: "Edit"))),
                    .a(.class("button danger small"), .href("/lessons/\(post.postID)/delete"), .text(context.pick(ko: "삭제", en: "Delete")))
                )
            }),
            LessonsViews.pager(page, context) { "/lessons/me/lessons?page=\($0)" }
        ))
    }

    static let reviewedLessonsLimit = 100

    /// "레슨 수강 후기": every review on the teacher's lessons, newest first (spec §6 flattens them).
    func reviews(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        let context = visitor.context
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: visitor.accountID)
        let lessons = try await PagedPosts.load(query, page: 1, size: Self.reviewedLessonsLimit, reader: board.reader, on: req.db).posts
        let reviews = lessons.flatMap { lesson in lesson.comments.map { (lesson: lesson, review: $0) } }
            .sorted { $0.review.createdAt > $1.review.createdAt }
        let title = context.pick(ko: "레슨 수강 후기", en: "Reviews on my lessons")
        return LessonsViews.page(title: title, context: context, .group(
            LessonsViews.nav(context, current: "me"),
            .h1(.text(title)),
            .if(reviews.isEmpty, LessonsViews.emptyState(context.pick(ko: "아직 받은 후기가 없어요.", en: "No reviews yet."))),
            .ul(.id("my-lesson-reviews"), .class("comment-list"), .forEach(reviews) { lesson, review in
                .li(
                    .data(named: "id", value: review.commentID),
                    .p(.class("comment-head"),
                       .a(.class("review-lesson"), .href("/lessons/\(lesson.postID)#review-\(review.commentID)"), .text(lesson.title))),
                    .p(.class("comment-body description"), .text(review.content)),
                    .p(.class("hint"),
                       .a(.href("/lessons/users/\(review.creator.userID)"), .text(review.creator.nick)),
                       .text(" · " + LessonsViews.day(review.createdAt)))
                )
            })
        ))
    }
}
