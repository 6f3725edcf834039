/// The pages every app shares: the hub, accounts, the inbox and notifications. Each app's own
/// pages are in its `…Paths`; a link to one of these is built from here, never written out.
public enum PlatformPaths {
    public static let hub = PagePath<Void>("")
    public static let signup = PagePath<Void>("signup")
    public static let login = PagePath<Void>("login")
    public static let logout = PagePath<Void>("logout")
    public static let logoutEverywhere = PagePath<Void>("logout/everywhere")
    public static let account = PagePath<Void>("account")

    /// Phone sign-in (`PhoneSignInPages`): the number, then its two posts, sending the code and
    /// checking it.
    public static let phoneLogin = PagePath<Void>("login/phone")
    public static let phoneLoginCode = PagePath<Void>("login/phone/code")
    public static let phoneLoginVerify = PagePath<Void>("login/phone/verify")
    /// The same two steps giving the signed-in account a number.
    public static let phoneLink = PagePath<Void>("account/phone")
    public static let phoneLinkCode = PagePath<Void>("account/phone/code")
    public static let phoneLinkVerify = PagePath<Void>("account/phone/verify")
    /// By `WebLanguage` raw value; `next` says where to go back to.
    public static let language = PagePath<String>("language/{code}")
    public static let docs = PagePath<Void>("docs")

    /// A module's stylesheet or script by module name and file, its content's hash in the file's
    /// name (`app.3f2a9c1d0b4e5f67.css`).
    public static let asset = PagePath<(String, String)>("assets/{module}/{file}")
    /// The push service worker, at the root so its scope is the whole site.
    public static let pushWorker = PagePath<Void>("push-sw.js")
    public static let favicon = PagePath<Void>("favicon.svg")
    /// What browsers ask for on their own, whatever the page links.
    public static let faviconICO = PagePath<Void>("favicon.ico")

    public static let inbox = PagePath<Void>("inbox")
    public static let inboxUnread = PagePath<Void>("inbox/unread")
    public static let conversation = PagePath<String>("inbox/{conversation}")
    public static let conversationMessages = PagePath<String>("inbox/{conversation}/messages")
    public static let conversationRead = PagePath<String>("inbox/{conversation}/read")
    public static let conversationBlock = PagePath<String>("inbox/{conversation}/block")
    public static let conversationUnblock = PagePath<String>("inbox/{conversation}/unblock")
    public static let conversationReport = PagePath<String>("inbox/{conversation}/report")
    /// 약속 잡기 in a conversation: a proposal, and the answers to one by conversation and appointment id.
    public static let conversationAppointments = PagePath<String>("inbox/{conversation}/appointments")
    public static let conversationAppointmentAccept = PagePath<(String, Int)>("inbox/{conversation}/appointments/{appointment}/accept")
    public static let conversationAppointmentDecline = PagePath<(String, Int)>("inbox/{conversation}/appointments/{appointment}/decline")
    public static let conversationAppointmentCancel = PagePath<(String, Int)>("inbox/{conversation}/appointments/{appointment}/cancel")

    public static let notifications = PagePath<Void>("notifications")
    public static let notificationSettings = PagePath<Void>("notifications/settings")
    public static let pushSubscription = PagePath<Void>("notifications/push")
    public static let pushUnsubscription = PagePath<Void>("notifications/push/remove")

    /// The sign-in page a signed-out visitor is sent to, coming back to `next` afterwards.
    public static func login(returningTo next: String) -> String {
        login.link(query: ReturnTo(next: next))
    }

    public static func signup(returningTo next: String) -> String {
        signup.link(query: ReturnTo(next: next))
    }

    public static func phoneLogin(returningTo next: String) -> String {
        phoneLogin.link(query: ReturnTo(next: next))
    }

    /// Where a signed-in account without a number is sent to link one, coming back to `next`.
    public static func phoneLink(returningTo next: String) -> String {
        phoneLink.link(query: ReturnTo(next: next))
    }

    /// The switch to `language`, coming back to `next`.
    public static func language(_ language: WebLanguage, returningTo next: String) -> String {
        self.language.link(language.rawValue, query: ReturnTo(next: next))
    }
}
