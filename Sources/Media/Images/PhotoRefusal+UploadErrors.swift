import SproutAPI

extension PhotoRefusal {
    /// The refusal a file-store or image-pipeline error stands for; nil for errors that are not
    /// the photo's fault (a full disk is the server's).
    public init?(_ error: any Error) {
        switch error {
        case FileStoreError.empty: self = .empty
        case let FileStoreError.tooLarge(limit): self = .tooLarge(maxBytes: limit)
        case let FileStoreError.tooMany(limit): self = .tooMany(maximum: limit)
        case FileStoreError.unsupportedType, ImageError.notAnImage, ImageError.unreadable: self = .notAnImage
        case let ImageError.tooManyPixels(limit): self = .tooManyPixels(maxPixels: limit)
        default: return nil
        }
    }

    /// The refusal in English, for the JSON contracts' error texts.
    public var englishReason: String {
        switch self {
        case .empty: "the photo is empty"
        case let .tooLarge(maxBytes): "larger than \(Self.megabytes(maxBytes)) MB"
        case let .tooManyPixels(maxPixels): "more than \(maxPixels / 1_000_000) million pixels"
        case let .tooMany(maximum): "more than \(maximum) photos"
        case .notAnImage: "not a JPEG, PNG, GIF, WebP or HEIC image"
        }
    }

    package static func megabytes(_ bytes: Int) -> Int { max(bytes / 1_048_576, 1) }
}
