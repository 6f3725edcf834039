import Foundation
@testable import Media
import NIOConcurrencyHelpers
import NIOPosix
@testable import Platform
import Testing

@Suite struct ImagePipelineTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/images/\(name)"))
    }

    let pipeline = try! ImagePipeline(threadPool: .singleton)

    /// The size a JPEG or PNG declares in its header, read without libvips.
    static func dimensions(of data: Data) -> (width: Int, height: Int)? {
        let bytes = [UInt8](data)
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) {
            let be = { (i: Int) in bytes[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
            return (be(16), be(20))
        }
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xCF).contains(marker) && ![0xC4, 0xC8, 0xCC].contains(marker) {
                return (Int(bytes[index + 7]) << 8 | Int(bytes[index + 8]), Int(bytes[index + 5]) << 8 | Int(bytes[index + 6]))
            }
            index += 2 + length
        }
        return nil
    }

    @Test func appliesTheEXIFOrientationAndStripsMetadata() async throws {
        let source = try Self.fixture("exif-rotated.jpg")
        #expect(source.range(of: Data("sprout-secret-artist".utf8)) != nil, "the fixture carries the metadata")
        let processed = try #require(try await pipeline.process([source]).first)
        #expect(processed.kind == .jpeg)
        let size = try #require(Self.dimensions(of: processed.original))
        #expect(size.width == 40 && size.height == 60, "orientation 6 turns a 60×40 photo upright: \(size)")
        for output in [processed.original, processed.thumbnail] {
            #expect(output.range(of: Data("sprout-secret-artist".utf8)) == nil)
            #expect(output.range(of: Data("Exif".utf8)) == nil)
            #expect(FileKind(sniffing: output) == .jpeg)
        }
    }

    @Test func keepsTransparencyAsPNG() async throws {
        let processed = try #require(try await pipeline.process([try Self.fixture("transparent.png")]).first)
        #expect(processed.kind == .png)
        #expect(FileKind(sniffing: processed.original) == .png)
    }

    @Test func shrinksLargeImagesAndMakesSmallerThumbnails() async throws {
        let width = 3000, height = 1000
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for index in stride(from: 0, to: pixels.count, by: 3) { pixels[index] = UInt8(index % 251) }
        let large = try ImagePipeline.jpeg(rgb: pixels, width: width, height: height)
        let processed = try #require(try await pipeline.process([large]).first)
        let original = try #require(Self.dimensions(of: processed.original))
        let thumbnail = try #require(Self.dimensions(of: processed.thumbnail))
        #expect(original.width == ImagePipeline.originalMaxSize)
        #expect(thumbnail.width == ImagePipeline.thumbnailMaxSize)
        #expect(thumbnail.height < original.height)
    }

    @Test func refusesBombsNonImagesAndBrokenFiles() async throws {
        await #expect(throws: ImageError.tooManyPixels(limit: ImagePipeline.maxPixels)) {
            try await pipeline.process([try Self.fixture("bomb.png")])
        }
        await #expect(throws: ImageError.notAnImage) {
            try await pipeline.process([Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8)])
        }
        await #expect {
            try await pipeline.process([try Self.fixture("transparent.png"), try Self.fixture("truncated.jpg")])
        } throws: { error in
            if case ImageError.unreadable = error { return true }
            return false
        }
    }

    /// Each image of a two-image batch waits at a barrier until the other has started: worked one
    /// by one, the first would wait alone and the batch would fail.
    @Test func worksTheImagesOfABatchAtTheSameTime() async throws {
        let pool = NIOThreadPool(numberOfThreads: 2)
        pool.start()
        let barrier = Barrier(parties: 2)
        let concurrent = try ImagePipeline(threadPool: pool, willProcess: { _ in try barrier.arriveAndWait() })
        let wide = try ImagePipeline.jpeg(rgb: [UInt8](repeating: 90, count: 30 * 10 * 3), width: 30, height: 10)
        let tall = try ImagePipeline.jpeg(rgb: [UInt8](repeating: 90, count: 10 * 30 * 3), width: 10, height: 30)
        let processed = try await concurrent.process([wide, tall])
        try await pool.shutdownGracefully()
        let sizes = processed.compactMap { Self.dimensions(of: $0.original) }.map { [$0.width, $0.height] }
        #expect(sizes == [[30, 10], [10, 30]], "results keep the batch's order")
    }

    @Test func refusesTheWholeBatchWhenOneImageFailsWhileWorked() async throws {
        let failing = try ImagePipeline(threadPool: .singleton, willProcess: { index in
            if index == 1 { throw ImageError.unreadable("second") }
        })
        let image = try Self.fixture("transparent.png")
        await #expect(throws: ImageError.unreadable("second")) { try await failing.process([image, image, image]) }
    }
}

/// Lets `parties` threads through together: each waits until all have arrived. The deadline only
/// turns a batch worked one by one into a failure instead of a hang.
private final class Barrier: Sendable {
    struct NeverMet: Error {}
    private let arrivals = NIOLockedValueBox(0)
    private let allArrived = ConditionLock(value: false)
    private let parties: Int

    init(parties: Int) { self.parties = parties }

    func arriveAndWait() throws {
        if arrivals.withLockedValue({ $0 += 1; return $0 }) == parties {
            allArrived.lock()
            allArrived.unlock(withValue: true)
        }
        guard allArrived.lock(whenValue: true, timeoutSeconds: 30) else { throw NeverMet() }
        allArrived.unlock()
    }
}
