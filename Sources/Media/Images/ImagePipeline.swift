import Foundation
import NIOPosix
import PlatformCore
import SproutImaging

public enum ImageError: Error, Equatable {
    /// Not a JPEG, PNG, GIF, WebP or HEIC, whatever its name or declared type.
    case notAnImage
    /// More pixels than `ImagePipeline.maxPixels`: a decompression bomb or an absurd photo.
    case tooManyPixels(limit: Int)
    /// Looked like an image but libvips could not read it (truncated or corrupt).
    case unreadable(String)
}

/// An uploaded image after the pipeline: re-encoded at a bounded size without metadata, with its
/// thumbnail.
public struct ProcessedImage: Sendable {
    public let original: Data
    public let thumbnail: Data
    public let kind: FileKind
}

/// Decodes and re-encodes uploaded images with libvips: EXIF orientation applied, every byte of
/// metadata (location included) dropped, the size bounded, a thumbnail made. Work runs on the
/// thread pool, never on an event loop.
public struct ImagePipeline: Sendable {
    public static let maxPixels = 50_000_000
    public static let originalMaxSize = 2048
    public static let thumbnailMaxSize = 640

    let threadPool: NIOThreadPool
    /// Called on a pool thread as each image of a batch starts, with its place in the batch: lets a
    /// test hold the images there and see that they are worked at the same time.
    let willProcess: @Sendable (_ index: Int) throws -> Void

    public init(threadPool: NIOThreadPool) throws {
        try self.init(threadPool: threadPool, willProcess: { _ in })
    }

    init(threadPool: NIOThreadPool, willProcess: @escaping @Sendable (_ index: Int) throws -> Void) throws {
        self.threadPool = threadPool
        self.willProcess = willProcess
        try Self.start()
    }

    /// Checks the bytes and the header of every image first, then processes them, each on its own
    /// pool thread: libvips works an image on one thread (`vips_concurrency_set(1)`), so a form's
    /// photos take about as long as its largest instead of their sum. The pool's size (the
    /// server's, one thread a core) bounds how many run. Results keep the batch's order; a batch
    /// with one bad image is refused whole: the caller gets every result or none, and stores none.
    public func process(_ images: [Data]) async throws -> [ProcessedImage] {
        try await ServerMetrics.inProgress(ServerMetrics.imageBatches) {
            try await threadPool.runIfActive {
                for image in images { try Self.check(image) }
            }
            return try await withThrowingTaskGroup(of: (Int, ProcessedImage).self) { group in
                for (index, image) in images.enumerated() {
                    group.addTask {
                        try await (index, threadPool.runIfActive {
                            try willProcess(index)
                            return try Self.processChecked(image)
                        })
                    }
                }
                var processed = [ProcessedImage?](repeating: nil, count: images.count)
                for try await (index, image) in group { processed[index] = image }
                return processed.map { $0! }
            }
        }
    }

    /// A JPEG of raw RGB pixels (demo data draws its product photos this way).
    public static func jpeg(rgb pixels: [UInt8], width: Int, height: Int, quality: Int = 85) throws -> Data {
        try start()
        precondition(pixels.count == width * height * 3, "RGB buffer must hold width × height × 3 bytes")
        return try call { output, length, error in
            pixels.withUnsafeBufferPointer { buffer in
                sprout_image_encode_rgb(buffer.baseAddress, Int32(width), Int32(height), Int32(quality), output, length, error, errorLength)
            }
        }
    }

    static func check(_ data: Data) throws {
        guard let kind = FileKind(sniffing: data), FileKind.images.contains(kind) else { throw ImageError.notAnImage }
        var info = sprout_image_info()
        var message = [CChar](repeating: 0, count: errorLength)
        let status = data.withUnsafeBytes { bytes in
            sprout_image_probe(bytes.baseAddress, bytes.count, &info, &message, errorLength)
        }
        guard status == 0 else { throw ImageError.unreadable(message.text) }
        guard info.width > 0, info.height > 0, Int(info.width) * Int(info.height) <= maxPixels else {
            throw ImageError.tooManyPixels(limit: maxPixels)
        }
    }

    /// PNG keeps transparency; everything else becomes JPEG.
    static func processChecked(_ data: Data) throws -> ProcessedImage {
        var info = sprout_image_info()
        var message = [CChar](repeating: 0, count: errorLength)
        _ = data.withUnsafeBytes { sprout_image_probe($0.baseAddress, $0.count, &info, &message, errorLength) }
        let asPNG = info.has_alpha != 0
        func resized(_ maxSize: Int, quality: Int) throws -> Data {
            try call { output, length, error in
                data.withUnsafeBytes { bytes in
                    sprout_image_resize(bytes.baseAddress, bytes.count, Int32(maxSize), asPNG ? 1 : 0, Int32(quality), output, length, error, errorLength)
                }
            }
        }
        return ProcessedImage(
            original: try resized(originalMaxSize, quality: 85),
            thumbnail: try resized(thumbnailMaxSize, quality: 80),
            kind: asPNG ? .png : .jpeg
        )
    }

    private static let errorLength = 512

    /// Runs one libvips call that allocates its output, copying the result into `Data`.
    private static func call(_ body: (UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>, UnsafeMutablePointer<CChar>) -> Int32) throws -> Data {
        var output: UnsafeMutableRawPointer?
        var length = 0
        var message = [CChar](repeating: 0, count: errorLength)
        let status = message.withUnsafeMutableBufferPointer { body(&output, &length, $0.baseAddress!) }
        guard status == 0, let output else { throw ImageError.unreadable(message.text) }
        defer { sprout_image_free(output) }
        return Data(bytes: output, count: length)
    }

    private static let started: Result<Void, ImageError> = {
        var message = [CChar](repeating: 0, count: errorLength)
        return sprout_imaging_start(&message, errorLength) == 0 ? .success(()) : .failure(.unreadable(message.text))
    }()

    static func start() throws { try started.get() }
}

private extension [CChar] {
    /// The NUL-terminated C string in this buffer.
    var text: String { String(decoding: prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) }
}
