import Foundation
import PlatformCore
import PropertyBased
import Testing

/// A query read into a struct of its fields and written back from one: the struct names each
/// field once for the handler and for the links to its page.
@Suite struct QueryFieldsTests {
    enum Tab: String, Codable { case lessons, community }

    struct Listing: Codable, Equatable {
        var tag: String?
        var tab: Tab?
        var page: Int?
        var near: Bool?
    }

    struct Required: Codable {
        var id: Int
    }

    struct Nested: Codable {
        var inner: Listing
    }

    func read(_ query: String?) throws -> Listing {
        try QueryFieldsDecoder().decode(Listing.self, from: query)
    }

    @Test func fieldsAreDecodedAsABrowserEncodesThem() throws {
        #expect(try read("tag=%EC%B2%BC%EB%A1%9C&tab=community&page=2&near=true")
            == Listing(tag: "첼로", tab: .community, page: 2, near: true))
        #expect(try read("tag=blue+chair&page=%203%20") == Listing(tag: "blue chair", page: 3), "+ is a space; a number may carry spaces")
        #expect(try read(nil) == Listing())
        #expect(try read("") == Listing())
    }

    @Test func theLastOfRepeatedFieldsWinsAndOnlyPlainPairsAreFields() throws {
        #expect(try read("page=1&page=4") == Listing(page: 4))
        #expect(try read("page&tag") == Listing(), "a pair without = is no field")
        #expect(try read("page[]=2&tag[a]=x") == Listing(), "a bracketed key is not the plain field")
        #expect(try read("tag=%E0%A4&page=2") == Listing(page: 2), "text whose escapes are not UTF-8 is absent, the others stay")
    }

    /// A page reads a bad field as absent: one bad field never costs the others.
    @Test func anUnreadableOptionalFieldIsAbsentAndTheOthersStay() throws {
        #expect(try read("page=abc&tag=x") == Listing(tag: "x"))
        #expect(try read("tab=unknown&page=2") == Listing(page: 2))
        #expect(try read("page=99999999999999999999999&tag=x") == Listing(tag: "x"), "out of Int's range is unreadable, never a trap")
        #expect(try read("near=yes") == Listing())
        #expect(try read("page=") == Listing())
    }

    @Test func aRequiredFieldAbsentOrUnreadableThrows() throws {
        #expect(throws: DecodingError.self) { try QueryFieldsDecoder().decode(Required.self, from: "other=1") }
        #expect(throws: DecodingError.self) { try QueryFieldsDecoder().decode(Required.self, from: "id=x") }
        #expect(try QueryFieldsDecoder().decode(Required.self, from: "id=7").id == 7)
        #expect(throws: DecodingError.self) { try QueryFieldsDecoder().decode(Nested.self, from: "inner=1") }
    }

    @Test func fieldsAreWrittenInTheirOrderAndANilOneIsLeftOut() throws {
        let pairs = try QueryFieldsEncoder().pairs(Listing(tag: "첼로", tab: .lessons, page: nil, near: false))
        #expect(pairs.map(\.0) == ["tag", "tab", "near"])
        #expect(pairs.map(\.1) == ["첼로", "lessons", "false"])
        #expect(try QueryFieldsEncoder().pairs(Listing()).isEmpty)
        #expect(throws: EncodingError.self) { try QueryFieldsEncoder().pairs(Nested(inner: Listing())) }
        #expect(throws: EncodingError.self) { try QueryFieldsEncoder().pairs(Nested(inner: Listing(page: 1))) }
    }

    /// Whatever the fields hold, the handler reads back what the link wrote.
    @Test func whatIsWrittenReadsBack() async {
        let characters = Array("a b+&=%#?/첼로[]\u{0}")
        let texts = Gen<Int?>.element(of: characters.indices).array(of: 0...8).map { String($0.compactMap { $0 }.map { characters[$0] }) }
        let listings = zip(texts, Gen<Int>.int(in: -1_000_000...1_000_000)).map { Listing(tag: $0, tab: .community, page: $1, near: true) }
        await propertyCheck(count: 500, input: listings) { listing in
            let pairs = (try? QueryFieldsEncoder().pairs(listing)) ?? []
            let query = pairs.map { "\(Self.escaped($0))=\(Self.escaped($1))" }.joined(separator: "&")
            #expect((try? read(query)) == listing)
        }
    }

    /// Hostile queries are read without a trap: every field ends up readable or absent.
    @Test func generatedQueriesNeverStopTheProcess() async {
        let pieces = ["page", "tag", "tab", "near", "=", "=", "&", "1", "-", "99999999999999999999", "+", "%", "%2", "%20", "%EC%9D%98", "%E0", "%zz", "[", "]", "true", "lessons", "의자"]
        let queries = Gen<Int?>.element(of: pieces.indices).array(of: 0...16).map { $0.compactMap { $0 }.map { pieces[$0] }.joined() }
        await propertyCheck(count: 1000, input: queries) { query in
            #expect((try? read(query)) != nil, "every field of Listing is optional, so no query fails it")
        }
    }

    private static func escaped(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
    }
}
