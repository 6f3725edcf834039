import Foundation
import Platform
import Plot
import Vapor

/// A signed-in person's page: who they are, their things in each app, the language and signing
/// out. The header links here from every page.
enum AccountPage {
    struct AppShortcuts: Sendable {
        let tile: HubTile
        let shortcuts: [AccountShortcut]
    }

    static func render(context: PageContext, account: Account, shortcuts: [AppShortcuts]) -> Response {
        PageLayout.render(title: context.pick(ko: "내 계정", en: "My account"), context: context, .group(
            .h1(.text(context.pick(ko: "내 계정", en: "My account"))),
            .section(
                .class("card account-card"), .id("account-profile"),
                .span(.class("avatar"), .attribute(named: "aria-hidden", value: "true"),
                      .unwrap(initial(of: account.displayName), { .text($0) }, else: Icon.user.node())),
                .div(
                    .p(.class("account-name"), .id("account-name"), .text(account.displayName)),
                    .unwrap(account.email) { .p(.class("hint"), .id("account-email"), .text($0)) },
                    // The full number is the owner's to reveal: masked until they ask.
                    .unwrap(account.phoneNumber) { phone in
                        .element(named: "details", nodes: [
                            .id("account-phone"), .class("hint"),
                            .element(named: "summary", nodes: [.text(PhoneNumber.masked(phone))]),
                            .span(.id("account-phone-full"), .text(phone)),
                        ])
                    },
                    .p(.class("hint"), .id("account-joined"),
                       .text(context.pick(ko: "가입일 ", en: "Joined ") + context.day(account.createdAt)))
                )
            ),
            .h2(.text(context.pick(ko: "내 활동", en: "My activity"))),
            .ul(.class("row-list shortcut-list"), .id("account-shortcuts"), .forEach(shortcuts) { app in
                .forEach(app.shortcuts) { shortcut in
                    .li(.a(
                        .href(shortcut.path), .data(named: "app", value: app.tile.app),
                        shortcut.icon.node(),
                        .span(.text(context.pick(ko: shortcut.title.ko, en: shortcut.title.en)))
                    ))
                }
            }),
            .h2(.id("language-heading"), .text(context.pick(ko: "언어", en: "Language"))),
            .nav(
                .class("choice-row"), .attribute(named: "aria-labelledby", value: "language-heading"),
                .forEach(WebLanguage.allCases) { language in
                    .a(
                        .id("account-lang-\(language.rawValue)"), .href(PlatformPaths.language(language, returningTo: PlatformPaths.account.link)),
                        .class(language == context.language ? "button" : "button secondary"),
                        .if(language == context.language, .attribute(named: "aria-current", value: "true")),
                        .attribute(named: "lang", value: language.rawValue),
                        .text(language == .ko ? "한국어" : "English")
                    )
                }
            ),
            .h2(.text(context.pick(ko: "로그아웃", en: "Sign out"))),
            .form(
                .id("logout-form"), .class("choice-row"), .action(path: PlatformPaths.logout.link), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("logout"), .class("secondary"), .type(.submit), Icon.logout.node(), .text(context.pick(ko: " 로그아웃", en: " Log out"))),
                .button(.id("logout-everywhere"), .class("secondary"), .type(.submit), .attribute(named: "formaction", value: PlatformPaths.logoutEverywhere.link),
                        .text(context.pick(ko: "모든 기기에서 로그아웃", en: "Log out everywhere")))
            ),
            .p(.class("hint"), .text(context.pick(
                ko: "모든 기기에서 로그아웃하면 이 계정으로 로그인한 다른 브라우저와 앱도 다시 로그인해야 해요.",
                en: "Logging out everywhere also signs out every other browser and app using this account."
            )))
        ))
    }

    /// The avatar's letter: the name's first letter, whatever script it is in; none for a name
    /// that starts otherwise (a masked phone number), which gets the person icon instead.
    static func initial(of name: String) -> String? {
        name.trimmingCharacters(in: .whitespaces).first.flatMap { $0.isLetter ? String($0).uppercased() : nil }
    }
}
