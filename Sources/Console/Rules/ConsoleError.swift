/// What the console refuses, each shown on its page as a clear sentence.
enum ConsoleError: Error, Equatable {
    /// No report names this thing.
    case unknownCase
    /// Its app cannot find it, or cannot hide that kind of thing.
    case unknownThing
    case unknownAccount
    /// An operator's own account is disabled only by another operator or the command line.
    case ownAccount
    /// Every action says why, in at most `AuditLog.reasonLength` characters.
    case reasonNeeded
    case reasonTooLong
}
