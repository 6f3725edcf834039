import Foundation

/// Teacher or student. All For Lesson has no role field: join sends it in `phoneNum` and My Page
/// reads it back from there (spec §4.3). The server stores it as a real role on the lessons
/// profile, and the web pages and the SDK's view models rely on it.
public enum LessonsRole: String, Codable, Sendable, CaseIterable {
    case teacher, student

    /// What join sends: "1" for a teacher, "0" for a student.
    public var phoneNum: String { self == .teacher ? "1" : "0" }

    /// Only "1" is a teacher, as Sprout's server records it. (The published app took anything
    /// but "0" for a teacher, which made an account joined elsewhere, with no flag, a teacher.)
    public init(phoneNum: String) {
        self = phoneNum == "1" ? .teacher : .student
    }
}
