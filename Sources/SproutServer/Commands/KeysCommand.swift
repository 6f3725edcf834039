import Platform
import PlatformCore
import Vapor

/// `sprout keys create NAME`, `sprout keys list` and `sprout keys revoke NAME`.
struct KeysCommands {
    let registry: APIKeyRegistry

    var group: any AsyncCommandGroup {
        KeysGroup(commands: [
            "create": CreateKeyCommand(registry: registry), "list": ListKeysCommand(registry: registry), "revoke": RevokeKeyCommand(registry: registry),
        ])
    }
}

private struct KeysGroup: AsyncCommandGroup {
    let commands: [String: any AnyAsyncCommand]
    let help = "Create, list and revoke API keys (sent by lessons clients as the SesacKey header)."
}

private struct CreateKeyCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "A name for the client this key is for.")
        var name: String
    }

    let registry: APIKeyRegistry
    let help = "Create an API key; it is printed once and only its hash is kept."

    func run(using context: CommandContext, signature: Signature) async throws {
        do {
            let key = try await registry.create(name: signature.name, on: context.application.db)
            context.console.info("Created API key \"\(signature.name.trimmingCharacters(in: .whitespaces))\". It is shown only this once:")
            context.console.print(key)
        } catch APIKeyError.nameTaken(let name) {
            throw CommandFailure("an API key named \"\(name)\" already exists")
        } catch APIKeyError.emptyName {
            throw CommandFailure("the key's name must not be empty")
        }
    }
}

private struct ListKeysCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    let registry: APIKeyRegistry
    let help = "List API keys by name, with the first characters of each."

    func run(using context: CommandContext, signature: Signature) async throws {
        let formatter = ISO8601DateFormatter()
        for key in try await registry.list(on: context.application.db) {
            context.console.print("\(key.name)\t\(key.prefix)…\t\(formatter.string(from: key.createdAt))")
        }
    }
}

private struct RevokeKeyCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "name", help: "The key's name, as keys list shows it.")
        var name: String
    }

    let registry: APIKeyRegistry
    let help = "Revoke an API key: clients sending it are refused from the next request on."

    func run(using context: CommandContext, signature: Signature) async throws {
        guard try await registry.revoke(name: signature.name, on: context.application.db) else {
            throw CommandFailure("there is no API key named \"\(signature.name)\"")
        }
        context.console.info("Revoked API key \"\(signature.name.trimmingCharacters(in: .whitespaces))\".")
    }
}
