import Foundation
import SproutKit

/// What the appointment screen tells the person when a call fails. Screens show `text(in:)`;
/// tests compare the cases.
public enum AppointmentAlert: Sendable, Equatable {
    case network
    case serverError
    case signInAgain
    /// 404: the conversation or the appointment is gone, or was never mine.
    case notFound
    /// 409: answered, replaced, called off or past meanwhile (the list is read again).
    case closed
    /// 403 or 422: refused as sent (a past time, a place too long, my own proposal, a block); the
    /// server's reason, in English, when it gave one.
    case refused(String?)

    public func text(in language: ConversationAlert.Language) -> String {
        switch (self, language) {
        case (.network, .korean): "통신 오류가 발생했어요. 다시 시도해 주세요."
        case (.network, .english): "A network error occurred. Please try again."
        case (.serverError, .korean): "서버에 문제가 있어요. 잠시 후 다시 시도해 주세요."
        case (.serverError, .english): "The server had a problem. Please try again shortly."
        case (.signInAgain, .korean): "로그인이 만료되었어요. 다시 로그인해 주세요."
        case (.signInAgain, .english): "Your sign-in has expired. Please sign in again."
        case (.notFound, .korean): "약속을 찾을 수 없어요."
        case (.notFound, .english): "This appointment cannot be found."
        case (.closed, .korean): "이미 답했거나 바뀌었거나 시간이 지난 약속이에요."
        case (.closed, .english): "This appointment was answered, replaced or called off, or its time has passed."
        case (.refused, .korean): "약속을 잡을 수 없어요. 시간과 장소를 확인해 주세요."
        case let (.refused(reason), .english): reason ?? "This appointment cannot be made. Check the time and place."
        }
    }

    /// The alert for a failed call.
    public static func failure(_ error: any Error) -> AppointmentAlert {
        switch error as? SproutError {
        case .transport?: .network
        case .sessionExpired?, .notSignedIn?, .http(401, _, _)?: .signInAgain
        case .http(404, _, _)?: .notFound
        case .http(409, _, _)?: .closed
        case let .http(403, _, message)?, let .http(422, _, message)?, let .http(400, _, message)?: .refused(message)
        default: .serverError
        }
    }
}
