import Console
import Vapor

/// `sprout audit`: the console's audit log, newest first, one tab-separated line per action:
/// number, time, who, action, app, kind, id, account concerned, reason.
struct AuditCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Option(name: "limit", help: "How many actions to print (1 to 10000; 100 by default).")
        var limit: Int?
    }

    let console: OperatorConsole
    let help = "Print the moderation audit log, newest first."

    func run(using context: CommandContext, signature: Signature) async throws {
        let limit = min(max(signature.limit ?? 100, 1), 10_000)
        let lines = try await console.auditLines(limit: limit, on: context.application.db)
        guard !lines.isEmpty else {
            context.console.info("No actions yet.")
            return
        }
        for line in lines { context.console.print(line) }
    }
}
