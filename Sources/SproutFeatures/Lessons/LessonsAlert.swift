import Foundation
import SproutKit

/// The text a lesson screen shows for a failed call: the server's own message when it sent one
/// (LSLP's messages are written for people, in Korean), else the screen's fallback.
enum LessonsAlert {
    static let network = "통신 오류가 발생했어요. 다시 시도해 주세요."
    static let signInAgain = "로그인이 만료되었어요. 다시 로그인해 주세요."

    static func message(for error: any Error, fallback: String) -> String {
        switch error as? SproutError {
        case .sessionExpired, .notSignedIn: signInAgain
        case .transport: network
        case let .http(_, _, message?) where !message.isEmpty: message
        default: fallback
        }
    }
}
