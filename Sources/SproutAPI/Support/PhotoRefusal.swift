/// Why an uploaded photo was refused, in terms a person can act on. Every app that takes photos
/// refuses them for the same reasons; each page and each contract words them in its own language.
public enum PhotoRefusal: Sendable, Equatable {
    case empty
    case tooLarge(maxBytes: Int)
    case tooManyPixels(maxPixels: Int)
    case tooMany(maximum: Int)
    /// Not a JPEG, PNG, GIF, WebP or HEIC image, or one that cannot be decoded.
    case notAnImage
}
