import Foundation
@testable import Platform
@testable import PlatformCore
import Testing

/// A long array encoded a chunk at a time gives exactly the bytes of the whole value encoded at
/// once, so answers and their `ETag`s do not change.
@Suite struct WireJSONSplicingTests {
    struct Note: Encodable {
        let id: Int
        let text: String
        let by: Person
    }

    struct Person: Encodable {
        let name: String
        let tags: [String]
    }

    struct Thread: Encodable {
        var authors: [String]
        var notes: [Note]
        var title: String
        var zOwner: Person
    }

    static func thread(notes count: Int) -> Thread {
        let tricky = ["plain", "\"notes\":[]", "줄바꿈\n과 탭\t", "/slash/", "😀 \u{0}"]
        return Thread(
            authors: ["\"notes\":[]", "a"],
            notes: (0..<count).map { Note(id: $0, text: tricky[$0 % tricky.count], by: Person(name: "p\($0)", tags: ["notes"])) },
            title: "notes \"notes\":[]",
            zOwner: Person(name: "owner", tags: [])
        )
    }

    @Test(arguments: [0, 1, 255, 256, 257, 513, 2_000])
    func theSplicedBytesAreTheWholeValuesBytes(notes count: Int) throws {
        let thread = Self.thread(notes: count)
        let whole = try WireJSON.encoder().encode(thread)
        #expect(try WireJSON.encode(thread, splicing: \.notes, at: "notes") == whole)
    }

    @Test func aKeyNotInTheAnswerFallsBackToEncodingTheWholeValue() throws {
        let thread = Self.thread(notes: 300)
        #expect(try WireJSON.encode(thread, splicing: \.notes, at: "remarks") == WireJSON.encoder().encode(thread))
    }
}
