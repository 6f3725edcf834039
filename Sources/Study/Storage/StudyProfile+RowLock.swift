import Fluent
import Platform

extension StudyProfile {
    /// A profile read with its row locked (`Model.findLocked`): an item appended to a collection
    /// would otherwise be overwritten by a concurrent writer of the same profile.
    static func findLocked(_ uid: String, on db: any Database) async throws -> StudyProfile? {
        try await findLocked(uid, idColumn: "uid", on: db)
    }
}
