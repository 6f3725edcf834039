import Fluent
import Foundation
import Platform
import PlatformCore
import SQLKit

/// Whether someone has a study socket open on any instance, so a chat reaches them as a push
/// only while they have none. Each instance records the uids it holds sockets for under its own
/// id and refreshes them every ping interval; a row not refreshed for `staleAfter` (an instance
/// that died) no longer counts and is pruned.
struct StudyPresence: Sendable {
    let instance: String
    let clock: WallClock
    let staleAfter: Duration

    /// The first socket of `uid` on this instance bound.
    func arrived(_ uid: String, on db: any Database) async throws {
        let now = milliseconds(clock.now())
        try await db.writeTransaction { db in try await arrived(uid, at: now, on: db) }
    }

    private func arrived(_ uid: String, at now: Int64, on db: any Database) async throws {
        let sql = try db.sql()
        try await sql.insert(into: SocketPresence.schema)
            .columns("key", "uid", "instance", "seen_ms")
            .values(SQLBind(key(uid)), SQLBind(uid), SQLBind(instance), SQLBind(now))
            .onConflict(with: "key") { $0.set("seen_ms", to: now) }
            .run()
    }

    /// The last socket of `uid` on this instance closed.
    func left(_ uid: String, on db: any Database) async throws {
        let key = key(uid)
        try await db.writeTransaction { db in
            try await SocketPresence.query(on: db).filter(\.$id == key).delete()
        }
    }

    /// Makes this instance's rows say exactly who it holds sockets for (an arrival and a leaving
    /// recorded out of order are mended here), marks them current, and prunes every instance's
    /// stale rows.
    func refresh(holding held: Set<String>, on db: any Database) async throws {
        let now = milliseconds(clock.now())
        let (instance, horizon) = (instance, now - staleAfterMilliseconds)
        try await db.writeTransaction { db in
            let recorded = Set(try await SocketPresence.query(on: db).filter(\.$instance == instance).all(\.$uid))
            let gone = Array(recorded.subtracting(held))
            for start in stride(from: 0, to: gone.count, by: Self.batch) {
                let batch = Array(gone[start..<min(start + Self.batch, gone.count)])
                try await SocketPresence.query(on: db).filter(\.$instance == instance).filter(\.$uid ~~ batch).delete()
            }
            for uid in held.subtracting(recorded) {
                try await arrived(uid, at: now, on: db)
            }
            try await SocketPresence.query(on: db).filter(\.$instance == instance).set(\.$seenMilliseconds, to: now).update()
            try await SocketPresence.query(on: db).filter(\.$seenMilliseconds < horizon).delete()
        }
    }

    /// This instance is going away with its sockets.
    func leaveAll(on db: any Database) async throws {
        let instance = instance
        try await db.writeTransaction { db in
            try await SocketPresence.query(on: db).filter(\.$instance == instance).delete()
        }
    }

    /// Asked for every chat, so in plain SQL: no model to build (see `StudyChat.send`).
    func isOnline(_ uid: String, on db: any Database) async throws -> Bool {
        let sql = try db.sql()
        let horizon = milliseconds(clock.now()) - staleAfterMilliseconds
        return try await sql.select().column("uid").from(SocketPresence.schema)
            .where("uid", .equal, SQLBind(uid)).where("seen_ms", .greaterThanOrEqual, SQLBind(horizon))
            .limit(1).first() != nil
    }

    /// Uids per statement: well under SQLite's bound-parameter limit.
    private static let batch = 500

    private func key(_ uid: String) -> String { "\(instance) \(uid)" }

    private var staleAfterMilliseconds: Int64 { staleAfter.milliseconds }

    private func milliseconds(_ date: Date) -> Int64 { StudyChat.milliseconds(date) }
}
