import Foundation
import Platform
import PlatformCore
import Testing

@Suite struct DataDirectoryTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-dd-\(UUID().uuidString)")

    @Test func createsSecretOnceWithOwnerOnlyPermissions() throws {
        let directory = try DataDirectory(folder)
        var made = 0
        let first = try directory.secret(named: "jwt-secret") { made += 1; return "s3cret" }
        let second = try directory.secret(named: "jwt-secret") { made += 1; return "other" }
        #expect(first == "s3cret")
        #expect(second == "s3cret")
        #expect(made == 1)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent("jwt-secret").path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        try FileManager.default.removeItem(at: folder)
    }
}
