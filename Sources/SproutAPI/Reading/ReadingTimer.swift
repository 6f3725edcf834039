import Foundation

extension Reading {
    public enum TimerState: String, Codable, Sendable, CaseIterable {
        case idle, running, paused
    }

    /// `GET /api/reading/timer` and the answer to every timer action: the account's one timer,
    /// held by the server. A client shows `elapsed_seconds` and, while running, adds the time
    /// passed since `server_time` on its own clock, without asking again.
    public struct Timer: Codable, Sendable, Equatable {
        public var state: TimerState
        /// The book being timed; `null` when idle.
        public var bookID: String?
        public var elapsedSeconds: Int
        /// ISO 8601, UTC: when the timer was first started; `null` when idle.
        public var startedAt: String?
        /// ISO 8601, UTC: the moment `elapsed_seconds` was read.
        public var serverTime: String

        public init(state: TimerState, bookID: String?, elapsedSeconds: Int, startedAt: String?, serverTime: String) {
            self.state = state
            self.bookID = bookID
            self.elapsedSeconds = elapsedSeconds
            self.startedAt = startedAt
            self.serverTime = serverTime
        }

        enum CodingKeys: String, CodingKey {
            case state, bookID = "book_id", elapsedSeconds = "elapsed_seconds", startedAt = "started_at", serverTime = "server_time"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(state, forKey: .state)
            try container.encode(bookID, forKey: .bookID)
            try container.encode(elapsedSeconds, forKey: .elapsedSeconds)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(serverTime, forKey: .serverTime)
        }
    }

    /// `POST /api/reading/timer/start`.
    public struct TimerStart: Codable, Sendable, Equatable {
        public var bookID: String

        public init(bookID: String) { self.bookID = bookID }

        enum CodingKeys: String, CodingKey {
            case bookID = "book_id"
        }
    }

    /// Part of one stop's reading on one calendar day: a stop across midnight records one per day.
    public struct Session: Codable, Sendable, Equatable {
        public var bookID: String
        /// `yyyy-MM-dd` in the server's reading time zone.
        public var day: String
        public var seconds: Int

        public init(bookID: String, day: String, seconds: Int) {
            self.bookID = bookID
            self.day = day
            self.seconds = seconds
        }

        enum CodingKeys: String, CodingKey {
            case bookID = "book_id", day, seconds
        }
    }

    /// `POST /api/reading/timer/stop`: the idle timer, what was recorded (nothing for a timer
    /// stopped at zero), the book with its new total, and the progress update the stop recorded
    /// (`null` when it was sent no page or percent).
    public struct TimerStopped: Codable, Sendable, Equatable {
        public var timer: Timer
        public var recorded: [Session]
        public var book: Book
        public var progress: ProgressUpdate?

        public init(timer: Timer, recorded: [Session], book: Book, progress: ProgressUpdate? = nil) {
            self.timer = timer
            self.recorded = recorded
            self.book = book
            self.progress = progress
        }

        enum CodingKeys: String, CodingKey { case timer, recorded, book, progress }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(timer, forKey: .timer)
            try container.encode(recorded, forKey: .recorded)
            try container.encode(book, forKey: .book)
            try container.encode(progress, forKey: .progress)
        }
    }
}
