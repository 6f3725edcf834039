import Plot
import SproutAPI

/// What an app's page shows to talk about one of its things: the "채팅하기" form for a visitor,
/// and for the owner the conversations people started about it.
public enum ConversationStarter {
    /// `prompt` is the button ("채팅하기", "선생님께 문의하기"); `greeting` fills the message box.
    public static func form(about subject: Conversations.Subject, page: String, prompt: String, greeting: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        guard context.account != nil else {
            return .a(.id("start-conversation"), .class("button"), .href(PlatformPaths.login(returningTo: page)), Icon.chat.node(), .text(" " + prompt))
        }
        return .element(named: "details", nodes: [
            .id("start-conversation-box"), .class("start-conversation"),
            .element(named: "summary", nodes: [.id("start-conversation"), .class("button"), Icon.chat.node(), .text(" " + prompt)]),
            .form(
                .id("start-conversation-form"), .class("stacked"), .action(path: PlatformPaths.inbox.link), .method(.post),
                PageLayout.csrfField(context),
                .input(.type(.hidden), .name("app"), .value(subject.app)),
                .input(.type(.hidden), .name("id"), .value(subject.id)),
                .input(.type(.hidden), .name("back"), .value(page)),
                .label(.for(field: "start-text"), .class("visually-hidden"), .text(context.pick(ko: "첫 메시지", en: "First message"))),
                .textarea(.id("start-text"), .name("text"), .attribute(named: "rows", value: "3"), .required(true),
                          .attribute(named: "maxlength", value: String(Conversations.maxTextLength)), .text(greeting)),
                .button(.id("start-conversation-send"), .type(.submit), .text(context.pick(ko: "보내기", en: "Send")))
            ),
        ])
    }

    /// For the owner: who wrote about this thing, each leading to the conversation.
    public static func askers(_ conversations: [Conversations.Conversation], _ context: PageContext) -> Node<HTML.BodyContext> {
        .section(
            .id("askers"), .class("card askers"),
            .h2(.text(context.pick(ko: "문의한 사람 \(conversations.count)명", en: "\(conversations.count) asked about it"))),
            .if(conversations.isEmpty, .p(.class("hint"), .text(context.pick(ko: "아직 문의가 없어요.", en: "Nobody has asked yet.")))),
            .ul(.class("row-list"), .forEach(conversations) { conversation in
                .li(.a(.href(PlatformPaths.conversation.link(conversation.webID)), .strong(.text(conversation.other.name)),
                       .unwrap(conversation.lastMessage) { .span(.class("hint"), .text(" " + $0.text)) }),
                    .if(conversation.unreadCount > 0, .span(.class("badge"), .text(String(conversation.unreadCount)))))
            })
        )
    }
}
