import Foundation
import OpenAPIDocuments
import OpenAPIKit
import Platform
import SproutAPI
import Testing

/// The schemas in the API documents are read from the wire types' own `Codable` conformances.
@Suite struct WireSchemaTests {
    @Test func aRequestIsWhatItsDecoderReadsAndOptionalKeysMayBeNull() throws {
        let schema = try Self.json(WireSchema.request(Lessons.JoinRequest.self))
        let properties = try #require(schema["properties"] as? [String: [String: Any]])
        #expect(Set(properties.keys) == ["email", "password", "nick", "phoneNum", "birthDay"])
        #expect(schema["required"] == nil)
        #expect(properties["email"]?["type"] as? [String] == ["string", "null"])
    }

    @Test func aPrimitiveOptionalKeyIsNotRequired() throws {
        let book = try Self.json(WireSchema.request(Reading.NewBook.self))
        #expect(book["required"] as? [String] == ["title"])
        #expect((book["properties"] as? [String: [String: Any]])?["author"]?["type"] as? [String] == ["string", "null"])
        let credentials = try Self.json(WireSchema.answer(Market.VendorCredentials.self).schema)
        #expect(credentials["required"] as? [String] == ["vendor_id", "name", "identifier"])
        #expect((credentials["properties"] as? [String: Any])?["secret"] != nil)
    }

    /// The market's page writes both key generations and its images a `succeed` no decoder reads.
    @Test func anAnswerIsWhatItsEncoderWrites() throws {
        let page = try Self.json(WireSchema.answer(Market.Page.self).schema)
        let required = try #require(page["required"] as? [String])
        #expect(required.contains("pageNo") && required.contains("page_no") && required.contains("has_next"))
        let image = try Self.json(WireSchema.answer(Market.Image.self).schema)
        #expect((image["properties"] as? [String: [String: Any]])?["succeed"]?["type"] as? String == "boolean")
        #expect((image["required"] as? [String])?.contains("succeed") == true)
    }

    @Test func anOptionalAlwaysWrittenMayBeNull() throws {
        let timer = try Self.json(WireSchema.answer(Reading.Timer.self).schema)
        let properties = try #require(timer["properties"] as? [String: [String: Any]])
        #expect(properties["book_id"]?["type"] as? [String] == ["string", "null"])
        #expect(properties["elapsed_seconds"]?["type"] as? String == "integer")
        #expect((properties["state"]?["enum"] as? [String]).map(Set.init) == Set(Reading.TimerState.allCases.map(\.rawValue)))
    }

    @Test func anExampleAnswerIsTheEncodedSample() throws {
        let answer = try WireSchema.answer(Lessons.LoginResponse.self)
        let example = try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(answer.example)) as? [String: Any])
        #expect(Set(example.keys) == ["user_id", "email", "nick", "profileImage", "accessToken", "refreshToken"])
        #expect(answer.name == "LoginResponse")
    }

    @Test func aStringKeyedMapDescribesItsValues() throws {
        let schema = try Self.json(WireSchema.answer(Tally.self).schema)
        let counts = try #require((schema["properties"] as? [String: [String: Any]])?["counts"])
        #expect((counts["additionalProperties"] as? [String: Any])?["type"] as? String == "integer")
    }

    @Test func aTypeContainingItselfEnds() throws {
        let schema = try Self.json(WireSchema.answer(Thread.self).schema)
        #expect((schema["properties"] as? [String: Any])?["replies"] != nil)
    }

    @Test func aTypeTheReflectionCannotBuildIsRefusedNotGuessed() {
        #expect(throws: (any Error).self) { try WireSchema.request(Moody.self) }
    }

    private struct Tally: Codable {
        var counts: [String: Int]
    }

    private struct Thread: Codable {
        var text: String
        var replies: [Thread]
    }

    /// A raw-value enum without `CaseIterable`: no value the reflection could use is known.
    private struct Moody: Codable {
        enum Mood: String, Codable { case calm }
        var mood: Mood
    }

    static func json(_ schema: JSONSchema) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: JSONEncoder().encode(schema)) as? [String: Any])
    }
}
