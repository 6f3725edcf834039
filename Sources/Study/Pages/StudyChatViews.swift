import Platform
import Plot
import SproutAPI

/// The chat on the matched page: the conversation, mine on the right, with the time in Korea
/// as the apps show it, and the form to send a message.
enum StudyChatViews {
    static func log(_ messages: [Study.Chat], partnerUID: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .div(
            .id("chat-log"), .class("chat-log"), .attribute(named: "aria-live", value: "polite"),
            .if(messages.isEmpty, .p(.class("hint"), .text(context.pick(
                ko: "첫 메시지를 보내 보세요.", en: "Say hello: send the first message.")))),
            .forEach(messages) { message in
                .div(
                    .class(message.to == partnerUID ? "chat-bubble mine" : "chat-bubble theirs"), .data(named: "id", value: message.id),
                    .p(.class("chat-text"), .text(message.chat)),
                    .element(named: "time", nodes: [.attribute(named: "datetime", value: message.createdAt), .text(koreanTime(message.createdAt))])
                )
            }
        )
    }

    static func form(partnerUID: String, _ context: PageContext) -> Node<HTML.BodyContext> {
        .form(
            .id("chat-form"), .class("chat-form"), .action(path: StudyPaths.chat.link), .method(.post),
            PageLayout.csrfField(context),
            .input(.type(.hidden), .name("otheruid"), .value(partnerUID)),
            .textarea(.id("chat-input"), .name("chat"), .data(named: "enter-sends", value: "true"), .attribute(named: "maxlength", value: String(StudyChat.maxLength)),
                      .attribute(named: "required", value: "required"), .attribute(named: "rows", value: "2"),
                      .attribute(named: "placeholder", value: context.pick(ko: "메시지를 입력하세요", en: "Write a message"))),
            .button(.id("chat-send"), .type(.submit), .text(context.pick(ko: "보내기", en: "Send")))
        )
    }

    /// `HH:mm` in Korea (UTC+9, no daylight saving) from the message's `…THH:mm:ss.SSSZ`.
    static func koreanTime(_ createdAt: String) -> String {
        let characters = Array(createdAt)
        guard characters.count >= 16, let hour = Int(String(characters[11...12])), let minute = Int(String(characters[14...15])) else { return "" }
        return String(format: "%02d:%02d", (hour + 9) % 24, minute)
    }
}
