import Foundation
import NIOPosix
import Platform
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
}
