import Foundation

extension Reading {
    /// `POST /api/reading/library/{id}/progress`, and the optional body of `POST
    /// /api/reading/timer/stop`: where the reader is in the book, as a `page` (1 to the book's
    /// pages, for a book whose pages are known) or a `percent` (0 to 100, for any book), one of
    /// the two. A stop without either records no progress.
    public struct ProgressDraft: Codable, Sendable, Equatable {
        public var page: Int?
        public var percent: Int?

        public init(page: Int? = nil, percent: Int? = nil) {
            self.page = page
            self.percent = percent
        }
    }

    /// One progress update, kept with the calendar day it was made on (as Goodreads and 북적북적
    /// keep each one); several on one day are several updates.
    public struct ProgressUpdate: Codable, Sendable, Equatable {
        public var id: String
        public var bookID: String
        /// Which reading of the book it belongs to: 1 the first, 2 the first re-read, …
        public var read: Int
        /// `yyyy-MM-dd` in the server's reading time zone.
        public var day: String
        /// The page reached; `null` for an update given as a percent.
        public var page: Int?
        /// How far, 0 to 100: the page's share of the book's pages when it was recorded (rounded
        /// down), or the percent given.
        public var percent: Int
        /// Pages since the update before it in the same reading (from page 0 for the first);
        /// `null` when this update or that one is a percent. Negative when the reader went back.
        public var pagesRead: Int?
        /// ISO 8601, UTC.
        public var recordedAt: String

        public init(id: String, bookID: String, read: Int, day: String, page: Int?, percent: Int, pagesRead: Int?, recordedAt: String) {
            self.id = id
            self.bookID = bookID
            self.read = read
            self.day = day
            self.page = page
            self.percent = percent
            self.pagesRead = pagesRead
            self.recordedAt = recordedAt
        }

        enum CodingKeys: String, CodingKey {
            case id, bookID = "book_id", read, day, page, percent, pagesRead = "pages_read", recordedAt = "recorded_at"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(bookID, forKey: .bookID)
            try container.encode(read, forKey: .read)
            try container.encode(day, forKey: .day)
            try container.encode(page, forKey: .page)
            try container.encode(percent, forKey: .percent)
            try container.encode(pagesRead, forKey: .pagesRead)
            try container.encode(recordedAt, forKey: .recordedAt)
        }
    }

    /// `GET /api/reading/library/{id}/progress`: the book's updates, newest first (at most
    /// `ProgressRules.listed` of them; `total` counts them all), and where the current reading is.
    public struct Progress: Codable, Sendable, Equatable {
        public var updates: [ProgressUpdate]
        public var total: Int
        /// The number of the current reading (1 until the book is read again).
        public var read: Int
        /// The current reading's newest update; `null` before its first.
        public var current: ProgressUpdate?

        public init(updates: [ProgressUpdate], total: Int, read: Int, current: ProgressUpdate?) {
            self.updates = updates
            self.total = total
            self.read = read
            self.current = current
        }

        enum CodingKeys: String, CodingKey { case updates, total, read, current }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(updates, forKey: .updates)
            try container.encode(total, forKey: .total)
            try container.encode(read, forKey: .read)
            try container.encode(current, forKey: .current)
        }
    }

    /// The progress rules, shared by the server and the SDK so a form can say what the server will.
    public enum ProgressRules {
        public static let percent = 0...100
        /// The newest updates a timeline lists.
        public static let listed = 100

        /// The pages a page update may name for a book of `pages` pages; nil when the book's
        /// pages are not known (a percent says how far then).
        public static func pages(of pages: Int) -> ClosedRange<Int>? {
            pages > 0 ? 1...pages : nil
        }
    }

    /// What is wrong with a progress update.
    public enum ProgressViolation: Sendable, Equatable {
        /// Neither a page nor a percent, or both.
        case pageOrPercent
        case pageOutOfRange(ClosedRange<Int>)
        /// A page for a book whose pages are not known: a percent says how far.
        case pagesUnknown
        case percentOutOfRange(ClosedRange<Int>)
    }

    /// `PUT /api/reading/library/{id}/dates`: the days the current reading started and finished,
    /// both replaced (`null` or absent clears one). Each a real day, neither after today (in the
    /// server's reading time zone), the finish not before the start.
    public struct BookDates: Codable, Sendable, Equatable {
        public var startedOn: String?
        public var finishedOn: String?

        public init(startedOn: String?, finishedOn: String?) {
            self.startedOn = startedOn
            self.finishedOn = finishedOn
        }

        enum CodingKeys: String, CodingKey {
            case startedOn = "started_on", finishedOn = "finished_on"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(startedOn, forKey: .startedOn)
            try container.encode(finishedOn, forKey: .finishedOn)
        }
    }

    /// One reading of a book: an earlier one, kept when the book was read again, or the current
    /// one (the book's own days).
    public struct Read: Codable, Sendable, Equatable {
        /// 1 for the first reading.
        public var number: Int
        public var startedOn: String?
        public var finishedOn: String?
        public var current: Bool

        public init(number: Int, startedOn: String?, finishedOn: String?, current: Bool) {
            self.number = number
            self.startedOn = startedOn
            self.finishedOn = finishedOn
            self.current = current
        }

        enum CodingKeys: String, CodingKey {
            case number, startedOn = "started_on", finishedOn = "finished_on", current
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(number, forKey: .number)
            try container.encode(startedOn, forKey: .startedOn)
            try container.encode(finishedOn, forKey: .finishedOn)
            try container.encode(current, forKey: .current)
        }
    }

    /// `GET /api/reading/library/{id}/reads`: the book's readings, first first, the current one
    /// last (none while it is on the to-read shelf and was never read), and how many times it was
    /// read to the end.
    public struct Reads: Codable, Sendable, Equatable {
        public var reads: [Read]
        public var timesRead: Int

        public init(reads: [Read], timesRead: Int) {
            self.reads = reads
            self.timesRead = timesRead
        }

        enum CodingKeys: String, CodingKey {
            case reads, timesRead = "times_read"
        }
    }
}
