import Console
import Fluent
import Platform
import PlatformCore
import Vapor

/// `sprout accounts list|disable|enable|reset-password|grant-admin|revoke-admin`: the operator's
/// hand on accounts. An account is named by its email or its phone number in E.164.
struct AccountsCommands {
    let platform: PlatformServices
    let console: OperatorConsole

    var group: any AsyncCommandGroup {
        AccountsGroup(commands: [
            "list": ListAccountsCommand(platform: platform),
            "disable": DisableAccountCommand(platform: platform, disable: true),
            "enable": DisableAccountCommand(platform: platform, disable: false),
            "reset-password": ResetPasswordCommand(platform: platform),
            "grant-admin": OperatorCommand(platform: platform, console: console, grant: true),
            "revoke-admin": OperatorCommand(platform: platform, console: console, grant: false),
        ])
    }

    static func account(_ handle: String, in platform: PlatformServices, on db: any Database) async throws -> Account {
        do {
            return try await platform.accounts.account(named: handle, on: db)
        } catch AccountError.notFound {
            throw CommandFailure("no account has the email or phone number \(handle)")
        }
    }
}

private struct AccountsGroup: AsyncCommandGroup {
    let commands: [String: any AnyAsyncCommand]
    let help = "List accounts, disable or enable one, give one a new password, or make one an operator of the console."
}

private struct AccountSignature: CommandSignature {
    @Argument(name: "account", help: "The account's email, or its phone number as +821012345678.")
    var handle: String
}

private struct ListAccountsCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    let platform: PlatformServices
    let help = "List accounts: id, email, phone, name, created, and whether disabled."

    func run(using context: CommandContext, signature: Signature) async throws {
        let formatter = ISO8601DateFormatter()
        for account in try await platform.accounts.all(on: context.application.db) {
            let state = account.disabledAt.map { "disabled \(formatter.string(from: $0))" } ?? "active"
            context.console.print([account.id ?? "", account.email ?? "-", account.phoneNumber ?? "-", account.displayName,
                                   formatter.string(from: account.createdAt), state].joined(separator: "\t"))
        }
    }
}

private struct DisableAccountCommand: AsyncCommand {
    typealias Signature = AccountSignature

    let platform: PlatformServices
    let disable: Bool
    var help: String {
        disable
            ? "Disable an account: no log-in or phone sign-in, every session ended (tokens already issued lapse within their lifetime)."
            : "Enable a disabled account again."
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let db = context.application.db
        let account = try await AccountsCommands.account(signature.handle, in: platform, on: db)
        try await platform.accounts.setDisabled(disable, account, on: db)
        if disable { try await platform.endEverySession(of: try account.requireID(), on: db) }
        context.console.info("\(signature.handle) is \(disable ? "disabled; its sessions are ended" : "enabled").")
    }
}

private struct ResetPasswordCommand: AsyncCommand {
    typealias Signature = AccountSignature

    let platform: PlatformServices
    let help = "Give an account a new random password, printed once, and end its sessions."

    func run(using context: CommandContext, signature: Signature) async throws {
        let db = context.application.db
        let account = try await AccountsCommands.account(signature.handle, in: platform, on: db)
        let password = platform.ids.token(byteCount: 12)
        try await platform.accounts.resetPassword(of: account, to: password, on: db)
        try await platform.endEverySession(of: try account.requireID(), on: db)
        context.console.info("\(signature.handle) has a new password; its sessions are ended. It is shown only this once:")
        context.console.print(password)
    }
}

/// The only way to make an account an operator of `/admin`: the web cannot grant.
private struct OperatorCommand: AsyncCommand {
    typealias Signature = AccountSignature

    let platform: PlatformServices
    let console: OperatorConsole
    let grant: Bool
    var help: String {
        grant ? "Make an account an operator of the console at /admin." : "Stop an account being an operator of the console."
    }

    func run(using context: CommandContext, signature: Signature) async throws {
        let db = context.application.db
        let account = try await AccountsCommands.account(signature.handle, in: platform, on: db)
        let changed = try await console.setOperator(grant, account, on: db)
        switch (grant, changed) {
        case (true, true): context.console.info("\(signature.handle) is now an operator of /admin.")
        case (true, false): context.console.info("\(signature.handle) was an operator already.")
        case (false, true): context.console.info("\(signature.handle) is no longer an operator.")
        case (false, false): context.console.info("\(signature.handle) was not an operator.")
        }
    }
}
