import Platform

/// The LSLP contract's code and message for each refusal of the lessons rules: 400 for missing or
/// invalid values, 409 for what was done already, 410 for what does not exist (any more), 445
/// for someone else's post or comment (spec §3.1).
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
