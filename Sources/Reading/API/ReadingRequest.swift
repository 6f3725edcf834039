import Foundation
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Reading what a request carries, bounded before any rule sees it.
extension Request {
    /// The book id `route` names (see `readingBookID(_:)`).
    func readingBookID<Body, Answer>(at route: APIRoute<String, Body, Answer>) throws -> String {
        try Self.readingBookID(route.parameters(in: self) ?? "")
    }

    /// A book id from a path: ids are 24 hex characters, so anything else is no book of yours.
    static func readingBookID(_ id: String) throws -> String {
        guard isBookID(id) else { throw ReadingError.bookNotFound }
        return id
    }

    /// A memo id from a path, held to the same shape as a book's.
    static func readingMemoID(_ id: String) throws -> String {
        guard isBookID(id) else { throw ReadingError.memoNotFound }
        return id
    }

    /// `Sprout-Action-Age`: how many seconds ago the reader took an action that was kept offline
    /// and sent late (the reading pages' service worker counts it on the device's own clock, so the
    /// device's clock being wrong does not matter). Absent, unreadable or negative: now. At most a
    /// week, which is more than any run it can shorten.
    var readingActionAge: Int {
        guard let text = headers.first(name: Self.actionAgeHeader), let seconds = Int(text.prefix(9)), seconds > 0 else { return 0 }
        return min(seconds, 7 * 86_400)
    }

    static let actionAgeHeader = "Sprout-Action-Age"

    static func isBookID(_ id: String) -> Bool {
        id.utf8.count == 24 && id.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// A query parameter, at most `maximum` characters; nil when absent or empty.
    func readingQuery(_ name: String, maximum: Int = 100) throws -> String? {
        guard let value = query[String.self, at: name], !value.isEmpty else { return nil }
        guard value.count <= maximum else { throw ReadingError.badQuery("\(name) must have at most \(maximum) characters") }
        return value
    }

    /// A query parameter naming one of `T`'s cases.
    func readingQuery<T: RawRepresentable & CaseIterable>(_ name: String, as type: T.Type) throws -> T? where T.RawValue == String {
        guard let raw = try readingQuery(name) else { return nil }
        guard let value = T(rawValue: raw) else {
            throw ReadingError.badQuery("\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return value
    }

    /// A whole-number query parameter; a fraction, an exponent or a number past Int is refused.
    func readingQueryInteger(_ name: String) throws -> Int? {
        guard let raw = try readingQuery(name, maximum: 10) else { return nil }
        guard let value = Int(raw) else { throw ReadingError.badQuery("\(name) must be a whole number") }
        return value
    }
}

/// Answers with a status other than 200, as JSON.
struct ReadingReply<Body: Encodable & Sendable>: AsyncResponseEncodable {
    var status: HTTPResponseStatus
    var headers: HTTPHeaders = [:]
    var body: Body

    func encodeResponse(for request: Request) async throws -> Response {
        var headers = headers
        headers.contentType = .json
        return Response(status: status, headers: headers, body: .init(data: try WireJSON.encoder().encode(body)))
    }
}
