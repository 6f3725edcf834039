import Foundation

extension Reading {
    /// `POST /api/reading/import/goodreads`: what an import took, what it added to books already
    /// in the library, and what it skipped, row by row. Rows are counted from 1 after the header, as
    /// a spreadsheet shows them below its first line.
    public struct ImportReport: Codable, Sendable, Equatable {
        public var imported: [ImportedBook]
        public var merged: [MergedBook]
        public var skipped: [SkippedRow]

        public init(imported: [ImportedBook], merged: [MergedBook] = [], skipped: [SkippedRow]) {
            self.imported = imported
            self.merged = merged
            self.skipped = skipped
        }

        /// A server from before merging answers without `merged`: none then.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            imported = try container.decode([ImportedBook].self, forKey: .imported)
            merged = try container.decodeIfPresent([MergedBook].self, forKey: .merged) ?? []
            skipped = try container.decode([SkippedRow].self, forKey: .skipped)
        }
    }

    /// A row for a book already in the library that brought what the library lacked: a rating, a
    /// later shelf, a review, an ISBN, …
    public struct MergedBook: Codable, Sendable, Equatable {
        public var row: Int
        /// The book in the library.
        public var id: String
        public var title: String
        /// What was taken, named by the file's columns ("My Rating", "Exclusive Shelf", "My Review", …).
        public var columns: [String]

        public init(row: Int, id: String, title: String, columns: [String]) {
            self.row = row
            self.id = id
            self.title = title
            self.columns = columns
        }
    }

    public struct ImportedBook: Codable, Sendable, Equatable {
        public var row: Int
        public var id: String
        public var title: String

        public init(row: Int, id: String, title: String) {
            self.row = row
            self.id = id
            self.title = title
        }
    }

    public struct SkippedRow: Codable, Sendable, Equatable {
        public var row: Int
        public var title: String
        public var reason: SkipReason
        /// In the file's words: the columns that could not be taken and why.
        public var detail: String

        public init(row: Int, title: String, reason: SkipReason, detail: String) {
            self.row = row
            self.title = title
            self.reason = reason
            self.detail = detail
        }
    }

    public enum SkipReason: String, Codable, Sendable, CaseIterable {
        /// The same ISBN, or without one the same title and author, is already on a shelf, and the
        /// row has nothing the library lacks.
        case alreadyInLibrary = "already_in_library"
        /// An earlier row of the same file is the same book.
        case repeated
        /// A column the rules refuse (no title, a wrong ISBN check digit, a rating of 7, …).
        case invalid
    }

    /// The limits of an import, shared by the server and the SDK.
    public enum ImportRules {
        /// Goodreads' export of a 20,000-book library is about 12 MB.
        public static let bodyBytes = 16 * 1024 * 1024
        public static let rows = 20_000
    }
}
