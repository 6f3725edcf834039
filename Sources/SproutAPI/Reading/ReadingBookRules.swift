import Foundation

extension Reading {
    /// A field of a book, named as the API names it.
    public enum BookField: String, Sendable, CaseIterable, Hashable {
        case isbn13, title, author, publisher, description, cover, link, category, pages, rating
        case startedOn = "started_on", finishedOn = "finished_on"
    }

    /// What is wrong with one field of a book.
    public enum BookViolation: Sendable, Equatable {
        case required
        case tooLong(maximum: Int)
        case outOfRange(ClosedRange<Int>)
        /// Not 13 digits, or the check digit does not match.
        case invalidISBN
        /// Not an http(s) URL.
        case invalidURL
        /// Not a real calendar day written `yyyy-MM-dd`.
        case invalidDate
        case finishedBeforeStarted
        /// A day after today in the server's reading time zone (for the days set with `BookDates`).
        case inFuture
    }

    /// The book rules, shared by the server and the SDK so a form can say what the server will.
    public enum BookRules {
        public static let titleLength = 300
        public static let authorLength = 300
        public static let publisherLength = 200
        public static let categoryLength = 300
        public static let descriptionLength = 10_000
        public static let urlLength = 2_000
        /// The thickest books printed run to a few tens of thousands of pages.
        public static let pages = 0...100_000
        public static let rating = 0...5

        /// The 13 digits of an ISBN-13 written with or without hyphens and spaces, when its check
        /// digit is right (weights 1, 3, 1, 3, …; the sum is a multiple of 10).
        public static func isbn13(_ text: String) -> String? {
            let digits = text.filter { $0 != "-" && $0 != " " }
            guard digits.count == 13, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            let values = digits.compactMap(\.wholeNumberValue)
            let sum = values.enumerated().reduce(0) { $0 + $1.element * ($1.offset.isMultiple(of: 2) ? 1 : 3) }
            return sum.isMultiple(of: 10) ? digits : nil
        }

        /// A real calendar day written `yyyy-MM-dd` (years 1000 to 9999).
        public static func isDay(_ text: String) -> Bool {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard text.count == 10, parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                  parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
                  year >= 1000, (1...12).contains(month), day >= 1
            else { return false }
            return day <= daysIn(month: month, year: year)
        }

        public static func daysIn(month: Int, year: Int) -> Int {
            switch month {
            case 2: (year.isMultiple(of: 4) && !year.isMultiple(of: 100)) || year.isMultiple(of: 400) ? 29 : 28
            case 4, 6, 9, 11: 30
            default: 31
            }
        }

        public static func isWebURL(_ text: String) -> Bool {
            WebURLText.isAcceptable(text)
        }
    }
}
