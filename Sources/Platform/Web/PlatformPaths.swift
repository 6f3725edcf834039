/// The pages every app shares: the hub, accounts, the inbox and notifications. Each app's own
/// pages are in its `…Paths`; a link to one of these is built from here, never written out.
public enum PlatformPaths {
    public static let hub = PagePath<Void>("")
    public static let signup = PagePath<Void>("signup")
    public static let login = PagePath<Void>("login")
    public static let logout = PagePath<Void>("logout")
    public static let logoutEverywhere = PagePath<Void>("logout/everywhere")
    public static let account = PagePath<Void>("account")
    /// By `WebLanguage` raw value; `next` says where to go back to.
    public static let language = PagePath<String>("language/{code}")
    public static let docs = PagePath<Void>("docs")

    public static let inbox = PagePath<Void>("inbox")
    public static let inboxUnread = PagePath<Void>("inbox/unread")
    public static let conversation = PagePath<String>("inbox/{conversation}")
    public static let conversationMessages = PagePath<String>("inbox/{conversation}/messages")
    public static let conversationRead = PagePath<String>("inbox/{conversation}/read")
    public static let conversationBlock = PagePath<String>("inbox/{conversation}/block")
    public static let conversationUnblock = PagePath<String>("inbox/{conversation}/unblock")
    public static let conversationReport = PagePath<String>("inbox/{conversation}/report")

    public static let notifications = PagePath<Void>("notifications")
    public static let notificationSettings = PagePath<Void>("notifications/settings")
    public static let pushSubscription = PagePath<Void>("notifications/push")
    public static let pushUnsubscription = PagePath<Void>("notifications/push/remove")

    /// The sign-in page a signed-out visitor is sent to, coming back to `next` afterwards.
    public static func login(returningTo next: String) -> String {
        login.link(query: [("next", next)])
    }
}
