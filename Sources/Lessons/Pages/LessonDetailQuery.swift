import SproutAPI

/// A lesson page's fields: which photo is large, and what the checkout came back with.
struct LessonDetailQuery: Codable {
    var photo: Int?
    var payment: Lessons.SandboxCheckoutRequest.Outcome?
}
