import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct ProductListTests {
    @Test func healthCheckerAnswersTheJSONStringOK() async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.GET, "healthChecker")
            #expect(response.status.code == 200)
            #expect(String(buffer: response.body) == "\"OK\"")
        }
    }

    @Test func anEmptyStoreHasAnEmptyFirstPage() async throws {
        try await withSprout { sprout in
            let json = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=20").jsonObject()
            #expect(json["pageNo"] as? Int == 1)
            #expect(json["totalCount"] as? Int == 0)
            #expect(json["lastPage"] as? Int == 0)
            #expect(json["hasNext"] as? Bool == false)
            #expect(json["hasPrev"] as? Bool == false)
            #expect((json["pages"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func pageMathHoldsAtEveryEdge() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            var ids: [Int] = []
            for index in 1...5 { ids.append(try await sprout.registerProduct(by: vendor, name: "Item \(index)").id) }
            func page(_ number: Int, _ size: Int) async throws -> Market.Page {
                let response = try await sprout.send(.GET, "api/products?page_no=\(number)&items_per_page=\(size)")
                #expect(response.status.code == 200)
                return try response.decode(Market.Page.self)
            }
            let first = try await page(1, 2)
            #expect(first.pages.map(\.id) == [ids[4], ids[3]], "newest first")
            #expect((first.offset, first.limit, first.lastPage, first.hasNext, first.hasPrev) == (0, 2, 3, true, false))
            let last = try await page(3, 2)
            #expect(last.pages.map(\.id) == [ids[0]], "a partial last page")
            #expect((last.offset, last.limit, last.hasNext, last.hasPrev) == (4, 6, false, true))
            let beyond = try await page(4, 2)
            #expect(beyond.pages.isEmpty && !beyond.hasNext && beyond.hasPrev && beyond.totalCount == 5)
            let single = try await page(5, 1)
            #expect(single.pages.map(\.id) == [ids[0]] && single.lastPage == 5)
            let all = try await page(1, 100)
            #expect(all.pages.count == 5 && !all.hasNext)
            let clamped = try await page(1, 5000)
            #expect(clamped.itemsPerPage == 100)
            var seen: [Int] = []
            for number in 1...3 { seen += try await page(number, 2).pages.map(\.id) }
            #expect(seen == ids.reversed(), "no product twice, none missing")
        }
    }

    @Test(arguments: ["", "?page_no=1", "?items_per_page=20", "?page_no=&items_per_page=20", "?page_no=one&items_per_page=20",
                      "?page_no=0&items_per_page=20", "?page_no=1&items_per_page=-5", "?page_no=1.5&items_per_page=20",
                      "?page_no=9223372036854775807&items_per_page=100", "?page_no=92233720368547759&items_per_page=100",
                      "?page_no=99999999999999999999&items_per_page=20"])
    func badPagingIs400(query: String) async throws {
        try await withSprout { sprout in
            let response = try await sprout.send(.GET, "api/products\(query)")
            #expect(response.status.code == 400)
            #expect(try response.jsonObject()["error"] as? Bool == true)
        }
    }

    @Test func everyFieldHasTheTypeClientsDecode() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            _ = try await sprout.registerProduct(by: vendor, description: "")
            let json = try await sprout.send(.GET, "api/products?page_no=1&items_per_page=20").jsonObject()
            for key in ["pageNo", "itemsPerPage", "totalCount", "offset", "limit", "lastPage", "page_no", "items_per_page", "total_count", "last_page"] {
                #expect(json[key] is Int, "\(key)")
            }
            #expect(json["has_next"] as? Bool == false)
            let item = try #require((json["pages"] as? [[String: Any]])?.first)
            #expect(Set(item.keys) == ["id", "vendor_id", "vendorName", "name", "description", "thumbnail", "currency", "price",
                                       "bargain_price", "discounted_price", "stock", "created_at", "issued_at"])
            #expect(item["vendorName"] as? String == "acorn77")
            #expect(item["description"] as? String == "")
            #expect(item["bargain_price"] as? Double == 27000)
            #expect((item["thumbnail"] as? String)?.hasPrefix("http://") == true)
            let created = try #require(item["created_at"] as? String)
            #expect(created.range(of: #"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$"#, options: .regularExpression) != nil)
        }
    }

    @Test func searchMatchesNameAndDescriptionIgnoringCase() async throws {
        try await withSprout { sprout in
            let vendor = try await sprout.makeVendor()
            let linen = try await sprout.registerProduct(by: vendor, name: "Linen tote bag", description: "Washed linen.")
            let mug = try await sprout.registerProduct(by: vendor, name: "도토리 머그컵", description: "손으로 빚은 머그컵")
            let lamp = try await sprout.registerProduct(by: vendor, name: "Desk lamp", description: "Dimmable, LINEN shade")
            func search(_ term: String) async throws -> [Int] {
                let encoded = term.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
                return try await sprout.send(.GET, "api/products?page_no=1&items_per_page=20&search_value=\(encoded)").decode(Market.Page.self).pages.map(\.id)
            }
            #expect(try await search("linen") == [lamp.id, linen.id])
            #expect(try await search("TOTE") == [linen.id])
            #expect(try await search("머그") == [mug.id])
            #expect(try await search("빚은") == [mug.id])
            #expect(try await search("nothing-like-this").isEmpty)
            #expect(try await search("").count == 3)
            let percent = try await sprout.registerProduct(by: vendor, name: "100% cotton shirt")
            #expect(try await search("%") == [percent.id], "% is a character, not a wildcard")
            #expect(try await search("_").isEmpty)
            #expect(try await search("%cotton").isEmpty)
        }
    }
}
