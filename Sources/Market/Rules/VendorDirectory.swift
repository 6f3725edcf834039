import Fluent
import Foundation
import Platform
import PlatformCore
import Vapor

/// Vendor credentials: creating them for an account, rotating the secret, checking a mutating
/// call's `identifier` header and `secret`.
struct VendorDirectory: Sendable {
    let ids: IdentifierGenerator
    let clock: WallClock

    static let nameLength = 2...30

    /// Makes the account a vendor; the clear secret is returned once and then only its digest kept.
    func register(accountID: String, name: String, on db: any Database) async throws -> (Vendor, secret: String) {
        let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard Self.nameLength.contains(name.count) else { throw VendorError.invalidName }
        if try await Vendor.query(on: db).filter(\.$account.$id == accountID).first() != nil { throw VendorError.alreadyAVendor }
        if try await Vendor.query(on: db).filter(\.$name == name).first() != nil { throw VendorError.nameTaken }
        let secret = ids.token(byteCount: 12)
        let vendor = Vendor(accountID: accountID, name: name, identifier: identifier(), secretDigest: Self.digest(secret), createdAt: clock.now())
        do {
            try await vendor.create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw VendorError.nameTaken
        }
        return (vendor, secret)
    }

    func rotateSecret(of vendor: Vendor, on db: any Database) async throws -> String {
        let secret = ids.token(byteCount: 12)
        vendor.secretDigest = Self.digest(secret)
        try await vendor.save(on: db)
        return secret
    }

    func vendor(id: Int, on db: any Database) async throws -> Vendor? {
        try await Vendor.find(id, on: db)
    }

    func vendor(ofAccount accountID: String, on db: any Database) async throws -> Vendor? {
        try await Vendor.query(on: db).filter(\.$account.$id == accountID).first()
    }

    /// The vendor a mutating call acts as: its `identifier` header must name a vendor and its
    /// `secret` must be that vendor's.
    func authenticate(identifier: String?, secret: String?, on db: any Database) async throws -> Vendor {
        guard let identifier, !identifier.isEmpty,
              let vendor = try await Vendor.query(on: db).filter(\.$identifier == identifier.lowercased()).first()
        else { throw VendorError.unknownIdentifier }
        guard let secret, Self.matches(secret, digest: vendor.secretDigest) else { throw VendorError.wrongSecret }
        return vendor
    }

    /// A lowercase 8-4-4-4-12 identifier with the time-based version nibble, the shape of the
    /// identifiers the academy issued (some clients validate it as a UUID).
    private func identifier() -> String {
        let hex = Array(ids.hex(byteCount: 16))
        var chars = hex
        chars[12] = "1"
        let groups = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(chars[$0]) }
        return groups.joined(separator: "-")
    }

    static func digest(_ secret: String) -> String {
        Hex.encode(SHA256.hash(data: Data(secret.utf8)))
    }

    static func matches(_ secret: String, digest: String) -> Bool {
        constantTimeEquals(Self.digest(secret), digest)
    }
}
