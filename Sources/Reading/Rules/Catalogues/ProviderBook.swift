import Foundation
import SproutAPI

/// A book as an outside catalogue describes it, made into what the library takes: the library
/// refuses a title past 300 characters or a cover that is no web address, so a provider's odd
/// record is fitted here rather than failing when a reader shelves it.
struct ProviderBook {
    var isbn13: String
    var title: String
    var author: String = ""
    var publisher: String = ""
    var description: String = ""
    var cover: String = ""
    var link: String = ""
    var category: String = ""
    var pages: Int = 0
    var publishedOn: String = ""

    /// Nil without a title. Text is trimmed and cut to the library's bounds; a cover or link that
    /// is no web address is left out, and an `http` cover is asked for over https (pages served
    /// over https show no http pictures).
    var book: Reading.CatalogBook? {
        let rules = Reading.BookRules.self
        let title = Self.fitted(title, rules.titleLength)
        guard !title.isEmpty else { return nil }
        return Reading.CatalogBook(
            isbn13: isbn13, title: title, author: Self.fitted(author, rules.authorLength), publisher: Self.fitted(publisher, rules.publisherLength),
            description: Self.fitted(description, rules.descriptionLength),
            cover: Self.webAddress(cover.hasPrefix("http://") ? "https://" + cover.dropFirst("http://".count) : cover),
            link: Self.webAddress(link), category: Self.fitted(category, rules.categoryLength),
            pages: min(max(pages, 0), rules.pages.upperBound), publishedOn: Self.publishedOn(publishedOn)
        )
    }

    /// The ISBN-13 of the first of `identifiers` that is one, or an ISBN-10 (a 978 ISBN-13 in
    /// other words) when none is.
    static func isbn13(anyOf identifiers: [String]) -> String? {
        let cleaned = identifiers.map { $0.trimmingCharacters(in: .whitespaces) }
        return cleaned.lazy.compactMap { Reading.BookRules.isbn13($0) }.first
            ?? cleaned.lazy.compactMap { Reading.BookRules.isbn13(GoodreadsCSV.isbn13(fromISBN10: $0)) }.first
    }

    /// `yyyy-MM-dd` when the provider gives a real day (Kakao's `2014-11-17T00:00:00.000+09:00`
    /// included), the year alone when that is all it knows (`2007`, `2007-10`), else nothing: what
    /// `CatalogBook.publishedOn` holds.
    static func publishedOn(_ text: String) -> String {
        let day = String(text.prefix(10))
        if Reading.BookRules.isDay(day) { return day }
        let year = text.prefix(4)
        guard year.count == 4, year.allSatisfy({ $0.isASCII && $0.isNumber }), text.count == 4 || text.dropFirst(4).first == "-",
              let value = Int(year), value >= 1000
        else { return "" }
        return String(year)
    }

    /// Descriptions from Google Books come as HTML (`<p>`, `<b>`, `<br>`); the pages show plain text.
    static func plainText(_ html: String) -> String {
        html.replacingOccurrences(of: #"<br\s*/?>|</p>"#, with: "\n", options: [.regularExpression, .caseInsensitive])
            .replacingOccurrences(of: #"<[^>]*>"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func fitted(_ text: String, _ maximum: Int) -> String {
        String(text.trimmingCharacters(in: .whitespacesAndNewlines).prefix(maximum)).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func webAddress(_ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.count <= Reading.BookRules.urlLength && Reading.BookRules.isWebURL(trimmed) ? trimmed : ""
    }
}
