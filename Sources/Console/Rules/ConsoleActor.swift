/// Who takes a moderation action: an operator signed in on the console, or the command line.
struct ConsoleActor: Sendable, Equatable {
    /// nil for the command line.
    let accountID: String?
    /// What the audit log shows: the operator's email or name, or "command line".
    let name: String

    static let commandLine = ConsoleActor(accountID: nil, name: "command line")
}
