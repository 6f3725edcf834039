import Platform
import Plot
import SproutAPI
import Vapor

/// Draws book search: the form, the results with an add button each, the recommendations.
enum ReadingSearchViews {
    static func recommendations(_ context: PageContext, bestsellers: [Reading.CatalogBook], newBooks: [Reading.CatalogBook]) -> Response {
        page(context, query: "", .group(
            .h2(.text(context.pick(ko: "많이 담은 책", en: "Most shelved"))),
            list(context, bestsellers, id: "bestsellers"),
            .h2(.text(context.pick(ko: "새로 나온 책", en: "New books"))),
            list(context, newBooks, id: "new-books")
        ))
    }

    static func results(_ context: PageContext, query: String, results: Reading.CatalogPage) -> Response {
        let hasNext = results.page * results.pageSize < results.total && results.page < Reading.CatalogRules.pages.upperBound
        return page(context, query: query, .group(
            .p(.id("result-count"), .text(context.pick(ko: "검색 결과 ", en: "") + context.count(results.total, ko: "권", en: "book") + context.pick(ko: "", en: " found"))),
            .if(results.books.isEmpty, .p(.class("reading-empty"), .text(context.pick(ko: "찾는 책이 없다면 직접 추가해 보세요.", en: "Not here? Add it by hand.")),
                                          .text(" "), .a(.id("add-by-hand"), .href(ReadingPaths.newBook(prefilledWith: query)),
                                                         .text(context.pick(ko: "“\(query)” 직접 추가", en: "Add “\(query)” by hand"))))),
            list(context, results.books, id: "results"),
            .if(hasNext, .a(.id("next-page"), .class("button secondary"),
                            .href(ReadingPaths.search(query: query, page: results.page + 1)), .text(context.pick(ko: "더 보기", en: "More"))))
        ))
    }

    static func unavailable(_ context: PageContext, query: String) -> Response {
        page(context, query: query, .p(.class("field-error"), .id("catalogue-unavailable"), .attribute(named: "role", value: "alert"),
                                       .text(context.pick(ko: "지금은 책 검색을 할 수 없어요. 잠시 후 다시 시도해 주세요.", en: "Book search is unavailable right now; please try again later."))))
    }

    private static func page(_ context: PageContext, query: String, _ content: Node<HTML.BodyContext>) -> Response {
        PageLayout.render(title: context.pick(ko: "책 검색", en: "Find a book"), context: context, .group(
            ReadingTabs.nav(context, current: "search"),
            .h1(.text(context.pick(ko: "책 검색", en: "Find a book"))),
            .form(
                .class("search-form"), .id("catalog-search"), .action(path: ReadingPaths.search.link), .method(.get),
                .input(.type(.search), .name("q"), .id("catalog-q"), .value(query), .attribute(named: "aria-describedby", value: "isbn-hint"),
                       .placeholder(text: context.pick(ko: "제목, 저자, 출판사, ISBN", en: "Title, author, publisher or ISBN"))),
                .button(.type(.submit), .text(context.pick(ko: "검색", en: "Search")))
            ),
            .p(.id("isbn-hint"), .class("hint"), .text(context.pick(
                ko: "ISBN 13자리를 입력하면(하이픈은 있어도 없어도 돼요) 그 책을 바로 찾아요.",
                en: "Type a 13-digit ISBN, with or without hyphens, to find that very book."))),
            barcodeScanner(context),
            content
        ))
    }

    /// The camera finds a book by the EAN-13 barcode on its back, which is its ISBN-13. Hidden until
    /// reading.js finds the browser's barcode detector (Chrome on Android, say); elsewhere the
    /// field takes the ISBN typed.
    private static func barcodeScanner(_ context: PageContext) -> Node<HTML.BodyContext> {
        .group(
            .button(.id("barcode-scan"), .type(.button), .class("secondary"), .attribute(named: "hidden", value: "hidden"),
                    .text(context.pick(ko: "ISBN 바코드 스캔", en: "Scan ISBN"))),
            .element(named: "dialog", nodes: [
                .id("barcode-dialog"), .attribute(named: "aria-labelledby", value: "barcode-title"),
                .h2(.id("barcode-title"), .text(context.pick(ko: "ISBN 바코드 스캔", en: "Scan an ISBN barcode"))),
                .video(.id("barcode-video"), .attribute(named: "playsinline", value: "playsinline"), .attribute(named: "muted", value: "muted")),
                .p(.id("barcode-status"), .attribute(named: "role", value: "status"),
                   .data(named: "looking", value: context.pick(ko: "책 뒷면의 바코드를 카메라에 비춰 주세요.", en: "Hold the barcode on the back of the book up to the camera.")),
                   .data(named: "denied", value: context.pick(ko: "카메라를 쓸 수 없어요. ISBN을 직접 입력해 주세요.", en: "The camera cannot be used; please type the ISBN."))),
                .button(.id("barcode-close"), .type(.button), .class("secondary"), .text(context.pick(ko: "닫기", en: "Close"))),
            ])
        )
    }

    private static func list(_ context: PageContext, _ books: [Reading.CatalogBook], id: String) -> Node<HTML.BodyContext> {
        .ul(.class("catalog-list"), .id(id), .forEach(books) { book in
            .li(
                .data(named: "isbn", value: book.isbn13),
                BookCoverView.cover(title: book.title, author: book.author, picture: book.cover),
                .div(
                    .class("catalog-text"),
                    .div(.class("book-title"), .text(book.title)),
                    .div(.class("book-author"), .text([book.author, book.publisher].filter { !$0.isEmpty }.joined(separator: " · "))),
                    .form(
                        .action(path: ReadingPaths.searchAdd.link), .method(.post),
                        PageLayout.csrfField(context),
                        .input(.type(.hidden), .name("isbn13"), .value(book.isbn13)),
                        .button(.type(.submit), .text(context.pick(ko: "서재에 담기", en: "Add to my books")))
                    )
                )
            )
        })
    }
}
