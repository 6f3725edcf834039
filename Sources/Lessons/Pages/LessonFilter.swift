import SproutAPI
import Vapor

/// The lesson list's filters and order as the address carries them (`/lessons/list?group=strings&
/// region=서울&type=취미&price=to50k&sort=priceLow&page=2`). Unknown values are ignored rather
/// than refused: these addresses are typed, shared and bookmarked.
struct LessonFilter: Sendable, Equatable {
    /// Price bands of the filter, in won.
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
            case .upTo30k: ("3만원 이하", "Up to ₩30,000")
            case .to50k: ("3만~5만원", "₩30,001–50,000")
            case .to100k: ("5만~10만원", "₩50,001–100,000")
            case .over100k: ("10만원 초과", "Over ₩100,000")
            }
        }
    }

    var group: Lessons.InstrumentGroup = .all
    var region: Lessons.Region?
    var lessonType: Lessons.LessonType?
    var price: PriceBand?
    var keywords: LessonKeywords?
    var sort: PostQuery.Sort = .newest
    var page = 1

    init(_ req: Request) {
        func value(_ name: String) -> String { req.query[String.self, at: name] ?? "" }
        group = Lessons.InstrumentGroup(rawValue: value("group")) ?? .all
        region = Lessons.Region(rawValue: value("region"))
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
            region: region?.rawValue, lessonType: lessonType?.rawValue, priceRange: price?.range, keywords: keywords, sort: sort
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
