import Platform
import Plot
import SproutAPI
import Vapor

/// Draws the import and export page and what an import took and skipped.
enum ReadingTransferViews {
    enum Outcome {
        case imported(Reading.ImportReport)
        case refused(GoodreadsCSV.FileError)
        case raced
    }

    static func page(_ context: PageContext, outcome: Outcome?, status: HTTPResponseStatus = .ok) -> Response {
        PageLayout.render(title: context.pick(ko: "가져오기·내보내기", en: "Import and export"), context: context, status: status, .group(
            ReadingTabs.nav(context, current: "shelf"),
            .h1(.text(context.pick(ko: "가져오기·내보내기", en: "Import and export"))),
            .unwrap(outcome) { result(context, $0) },
            .h2(.text(context.pick(ko: "Goodreads에서 가져오기", en: "Import from Goodreads"))),
            .p(.text(context.pick(
                ko: "Goodreads의 ‘My Books → Import and export → Export Library’ 파일이나 같은 형식의 CSV(StoryGraph 등)를 올려 주세요. 이미 서재에 있는 책에는 서재에 없는 별점·상태·리뷰만 더해요.",
                en: "Upload Goodreads' “My Books → Import and export → Export Library” file, or a CSV in the same format (StoryGraph and others). For books already in your library, only what the library lacks (a rating, a shelf, a review) is added."
            ))),
            .form(
                .id("import-form"), .action(path: ReadingPaths.transfer.link), .method(.post), .enctype(.multipartData),
                PageLayout.csrfField(context),
                .div(.class("field"),
                     .label(.for(field: "file"), .text(context.pick(ko: "CSV 파일", en: "CSV file"))),
                     .input(.id("file"), .type(.file), .name("file"), .attribute(named: "accept", value: ".csv,text/csv"), .required(true))),
                .button(.type(.submit), .text(context.pick(ko: "가져오기", en: "Import")))
            ),
            .h2(.text(context.pick(ko: "내보내기", en: "Export"))),
            .p(.text(context.pick(ko: "서재 전체를 Goodreads 형식의 CSV로 내려받아요. 메모는 리뷰 칸에 들어가요.", en: "Download your whole library as a Goodreads CSV; memos go in the review column."))),
            .a(.id("export-link"), .class("button"), .href(ReadingPaths.export.link), .text(context.pick(ko: "CSV 내려받기", en: "Download CSV")))
        ))
    }

    private static func result(_ context: PageContext, _ outcome: Outcome) -> Node<HTML.BodyContext> {
        switch outcome {
        case let .imported(report):
            return .section(
                .id("import-report"), .attribute(named: "role", value: "status"),
                .p(.class("notice"), .text(context.pick(ko: "\(report.imported.count)권을 가져오고 \(report.skipped.count)권을 건너뛰었어요.", en: "Imported \(report.imported.count), skipped \(report.skipped.count)."))),
                .if(!report.merged.isEmpty, .group(
                    .h2(.text(context.pick(ko: "서재에 있던 \(report.merged.count)권에 더한 것", en: "Added to \(report.merged.count) books already in your library"))),
                    .ul(.id("merged"), .forEach(report.merged) { row in
                        .li(.text(context.pick(ko: "\(row.row)행 ", en: "Row \(row.row) ") + "“\(row.title)” — " + row.columns.map { column(named: $0, context) }.joined(separator: ", ")))
                    })
                )),
                .if(!report.skipped.isEmpty, .ul(.id("skipped"), .forEach(report.skipped) { row in
                    .li(.text(context.pick(ko: "\(row.row)행 ", en: "Row \(row.row) ") + (row.title.isEmpty ? "" : "“\(row.title)” — ") + reason(row, context)))
                })),
                .p(.a(.href(ReadingPaths.shelves.link), .text(context.pick(ko: "서재로 가기", en: "Go to my books"))))
            )
        case let .refused(problem):
            let message = switch problem {
            case .notCSV: context.pick(ko: "CSV 파일이 아니에요. 아무것도 가져오지 않았어요.", en: "That is not a CSV file; nothing was imported.")
            case .noTitleColumn: context.pick(ko: "Title 열이 없어 Goodreads 파일이 아니에요. 아무것도 가져오지 않았어요.", en: "The file has no Title column, so it is not a Goodreads export; nothing was imported.")
            case let .tooManyRows(maximum): context.pick(ko: "한 번에 \(maximum)권까지 가져올 수 있어요. 아무것도 가져오지 않았어요.", en: "At most \(maximum) books at once; nothing was imported.")
            }
            return .p(.class("field-error"), .id("import-error"), .attribute(named: "role", value: "alert"), .text(message))
        case .raced:
            return .p(.class("field-error"), .id("import-error"), .attribute(named: "role", value: "alert"),
                      .text(context.pick(ko: "가져오는 동안 다른 기기에서 서재가 바뀌었어요. 아무것도 가져오지 않았어요. 다시 시도해 주세요.", en: "Your library changed on another device during the import; nothing was imported. Please try again.")))
        }
    }

    /// A column of the file by what it means on the shelf.
    private static func column(named column: String, _ context: PageContext) -> String {
        switch column {
        case "My Rating": context.pick(ko: "별점", en: "rating")
        case "Exclusive Shelf": context.pick(ko: "상태", en: "shelf")
        case "My Review": context.pick(ko: "리뷰(메모)", en: "review (as a memo)")
        case "Date Started": context.pick(ko: "읽기 시작한 날", en: "day started")
        case "Date Read": context.pick(ko: "다 읽은 날", en: "day finished")
        case "Number of Pages": context.pick(ko: "쪽수", en: "pages")
        case "Publisher": context.pick(ko: "출판사", en: "publisher")
        case "Author": context.pick(ko: "저자", en: "author")
        default: column
        }
    }

    private static func reason(_ row: Reading.SkippedRow, _ context: PageContext) -> String {
        switch row.reason {
        case .alreadyInLibrary: context.pick(ko: "이미 서재에 있어요", en: "already in your library")
        case .repeated: context.pick(ko: "파일 안에 같은 책이 있어요", en: "the same book appears earlier in the file")
        case .invalid: row.detail
        }
    }
}
