import Foundation
import Platform
import PlatformCore
import SproutAPI
import SproutTestSupport
import Testing
import Vapor
import VaporTesting

/// A reader signed up the way a person is, with an access token that outlives the hours the
/// timer tests move the clock through.
struct Reader {
    let accountID: String
    let token: String
    var headers: [String: String] { ["Authorization": "Bearer \(token)"] }
}

/// A Sprout whose tokens last ten years, so tests can move the manual clock by days.
func withReadingSprout<T>(timeZone: String? = nil, _ test: (TestSprout) async throws -> T) async throws -> T {
    try await withSprout(configure: { config in
        config.accessTokenLifetime = 10 * 366 * 86_400
        if let timeZone { config.environment = EnvironmentReader(["SPROUT_READING_TIME_ZONE": timeZone]) }
    }, test)
}

extension TestSprout {
    func reader(_ name: String = "reader") async throws -> Reader {
        let account = try await platform.accounts.register(email: "\(name)@sprout.test", password: "pw12345", displayName: name, on: app.db)
        let accountID = try account.requireID()
        return Reader(accountID: accountID, token: try await platform.tokens.issue(for: accountID, on: app.db).accessToken)
    }

    /// The same reader signed in on another device: the same account, a token of its own.
    func anotherDevice(of reader: Reader) async throws -> Reader {
        Reader(accountID: reader.accountID, token: try await platform.tokens.issue(for: reader.accountID, on: app.db).accessToken)
    }

    @discardableResult
    func addBook(_ book: Reading.NewBook, by reader: Reader) async throws -> Reading.Book {
        let response = try await send(.POST, "api/reading/library", headers: reader.headers, json: book)
        #expect(response.status.code == 201, "\(String(buffer: response.body))")
        return try response.decode(Reading.Book.self)
    }

    func library(_ query: String = "", of reader: Reader) async throws -> [Reading.Book] {
        let response = try await send(.GET, "api/reading/library" + query, headers: reader.headers)
        #expect(response.status.code == 200, "\(query): \(String(buffer: response.body))")
        return try response.decode(Reading.Library.self).books
    }

    /// A timer action, expecting `status`; the decoded timer when it is 200.
    @discardableResult
    func timer(_ action: String, by reader: Reader, json: (any Encodable)? = nil, expect status: UInt = 200) async throws -> Reading.Timer? {
        let response = action.isEmpty
            ? try await send(.GET, "api/reading/timer", headers: reader.headers)
            : try await send(.POST, "api/reading/timer/\(action)", headers: reader.headers, json: json)
        #expect(response.status.code == status, "\(action): \(String(buffer: response.body))")
        return response.status.code == 200 && action != "stop" ? try response.decode(Reading.Timer.self) : nil
    }

    func stopTimer(by reader: Reader) async throws -> Reading.TimerStopped {
        let response = try await send(.POST, "api/reading/timer/stop", headers: reader.headers)
        #expect(response.status.code == 200, "\(String(buffer: response.body))")
        return try response.decode(Reading.TimerStopped.self)
    }

    func stats(_ query: String = "", of reader: Reader) async throws -> Reading.Stats {
        let response = try await send(.GET, "api/reading/stats" + query, headers: reader.headers)
        #expect(response.status.code == 200, "\(query): \(String(buffer: response.body))")
        return try response.decode(Reading.Stats.self)
    }
}

enum Books {
    /// Korean titles with valid ISBN-13s, and a book added by hand.
    static let vegetarian = Reading.NewBook(isbn13: "978-89-364-3481-6", title: "채식주의자", author: "한강", publisher: "창비", pages: 247)
    static let almond = Reading.NewBook(isbn13: "9788936434595", title: "아몬드", author: "손원평", pages: 264)
    static let dune = Reading.NewBook(title: "Dune", author: "Frank Herbert", pages: 896)
    static let solaris = Reading.NewBook(isbn13: "9780571311576", title: "Solaris", author: "Stanisław Lem", publisher: "Faber", pages: 204)
}
