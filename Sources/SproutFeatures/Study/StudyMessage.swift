import Foundation
import SproutKit

/// A toast or alert on a study screen. The published apps spoke Korean; `korean` is their text
/// where the spec quotes it, and `english` is the same message for Sprout's English pages. Screens
/// show `text(in:)`; tests compare the cases.
public enum StudyMessage: Sendable, Equatable {
    public enum Language: Sendable { case korean, english }

    // Any screen
    case network
    case serverError
    case invalidRequest
    case signInAgain
    case notSignedUp

    // Phone sign-in (spec §6.2–3)
    case invalidPhoneNumber
    case codeSent
    case tooManyAttempts
    case invalidCode
    case codeExpired
    case signInFailed

    // Signup (spec §6.4–7)
    case nickLength
    case tooYoung
    case invalidEmail
    case genderRequired
    case unusableNick
    case alreadySignedUp

    // Home and study input (spec §7.6–7)
    case locationRequired
    case tagLength
    case tooManyTags
    case duplicateTag
    case reportedTooOften
    case dodgePenalty(minutes: Int)

    // Search results (spec §3, §7.8)
    case requestSent
    case requestedByOther
    case otherStoppedSearching
    case otherMatchedElsewhere
    case alreadyMatched
    case matched(nick: String)

    // Chat (spec §4)
    case studyOver
    case studyCancelled(nick: String)

    // My info (spec §7.10)
    case invalidAgeRange
    case saved

    // Shop (spec §5)
    case needsPurchase
    case purchaseRefused

    public func text(in language: Language) -> String {
        language == .korean ? korean : english
    }

    public var korean: String {
        switch self {
        case .network: "통신 오류가 발생했어요. 다시 시도해 주세요."
        case .serverError: "서버에 문제가 있어요. 잠시 후 다시 시도해 주세요."
        case .invalidRequest: "요청이 올바르지 않아요. 입력한 내용을 확인해 주세요."
        case .signInAgain: "로그인이 만료되었어요. 다시 로그인해 주세요."
        case .notSignedUp: "가입되지 않은 회원입니다."
        case .invalidPhoneNumber: "잘못된 전화번호 형식입니다."
        case .codeSent: "인증번호를 보냈습니다."
        case .tooManyAttempts: "과도한 인증 시도가 있었습니다. 나중에 다시 시도해 주세요."
        case .invalidCode: "인증번호가 올바르지 않습니다."
        case .codeExpired: "인증 시간이 지났습니다. 인증번호를 다시 받아 주세요."
        case .signInFailed: "에러가 발생했습니다. 잠시 후 다시 시도해 주세요."
        case .nickLength: "닉네임은 1자 이상 10자 이내로 부탁드려요."
        case .tooYoung: "새싹스터디는 만 17세 이상만 사용할 수 있습니다."
        case .invalidEmail: "이메일 형식이 올바르지 않습니다."
        case .genderRequired: "새싹 찾기 기능을 이용하기 위해서 성별을 선택해 주세요."
        case .unusableNick: "해당 닉네임은 사용할 수 없습니다"
        case .alreadySignedUp: "이미 가입된 회원입니다."
        case .locationRequired: "위치 서비스 사용을 허용해 주세요."
        case .tagLength: "최소 한 자 이상, 최대 8글자까지 작성 가능합니다"
        case .tooManyTags: "스터디를 더 이상 추가할 수 없습니다"
        case .duplicateTag: "이미 등록된 스터디입니다"
        case .reportedTooOften: "신고가 누적되어 이용하실 수 없습니다"
        case let .dodgePenalty(minutes): "스터디 취소 패널티로, \(minutes)분동안 이용하실 수 없습니다"
        case .requestSent: "스터디 요청을 보냈습니다"
        case .requestedByOther: "상대방도 스터디를 요청하여 매칭되었습니다. 잠시 후 채팅방으로 이동합니다"
        case .otherStoppedSearching: "상대방이 스터디 찾기를 그만두었습니다"
        case .otherMatchedElsewhere: "상대방이 이미 다른 새싹과 스터디를 함께 하는 중입니다"
        case .alreadyMatched: "앗! 누군가가 나의 스터디를 수락하였어요!"
        case let .matched(nick): "\(nick)님과 매칭되셨습니다. 잠시 후 채팅방으로 이동합니다"
        case .studyOver: "스터디가 종료되어 채팅을 전송할 수 없습니다"
        case let .studyCancelled(nick): "\(nick)님이 스터디를 취소했습니다"
        case .invalidAgeRange: "상대방 연령대는 18세에서 65세 사이로 선택해 주세요."
        case .saved: "저장되었습니다."
        case .needsPurchase: "구매가 필요한 아이템이 있어요"
        case .purchaseRefused: "구매를 확인하지 못했어요. 구매 내역을 복원해 주세요."
        }
    }

    public var english: String {
        switch self {
        case .network: "A network error occurred. Please try again."
        case .serverError: "The server had a problem. Please try again shortly."
        case .invalidRequest: "The request was not valid. Please check what you entered."
        case .signInAgain: "Your sign-in has expired. Please sign in again."
        case .notSignedUp: "You have not signed up yet."
        case .invalidPhoneNumber: "That is not a valid phone number."
        case .codeSent: "We sent you a verification code."
        case .tooManyAttempts: "Too many attempts. Please try again later."
        case .invalidCode: "The verification code is incorrect."
        case .codeExpired: "The code has expired. Please request a new one."
        case .signInFailed: "Something went wrong. Please try again shortly."
        case .nickLength: "Your nickname must be 1 to 10 characters."
        case .tooYoung: "SeSAC Study is only for people aged 17 or older."
        case .invalidEmail: "Please enter a valid email address."
        case .genderRequired: "Please choose your gender: finding study partners needs it."
        case .unusableNick: "This nickname cannot be used."
        case .alreadySignedUp: "You have already signed up."
        case .locationRequired: "Please allow location access."
        case .tagLength: "A study must be 1 to 8 characters long."
        case .tooManyTags: "You cannot add more studies (8 at most)."
        case .duplicateTag: "That study is already on your list."
        case .reportedTooOften: "You have been reported too many times and cannot look for study partners."
        case let .dodgePenalty(minutes): "Because you cancelled a study, you cannot look for partners for \(minutes) minute\(minutes == 1 ? "" : "s")."
        case .requestSent: "Study request sent."
        case .requestedByOther: "They had asked you too, so you are matched. Moving to the chat room shortly."
        case .otherStoppedSearching: "They have stopped looking for a study partner."
        case .otherMatchedElsewhere: "They are already studying with someone else."
        case .alreadyMatched: "Someone has already accepted your study request!"
        case let .matched(nick): "You are matched with \(nick). Moving to the chat room shortly."
        case .studyOver: "The study has ended, so the message cannot be sent."
        case let .studyCancelled(nick): "\(nick) cancelled the study."
        case .invalidAgeRange: "Choose a partner age range between 18 and 65."
        case .saved: "Saved."
        case .needsPurchase: "Some item needs to be bought first."
        case .purchaseRefused: "The purchase could not be confirmed. Restore your purchases."
        }
    }

    /// The message for a failed call that the screen has no more specific word for.
    public static func failure(_ error: any Error) -> StudyMessage {
        switch error {
        case let error as SproutError:
            switch error {
            case .transport: .network
            case .sessionExpired, .notSignedIn: .signInAgain
            case let .http(status, _, _) where status == 406: .notSignedUp
            case let .http(status, _, _) where status == 501: .invalidRequest
            case .http(401, _, _): .signInAgain
            default: .serverError
            }
        case let error as PhoneAuthError:
            switch error {
            case .invalidPhoneNumber: .invalidPhoneNumber
            case .tooManyAttempts: .tooManyAttempts
            case .invalidCode, .missingCode: .invalidCode
            case .codeExpired, .invalidSessionInfo: .codeExpired
            case .refreshTokenRejected: .signInAgain
            case .other: .signInFailed
            }
        default: .serverError
        }
    }
}
