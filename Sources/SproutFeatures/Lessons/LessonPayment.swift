import Foundation
import SproutAPI

/// Where applying for a lesson stands (spec §5): the payment window, then the server's validation.
public enum LessonPayment: Sendable, Equatable {
    case idle
    case inProgress
    /// Validated and recorded by the server.
    case paid(Lessons.Receipt)
    /// The person closed the payment window. Nothing was sent for validation.
    case cancelled
    /// The window reported a failure or the server refused the payment; the reason to show.
    case failed(String)
}
