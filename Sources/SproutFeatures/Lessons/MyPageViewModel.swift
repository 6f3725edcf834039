import Foundation
import Observation
import SproutAPI
import SproutKit

/// My Page (spec §6): who I am, and by role, a student's paid lessons and bookmarks, or a
/// teacher's lessons and the reviews written on them.
@MainActor @Observable
public final class MyPageViewModel {
    /// A review on one of my lessons, with the lesson it is about.
    public struct Review: Sendable, Equatable, Identifiable {
        public var lessonID: String
        public var lessonTitle: String
        public var comment: Lessons.Comment

        public var id: String { comment.commentID }
    }

    public enum Route: Sendable, Equatable {
        case login
        case openLesson
        case lessonDetail(postID: String)
    }

    // MARK: Outputs
    public private(set) var profile: Lessons.MyProfile?
    public private(set) var role: LessonsRole?
    /// Student: "수강 내역", the lessons of my payments, newest payment first.
    public private(set) var paidLessons: [Lessons.Post] = []
    /// Student: "북마크한 레슨".
    public private(set) var bookmarks: [Lessons.Post] = []
    /// Teacher: "나의 레슨 관리".
    public private(set) var myLessons: [Lessons.Post] = []
    /// Teacher: "레슨 수강 후기", every review of every one of my lessons.
    public private(set) var reviews: [Review] = []
    public private(set) var isLoading = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    let lessons: any LessonsService

    public init(lessons: any LessonsService) {
        self.lessons = lessons
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let profile = try await lessons.myProfile()
            let role = LessonsRole(phoneNum: profile.phoneNum)
            self.profile = profile
            self.role = role
            switch role {
            case .student:
                paidLessons = try await lessonsOfMyPayments()
                bookmarks = try await lessons.allPosts(.liked2, pageSize: nil)
            case .teacher:
                myLessons = try await lessons.allPosts(.user(id: profile.userID, productID: Lessons.ProductID.lesson), pageSize: nil)
                reviews = myLessons.flatMap { lesson in
                    lesson.comments.map { Review(lessonID: lesson.postID, lessonTitle: lesson.title, comment: $0) }
                }
            }
        } catch {
            alert = LessonsAlert.message(for: error, fallback: LessonsAlert.network)
        }
    }

    public func lessonTapped(_ lesson: Lessons.Post) {
        route = .lessonDetail(postID: lesson.postID)
    }

    /// "레슨 개설하기", on a teacher's page only.
    public func openLessonTapped() {
        guard role == .teacher else { return }
        route = .openLesson
    }

    /// The contract has no logout call: the session is forgotten and Login opens.
    public func logoutTapped() async {
        await lessons.logout()
        route = .login
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    /// Each paid lesson once, read as the app's cells do (`posts/{id}`). A lesson deleted since
    /// (410) is left out rather than failing the page.
    private func lessonsOfMyPayments() async throws -> [Lessons.Post] {
        var seen: Set<String> = []
        var found: [Lessons.Post] = []
        for receipt in try await lessons.payments() where seen.insert(receipt.postID).inserted {
            do {
                found.append(try await lessons.post(id: receipt.postID))
            } catch let SproutError.http(status, _, _) where status == 410 {
                continue
            }
        }
        return found
    }
}
