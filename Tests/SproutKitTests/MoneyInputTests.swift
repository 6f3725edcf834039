import SproutAPI
import Testing

/// Prices as people type them read the same in every app's form.
@Suite struct MoneyInputTests {
    @Test(arguments: ["70000", "70,000", " 70,000 ", "70,000원", "₩70,000", "₩ 70,000", "￦70000"])
    func aWonAmountTypedAnyUsualWay(_ typed: String) {
        #expect(MoneyInput.whole(typed) == 70_000)
        let draft = Lessons.LessonDraft(title: "Cello", price: typed, instrument: "첼로", region: "서울", lessonType: "취미", introduction: "Weekly")
        #expect(draft.violations[.price] == nil)
        #expect(draft.request(files: []).price?.value == 70_000)
    }

    @Test(arguments: ["", "  ", "원", "seventy", "70.5", "-70", "1e5", "7 0000", "٧٠٠٠٠", "99999999999999999999"])
    func whatIsNotAWholeAmount(_ typed: String) {
        #expect(MoneyInput.whole(typed) == nil)
    }

    @Test func theLessonFormSaysWhatIsWrong() {
        func violation(_ price: String) -> Lessons.LessonDraft.Violation? {
            Lessons.LessonDraft(title: "Cello", price: price, instrument: "첼로", region: "서울", lessonType: "취미", introduction: "Weekly").violations[.price]
        }
        #expect(violation("") == .required)
        #expect(violation("₩") == .required)
        #expect(violation("70.5") == .notANumber)
        #expect(violation("20,000,000") == .outOfRange(Lessons.LessonDraft.priceRange))
    }

    @Test func theMarketFormReadsTheSameWay() {
        let params = Market.ProductParams(draft: Market.ProductDraft(name: "Mug", description: "d", price: "18,000원", currency: "KRW", discountedPrice: "₩2,000", stock: "1,200"))
        #expect(params.price == 18_000 && params.discountedPrice == 2_000 && params.stock == 1_200)
    }
}
