import Foundation
import SproutAPI

/// What the lesson list narrows itself to. The server filters only by app, so these are matched
/// on the client, field by field as spec §4.1 maps them.
public struct LessonFilter: Sendable, Equatable {
    /// `content1`, by substring, as the home tiles match.
    public var group: Lessons.InstrumentGroup
    /// `content2`; nil is every region.
    public var region: Lessons.Region?
    /// `content3`; nil is both.
    public var lessonType: Lessons.LessonType?
    /// `price`, inclusive; nil is any price.
    public var priceRange: ClosedRange<Int>?

    public init(group: Lessons.InstrumentGroup = .all, region: Lessons.Region? = nil, lessonType: Lessons.LessonType? = nil, priceRange: ClosedRange<Int>? = nil) {
        self.group = group
        self.region = region
        self.lessonType = lessonType
        self.priceRange = priceRange
    }

    public func matches(_ post: Lessons.Post) -> Bool {
        group.contains(subject: post.content1)
            && (region.map { post.content2 == $0.rawValue } ?? true)
            && (lessonType.map { post.content3 == $0.rawValue } ?? true)
            && (priceRange?.contains(post.price) ?? true)
    }
}
