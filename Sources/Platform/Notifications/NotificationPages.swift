import Fluent
import Plot
import SproutAPI
import Vapor

/// `/notifications`: what happened, newest first (opening the page reads them), and which kinds
/// reach me (`/notifications/settings`), with this browser's push subscription (`push.js`).
struct NotificationPages: Sendable {
    let notifications: AccountNotifications
    let pushes: PushSubscriptions
    let serverKey: String

    func register(on pages: any RoutesBuilder) {
        pages.get(PlatformPaths.notifications, use: list)
        pages.get(PlatformPaths.notificationSettings, use: settings)
        pages.post(PlatformPaths.notificationSettings, use: saveSettings)
        pages.post(PlatformPaths.pushSubscription, use: subscribeBrowser)
        pages.post(PlatformPaths.pushUnsubscription, use: unsubscribeBrowser)
    }

    /// `push.js` sends the browser's subscription here, with the page's CSRF field.
    func subscribeBrowser(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let form = try req.content.decode(BrowserSubscriptionForm.self)
        do {
            _ = try await pushes.subscribe(try account.requireID(), .browser(endpoint: form.endpoint, p256dh: form.p256dh, auth: form.auth),
                                           english: req.language == .en, on: req.db)
        } catch let error as PushSubscriptionError {
            return Response(status: .badRequest, body: .init(string: ConversationErrorMiddleware.abort(error).reason))
        }
        return Response(status: .noContent)
    }

    func unsubscribeBrowser(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let endpoint = (try? req.content.get(String.self, at: "endpoint")) ?? ""
        do {
            try await pushes.unsubscribe(try account.requireID(), address: endpoint, on: req.db)
        } catch PushSubscriptionError.notFound {
            return Response(status: .notFound)
        }
        return Response(status: .noContent)
    }

    struct BrowserSubscriptionForm: Content {
        let endpoint: String
        let p256dh: String
        let auth: String
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
            .p(.a(.id("notification-settings-link"), .href(PlatformPaths.notificationSettings.link), .text(context.pick(ko: "알림 설정", en: "Notification settings")))),
            .if(page.notifications.isEmpty, .p(.id("notifications-empty"), .class("hint"), .text(context.pick(ko: "새 알림이 없어요.", en: "Nothing new.")))),
            .ul(.id("notification-list"), .class("row-list notification-list"), .forEach(page.notifications) { item in
                .li(.class(item.read ? "notification" : "notification unread"), .id("notification-\(item.id)"),
                    .a(.href(item.link), .text(item.text)), context.posted(item.createdAt))
            }),
            .unwrap(page.nextBefore) { before in
                .a(.id("older-notifications"), .class("button secondary more"), .href(PlatformPaths.notifications.link(query: [("before", String(before))])),
                   .text(context.pick(ko: "이전 알림 더 보기", en: "Older notifications")))
            }
        ))
    }

    func settings(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        return Self.settingsPage(context, try await notifications.settings(of: try account.requireID(), on: req.db), saved: false, serverKey: serverKey)
    }

    /// The form sends every kind that stays on; a kind left unticked is turned off.
    func saveSettings(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req, next: PlatformPaths.notificationSettings.link)
        let me = try account.requireID()
        let on = Set(((try? req.content.get([String].self, at: "on")) ?? []))
        var current = try await notifications.settings(of: me, on: req.db)
        for kind in Notifications.Kind.allCases {
            current = try await notifications.set(kind.rawValue, enabled: on.contains(kind.rawValue), for: me, on: req.db)
        }
        return Self.settingsPage(context, current, saved: true, serverKey: serverKey)
    }

    static func settingsPage(_ context: PageContext, _ settings: Notifications.Settings, saved: Bool, serverKey: String) -> Response {
        let title = context.pick(ko: "알림 설정", en: "Notification settings")
        return PageLayout.render(title: title, context: context, .group(
            .h1(.text(title)),
            .if(saved, .p(.id("settings-saved"), .attribute(named: "role", value: "status"), .text(context.pick(ko: "저장했어요.", en: "Saved.")))),
            .form(
                .id("notification-settings"), .class("stacked card"), .action(path: PlatformPaths.notificationSettings.link), .method(.post),
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
            ),
            browserPush(context, serverKey: serverKey)
        ))
    }

    /// Hidden until `push.js` finds the browser can take pushes; it then offers to turn them on
    /// or off for this browser.
    static func browserPush(_ context: PageContext, serverKey: String) -> Node<HTML.BodyContext> {
        .section(
            .id("web-push"), .class("card"), .attribute(named: "hidden"), .data(named: "server-key", value: serverKey),
            .h2(.text(context.pick(ko: "이 브라우저로 알림 받기", en: "Notifications in this browser"))),
            .p(.class("hint"), .text(context.pick(
                ko: "페이지를 닫아 두어도 위에서 고른 알림이 이 기기로 와요. 페이지를 보고 있을 때는 오지 않아요.",
                en: "What you chose above reaches this device while Sprout is closed; nothing is pushed while you are looking at it."
            ))),
            .form(
                .id("web-push-form"), .action(path: PlatformPaths.pushSubscription.link), .method(.post),
                PageLayout.csrfField(context),
                .button(.id("web-push-on"), .type(.button), .text(context.pick(ko: "알림 켜기", en: "Turn on"))),
                .button(.id("web-push-off"), .class("secondary"), .type(.button), .attribute(named: "hidden"),
                        .text(context.pick(ko: "이 브라우저 알림 끄기", en: "Turn off for this browser")))
            ),
            .p(.id("web-push-status"), .attribute(named: "role", value: "status"),
               .data(named: "on", value: context.pick(ko: "이 브라우저로 알림을 보내요.", en: "Notifications come to this browser.")),
               .data(named: "off", value: context.pick(ko: "이 브라우저로는 알림을 보내지 않아요.", en: "No notifications come to this browser.")),
               .data(named: "denied", value: context.pick(ko: "브라우저 설정에서 알림이 막혀 있어요.", en: "This browser blocks notifications from Sprout (see its site settings).")),
               .data(named: "failed", value: context.pick(ko: "알림을 켜지 못했어요. 잠시 후 다시 해 주세요.", en: "Could not turn notifications on. Try again in a moment.")))
        )
    }

    static func kindName(_ kind: String, _ context: PageContext) -> String {
        switch Notifications.Kind(rawValue: kind) {
        case .message?: context.pick(ko: "새 메시지", en: "A new message")
        case .productLiked?: context.pick(ko: "내 상품을 누가 좋아할 때", en: "Someone likes my product")
        case .tradeReview?: context.pick(ko: "거래 후기를 받았을 때", en: "A trade review about me")
        case .tradeNews?: context.pick(ko: "문의한 상품이 예약되거나 거래가 끝났을 때", en: "A product I asked about is reserved, released or sold")
        case .reviewRequest?: context.pick(ko: "거래 후기를 남길 차례일 때", en: "A finished trade waits for my review")
        case .priceOffer?: context.pick(ko: "가격 제안을 받거나 내 제안에 답이 왔을 때", en: "A price offer, or an answer to mine")
        case .lessonBought?: context.pick(ko: "내 레슨이 팔렸을 때", en: "My lesson is bought")
        case .lessonReview?: context.pick(ko: "내 레슨에 후기가 달렸을 때", en: "My lesson gets a review")
        case .lessonBooking?: context.pick(ko: "레슨 예약이 잡히거나 바뀌었을 때", en: "A lesson session is booked, moved or cancelled")
        case .lessonReminder?: context.pick(ko: "레슨 전날과 한 시간 전 알림", en: "A reminder the day before and an hour before a lesson")
        case .lessonRefund?: context.pick(ko: "레슨 수강이 끝나고 환불됐을 때", en: "An enrolment is ended and refunded")
        case .studyRequest?: context.pick(ko: "스터디 요청을 받았을 때", en: "A study request")
        case .studyMatch?: context.pick(ko: "스터디 매칭이 됐을 때", en: "A study match")
        case .studyChat?: context.pick(ko: "스터디 채팅 (페이지가 닫혀 있을 때)", en: "A study chat while its page is closed")
        case .keywordAlert?: context.pick(ko: "내 동네에 키워드 상품이 올라왔을 때", en: "A product with one of my keywords is listed near me")
        case .appointment?: context.pick(ko: "채팅에서 약속을 제안하거나 답했을 때", en: "An appointment is proposed or answered in a chat")
        case .appointmentReminder?: context.pick(ko: "약속 한 시간 전 알림", en: "A reminder an hour before an appointment")
        case .moderation?: context.pick(ko: "신고가 처리되거나 내 글이 숨겨졌을 때", en: "A report of mine is handled, or something of mine is hidden")
        case nil: kind
        }
    }
}
