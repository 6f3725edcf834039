import Platform
import SproutAPI
import Vapor

/// The lesson list's filters and order as the address carries them (`/lessons/list?group=strings&
/// region=서울&district=1168000000&format=online&type=취미&price=to50k&rating=4.5&sort=priceLow&page=2`).
/// Unknown values are ignored rather than refused: these addresses are typed, shared and bookmarked.
struct LessonFilter: Sendable, Equatable {
    /// The least mean of stars.
    enum RatingBand: String, CaseIterable, Sendable, Codable {
        case four = "4", fourAndAHalf = "4.5"

        var minimum: Double { self == .four ? 4 : 4.5 }
        var title: (ko: String, en: String) { self == .four ? ("★ 4.0 이상", "★ 4.0 and up") : ("★ 4.5 이상", "★ 4.5 and up") }
    }

    /// Bands of the price of one session, in won.
    enum PriceBand: String, CaseIterable, Sendable, Codable {
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

    /// The address's fields, in the order its links have always had.
    struct Fields: Codable {
        var q: String?
        var group: Lessons.InstrumentGroup?
        var region: Lessons.Region?
        var district: String?
        var format: Lessons.LessonFormat?
        var type: Lessons.LessonType?
        var price: PriceBand?
        var rating: RatingBand?
        var sort: PostQuery.Sort?
        var page: Int?
    }

    init(_ fields: Fields, districts: Districts) {
        group = fields.group ?? .all
        region = fields.region
        district = districts.place(fields.district ?? "")?.code
        format = fields.format
        rating = fields.rating
        lessonType = fields.type
        price = fields.price
        keywords = LessonKeywords(fields.q ?? "")
        sort = fields.sort ?? .newest
        page = fields.page ?? 1
    }

    /// The fields of this list's address; a choice left at its default is left out, so a shared
    /// link stays short.
    var fields: Fields {
        Fields(q: keywords?.text, group: group == .all ? nil : group, region: region, district: district, format: format,
               type: lessonType, price: price, rating: rating, sort: sort == .newest ? nil : sort, page: page > 1 ? page : nil)
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
