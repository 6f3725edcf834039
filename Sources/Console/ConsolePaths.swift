import Platform

/// The operator console's pages, each path written once. Every one answers 404 to anyone who is
/// not an operator, so the console's existence is not advertised.
enum ConsolePaths {
    /// The open reports, newest or most reported first, filtered by app and kind.
    static let queue = PagePath<Void>("admin")
    /// One reported thing in context, by the app's name and the app's id of it.
    static let reportCase = PagePath<(String, String)>("admin/reports/{app}/{subject}")
    static let dismiss = PagePath<(String, String)>("admin/reports/{app}/{subject}/dismiss")
    /// Hides or restores one thing (the reported one, or a comment or message shown with it).
    static let hide = PagePath<(String, String)>("admin/reports/{app}/{subject}/hide")
    static let account = PagePath<String>("admin/accounts/{id}")
    static let accountState = PagePath<String>("admin/accounts/{id}/state")
    static let audit = PagePath<Void>("admin/audit")
    static let activity = PagePath<Void>("admin/activity")
}
