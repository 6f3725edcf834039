import Platform
import SproutAPI
import Vapor

/// The lesson list's filters and order as the address carries them (`/lessons/list?group=strings&
/// region=서울&district=1168000000&format=online&type=취미&price=to50k&rating=4.5&sort=priceLow&page=2`).
/// Unknown values are ignored rather than refused: these addresses are typed, shared and bookmarked.
struct LessonFilter: Sendable, Equatable {
    /// The least mean of stars.
    enum RatingBand: String, CaseIterable, Sendable {
        case four = "4", fourAndAHalf = "4.5"

        var minimum: Double { self == .four ? 4 : 4.5 }
        var title: (ko: String, en: String) { self == .four ? ("★ 4.0 이상", "★ 4.0 and up") : ("★ 4.5 이상", "★ 4.5 and up") }
    }

    /// Bands of the price of one session, in won.
    enum PriceBand: String, CaseIterable, Sendable {
        case upTo30k, to50k, to100k, over100k

        var range: ClosedRange<Int> {
            switch self {
            case .upTo30k: 0...30_000
            case .to50k: 30_001...50_000
            case .to100k: 50_001...100_000
            case .over100k: 100_001...Lessons.LessonDraft.priceRange.upperBound
            }
        }

        var title: (ko: String, en: String) {
            switch self {
            case .upTo30k: ("회당 3만원 이하", "Up to ₩30,000 a session")
            case .to50k: ("회당 3만~5만원", "₩30,001–50,000 a session")
            case .to100k: ("회당 5만~10만원", "₩50,001–100,000 a session")
            case .over100k: ("회당 10만원 초과", "Over ₩100,000 a session")
            }
        }
    }

    var group: Lessons.InstrumentGroup = .all
    var region: Lessons.Region?
    /// A 시/군/구 code from the place list.
    var district: String?
    var format: Lessons.LessonFormat?
    var lessonType: Lessons.LessonType?
    var price: PriceBand?
    var rating: RatingBand?
    var keywords: LessonKeywords?
    var sort: PostQuery.Sort = .newest
    var page = 1

    init(_ req: Request, districts: Districts) {
        func value(_ name: String) -> String { req.query[String.self, at: name] ?? "" }
        group = Lessons.InstrumentGroup(rawValue: value("group")) ?? .all
        region = Lessons.Region(rawValue: value("region"))
        district = districts.place(value("district"))?.code
        format = Lessons.LessonFormat(rawValue: value("format"))
        rating = RatingBand(rawValue: value("rating"))
        lessonType = Lessons.LessonType(rawValue: value("type"))
        price = PriceBand(rawValue: value("price"))
        keywords = LessonKeywords(value("q"))
        sort = PostQuery.Sort(rawValue: value("sort")) ?? .newest
        page = PagedPosts.number(value("page"))
    }

    var query: PostQuery {
        PostQuery(
            productID: Lessons.ProductID.lesson,
            subjects: group == .all ? nil : group.instruments.map(\.rawValue),
            region: region?.rawValue, lessonType: lessonType?.rawValue, keywords: keywords, district: district, format: format,
            perSessionRange: price?.range, minimumRating: rating?.minimum, sort: sort
        )
    }

    /// This list's address at another page; every filter stays.
    func link(page: Int) -> String {
        var atPage = self
        atPage.page = page
        return LessonsPaths.list(atPage)
    }

    static func sortTitle(_ sort: PostQuery.Sort) -> (ko: String, en: String) {
        switch sort {
        case .newest: ("최신순", "Newest")
        case .priceLow: ("낮은 가격순", "Price: low to high")
        case .priceHigh: ("높은 가격순", "Price: high to low")
        case .mostReviewed: ("후기 많은순", "Most reviewed")
        }
    }
}
