import Foundation
import Observation
import SproutAPI
import SproutKit

/// Logging in (spec §6, Login): enabled when the email has an "@" and the password at least five
/// characters; success opens the tab bar, failure says so.
@MainActor @Observable
public final class LoginViewModel {
    public enum Route: Sendable, Equatable {
        /// Signed in: open the tab bar. The screens after it need the person's id.
        case home(userID: String, nick: String)
    }

    public static let failureMessage = "로그인에 실패했어요"

    // MARK: Outputs
    public private(set) var email: String
    public private(set) var password = ""
    public private(set) var isLoggingIn = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    public var isLoginEnabled: Bool {
        email.contains("@") && password.count >= JoinViewModel.minimumPasswordLength && !isLoggingIn
    }

    let lessons: any LessonsService

    /// - Parameter email: prefilled after joining.
    public init(lessons: any LessonsService, email: String = "") {
        self.lessons = lessons
        self.email = email
    }

    // MARK: Inputs

    public func emailChanged(_ text: String) { email = text }
    public func passwordChanged(_ text: String) { password = text }

    public func loginTapped() async {
        guard isLoginEnabled else { return }
        isLoggingIn = true
        defer { isLoggingIn = false }
        do {
            let user = try await lessons.login(email: email, password: password)
            route = .home(userID: user.userID, nick: user.nick)
        } catch SproutError.transport {
            alert = LessonsAlert.network
        } catch {
            alert = Self.failureMessage
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }
}
