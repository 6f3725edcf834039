import Vapor

/// Every error the lessons contract names (spec §3.1), with the status and message clients see.
/// The codes above 417 are LSLP's own and keep their numbers.
enum LessonsError: Error, Equatable {
    case missingValue
    case invalidValue(String)
    case wrongCredentials
    case invalidToken
    case nicknameHasWhitespace
    case forbidden
    case emailTaken
    case nicknameTaken
    case accessTokenNotExpired
    case notFound
    case commentNotFound
    case userNotFound
    case alreadyFollowing
    case notFollowing
    case paymentAlreadyValidated
    case refreshTokenExpired
    case accessTokenExpired
    case invalidAPIKey
    case tooManyRequests
    case invalidURL
    case notAuthor
    /// A service the server needs (file storage) is down for a moment: try again after `Retry-After`.
    case unavailable
    case serverError

    var status: HTTPResponseStatus {
        switch self {
        case .missingValue, .invalidValue: .badRequest
        case .wrongCredentials, .invalidToken: .unauthorized
        case .nicknameHasWhitespace: .custom(code: 402, reasonPhrase: "Payment Required")
        case .forbidden: .forbidden
        case .emailTaken, .nicknameTaken, .accessTokenNotExpired: .conflict
        case .notFound, .commentNotFound, .userNotFound, .notFollowing: .gone
        case .alreadyFollowing, .paymentAlreadyValidated: .conflict
        case .refreshTokenExpired: .custom(code: 418, reasonPhrase: "Refresh Token Expired")
        case .accessTokenExpired: .custom(code: 419, reasonPhrase: "Access Token Expired")
        case .invalidAPIKey: .custom(code: 420, reasonPhrase: "Invalid SesacKey")
        case .tooManyRequests: .tooManyRequests
        case .invalidURL: .custom(code: 444, reasonPhrase: "Invalid URL")
        case .notAuthor: .custom(code: 445, reasonPhrase: "Not Author")
        case .unavailable: .serviceUnavailable
        case .serverError: .internalServerError
        }
    }

    var message: String {
        switch self {
        case .missingValue: "필수값을 채워주세요."
        case let .invalidValue(detail): detail
        case .wrongCredentials: "계정을 확인해주세요."
        case .invalidToken: "인증할 수 없는 토큰입니다."
        case .nicknameHasWhitespace: "닉네임에 공백이 포함될 수 없습니다."
        case .forbidden: "접근 권한이 없습니다."
        case .emailTaken: "이미 가입된 유저입니다."
        case .nicknameTaken: "이미 사용중인 닉네임입니다."
        case .accessTokenNotExpired: "액세스 토큰이 만료되지 않았습니다."
        case .notFound: "게시글을 찾을 수 없습니다."
        case .commentNotFound: "댓글을 찾을 수 없습니다."
        case .userNotFound: "유저를 찾을 수 없습니다."
        case .alreadyFollowing: "이미 팔로잉 된 계정입니다."
        case .notFollowing: "팔로잉 하지 않은 계정입니다."
        case .paymentAlreadyValidated: "이미 검증처리가 완료된 결제건입니다."
        case .refreshTokenExpired: "리프레시 토큰이 만료되었습니다. 다시 로그인 해주세요."
        case .accessTokenExpired: "액세스 토큰이 만료되었습니다."
        case .invalidAPIKey: "This service sesac_memolease only"
        case .tooManyRequests: "과호출입니다."
        case .invalidURL: "비정상 URL입니다."
        case .notAuthor: "권한이 없습니다."
        case .unavailable: "잠시 후 다시 시도해주세요."
        case .serverError: "서버 오류가 발생했습니다."
        }
    }
}
