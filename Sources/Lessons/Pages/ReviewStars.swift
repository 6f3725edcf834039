import Platform
import Plot
import SproutAPI

/// A review's stars: shown on each review and beside a lesson's title, and picked in the review
/// forms. Drawn as icons, filled up to the rating; the words say the number for screen readers.
enum ReviewStars {
    static func shown(_ rating: ReviewRating, _ context: PageContext) -> Node<HTML.BodyContext> {
        .span(
            .class("stars"), .attribute(named: "role", value: "img"),
            .attribute(named: "aria-label", value: context.pick(ko: "별점 5점 중 \(rating.stars)점", en: "\(rating.stars) of 5 stars")),
            .forEach(ReviewRating.allCases) { .span(.class($0 <= rating ? "star on" : "star"), Icon.star.node()) }
        )
    }

    /// "★ 4.5 (3)": the buyers' mean, or nothing while no buyer has rated the lesson.
    static func summary(_ post: Lessons.Post, id: String? = nil, _ context: PageContext) -> Node<HTML.BodyContext> {
        .unwrap(post.rating) { rating in
            .span(
                .class("rating-summary"), .unwrap(id) { .id($0) }, .attribute(named: "role", value: "img"),
                .attribute(named: "aria-label", value: context.pick(ko: "별점 평균 \(rating.shown)점, \(rating.count)명 평가",
                                                                    en: "Rated \(rating.shown) of 5 by \(rating.count)")),
                .span(.class("star on"), Icon.star.node()),
                .strong(.text(rating.shown)), .span(.class("hint"), .text(" (\(rating.count))"))
            )
        }
    }

    /// Five radio buttons in a fieldset: one keyboard stop, arrows move between stars.
    static func picker(selected: ReviewRating?, error message: String?, _ context: PageContext) -> Node<HTML.FormContext> {
        .fieldset(
            .class("field star-picker"), .id("rating-field"),
            .element(named: "legend", text: context.pick(ko: "별점", en: "Rating")),
            .div(.class("star-choices"), .forEach(ReviewRating.allCases) { rating in
                .group(
                    .input(.type(.radio), .id("rating-\(rating.stars)"), .name("rating"), .value(String(rating.stars)),
                           .checked(rating == selected), .required(true)),
                    .label(.for(field: "rating-\(rating.stars)"), Icon.star.node(),
                           .span(.class("visually-hidden"), .text(context.count(rating.stars, ko: "점", en: "star"))))
                )
            }),
            FormWidgets.error(message)
        )
    }
}
