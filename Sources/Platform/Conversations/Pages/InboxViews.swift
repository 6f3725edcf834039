import Foundation
import Plot
import SproutAPI
import Vapor

/// The inbox and one conversation, as pages. `conversations.js` keeps them live: a message that
/// arrives is added where it belongs, read marks clear, badges follow.
enum InboxViews {
    static func inbox(_ context: PageContext, _ inbox: Conversations.Inbox) -> Response {
        let title = context.pick(ko: "채팅", en: "Chats")
        return PageLayout.render(title: title, context: context, .group(
            .h1(.text(title)),
            .if(inbox.conversations.isEmpty, .p(.id("inbox-empty"), .class("hint"), .text(context.pick(
                ko: "아직 대화가 없어요. 상품이나 레슨 페이지에서 대화를 시작해 보세요.",
                en: "No conversations yet. Start one from a product or a lesson."
            )))),
            .ul(.id("conversation-list"), .class("row-list conversation-list"), .forEach(inbox.conversations) { row($0, context) }),
            .unwrap(inbox.nextBefore) { before in
                .a(.id("older-conversations"), .class("button secondary more"), .href(PlatformPaths.inbox.link(query: [("before", String(before))])),
                   .text(context.pick(ko: "이전 대화 더 보기", en: "Older conversations")))
            }
        ))
    }

    private static func row(_ conversation: Conversations.Conversation, _ context: PageContext) -> Node<HTML.ListContext> {
        .li(
            .class(conversation.unreadCount > 0 ? "conversation unread" : "conversation"), .id("conversation-\(conversation.id)"),
            .a(
                .href(PlatformPaths.conversation.link(conversation.webID)),
                .unwrap(conversation.about?.photo) { .img(.src("/" + $0), .alt(text: ""), .class("conversation-photo"), .attribute(named: "loading", value: "lazy")) },
                .div(
                    .class("conversation-text"),
                    .p(.class("conversation-who"), .strong(.text(conversation.other.name)),
                       .unwrap(conversation.about) { .span(.class("hint"), .text(" · " + $0.title)) }),
                    .unwrap(conversation.lastMessage) { last in
                        .p(.class("conversation-last"), .text(last.text.isEmpty ? context.pick(ko: "사진", en: "Photo") : last.text))
                    }
                ),
                .if(conversation.unreadCount > 0, .span(.class("badge"), .text(String(conversation.unreadCount))))
            ),
            .unwrap(conversation.lastMessage) { context.posted($0.sentAt) }
        )
    }

    static func conversation(_ context: PageContext, me: String, _ conversation: Conversations.Conversation,
                             _ page: Conversations.MessagePage, otherReadUpTo: Int, removed: Set<Int> = [],
                             details: ConversationDetails = ConversationDetails(),
                             appointments: AppointmentViews.Shown? = nil, error: String? = nil, status: HTTPResponseStatus = .ok) -> Response {
        let webID = conversation.webID
        return PageLayout.render(title: conversation.other.name, context: context, status: status, .group(
            .nav(.class("conversation-head"), .a(.id("back-to-inbox"), .href(PlatformPaths.inbox.link), .text("← " + context.pick(ko: "채팅 목록", en: "All chats")))),
            .h1(.id("conversation-title"), .text(conversation.other.name), .unwrap(details.besideName.flatMap { $0 == conversation.other.name ? nil : $0 }) {
                .span(.class("beside-name"), .text(" · " + $0))
            }),
            .unwrap(conversation.about) { about($0, context) },
            .unwrap(appointments) { AppointmentViews.header(webID, $0, otherName: conversation.other.name, context) },
            actions(details.actions, context),
            .unwrap(page.nextBefore) { before in
                .a(.id("older-messages"), .class("button secondary"), .href(PlatformPaths.conversation.link(webID, query: [("before", String(before))])),
                   .text(context.pick(ko: "이전 메시지 보기", en: "Earlier messages")))
            },
            .ol(
                .id("messages"), .class("messages"), .data(named: "conversation", value: conversation.id), .data(named: "me", value: me),
                .data(named: "photo-label", value: context.pick(ko: "사진", en: "Photo")),
                .forEach(page.messages.reversed()) {
                    message($0, mine: $0.senderID == me, readByOther: $0.id <= otherReadUpTo, removed: removed.contains($0.id), context)
                }
            ),
            conversation.blocked
                ? .p(.id("blocked-note"), .class("hint"), .text(context.pick(ko: "차단한 사람이에요. 차단을 풀어야 메시지를 보낼 수 있어요.",
                                                                         en: "You blocked this person. Unblock them to send messages.")))
                : sendForm(webID, context, error: error),
            .unwrap(appointments) { conversation.blocked ? .empty : AppointmentViews.form(webID, $0, context) },
            .form(.id("read-form"), .action(path: PlatformPaths.conversationRead.link(webID)), .method(.post), .attribute(named: "hidden", value: "hidden"), PageLayout.csrfField(context)),
            .div(
                .class("inline-actions conversation-actions"),
                .form(
                    .id("block-form"), .action(path: (conversation.blocked ? PlatformPaths.conversationUnblock : PlatformPaths.conversationBlock).link(webID)), .method(.post),
                    PageLayout.csrfField(context),
                    .button(.id(conversation.blocked ? "unblock-button" : "block-button"), .type(.submit), .class("secondary"),
                            .text(conversation.blocked ? context.pick(ko: "차단 풀기", en: "Unblock") : context.pick(ko: "차단하기", en: "Block")))
                ),
                .a(.id("report-link"), .class("button secondary"), .href(PlatformPaths.conversationReport.link(webID)), .text(context.pick(ko: "신고하기", en: "Report")))
            )
        ))
    }

    private static func about(_ about: Conversations.About, _ context: PageContext) -> Node<HTML.BodyContext> {
        .a(
            .id("conversation-about"), .class("card conversation-about"), .href(about.path),
            .unwrap(about.photo) { .img(.src("/" + $0), .alt(text: ""), .class("conversation-photo")) },
            .div(
                .p(.strong(.text(about.title))),
                .unwrap(about.price) { .p(.class("price"), .text(MoneyText.won($0, context))) },
                .unwrap(about.state) { state in
                    .p(.class("sale-state"), .text(state == "sold" ? context.pick(ko: "거래완료", en: "Sold") : context.pick(ko: "예약중", en: "Reserved")))
                }
            )
        )
    }

    /// The steps the conversation's app offers here (offer a price, review the trade), as a row of
    /// buttons under the header.
    private static func actions(_ actions: [ConversationAction], _ context: PageContext) -> Node<HTML.BodyContext> {
        .if(!actions.isEmpty, .nav(
            .id("conversation-app-actions"), .class("inline-actions conversation-app-actions"),
            .forEach(actions) { action in
                .a(.class("button secondary small"), .href(action.path), .text(context.pick(ko: action.ko, en: action.en)))
            }
        ))
    }

    /// `removed`: the operator removed it, which only its author still sees, with why.
    static func message(_ message: Conversations.Message, mine: Bool, readByOther: Bool, removed: Bool,
                        _ context: PageContext) -> Node<HTML.ListContext> {
        .li(
            .class((mine ? "message mine" : "message theirs") + (removed ? " removed" : "")), .id("message-\(message.id)"),
            .data(named: "id", value: String(message.id)),
            .div(
                .class("bubble"),
                .forEach(message.files) { .img(.src("/" + $0), .alt(text: context.pick(ko: "사진", en: "Photo")), .class("message-photo")) },
                .if(!message.text.isEmpty, .p(.text(message.text)))
            ),
            .if(removed, .p(.class("hint message-removed"), .text(context.pick(ko: "운영 정책에 따라 가려진 메시지예요. 상대방에게는 보이지 않아요.",
                                                                            en: "Hidden by the moderators: the other person cannot see it.")))),
            .if(mine && !readByOther, .span(.class("unread-mark"), .attribute(named: "title", value: context.pick(ko: "안 읽음", en: "Unread")), .text("1"))),
            context.posted(message.sentAt)
        )
    }

    private static func sendForm(_ webID: String, _ context: PageContext, error: String?) -> Node<HTML.BodyContext> {
        .form(
            .id("send-form"), .class("send-form"), .action(path: PlatformPaths.conversationMessages.link(webID)), .method(.post), .enctype(.multipartData),
            .data(named: "posts-natively", value: "true"),
            PageLayout.csrfField(context),
            .label(.for(field: "message-text"), .class("visually-hidden"), .text(context.pick(ko: "메시지", en: "Message"))),
            .textarea(.id("message-text"), .name("text"), .attribute(named: "rows", value: "2"), .data(named: "enter-sends", value: "true"), .attribute(named: "maxlength", value: String(Conversations.maxTextLength)),
                      .attribute(named: "placeholder", value: context.pick(ko: "메시지를 입력하세요", en: "Write a message")),
                      .attribute(named: "aria-invalid", value: error == nil ? "false" : "true"), .text("")),
            .label(.class("photo-pick"), .for(field: "message-photo"), .text(context.pick(ko: "사진", en: "Photo"))),
            .input(.id("message-photo"), .name("photo"), .type(.file), .attribute(named: "accept", value: "image/*"), FormWidgets.shrinkPhotos),
            .button(.id("send-button"), .type(.submit), .text(context.pick(ko: "보내기", en: "Send"))),
            FormWidgets.error(error)
        )
    }

    static func refusal(_ context: PageContext, title: String, message: String, back: String, status: HTTPResponseStatus) -> Response {
        PageLayout.render(title: title, context: context, status: status, .group(
            .h1(.id("refusal-title"), .text(title)),
            .p(.class("hint"), .text(message)),
            .a(.class("button secondary"), .href(back), .text(context.pick(ko: "돌아가기", en: "Back")))
        ))
    }

    /// The words a page shows for what the messenger refused.
    static func reason(_ error: ConversationError, _ context: PageContext) -> String {
        switch error {
        case .unknownApp, .unknownSubject, .notFound: context.pick(ko: "대화할 대상을 찾을 수 없어요.", en: "There is nothing here to talk about.")
        case .withYourself: context.pick(ko: "내 글에는 대화를 걸 수 없어요.", en: "You cannot start a conversation about your own post.")
        case .blocked: context.pick(ko: "차단한 사람, 또는 나를 차단한 사람과는 대화할 수 없어요.", en: "You cannot talk with someone you blocked, or who blocked you.")
        case .emptyText: context.pick(ko: "메시지를 입력해 주세요.", en: "Write a message.")
        case let .textTooLong(maximum): context.pick(ko: "\(maximum)자 이하로 입력해 주세요.", en: "Use at most \(maximum) characters.")
        case .controlCharacters: context.pick(ko: "보낼 수 없는 문자가 있어요.", en: "The message holds characters that cannot be sent.")
        case .invalidPaging: context.pick(ko: "페이지 주소가 올바르지 않아요.", en: "The page address is not valid.")
        case let .photo(refusal): refusal.message(context)
        case .foreignFiles: context.pick(ko: "올린 사진만 보낼 수 있어요.", en: "Only uploaded photos can be sent.")
        }
    }
}
