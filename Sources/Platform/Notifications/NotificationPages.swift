import Fluent
import Plot
import SproutAPI
import Vapor

/// `/notifications`: what happened, newest first (opening the page reads them), and which kinds
/// reach me (`/notifications/settings`).
struct NotificationPages: Sendable {
    let notifications: AccountNotifications

    func register(on pages: any RoutesBuilder) {
        let group = pages.grouped("notifications")
        group.get(use: list)
        group.get("settings", use: settings)
        group.post("settings", use: saveSettings)
    }

    func list(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let me = try account.requireID()
        let before = try InboxPages.beforeCursor(req)
        let page = try await notifications.page(of: me, before: before, limit: 30, english: req.language == .en, on: req.db)
        if before == nil, let newest = page.notifications.first?.id { _ = try await notifications.markRead(of: me, upTo: newest, on: req.db) }
        let context = try await PageContext.load(for: req)
        let title = context.pick(ko: "알림", en: "Notifications")
        return PageLayout.render(title: title, context: context, .group(
            .h1(.text(title)),
            .p(.a(.id("notification-settings-link"), .href("/notifications/settings"), .text(context.pick(ko: "알림 설정", en: "Notification settings")))),
            .if(page.notifications.isEmpty, .p(.id("notifications-empty"), .class("hint"), .text(context.pick(ko: "새 알림이 없어요.", en: "Nothing new.")))),
            .ul(.id("notification-list"), .class("row-list notification-list"), .forEach(page.notifications) { item in
                .li(.class(item.read ? "notification" : "notification unread"), .id("notification-\(item.id)"),
                    .a(.href(item.link), .text(item.text)), context.posted(item.createdAt))
            }),
            .unwrap(page.nextBefore) { before in
                .a(.id("older-notifications"), .class("button secondary more"), .href("/notifications?before=\(before)"),
                   .text(context.pick(ko: "이전 알림 더 보기", en: "Older notifications")))
            }
        ))
    }

    func settings(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        return Self.settingsPage(context, try await notifications.settings(of: try account.requireID(), on: req.db), saved: false)
    }

    /// The form sends every kind that stays on; a kind left unticked is turned off.
    func saveSettings(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req, next: "/notifications/settings")
        let me = try account.requireID()
        let on = Set(((try? req.content.get([String].self, at: "on")) ?? []))
        var current = try await notifications.settings(of: me, on: req.db)
        for kind in Notifications.Kind.allCases {
            current = try await notifications.set(kind.rawValue, enabled: on.contains(kind.rawValue), for: me, on: req.db)
        }
        return Self.settingsPage(context, current, saved: true)
    }

    static func settingsPage(_ context: PageContext, _ settings: Notifications.Settings, saved: Bool) -> Response {
        let title = context.pick(ko: "알림 설정", en: "Notification settings")
        return PageLayout.render(title: title, context: context, .group(
            .h1(.text(title)),
            .if(saved, .p(.id("settings-saved"), .attribute(named: "role", value: "status"), .text(context.pick(ko: "저장했어요.", en: "Saved.")))),
            .form(
                .id("notification-settings"), .class("stacked card"), .action(path: "/notifications/settings"), .method(.post),
                PageLayout.csrfField(context),
                .fieldset(
                    .class("field"),
                    .element(named: "legend", text: context.pick(ko: "이런 일이 생기면 알려 주세요", en: "Tell me when")),
                    .forEach(settings.kinds) { setting in
                        .label(.class("choice"),
                               .input(.type(.checkbox), .name("on[]"), .id("kind-\(setting.kind)"), .value(setting.kind), .checked(setting.enabled)),
                               .text(" " + kindName(setting.kind, context)))
                    }
                ),
                .button(.id("save-settings"), .type(.submit), .text(context.pick(ko: "저장하기", en: "Save")))
            )
        ))
    }

    static func kindName(_ kind: String, _ context: PageContext) -> String {
        switch Notifications.Kind(rawValue: kind) {
        case .message?: context.pick(ko: "새 메시지", en: "A new message")
        case .productLiked?: context.pick(ko: "내 상품을 누가 좋아할 때", en: "Someone likes my product")
        case .tradeReview?: context.pick(ko: "거래 후기를 받았을 때", en: "A trade review about me")
        case .lessonBought?: context.pick(ko: "내 레슨이 팔렸을 때", en: "My lesson is bought")
        case .lessonReview?: context.pick(ko: "내 레슨에 후기가 달렸을 때", en: "My lesson gets a review")
        case .studyRequest?: context.pick(ko: "스터디 요청을 받았을 때", en: "A study request")
        case .studyMatch?: context.pick(ko: "스터디 매칭이 됐을 때", en: "A study match")
        case .studyChat?: context.pick(ko: "스터디 채팅 (페이지가 닫혀 있을 때)", en: "A study chat while its page is closed")
        case nil: kind
        }
    }
}
