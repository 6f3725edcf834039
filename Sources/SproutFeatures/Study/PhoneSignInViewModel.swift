import Foundation
import Observation
import SproutAPI
import SproutKit

/// Phone sign-in (spec §6.2–3): the number is auto-hyphenated and checked as a Korean mobile
/// number; "인증 문자 받기" sends a code, which lives 60 seconds (then the session is discarded and
/// "재전송" is enabled); "인증하고 시작하기" signs in and asks the study server whether this
/// person has signed up, which decides between home and the signup steps.
@MainActor @Observable
public final class PhoneSignInViewModel {
    public enum Step: Sendable, Equatable {
        case phone, code
    }

    public enum Route: Sendable, Equatable {
        case home(Study.User)
        /// Signed in, no study account yet: the signup steps, with the verified number.
        case signup(phoneNumber: String)
    }

    /// Seconds a code can be used (the apps' countdown).
    public static let codeLifetime = 60
    public static let codeLength = 6

    // MARK: Outputs
    /// As typed, hyphenated: `010-1234-5678`.
    public private(set) var phone = ""
    public private(set) var step: Step = .phone
    public private(set) var code = ""
    /// Seconds left for the code; 0 before sending and after it lapsed.
    public private(set) var remainingSeconds = 0
    public private(set) var isSending = false
    public private(set) var isVerifying = false
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public var isPhoneValid: Bool { KoreanPhoneNumber.isValid(phone) }
    public var isSendEnabled: Bool { isPhoneValid && !isSending }
    /// Once the countdown has run out ("재전송").
    public var isResendEnabled: Bool { step == .code && remainingSeconds == 0 && !isSending }
    public var isVerifyEnabled: Bool { sessionInfo != nil && code.count == Self.codeLength && !isVerifying }
    /// `1:00` … `0:00`.
    public var countdownText: String { "\(remainingSeconds / 60):" + String(format: "%02d", remainingSeconds % 60) }

    let phoneAuth: any PhoneAuthService
    let study: any StudyService
    let clock: any FeatureClock
    /// The verification session of the code on its way; nil once it lapsed.
    private var sessionInfo: String?
    private var sentNumber = ""
    private var deadline: Date?
    private var countdown: RepeatingTimer?

    public init(phoneAuth: any PhoneAuthService, study: any StudyService, clock: any FeatureClock = SystemFeatureClock()) {
        self.phoneAuth = phoneAuth
        self.study = study
        self.clock = clock
    }

    // MARK: Inputs

    public func phoneChanged(_ text: String) {
        phone = KoreanPhoneNumber.formatted(text)
    }

    /// "인증 문자 받기".
    public func sendCodeTapped() async {
        guard !isSending else { return }
        guard let number = KoreanPhoneNumber.e164(phone) else {
            alert = .invalidPhoneNumber
            return
        }
        isSending = true
        defer { isSending = false }
        do {
            let session = try await phoneAuth.sendVerificationCode(to: number)
            sessionInfo = session
            sentNumber = number
            code = ""
            step = .code
            toast = .codeSent
            startCountdown()
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    /// "재전송", once the countdown has run out.
    public func resendTapped() async {
        guard isResendEnabled else { return }
        await sendCodeTapped()
    }

    /// Keeps the digits, at most six.
    public func codeChanged(_ text: String) {
        code = String(text.filter(\.isASCII).filter(\.isNumber).prefix(Self.codeLength))
    }

    /// "인증하고 시작하기".
    public func verifyTapped() async {
        guard isVerifyEnabled, let sessionInfo else { return }
        isVerifying = true
        defer { isVerifying = false }
        do {
            let signedIn = try await phoneAuth.signIn(sessionInfo: sessionInfo, code: code)
            stopCountdown()
            await study.signIn(signedIn.tokens)
            switch try await study.user() {
            case let .signedUp(user): route = .home(user)
            case .notSignedUp: route = .signup(phoneNumber: signedIn.phoneNumber.isEmpty ? sentNumber : signedIn.phoneNumber)
            }
        } catch let error as PhoneAuthError {
            if error == .codeExpired || error == .invalidSessionInfo { expireCode() }
            alert = StudyMessage.failure(error)
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    /// Stops the countdown when the screen goes away.
    public func viewDidDisappear() {
        countdown?.cancel()
        countdown = nil
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Countdown

    private func startCountdown() {
        countdown?.cancel()
        deadline = clock.now.addingTimeInterval(TimeInterval(Self.codeLifetime))
        remainingSeconds = Self.codeLifetime
        countdown = clock.repeating(every: .seconds(1)) { [weak self] in self?.tick() ?? false }
    }

    /// Counts from the deadline, not by ticks, so a late tick never stretches the code's life.
    private func tick() -> Bool {
        guard let deadline else { return false }
        remainingSeconds = max(0, Int(deadline.timeIntervalSince(clock.now).rounded(.up)))
        guard remainingSeconds == 0 else { return true }
        expireCode()
        return false
    }

    private func expireCode() {
        stopCountdown()
        sessionInfo = nil
        remainingSeconds = 0
    }

    private func stopCountdown() {
        countdown?.cancel()
        countdown = nil
        deadline = nil
    }
}
