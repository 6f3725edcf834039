import Foundation
import SproutTestSupport
import Testing

/// One way to write money per language and currency, across the apps' pages.
@Suite struct MoneyTextPagesTests {
    private func market(_ sprout: TestSprout, language: String) async throws -> String {
        let browser = WebClient(sprout)
        browser.language = language
        return String(buffer: try await browser.get("/market?page=1").body)
            + String(buffer: try await browser.get("/market?page=2").body)
    }

    @Test func wonIsWrittenAsEachLanguageWritesItAndDollarsAlikeInBoth() async throws {
        try await withSprout(demoData: true) { sprout in
            // The demo market is all in won: a seller abroad lists in dollars, sold out.
            let vendor = try await sprout.makeVendor("abroad")
            let dollars = try await sprout.register(["name": "Wool beanie", "description": "Merino.", "price": 32, "currency": "USD", "discounted_price": 0,
                                                     "stock": 0, "secret": vendor.secret], identifier: vendor.identifier)
            #expect(dollars.status.code == 200)
            let korean = try await market(sprout, language: "ko")
            #expect(korean.contains("18,000원") && !korean.contains("₩"))
            #expect(korean.contains("$32") && korean.contains("품절") && !korean.contains("SOLD OUT"))

            let english = try await market(sprout, language: "en")
            #expect(english.contains("₩18,000") && !english.contains("18,000원"))
            #expect(english.contains("$32") && english.contains("Sold out"))

            let lessons = WebClient(sprout)
            lessons.language = "en"
            let lessonPage = String(buffer: try await lessons.get("/lessons/list").body)
            #expect(lessonPage.contains("₩") && !lessonPage.contains("원</"), "lessons write won the market's way")
        }
    }
}
