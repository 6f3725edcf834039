import Platform
import Plot

/// A book's cover: the catalogue's picture when it has one, otherwise a cover drawn from the
/// title and author, so a shelf of books without pictures (most added by hand, the seeded
/// catalogue's) still reads as a shelf. The tone comes from the title, the same on every page and
/// every start; the pages' policy allows no inline style, so the eight tones are classes.
enum BookCoverView {
    static func cover<Context>(title: String, author: String, picture: String) -> Node<Context>
    where Context: HTML.BodyContext {
        guard picture.isEmpty else {
            return .img(.src(picture), .alt(text: title), .class("book-cover"), .attribute(named: "loading", value: "lazy"))
        }
        return .div(
            .class("book-cover drawn-cover tone-\(tone(of: title))"),
            .attribute(named: "role", value: "img"), .attribute(named: "aria-label", value: title),
            .span(.class("drawn-title"), .text(title)),
            .span(.class("drawn-author"), .text(author))
        )
    }

    /// 0 to 7, from the title's characters: a stable choice (Swift's `hashValue` changes per run).
    static func tone(of title: String) -> Int {
        title.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) & 0xFFFF } % 8
    }
}
