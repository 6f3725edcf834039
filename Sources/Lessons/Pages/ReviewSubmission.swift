import Platform
import SproutAPI
import Vapor

/// A review as the web's forms send it: its text and its stars. On the web a review always has
/// stars; the API keeps them optional, as the published app sends none.
struct ReviewSubmission {
    let text: String
    let rating: ReviewRating?
    /// The form's own value, kept so a refused form shows what was picked.
    private let sentRating: Bool

    init(_ req: Request) {
        text = req.formField("content")
        let stars = req.formField("rating")
        sentRating = !stars.isEmpty
        rating = Int(stars).flatMap { ReviewRating(rawValue: $0) }
    }

    /// The form as it goes back to the page: what was sent, and what each field is refused for
    /// in the page's language (none when the form is whole).
    func draft(_ context: PageContext) -> LessonDetailView.ReviewDraft {
        var contentError: String?
        do {
            _ = try PostBoard.commentContent(text)
        } catch let error as PostError {
            contentError = ReviewViews.errorMessage(error, context)
        } catch {}
        let ratingError = rating == nil
            ? (sentRating ? context.pick(ko: "별점은 1점부터 5점까지예요.", en: "A rating is 1 to 5 stars.")
                          : context.pick(ko: "별점을 골라 주세요.", en: "Choose a rating."))
            : nil
        return LessonDetailView.ReviewDraft(text: text, rating: rating, error: contentError, ratingError: ratingError)
    }
}
