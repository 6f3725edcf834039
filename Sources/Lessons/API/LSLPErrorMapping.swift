import Platform
import SproutAPI
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

/// The LSLP contract's code and message for each refusal of the lessons rules
/// (Rules/LessonsErrors.swift): 400 for missing or invalid values, 409 for what was done already,
/// 410 for what does not exist (any more), 445 for someone else's post or comment (spec §3.1).
extension LessonsError {
    init?(rule error: any Error) {
        switch error {
        case let error as PostError: self.init(error)
        case let error as FollowError: self.init(error)
        case let error as PaymentError: self.init(error)
        case let error as ConversationError: self.init(error)
        case ProfileError.accountWithdrawn: self = .forbidden
        case ProfileError.personNotFound: self = .userNotFound
        default: return nil
        }
    }

    private init(_ error: PostError) {
        switch error {
        case .postNotFound: self = .notFound
        case .commentNotFound: self = .commentNotFound
        case .notAuthor: self = .notAuthor
        case .productIDMissing, .commentMissing: self = .missingValue
        case let .commentTooLong(maximum): self = .invalidValue("댓글은 \(maximum)자 이하로 작성해주세요.")
        case .ratingOutOfRange: self = .invalidValue("별점은 1에서 5 사이로 보내주세요.")
        case let .titleTooLong(maximum): self = .invalidValue("제목은 \(maximum)자 이하로 작성해주세요.")
        case .negativePrice: self = .invalidValue("가격은 0 이상이어야 합니다.")
        case let .contentTooLong(maximum): self = .invalidValue("내용은 \(maximum)자 이하로 작성해주세요.")
        case .foreignFiles: self = .invalidValue("files에는 업로드로 받은 경로만 넣을 수 있습니다.")
        }
    }

    private init(_ error: FollowError) {
        switch error {
        case .followingYourself: self = .invalidValue("자기 자신은 팔로우할 수 없습니다.")
        case .alreadyFollowing: self = .alreadyFollowing
        case .notFollowing: self = .notFollowing
        case .personNotFound: self = .userNotFound
        }
    }

    /// A room that is not mine answers as one that does not exist: 403 either way (spec §2.6a).
    private init(_ error: ConversationError) {
        switch error {
        case .notFound, .blocked: self = .forbidden
        case .unknownSubject: self = .userNotFound
        case .emptyText: self = .missingValue
        case .withYourself: self = .invalidValue("자기 자신과는 채팅할 수 없습니다.")
        case let .textTooLong(maximum): self = .invalidValue("채팅은 \(maximum)자 이하로 보내주세요.")
        case .controlCharacters: self = .invalidValue("보낼 수 없는 문자가 있습니다.")
        case .photo, .foreignFiles: self = .invalidValue("파일의 제한 사항과 맞지 않습니다.")
        case .unknownApp, .invalidPaging: self = .invalidValue("요청 값을 확인해주세요.")
        }
    }

    private init(_ error: PaymentError) {
        switch error {
        case .impUIDOrPostMissing: self = .missingValue
        case .alreadyValidated: self = .paymentAlreadyValidated
        case .gatewayUnavailable: self = .serverError
        case .paymentNotFound: self = .invalidValue("결제 정보를 찾을 수 없습니다.")
        case .notPaid: self = .invalidValue("결제가 완료되지 않았습니다.")
        case .someoneElses: self = .forbidden
        case .otherLesson: self = .invalidValue("이 레슨의 결제가 아닙니다.")
        case .priceUnknown: self = .invalidValue("결제 금액을 확인할 수 없습니다.")
        case .amountMismatch: self = .invalidValue("결제 금액이 일치하지 않습니다.")
        }
    }
}

/// Shapes every error under the lessons API as `{ "message": … }` with a status from the contract.
/// Framework errors are translated to the nearest contract code, so a client that knows only the
/// contract's codes never sees another one (a body over the limit is a 400, not a 413).
struct LessonsErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let lessonsError = Self.translate(error)
            if lessonsError == .serverError {
                request.logger.error("lessons request failed", metadata: ["error": .string(String(reflecting: error))])
            }
            let response = Response(status: lessonsError.status)
            try response.content.encode(Lessons.Message(message: lessonsError.message), as: .json)
            if let retryAfter = (error as? any AbortError)?.headers.first(name: "Retry-After") {
                response.headers.replaceOrAdd(name: "Retry-After", value: retryAfter)
            }
            return response
        }
    }

    static func translate(_ error: any Error) -> LessonsError {
        if let ruled = LessonsError(rule: error) { return ruled }
        switch error {
        case let error as LessonsError:
            return error
        case is DecodingError:
            return .missingValue
        case let abort as any AbortError:
            switch abort.status.code {
            case 400, 413, 415, 422: return .missingValue
            case 401: return .invalidToken
            case 403: return .forbidden
            case 404: return .invalidURL
            case 429: return .tooManyRequests
            case 503: return .unavailable
            default: return .serverError
            }
        default:
            return .serverError
        }
    }
}
