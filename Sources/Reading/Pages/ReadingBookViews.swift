import Foundation
import Platform
import Plot
import SproutAPI
import Vapor

/// Draws a book's page, the add-a-book form and the removal confirmation.
enum ReadingBookViews {
    static func newBook(_ context: PageContext, form: ReadingBookPages.BookForm, errors: [Reading.BookField: String]) -> Response {
        PageLayout.render(title: context.pick(ko: "책 추가", en: "Add a book"), context: context, status: errors.isEmpty ? .ok : .unprocessableEntity, .group(
            ReadingTabs.nav(context, current: "shelf"),
            .h1(.text(context.pick(ko: "직접 책 추가하기", en: "Add a book by hand"))),
            .form(
                .id("book-form"), .action(path: ReadingPaths.newBook.link), .method(.post),
                PageLayout.csrfField(context),
                FormWidgets.text("title", label: context.pick(ko: "제목", en: "Title"), value: form.title ?? "", error: errors[.title], required: true),
                FormWidgets.text("author", label: context.pick(ko: "저자", en: "Author"), value: form.author ?? "", error: errors[.author]),
                FormWidgets.text("isbn13", label: "ISBN-13", value: form.isbn13 ?? "", error: errors[.isbn13], inputMode: "numeric"),
                FormWidgets.text("pages", label: context.pick(ko: "쪽수", en: "Pages"), value: form.pages ?? "", error: errors[.pages], inputMode: "numeric"),
                FormWidgets.select("status", label: context.pick(ko: "상태", en: "Status"), prompt: statusName(.toRead, context),
                                   options: [(Reading.BookStatus.reading.rawValue, statusName(.reading, context)), (Reading.BookStatus.read.rawValue, statusName(.read, context))],
                                   selected: form.status ?? "", error: nil),
                .button(.type(.submit), .text(context.pick(ko: "추가하기", en: "Add")))
            )
        ))
    }

    static func detail(
        _ context: PageContext, book: Reading.Book, shown: ReadingBookPage.Shown, notes: ReadingBookPage.Notes, status: HTTPResponseStatus = .ok
    ) -> Response {
        let memos = shown.memos
        let memoProblem = notes.memo
        return PageLayout.render(title: book.title, context: context, status: status, .group(
            ReadingTabs.nav(context, current: "shelf"),
            .if(notes.exists, .p(.class("notice"), .id("exists"), .text(context.pick(ko: "이미 서재에 있는 책이에요.", en: "This book is already in your library.")))),
            .unwrap(notes.stopped) { ReadingTimerViews.confirmation(context, $0) },
            .div(
                .class("book-head"),
                BookCoverView.cover(title: book.title, author: book.author, picture: book.cover),
                .div(
                    .h1(.id("book-title"), .text(book.title)),
                    .p(.class("book-author"), .text(book.author)),
                    .p(.class("book-facts"), .text(facts(book, context)))
                )
            ),
            ReadingBookControls.form(context, book: book),
            ReadingTimerViews.panel(context, timer: shown.timer, book: book, returnTo: ReadingPaths.book.link(book.id)),
            ReadingProgressViews.section(context, book: book, progress: shown.progress, problem: notes.progress),
            ReadingProgressViews.readings(context, book: book, reads: shown.reads, today: shown.today, problem: notes.dates),
            .h2(.id("memos"), .text(context.pick(ko: "메모", en: "Memos"))),
            .form(
                // Posted as a navigation, not in the background: offline, the reading service worker
                // queues it and sends the browser back to the book.
                .id("memo-form"), .action(path: ReadingPaths.memos.link(book.id)), .method(.post), .enctype(.multipartData),
                .data(named: "posts-natively", value: "true"),
                PageLayout.csrfField(context),
                FormWidgets.textArea("text", label: context.pick(ko: "메모", en: "Memo"), value: memoProblem?.text ?? "",
                                     error: memoProblem?.errors[.text], rows: 4),
                FormWidgets.text("page", label: context.pick(ko: "쪽 (선택)", en: "Page (optional)"), value: memoProblem?.page ?? "",
                                 error: memoProblem?.errors[.page], inputMode: "numeric"),
                .unwrap(memoProblem?.kept) { keptPhoto(context, $0) },
                .div(
                    .class("field"),
                    .label(.for(field: "memo-photo"), .text(memoProblem?.kept == nil
                        ? context.pick(ko: "사진 (선택)", en: "Photo (optional)") : context.pick(ko: "다른 사진으로 바꾸기 (선택)", en: "Choose another photo (optional)"))),
                    .input(.id("memo-photo"), .name("photo"), .type(.file), .attribute(named: "accept", value: "image/*"), FormWidgets.shrinkPhotos),
                    FormWidgets.error(memoProblem?.errors[.photo])
                ),
                .button(.type(.submit), .text(context.pick(ko: "메모 남기기", en: "Save memo")))
            ),
            .if(memos.isEmpty, .p(.class("reading-empty"), .text(context.pick(ko: "아직 메모가 없어요.", en: "No memos yet.")))),
            .ul(.class("memo-list"), .id("memo-list"), .forEach(memos) { memo in
                .li(
                    .data(named: "id", value: memo.id),
                    .unwrap(memo.page) { .span(.class("memo-page"), .text(context.pick(ko: "\($0)쪽", en: "p. \($0)"))) },
                    .p(.class("memo-text"), .text(memo.text)),
                    .unwrap(memo.photo) { .img(.class("memo-photo"), .src($0), .alt(text: context.pick(ko: "메모 사진", en: "Memo photo")), .attribute(named: "loading", value: "lazy")) },
                    .form(
                        .action(path: ReadingPaths.memoRemoval.link((book.id, memo.id))), .method(.post),
                        PageLayout.csrfField(context),
                        .button(.type(.submit), .class("link-button"), .text(context.pick(ko: "삭제", en: "Delete")))
                    )
                )
            }),
            .p(.a(.class("danger-link"), .href(ReadingPaths.bookRemoval.link(book.id)), .text(context.pick(ko: "서재에서 삭제", en: "Remove from library"))))
        ))
    }

    /// The photo that came with the refused memo, kept on the server: it goes with the memo
    /// unless another is chosen or it is let go.
    private static func keptPhoto(_ context: PageContext, _ kept: ReadingBookPage.KeptPhoto) -> Node<HTML.FormContext> {
        .div(
            .class("field kept-photo"), .id("kept-photo"),
            .input(.type(.hidden), .name("kept_photo"), .value(kept.id)),
            .p(.text(context.pick(ko: "고른 사진은 그대로 있어요. 메모를 고치고 다시 남겨 주세요.", en: "Your photo is kept: fix the memo and save it again."))),
            .img(.class("memo-photo"), .src(kept.src), .alt(text: context.pick(ko: "고른 사진", en: "The photo you chose"))),
            .div(
                .class("checkbox"),
                .input(.type(.checkbox), .name("drop_kept_photo"), .value("1"), .id("drop-kept-photo")),
                .label(.for(field: "drop-kept-photo"), .text(context.pick(ko: "이 사진 빼기", en: "Leave this photo out")))
            )
        )
    }

    static func confirmRemove(_ context: PageContext, book: Reading.Book) -> Response {
        PageLayout.render(title: context.pick(ko: "책 삭제", en: "Remove book"), context: context, .group(
            ReadingTabs.nav(context, current: "shelf"),
            .h1(.text(context.pick(ko: "“\(book.title)” 책을 서재에서 삭제할까요?", en: "Remove “\(book.title)” from your library?"))),
            .p(.text(context.pick(ko: "메모와 독서 기록도 함께 지워져요.", en: "Its memos and reading sessions go with it."))),
            FormWidgets.deleteConfirmation(context, action: ReadingPaths.bookRemoval.link(book.id), cancel: ReadingPaths.book.link(book.id))
        ))
    }

    static func statusName(_ status: Reading.BookStatus, _ context: PageContext) -> String {
        switch status {
        case .toRead: context.pick(ko: "읽을 책", en: "To read")
        case .reading: context.pick(ko: "읽고 있는 책", en: "Reading")
        case .read: context.pick(ko: "읽은 책", en: "Read")
        }
    }

    static func notANumber(_ context: PageContext) -> String {
        context.pick(ko: "숫자로 입력해 주세요", en: "Not a number")
    }

    static func messages(_ violations: [Reading.BookField: Reading.BookViolation], _ context: PageContext) -> [Reading.BookField: String] {
        violations.mapValues { violation in
            switch violation {
            case .required: context.pick(ko: "필수 항목이에요", en: "Required")
            case let .tooLong(maximum): context.pick(ko: "\(maximum)자까지 쓸 수 있어요", en: "At most \(maximum) characters")
            case let .outOfRange(range): context.pick(ko: "\(range.lowerBound)에서 \(range.upperBound) 사이로 입력해 주세요", en: "From \(range.lowerBound) to \(range.upperBound)")
            case .invalidISBN: context.pick(ko: "올바른 ISBN-13이 아니에요", en: "Not a valid ISBN-13")
            case .invalidURL: context.pick(ko: "http(s) 주소가 아니에요", en: "Not an http(s) address")
            case .invalidDate: context.pick(ko: "날짜를 확인해 주세요", en: "Check the date")
            case .finishedBeforeStarted: context.pick(ko: "시작한 날보다 앞설 수 없어요", en: "Before the day you started")
            case .inFuture: context.pick(ko: "오늘 이후로는 정할 수 없어요", en: "After today")
            }
        }
    }

    static func message(_ violation: Reading.MemoViolation, _ context: PageContext) -> String {
        switch violation {
        case .textRequired: context.pick(ko: "메모를 입력해 주세요", en: "Required")
        case let .photo(refusal): refusal.message(context)
        case let .textTooLong(maximum): context.pick(ko: "\(maximum)자까지 쓸 수 있어요", en: "At most \(maximum) characters")
        case let .pageOutOfRange(pages): context.pick(ko: "\(pages.lowerBound)쪽에서 \(pages.upperBound)쪽 사이로 입력해 주세요", en: "From page \(pages.lowerBound) to \(pages.upperBound)")
        }
    }

    private static func facts(_ book: Reading.Book, _ context: PageContext) -> String {
        var facts: [String] = [statusName(book.status, context)]
        if book.pages > 0 { facts.append(context.count(book.pages, ko: "쪽", en: "page")) }
        if book.readingSeconds > 0 { facts.append(context.pick(ko: "총 \(ReadingTimerViews.duration(book.readingSeconds, context)) 읽음", en: "\(ReadingTimerViews.duration(book.readingSeconds, context)) read")) }
        if let isbn = book.isbn13 { facts.append("ISBN \(isbn)") }
        return facts.joined(separator: " · ")
    }
}
