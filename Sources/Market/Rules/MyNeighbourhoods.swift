import Fluent
import Foundation
import Platform
import PlatformCore

/// 내 동네: up to two 동 from the platform's place list per account, one of them current (where
/// browsing and listing start from), a range to browse within, and a verification of each by
/// where the browser is. Only the account itself reads and changes its own.
struct MyNeighbourhoods: Sendable {
    let places: Neighbourhoods
    let clock: WallClock

    static let maximum = 2
    /// How close to a 동's centre the browser must be to verify it, in metres: a 동 is a few
    /// kilometres across, and a phone indoors places itself within a few hundred metres.
    static let verificationRadius = 5_000.0

    /// One 동 of mine.
    struct Chosen: Sendable, Equatable {
        let place: Neighbourhoods.Place
        let verifiedAt: Date?
        let current: Bool
    }

    /// All of an account's 동네, in the order chosen, and its range.
    struct Setting: Sendable, Equatable {
        let chosen: [Chosen]
        let range: NeighbourhoodRange

        var current: Chosen? { chosen.first(where: \.current) }
    }

    func setting(of accountID: String, on db: any Database) async throws -> Setting {
        let rows = try await rows(of: accountID, on: db)
        let chosen = rows.compactMap { row in
            places.place(row.dongCode).map { Chosen(place: $0, verifiedAt: row.verifiedAt, current: row.current) }
        }
        return Setting(chosen: chosen, range: rows.first.flatMap { NeighbourhoodRange(rawValue: $0.range) } ?? .standard)
    }

    /// My current 동 and my range; nil until I choose one.
    func current(of accountID: String, on db: any Database) async throws -> (place: Neighbourhoods.Place, range: NeighbourhoodRange)? {
        let mine = try await setting(of: accountID, on: db)
        return mine.current.map { (place: $0.place, range: mine.range) }
    }

    /// Sets all of my 동네 at once: `codes` in order (the same one twice counts once, none
    /// clears them), `current` among them (by default the current one if kept, else the first),
    /// `range` (kept when nil). A 동 kept keeps its verification.
    func set(_ accountID: String, codes: [String], current: String?, range: NeighbourhoodRange?, on db: any Database) async throws -> Setting {
        let unique = Self.distinct(codes)
        guard unique.count <= Self.maximum else { throw NeighbourhoodError.tooMany(maximum: Self.maximum) }
        guard unique.allSatisfy({ places.place($0) != nil }) else { throw NeighbourhoodError.unknownPlace }
        let chosenCurrent = current.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
        if let chosenCurrent, !unique.contains(chosenCurrent) { throw NeighbourhoodError.notChosen }
        try await db.writeTransaction { db in
            let existing = try await lockedRows(of: accountID, on: db)
            let verified = Dictionary(existing.map { ($0.dongCode, $0.verifiedAt) }) { first, _ in first }
            let keptCurrent = existing.first(where: \.current).map(\.dongCode).flatMap { unique.contains($0) ? $0 : nil }
            let currentCode = chosenCurrent ?? keptCurrent ?? unique.first
            let newRange = range ?? existing.first.flatMap { NeighbourhoodRange(rawValue: $0.range) } ?? .standard
            try await ChosenNeighbourhood.query(on: db).filter(\.$accountID == accountID).delete()
            for (position, code) in unique.enumerated() {
                try await ChosenNeighbourhood(accountID: accountID, dongCode: code, position: position, verifiedAt: verified[code] ?? nil,
                                              current: code == currentCode, range: newRange).create(on: db)
            }
        }
        return try await setting(of: accountID, on: db)
    }

    /// Makes one of my 동 the current one.
    func choose(_ accountID: String, current code: String, on db: any Database) async throws -> Setting {
        try await db.writeTransaction { db in
            let rows = try await lockedRows(of: accountID, on: db)
            guard rows.contains(where: { $0.dongCode == code }) else { throw NeighbourhoodError.notChosen }
            for row in rows where row.current != (row.dongCode == code) {
                row.current = row.dongCode == code
                try await row.save(on: db)
            }
        }
        return try await setting(of: accountID, on: db)
    }

    /// Changes my range. It is kept with my 동, so without one it stays the standard range.
    func setRange(_ accountID: String, _ range: NeighbourhoodRange, on db: any Database) async throws -> Setting {
        try await ChosenNeighbourhood.query(on: db).filter(\.$accountID == accountID).set(\.$range, to: range.rawValue).update()
        return try await setting(of: accountID, on: db)
    }

    /// Verifies one of my 동 by where the browser says it is: within `verificationRadius` of the
    /// 동's centre, it is verified now; farther, `NeighbourhoodError.tooFar` says how far.
    func verify(_ accountID: String, code: String, lat: Double, long: Double, on db: any Database) async throws -> Setting {
        guard let position = GeoPoint(lat: lat, long: long) else { throw NeighbourhoodError.invalidPosition }
        guard let row = try await ChosenNeighbourhood.query(on: db).filter(\.$accountID == accountID).filter(\.$dongCode == code).first(),
              let place = places.place(row.dongCode)
        else { throw NeighbourhoodError.notChosen }
        let distance = place.point.distance(to: position)
        guard distance <= Self.verificationRadius else { throw NeighbourhoodError.tooFar(distance: distance, limit: Self.verificationRadius) }
        row.verifiedAt = clock.now()
        try await row.save(on: db)
        return try await setting(of: accountID, on: db)
    }

    /// The codes trimmed, each once, in the order first sent.
    static func distinct(_ codes: [String]) -> [String] {
        var seen = Set<String>()
        var kept: [String] = []
        for code in codes.map({ $0.trimmingCharacters(in: .whitespacesAndNewlines) }) where seen.insert(code).inserted {
            kept.append(code)
        }
        return kept
    }

    /// Metres as people say the distance between 동: kilometres with one decimal ("0.6", "15.2").
    static func kilometres(_ metres: Double) -> String {
        String(format: "%.1f", metres / 1_000)
    }

    private func rows(of accountID: String, on db: any Database) async throws -> [ChosenNeighbourhood] {
        try await ChosenNeighbourhood.query(on: db).filter(\.$accountID == accountID).sort(\.$position).all()
    }

    /// The rows, with the account locked until the transaction ends: two changes at once apply
    /// one after the other instead of both deleting and re-adding the same positions.
    private func lockedRows(of accountID: String, on db: any Database) async throws -> [ChosenNeighbourhood] {
        _ = try await Account.findLocked(accountID, idColumn: "id", on: db)
        return try await rows(of: accountID, on: db)
    }
}
