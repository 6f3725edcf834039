import Foundation
import SproutKit

/// What a conversations or notifications screen tells the person. Screens show `text(in:)`;
/// tests compare the cases.
public enum ConversationAlert: Sendable, Equatable {
    public enum Language: Sendable { case korean, english }

    case network
    case serverError
    case signInAgain
    /// 403: one of us blocked the other.
    case blocked
    /// 404: the conversation is gone, or was never mine.
    case notFound
    /// 400: the server refused what was sent (a text too long, a photo that is not an image);
    /// its reason, in English, when it gave one.
    case refused(String?)
    case reported
    case alreadyReported

    public func text(in language: Language) -> String {
        switch (self, language) {
        case (.network, .korean): "통신 오류가 발생했어요. 다시 시도해 주세요."
        case (.network, .english): "A network error occurred. Please try again."
        case (.serverError, .korean): "서버에 문제가 있어요. 잠시 후 다시 시도해 주세요."
        case (.serverError, .english): "The server had a problem. Please try again shortly."
        case (.signInAgain, .korean): "로그인이 만료되었어요. 다시 로그인해 주세요."
        case (.signInAgain, .english): "Your sign-in has expired. Please sign in again."
        case (.blocked, .korean): "차단된 상대와는 대화할 수 없어요."
        case (.blocked, .english): "One of you blocked the other, so messages cannot be sent."
        case (.notFound, .korean): "대화를 찾을 수 없어요."
        case (.notFound, .english): "This conversation cannot be found."
        case (.refused, .korean): "보낼 수 없는 메시지예요."
        case let (.refused(reason), .english): reason ?? "This message cannot be sent."
        case (.reported, .korean): "신고가 접수되었어요."
        case (.reported, .english): "Thank you, the report was filed."
        case (.alreadyReported, .korean): "이미 신고한 대화예요."
        case (.alreadyReported, .english): "You reported this conversation before."
        }
    }

    /// The alert for a failed call.
    public static func failure(_ error: any Error) -> ConversationAlert {
        switch error as? SproutError {
        case .transport?: .network
        case .sessionExpired?, .notSignedIn?, .http(401, _, _)?: .signInAgain
        case .http(403, _, _)?: .blocked
        case .http(404, _, _)?: .notFound
        case let .http(400, _, message)?: .refused(message)
        default: .serverError
        }
    }
}
