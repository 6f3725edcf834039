import Foundation
@testable import Media
import NIOPosix
@testable import Platform
import Testing

@Suite struct FileStoreTests {
    static let png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array(repeating: 0, count: 32))
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0] + Array(repeating: 1, count: 32))

    let root = FileManager.default.temporaryDirectory.appendingPathComponent("sprout-files-\(UUID().uuidString)/uploads")

    func store(maxBytes: Int = 1000, maxCount: Int = 3) -> FileStore {
        FileStore(root: root, ids: .secureRandom, threadPool: .singleton, maxBytes: maxBytes, maxCount: maxCount)
    }

    func filesOnDisk() -> [String] {
        (FileManager.default.enumerator(atPath: root.path)?.allObjects as? [String] ?? []).filter { $0.contains(".") }
    }

    @Test func savesUnderGeneratedNamesWithTheSniffedExtension() async throws {
        let saved = try await store().save([Self.png, Self.jpeg], area: "posts")
        #expect(saved.map(\.kind) == [.png, .jpeg])
        #expect(saved[0].path.hasPrefix("uploads/posts/") && saved[0].path.hasSuffix(".png"))
        #expect(saved[1].path.hasSuffix(".jpg"))
        #expect(saved[0].path != saved[1].path)
        let key = try #require(store().key(of: saved[0].path.split(separator: "/").map(String.init)))
        #expect(try Data(contentsOf: root.appendingPathComponent(key)) == Self.png)
        #expect(try await store().exists(saved[0].path))
    }

    @Test func rejectedBatchesLeaveNothingBehind() async throws {
        let store = store(maxBytes: 100, maxCount: 2)
        await #expect(throws: FileStoreError.unsupportedType) {
            try await store.save([Self.png, Data("<?php echo 1; ?>".utf8)], area: "posts")
        }
        await #expect(throws: FileStoreError.tooLarge(limit: 100)) {
            try await store.save([Self.png, Self.png + Data(count: 200)], area: "posts")
        }
        await #expect(throws: FileStoreError.tooMany(limit: 2)) {
            try await store.save([Self.png, Self.png, Self.png], area: "posts")
        }
        await #expect(throws: FileStoreError.empty) { try await store.save([Data()], area: "posts") }
        #expect(filesOnDisk().isEmpty)
    }

    @Test(arguments: [
        ["uploads", "..", "jwt-secret"],
        ["uploads", "posts", "..%2F..%2Fjwt-secret"],
        ["uploads", "%2e%2e", "x.png"],
        ["uploads", "posts", "/etc/passwd"],
        ["uploads", "", "x.png"],
        ["uploads", "posts", ".hidden.png"],
        ["uploads", "posts", "name.sqlite"],
        ["elsewhere", "posts", "x.png"],
        ["uploads", "posts", "x.png", "extra"],
        ["uploads", "posts"],
    ])
    func pathsItCouldNotHaveMadeNeverReachTheDisk(components: [String]) {
        #expect(store().key(of: components) == nil)
    }
}
