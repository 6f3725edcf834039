import Foundation

/// The kinds of file Sprout stores, recognised by their leading bytes, never by name or by the
/// content type a client claims (clients send `image/jpg`, `application/octet-stream`, or nothing).
public enum FileKind: String, Sendable, CaseIterable {
    case jpeg, png, gif, webp, heic

    public static let images: Set<FileKind> = Set(allCases)

    public var fileExtension: String { self == .jpeg ? "jpg" : rawValue }

    public var mediaType: String { "image/\(rawValue)" }

    public init?(fileExtension: String) {
        guard let kind = FileKind.allCases.first(where: { $0.fileExtension == fileExtension }) else { return nil }
        self = kind
    }

    /// Identifies a file from its magic bytes.
    public init?(sniffing bytes: some Collection<UInt8>) {
        let head = Array(bytes.prefix(16))
        func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
            head.count >= offset + signature.count && Array(head[offset..<offset + signature.count]) == signature
        }
        if starts([0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) {
            self = .gif
        } else if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) {
            self = .webp
        } else if starts(Array("ftyp".utf8), at: 4) && ["heic", "heix", "mif1", "msf1"].contains(where: { starts(Array($0.utf8), at: 8) }) {
            self = .heic
        } else {
            return nil
        }
    }
}
