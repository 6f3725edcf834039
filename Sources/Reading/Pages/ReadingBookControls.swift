import Platform
import Plot
import SproutAPI

/// A book's status and rating as controls a finger or a mouse hits: the three shelves as segmented
/// buttons and the rating as five stars, each a radio group, so a keyboard moves with the arrows
/// and a screen reader hears a group with its choice. Without scripts Save sends the form; with
/// them (reading.js) a choice saves itself and Save is hidden.
enum ReadingBookControls {
    static func form(_ context: PageContext, book: Reading.Book) -> Node<HTML.BodyContext> {
        .form(
            .id("status-form"), .class("book-controls"), .action(path: ReadingPaths.bookStatus.link(book.id)), .method(.post),
            .data(named: "autosave", value: "true"),
            PageLayout.csrfField(context),
            .fieldset(
                .class("segmented"), .id("status-choices"),
                .element(named: "legend", nodes: [.text(context.pick(ko: "상태", en: "Status"))]),
                .forEach(Reading.BookStatus.allCases) { status in
                    choice(name: "status", value: status.rawValue, id: "status-\(status.rawValue)", checked: status == book.status,
                           .text(ReadingBookViews.statusName(status, context)))
                }
            ),
            .fieldset(
                .class("star-rating"), .id("rating-choices"),
                .element(named: "legend", nodes: [.text(context.pick(ko: "별점", en: "Rating"))]),
                .forEach(Array(Reading.BookRules.rating.filter { $0 > 0 })) { stars in
                    choice(name: "rating", value: String(stars), id: "rating-\(stars)", checked: stars == book.rating, star: true,
                           .span(.attribute(named: "aria-hidden", value: "true"), .text("★")),
                           .span(.class("visually-hidden"), .text(context.count(stars, ko: "점", en: "star"))))
                },
                choice(name: "rating", value: "0", id: "rating-0", checked: book.rating == 0, .text(context.pick(ko: "없음", en: "None")))
            ),
            .button(.type(.submit), .class("save-button secondary"), .text(context.pick(ko: "저장", en: "Save")))
        )
    }

    private static func choice(name: String, value: String, id: String, checked: Bool, star: Bool = false, _ label: Node<HTML.LabelContext>...) -> Node<HTML.FormContext> {
        .group(
            .input(.type(.radio), .name(name), .value(value), .id(id), .checked(checked)),
            .label(.for(field: id), .class(star ? "star" : "option"), .group(label))
        )
    }
}
