import Foundation
import Observation
import SproutAPI
import SproutKit

/// Writing or changing a memo on a book: the text and, optionally, the page it is about, held to
/// the server's rules as the person types so the save button says the truth.
@MainActor @Observable
public final class MemoEditorViewModel {
    public enum Problem: Sendable, Equatable {
        case textTooLong(maximum: Int)
        case pageOutOfRange(ClosedRange<Int>)
        case pageNotANumber
    }

    // MARK: Outputs
    public private(set) var text: String
    public private(set) var pageText: String
    public private(set) var problems: [Problem] = []
    public private(set) var isSaving = false
    public private(set) var saved: Reading.Memo?
    public private(set) var alert: String?

    public var canSave: Bool {
        !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && problems.isEmpty && !isSaving
    }

    // MARK: Dependencies and state
    let reading: ReadingClient
    let book: Reading.Book
    let editing: Reading.Memo?

    /// A new memo when `memo` is nil.
    public init(reading: ReadingClient, book: Reading.Book, memo: Reading.Memo? = nil) {
        self.reading = reading
        self.book = book
        editing = memo
        text = memo?.text ?? ""
        pageText = memo?.page.map(String.init) ?? ""
    }

    // MARK: Inputs

    public func textChanged(_ text: String) {
        self.text = text
        check()
    }

    public func pageChanged(_ text: String) {
        pageText = text
        check()
    }

    public func saveTapped() async {
        guard canSave else { return }
        isSaving = true
        defer { isSaving = false }
        let draft = Reading.MemoDraft(text: text, page: .some(page))
        do {
            if let editing {
                saved = try await reading.changeMemo(id: editing.id, bookID: book.id, draft)
            } else {
                saved = try await reading.addMemo(bookID: book.id, draft)
            }
        } catch let SproutError.http(_, .invalidValue, message) {
            alert = message ?? "메모를 저장하지 못했어요."
        } catch {
            alert = "메모를 저장하지 못했어요. 다시 시도해 주세요."
        }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Private

    private var page: Int? {
        Int(pageText.trimmingCharacters(in: .whitespaces))
    }

    /// The server's rules: at most `MemoRules.textLength` characters; a page from 1 to the book's
    /// last page when it is known.
    private func check() {
        var problems: [Problem] = []
        let maximum = Reading.MemoRules.textLength
        if text.trimmingCharacters(in: .whitespacesAndNewlines).count > maximum { problems.append(.textTooLong(maximum: maximum)) }
        let typedPage = pageText.trimmingCharacters(in: .whitespaces)
        if !typedPage.isEmpty {
            let pages = 1...(book.pages > 0 ? book.pages : Reading.BookRules.pages.upperBound)
            if let page = Int(typedPage) {
                if !pages.contains(page) { problems.append(.pageOutOfRange(pages)) }
            } else {
                problems.append(.pageNotANumber)
            }
        }
        self.problems = problems
    }
}
