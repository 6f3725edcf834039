/// What `sprout` was asked to do, read from its arguments before anything opens the data folder or
/// the database: `--help` anywhere, and a mistyped command, touch nothing.
public enum SproutInvocation: Equatable, Sendable {
    /// Print `usage` and exit.
    case help
    /// A command Sprout does not have: print it with `usage` and exit with an error.
    case unknown(String)
    /// A command to configure Sprout for and run (`serve` when none is named).
    case run(command: String)

    /// Every command, as `--help` lists them. `SproutInvocationTests` checks that these are the
    /// commands the application registers.
    public static let commands: [(usage: String, summary: String)] = [
        ("serve [--hostname HOST] [--port PORT]", "Run the server (the default command)."),
        ("migrate", "Apply pending database migrations and exit."),
        ("seed", "Load the demo accounts and content (skipped when they exist)."),
        ("keys create NAME | keys list | keys revoke NAME", "API keys, sent by lessons clients as the SesacKey header."),
        ("accounts list | disable ACCOUNT | enable ACCOUNT | reset-password ACCOUNT | grant-admin ACCOUNT | revoke-admin ACCOUNT",
         "Accounts, by email or phone number; grant-admin opens the console at /admin to one."),
        ("reports", "List reported things: products, lessons, conversations, study partners."),
        ("audit [--limit N]", "Print the console's moderation audit log, newest first."),
        ("curation set POST SECTION | curation list", "The lessons home screen's curated sections."),
        ("backup PATH", "Copy the database, uploads and secrets into a new folder."),
        ("restore PATH", "Put a backup back into the data folder (the server must be stopped)."),
        ("routes", "List every route the server answers (Vapor's own command)."),
    ]

    public static var commandNames: [String] {
        commands.map { String($0.usage.prefix { $0 != " " }) }
    }

    public static var usage: String {
        let width = (commands.map(\.usage.count).max() ?? 0) + 2
        let lines = commands.map { "  sprout " + $0.usage.padding(toLength: width, withPad: " ", startingAt: 0) + $0.summary }
        return (["Usage: sprout [COMMAND] [--env development|production] [--log LEVEL]", "", "Commands:"] + lines
            + ["", "Settings are environment variables; README lists them."]).joined(separator: "\n")
    }

    /// - Parameter arguments: the command line after the program's name, with Vapor's `--env` and
    ///   `--log` already taken out.
    public init(arguments: [String]) {
        if arguments.first == "help" || arguments.contains(where: { $0 == "--help" || $0 == "-h" }) {
            self = .help
            return
        }
        guard let first = arguments.first, !first.hasPrefix("-") else {
            self = .run(command: "serve")
            return
        }
        self = Self.commandNames.contains(first) ? .run(command: first) : .unknown(first)
    }
}
