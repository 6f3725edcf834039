// A lesson's reviews and their stars, read the same way by the web pages and the view models.

/// How many stars a review gives: 1 to 5, nothing else. On the wire, the number.
public enum ReviewRating: Int, Codable, Sendable, CaseIterable, Comparable {
    case one = 1, two, three, four, five

    public var stars: Int { rawValue }

    public init?(_ stars: Int) { self.init(rawValue: stars) }

    public static func < (lhs: ReviewRating, rhs: ReviewRating) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// The stars a lesson is judged by: the mean of its rated reviews, and how many there are.
public struct RatingSummary: Sendable, Equatable {
    public let average: Double
    public let count: Int

    public init?(_ ratings: [ReviewRating]) {
        guard !ratings.isEmpty else { return nil }
        count = ratings.count
        average = Double(ratings.reduce(0) { $0 + $1.stars }) / Double(count)
    }

    /// One decimal, as Korean apps show it ("4.5").
    public var shown: String {
        let tenths = Int((average * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}

extension Lessons.Post {
    /// The comments of the people who paid for the lesson. The LSLP contract keeps every comment
    /// (its clients read them as they always did); a review, and the rating a lesson is judged
    /// by, come from a buyer only.
    public var reviews: [Lessons.Comment] {
        comments.filter { buyers.contains($0.creator.userID) }
    }

    /// The buyers' stars, or nil while no buyer has rated the lesson.
    public var rating: RatingSummary? {
        RatingSummary(reviews.compactMap(\.rating))
    }

    /// Who may review: a buyer who is not the lesson's own teacher.
    public func mayBeReviewed(by accountID: String) -> Bool {
        buyers.contains(accountID) && creator.userID != accountID
    }
}
