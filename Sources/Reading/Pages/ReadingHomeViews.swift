import Platform
import Plot
import SproutAPI
import Vapor

/// Draws the shelves: the year's goal, a tab per status, the search, and the books as the app's
/// three-column grid, a book being read with how far it is.
enum ReadingHomeViews {
    static func home(
        _ context: PageContext, books: [Reading.Book], positions: [String: Int], goal: ReadingStatsReport.YearGoal,
        status: Reading.BookStatus?, search: String, sort: Reading.LibrarySort
    ) -> Response {
        let tabs: [(Reading.BookStatus?, String)] = [
            (nil, context.pick(ko: "전체", en: "All")),
            (.toRead, context.pick(ko: "읽을 책", en: "To read")),
            (.reading, context.pick(ko: "읽고 있는 책", en: "Reading")),
            (.read, context.pick(ko: "읽은 책", en: "Read")),
        ]
        return PageLayout.render(title: context.pick(ko: "독서하라쿤", en: "ReadingHaracoon"), context: context, .group(
            ReadingTabs.nav(context, current: "shelf"),
            .h1(.text(context.pick(ko: "보관한 책", en: "My books"))),
            yearGoal(context, goal),
            .nav(
                .class("reading-nav"), .id("reading-nav"),
                .a(.href(ReadingPaths.newBook.link), .text(context.pick(ko: "직접 추가", en: "Add by hand"))),
                .a(.href(ReadingPaths.transfer.link), .text(context.pick(ko: "가져오기·내보내기", en: "Import and export")))
            ),
            .form(
                .class("search-form"), .action(path: ReadingPaths.shelves.link), .method(.get),
                .if(status != nil, .input(.type(.hidden), .name("status"), .value(status?.rawValue ?? ""))),
                .input(.type(.search), .name("q"), .id("reading-search"), .value(search),
                       .placeholder(text: context.pick(ko: "보관한 책을 검색해보세요", en: "Search your books"))),
                .select(.id("reading-sort"), .attribute(named: "name", value: "sort"), .attribute(named: "aria-label", value: context.pick(ko: "정렬", en: "Sort")),
                        .data(named: "autosubmit", value: "true"),
                        .forEach(Reading.LibrarySort.allCases) { order in
                            FormWidgets.option(order.rawValue, sortName(order, context), selected: order == sort)
                        }),
                .button(.type(.submit), .text(context.pick(ko: "검색", en: "Search")))
            ),
            .nav(.class("shelf-tabs"), .forEach(tabs) { tab, label in
                .a(.class(tab == status ? "current" : ""), .data(named: "shelf", value: tab?.rawValue ?? "all"),
                   .href(ReadingPaths.shelves(status: tab, search: search, sort: sort)), .text(label))
            }),
            .if(books.isEmpty, .p(.class("reading-empty"), .id("reading-empty"),
                                  .text(context.pick(ko: "아직 보관한 책이 없다쿤!", en: "No books here yet.")))),
            .ul(.class("book-grid"), .id("books"), .forEach(books) { book in
                card(context, book, percent: book.status == .reading ? positions[book.id] : nil)
            })
        ))
    }

    /// A book on the shelf; one being read shows how far it is.
    private static func card(_ context: PageContext, _ book: Reading.Book, percent: Int?) -> Node<HTML.ListContext> {
        let progress: Node<HTML.AnchorContext> = .unwrap(percent) { percent in
            .div(.class("shelf-progress"), ReadingProgressViews.bar(percent, label: context.pick(ko: "\(percent)% 읽음", en: "\(percent)% read")),
                 .span(.class("shelf-percent"), .text("\(percent)%")))
        }
        return .li(
            .data(named: "id", value: book.id),
            .a(
                .href(ReadingPaths.book.link(book.id)),
                BookCoverView.cover(title: book.title, author: book.author, picture: book.cover),
                .div(.class("book-title"), .text(book.title)),
                .div(.class("book-author"), .text(book.author)),
                progress
            )
        )
    }

    /// This year's goal and how far it is, or a way to set one.
    static func yearGoal(_ context: PageContext, _ goal: ReadingStatsReport.YearGoal) -> Node<HTML.BodyContext> {
        guard goal.books > 0 else {
            return .p(.class("year-goal"), .id("year-goal"),
                      .a(.href(ReadingPaths.stats.link(query: [], fragment: "goals")), .text(context.pick(ko: "올해 읽을 책 목표 정하기", en: "Set a goal for this year"))))
        }
        let percent = min(100, goal.finished * 100 / goal.books)
        let text = context.pick(ko: "\(goal.year)년 목표 \(goal.books)권 중 \(goal.finished)권 읽었어요",
                                en: "\(goal.finished) of \(goal.books) books read in \(goal.year)")
        return .div(
            .class("year-goal"), .id("year-goal"),
            .p(.a(.href(ReadingPaths.stats.link(query: [], fragment: "goals")), .text(text))),
            ReadingProgressViews.bar(percent, label: text)
        )
    }

    /// The app's orders: newest first, A to Z, thickest first.
    static func sortName(_ sort: Reading.LibrarySort, _ context: PageContext) -> String {
        switch sort {
        case .added: context.pick(ko: "최근 담은 순", en: "Recently added")
        case .title: context.pick(ko: "제목 순", en: "Title")
        case .pages: context.pick(ko: "쪽수 많은 순", en: "Most pages")
        }
    }
}
