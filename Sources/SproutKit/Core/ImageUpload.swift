import Foundation

/// A photo to upload: a market product's image, a lesson's photo, a profile picture.
public struct ImageUpload: Sendable, Equatable {
    public var filename: String
    public var contentType: String
    public var data: Data

    public init(filename: String, contentType: String = "image/jpeg", data: Data) {
        self.filename = filename
        self.contentType = contentType
        self.data = data
    }
}
