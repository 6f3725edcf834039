import SproutAPI

/// A lesson's reviews on the web: the comments of the people who paid for it. The LSLP contract
/// keeps every comment (its clients read them as they always did); a review, and the count a
/// lesson is judged by, comes from a buyer only.
extension Lessons.Post {
    var reviews: [Lessons.Comment] {
        comments.filter { buyers.contains($0.creator.userID) }
    }

    /// Who may review: a buyer who is not the lesson's own teacher.
    func mayBeReviewed(by accountID: String) -> Bool {
        buyers.contains(accountID) && creator.userID != accountID
    }
}
