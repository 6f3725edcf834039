import Fluent
import Media
import Synchronization

/// An app module's stored files that belong to one account (profile pictures, post photos, memo
/// photos), asked for before the account is withdrawn so that they go with it; the rows naming
/// them go through their foreign keys.
public protocol AccountFileOwner: Sendable {
    func files(ownedBy accountID: String, on db: any Database) async throws -> [String]
}

/// Every module's `AccountFileOwner`, whichever module the withdrawal comes through. The modules
/// are made after the platform, so the server registers them once they are.
public final class AccountFiles: Sendable {
    private let state = Mutex<(owners: [any AccountFileOwner], store: FileStore?)>(([], nil))

    public init() {}

    public func register(_ owners: [any AccountFileOwner], store: FileStore) {
        state.withLock { $0 = (owners, store) }
    }

    func paths(of accountID: String, on db: any Database) async throws -> [String] {
        var paths: [String] = []
        for owner in state.withLock({ $0.owners }) {
            paths += try await owner.files(ownedBy: accountID, on: db)
        }
        return paths
    }

    func delete(_ paths: [String]) async {
        guard let store = state.withLock({ $0.store }) else { return }
        for path in paths { try? await store.delete(path: path) }
    }
}
