import Platform
import Plot
import Vapor

/// Draws the settings: the reader's data (export, import, erase), the privacy policy as it is on
/// Sprout, and the app's name and version.
enum ReadingSettingsViews {
    static func page(_ context: PageContext, erased: Int?) -> Response {
        PageLayout.render(title: context.pick(ko: "설정", en: "Settings"), context: context, .group(
            ReadingTabs.nav(context, current: "settings"),
            .h1(.text(context.pick(ko: "설정", en: "Settings"))),
            .unwrap(erased) { books in
                .p(.class("notice"), .id("erased"), .attribute(named: "role", value: "status"),
                   .text(context.pick(ko: "독서 기록을 모두 지웠어요 (책 \(books)권).", en: "Your reading log is erased (\(books) books).")))
            },
            .section(
                .id("my-data"), .class("settings-group"),
                .h2(.text(context.pick(ko: "내 기록", en: "My data"))),
                .ul(
                    .li(.a(.href(ReadingPaths.export.link), .text(context.pick(ko: "서재를 CSV로 내려받기 (Goodreads 형식)", en: "Download my library as CSV (Goodreads format)")))),
                    .li(.a(.href(ReadingPaths.transfer.link), .text(context.pick(ko: "다른 앱에서 가져오기", en: "Import from another app")))),
                    .li(.a(.id("erase-link"), .class("danger"), .href(ReadingPaths.erase.link), .text(context.pick(ko: "독서 기록 모두 지우기", en: "Erase my reading log"))))
                )
            ),
            .section(
                .id("privacy"), .class("settings-group"),
                .h2(.text(context.pick(ko: "개인정보 처리방침", en: "Privacy policy"))),
                .forEach(privacy(context)) { paragraph in .p(.text(paragraph)) }
            ),
            .section(
                .id("version"), .class("settings-group"),
                .h2(.text(context.pick(ko: "버전", en: "Version"))),
                .p(.text(context.pick(ko: "독서하라쿤 웹 · Sprout에서 동작해요", en: "ReadingHaracoon on the web, served by Sprout")))
            )
        ))
    }

    static func confirmErase(_ context: PageContext, books: Int) -> Response {
        PageLayout.render(title: context.pick(ko: "독서 기록 지우기", en: "Erase reading log"), context: context, .group(
            ReadingTabs.nav(context, current: "settings"),
            .h1(.text(context.pick(ko: "독서 기록을 모두 지울까요?", en: "Erase your whole reading log?"))),
            .p(.id("erase-scope"), .text(context.pick(
                ko: "책 \(books)권과 그 메모, 사진, 독서 시간, 진행 기록, 타이머, 목표가 모두 지워지고 되돌릴 수 없어요. 먼저 CSV로 내려받아 둘 수 있어요.",
                en: "\(books) books with their memos, photos, reading times, progress, the timer and your goals are erased for good. You can download a CSV first."
            ))),
            .p(.a(.href(ReadingPaths.export.link), .text(context.pick(ko: "CSV 내려받기", en: "Download CSV")))),
            FormWidgets.deleteConfirmation(context, action: ReadingPaths.erase.link, cancel: ReadingPaths.settings.link)
        ))
    }

    /// The app's policy said it kept nothing off the phone; on Sprout the log lives on the server,
    /// so the policy says what is kept, why, and how to take it away.
    private static func privacy(_ context: PageContext) -> [String] {
        [
            context.pick(
                ko: "독서하라쿤은 이 Sprout 서버에 계정(이메일, 이름)과 서재(책, 상태, 별점, 날짜, 다시 읽은 기록), 메모와 메모 사진, 독서 시간, 진행 기록과 목표를 저장해요. 어느 기기에서든 같은 서재를 보기 위해서예요.",
                en: "ReadingHaracoon keeps your account (email, name) and your library (books, status, ratings, days, earlier readings), memos and their photos, reading times, progress and goals on this Sprout server, so every device shows the same library."
            ),
            context.pick(
                ko: "메모 사진은 저장할 때 위치와 촬영 정보(EXIF)를 지워요. 서재와 메모는 다른 사람에게 보이지 않아요. 검색 목록은 ISBN이 있는 책의 제목, 저자, 출판사만 알아요.",
                en: "Memo photos lose their location and camera data (EXIF) when stored. Your library and memos are seen by no one else; the catalogue learns only the title, author and publisher of books shelved with an ISBN."
            ),
            context.pick(
                ko: "광고나 추적 쿠키를 쓰지 않고 제3자에게 제공하지 않아요. 언제든 CSV로 내려받거나 모두 지울 수 있어요.",
                en: "No advertising or tracking cookies, and nothing is shared with third parties. You can download everything as CSV, or erase it, at any time."
            ),
        ]
    }
}
