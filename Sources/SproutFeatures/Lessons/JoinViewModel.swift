import Foundation
import Observation
import SproutAPI
import SproutKit

/// Joining as a teacher or a student (spec §6, Join). The role goes to the server as `phoneNum`;
/// the duplicate check is optional and never asked twice for the same email; join is enabled by
/// the app's own thresholds, and the server's refusals are shown instead of only logged.
@MainActor @Observable
public final class JoinViewModel {
    public enum Route: Sendable, Equatable {
        /// Joining does not sign in: the app opens Login with the email filled in.
        case login(email: String)
    }

    /// The answer to the duplicate check, for the email it was asked about.
    public struct EmailCheck: Sendable, Equatable {
        public var email: String
        public var message: String
        public var isAvailable: Bool

        public init(email: String, message: String, isAvailable: Bool) {
            self.email = email
            self.message = message
            self.isAvailable = isAvailable
        }
    }

    public static let minimumPasswordLength = 5
    public static let minimumNickLength = 2

    // MARK: Outputs
    public let role: LessonsRole
    public private(set) var email = ""
    public private(set) var password = ""
    public private(set) var nick = ""
    public private(set) var isCheckingEmail = false
    public private(set) var isJoining = false
    /// Why the server refused the join (nickname with a space, taken email or nickname, …).
    public private(set) var joinError: String?
    public private(set) var alert: String?
    public private(set) var route: Route?

    /// Teachers are asked for their name, students for a nickname; both are sent as `nick`.
    public var nickTitle: String { role == .teacher ? "이름" : "닉네임" }
    /// Only a hint next to the field, as in the app: it does not gate the button.
    public var isEmailPlausible: Bool { email.contains("@") }
    public var isJoinEnabled: Bool {
        password.count >= Self.minimumPasswordLength && nick.count >= Self.minimumNickLength && !isJoining
    }
    /// The check's answer while the field still holds the email it was about.
    public var emailCheck: EmailCheck? { lastCheck?.email == email ? lastCheck : nil }

    let lessons: any LessonsService
    private var lastCheck: EmailCheck?

    public init(lessons: any LessonsService, role: LessonsRole) {
        self.lessons = lessons
        self.role = role
    }

    // MARK: Inputs

    public func emailChanged(_ text: String) { email = text }
    public func passwordChanged(_ text: String) { password = text }
    public func nickChanged(_ text: String) { nick = text }

    public func emailCheckTapped() async {
        let email = email
        guard !email.isEmpty, lastCheck?.email != email, !isCheckingEmail else { return }
        isCheckingEmail = true
        defer { isCheckingEmail = false }
        do {
            let answer = try await lessons.validateEmail(email)
            lastCheck = EmailCheck(email: email, message: answer.message, isAvailable: true)
        } catch let SproutError.http(status, _, _) where status == 409 {
            lastCheck = EmailCheck(email: email, message: "이미 사용 중인 이메일이에요.", isAvailable: false)
        } catch let SproutError.http(status, _, message) where status == 400 {
            lastCheck = EmailCheck(email: email, message: message ?? "이메일을 확인해 주세요.", isAvailable: false)
        } catch {
            // Not an answer about this email: the person may ask again.
            alert = LessonsAlert.message(for: error, fallback: LessonsAlert.network)
        }
    }

    public func joinTapped() async {
        guard isJoinEnabled else { return }
        isJoining = true
        defer { isJoining = false }
        joinError = nil
        do {
            _ = try await lessons.join(Lessons.JoinRequest(email: email, password: password, nick: nick, phoneNum: role.phoneNum))
            route = .login(email: email)
        } catch {
            joinError = LessonsAlert.message(for: error, fallback: "회원가입에 실패했어요. 다시 시도해 주세요.")
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }
}
