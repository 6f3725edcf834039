import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing

extension MarketPagesTests {
    @Test func theSellerReordersRemovesAndAddsPhotosOnEdit() async throws {
        try await withSprout { (sprout) async throws in
            let (browser, csrf) = try await vendorBrowser(sprout)
            let created = try await browser.postMultipart("/market/sell", csrf: csrf) { body in
                Self.addProductFields(to: &body)
                body.add(name: "images", filename: "a.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
                body.add(name: "images", filename: "b.png", contentType: "image/png", MarketFixtures.fixture("transparent.png"))
            }
            let id = try #require(created.headers.first(name: .location)?.split(separator: "?").first?.split(separator: "/").last.flatMap { Int($0) })
            func detail() async throws -> Market.ProductDetail { try await sprout.send(.GET, "api/products/\(id)").decode(Market.ProductDetail.self) }
            let first = try await detail().images.map(\.id)
            #expect(first.count == 2)

            let form = String(buffer: try await browser.get("/market/products/\(id)/edit").body)
            #expect(form.contains(#"enctype="multipart/form-data""#) && form.contains(#"id="position-\#(first[1])""#))
            #expect(form.contains(#"id="remove-\#(first[0])""#) && form.contains(#"<input id="images" name="images" type="file""#))
            #expect(!form.contains("사진은 바꿀 수 없어요"))

            func edit(name: String = "Oak chair", _ build: (inout MultipartBody) -> Void) async throws -> (status: UInt, body: String) {
                let answer = try await browser.postMultipart("/market/products/\(id)/edit", csrf: csrf) { body in
                    Self.addProductFields(to: &body, name: name)
                    build(&body)
                }
                return (answer.status.code, String(buffer: answer.body))
            }
            let movedBack = try await edit { body in body.add(name: "position-\(first[0])", Data("2".utf8)) }
            #expect(movedBack.status == 303)
            #expect(try await detail().images.map(\.id) == [first[1], first[0]], "the first moved to place 2: the other comes before it")
            let reordered = try await edit { body in
                body.add(name: "position-\(first[0])", Data("1".utf8))
                body.add(name: "position-\(first[1])", Data("-9223372036854775808".utf8))
                body.add(name: "images", filename: "c.jpg", contentType: "image/jpeg", MarketFixtures.jpeg)
            }
            #expect(reordered.status == 303)
            let afterReorder = try await detail()
            #expect(afterReorder.images.map(\.id).prefix(2) == [first[0], first[1]] && afterReorder.images.count == 3, "moved back; the new photo goes last")
            #expect(afterReorder.thumbnail == afterReorder.images[0].thumbnailURL, "number 1 is the cover")
            #expect(sprout.marketFiles.count == 6)

            let removed = try await edit { body in body.add(name: "remove", Data(String(first[0]).utf8)) }
            #expect(removed.status == 303)
            #expect(try await detail().images.map(\.id) == [first[1], afterReorder.images[2].id])
            #expect(sprout.marketFiles.count == 4, "a removed photo's files are deleted")

            let kept = try await detail()
            let everyOneRemoved = try await edit(name: "Renamed chair") { body in
                for image in kept.images { body.add(name: "remove", Data(String(image.id).utf8)) }
            }
            #expect(everyOneRemoved.status == 400)
            let refusal = everyOneRemoved.body
            #expect(refusal.contains("사진을 1장 이상 올려 주세요") && refusal.contains(#"id="remove-\#(kept.images[0].id)" checked"#), "the choice is kept")
            let tooMany = try await edit(name: "Renamed chair") { body in
                for _ in 0..<4 { body.add(name: "images", filename: "d.jpg", contentType: "image/jpeg", MarketFixtures.jpeg) }
            }
            #expect(tooMany.status == 400 && tooMany.body.contains("최대 5장"))
            let notAPhoto = try await edit(name: "Renamed chair") { body in
                body.add(name: "images", filename: "e.jpg", contentType: "image/jpeg", Data("<html>no</html>".utf8))
            }
            #expect(notAPhoto.status == 400 && notAPhoto.body.contains("사진을 읽을 수 없어요"))
            let unchanged = try await detail()
            #expect(unchanged.name == "Oak chair" && unchanged.images.map(\.id) == kept.images.map(\.id), "a refused edit changes nothing")
            #expect(sprout.marketFiles.count == 4)

            let someoneElses = try await sprout.registerProduct(by: try await sprout.makeVendor("pine12"))
            let foreign = try await edit { body in
                body.add(name: "remove", Data(String(someoneElses.images[0].id).utf8))
                body.add(name: "position-\(someoneElses.images[0].id)", Data("1".utf8))
            }
            #expect(foreign.status == 303)
            #expect(try await sprout.send(.GET, "api/products/\(someoneElses.id)").decode(Market.ProductDetail.self).images.count == 1, "another product's photo is not touched")
            #expect(try await detail().images.map(\.id) == kept.images.map(\.id))
        }
    }
}
