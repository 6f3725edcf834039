import Vapor

/// Phone sign-in refusals in the page's words, and the status each page answers with.
enum PhonePageMessages {
    static func message(for error: PhoneSignInError, _ context: PageContext) -> String {
        switch error {
        case .missingPhoneNumber:
            context.pick(ko: "휴대폰 번호를 입력해 주세요.", en: "Enter your phone number.")
        case .invalidPhoneNumber:
            context.pick(ko: "휴대폰 번호 형식이 올바르지 않아요. 예: 010-1234-5678", en: "That is not a valid phone number. Example: 010-1234-5678")
        case .missingCode, .invalidCode:
            context.pick(ko: "인증번호가 맞지 않아요. 다시 확인해 주세요.", en: "Wrong code. Check it and try again.")
        case .missingSessionInfo, .invalidSession, .sessionExpired:
            context.pick(ko: "인증번호가 만료되었어요. 인증번호를 다시 받아 주세요.", en: "This code has expired. Ask for a new one.")
        case let .tooManyAttempts(retryAfter):
            context.pick(ko: "요청이 너무 많았어요. \(retryAfter)초 후에 다시 시도해 주세요.", en: "Too many attempts. Try again in \(retryAfter) seconds.")
        case .phoneBelongsToAnotherAccount:
            context.pick(ko: "이미 다른 계정에 연결된 번호예요. 그 번호로 로그인해 주세요.", en: "This number belongs to another account. Sign in with it instead.")
        case .numberNotAllowed:
            context.pick(ko: "이 서버에서는 이 번호로 인증번호를 보낼 수 없어요.", en: "This server does not send codes to this number.")
        case .smsNotSent:
            context.pick(ko: "문자를 보내지 못했어요. 잠시 후 다시 시도해 주세요.", en: "The text message could not be sent. Try again in a moment.")
        case .userDisabled:
            context.pick(ko: "사용이 중지된 계정이에요. 운영자에게 문의해 주세요.", en: "This account is disabled. Contact the operator.")
        case .accountNotFound, .missingRefreshToken, .invalidRefreshToken, .invalidIDToken, .idTokenExpired:
            context.pick(ko: "다시 로그인해 주세요.", en: "Please sign in again.")
        }
    }

    static func status(for error: PhoneSignInError) -> HTTPResponseStatus {
        switch error {
        case .tooManyAttempts: .tooManyRequests
        case .phoneBelongsToAnotherAccount: .conflict
        case .userDisabled: .forbidden
        case .smsNotSent: .badGateway
        default: .badRequest
        }
    }
}
