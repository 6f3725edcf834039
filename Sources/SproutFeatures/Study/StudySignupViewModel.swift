import Foundation
import Observation
import SproutAPI
import SproutKit

/// The signup steps (spec §6.4–7): nickname (1–10 characters) → birth (만 17세 or older) → email →
/// gender (required) → `POST /v1/user`. A refused nickname (202) returns to the first step with
/// everything else kept; "already signed up" (201) goes home. `draft` is what an app stores to
/// resume the steps after being killed, as the published apps did.
@MainActor @Observable
public final class StudySignupViewModel {
    public enum Step: Int, Sendable, Equatable, Codable, CaseIterable {
        case nickname, birth, email, gender
    }

    public enum Route: Sendable, Equatable {
        case home(Study.User)
    }

    /// The fields entered so far and the step reached.
    public struct Draft: Sendable, Equatable, Codable {
        public var step: Step
        public var nick: String
        public var birth: Date?
        public var email: String
        public var gender: Study.Gender?

        public init(step: Step = .nickname, nick: String = "", birth: Date? = nil, email: String = "", gender: Study.Gender? = nil) {
            self.step = step
            self.nick = nick
            self.birth = birth
            self.email = email
            self.gender = gender
        }
    }

    // MARK: Outputs
    public private(set) var draft: Draft
    /// Why the current step cannot go on; cleared when its field changes.
    public private(set) var fieldError: StudyMessage?
    public private(set) var isSubmitting = false
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public var step: Step { draft.step }
    /// The button is enabled once the step has something in it; "다음" then checks it.
    public var isNextEnabled: Bool {
        guard !isSubmitting else { return false }
        return switch draft.step {
        case .nickname: !draft.nick.isEmpty
        case .birth: draft.birth != nil
        case .email: !draft.email.isEmpty
        case .gender: draft.gender != nil
        }
    }

    let study: any StudyService
    let phoneNumber: String
    let fcmToken: String
    let clock: any FeatureClock
    /// The calendar birthdays are counted in: Korean time.
    let calendar: Calendar

    /// - Parameters:
    ///   - phoneNumber: the verified number, E.164 (`PhoneSignInViewModel.Route.signup`).
    ///   - fcmToken: the device's push token, or "" without one.
    public init(
        study: any StudyService, phoneNumber: String, fcmToken: String = "", draft: Draft = Draft(),
        clock: any FeatureClock = SystemFeatureClock(), calendar: Calendar = StudySignupViewModel.koreanCalendar
    ) {
        self.study = study
        self.phoneNumber = phoneNumber
        self.fcmToken = fcmToken
        self.draft = draft
        self.clock = clock
        self.calendar = calendar
    }

    public static var koreanCalendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Asia/Seoul") ?? TimeZone(secondsFromGMT: 9 * 3600)!
        return calendar
    }

    // MARK: Inputs

    public func nickChanged(_ text: String) { edit { $0.nick = text } }
    /// The date picker's value; only its day counts.
    public func birthChanged(_ date: Date) { edit { $0.birth = date } }
    public func emailChanged(_ text: String) { edit { $0.email = text } }
    public func genderTapped(_ gender: Study.Gender) { edit { $0.gender = gender } }

    /// "다음" (and on the last step, signing up).
    public func nextTapped() async {
        guard !isSubmitting else { return }
        if let problem = problem(with: draft.step) {
            fieldError = problem
            return
        }
        fieldError = nil
        if let next = Step(rawValue: draft.step.rawValue + 1) {
            draft.step = next
        } else {
            await signUp()
        }
    }

    /// The back button: the previous step, fields kept.
    public func backTapped() {
        guard let previous = Step(rawValue: draft.step.rawValue - 1) else { return }
        fieldError = nil
        draft.step = previous
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Rules

    func problem(with step: Step) -> StudyMessage? {
        switch step {
        case .nickname:
            Study.nicknameLength.contains(draft.nick.count) && !draft.nick.allSatisfy(\.isWhitespace) ? nil : .nickLength
        case .birth:
            draft.birth.map { age(of: $0) >= Study.minimumAge } == true ? nil : .tooYoung
        case .email:
            Self.isEmail(draft.email) ? nil : .invalidEmail
        case .gender:
            draft.gender == nil ? .genderRequired : nil
        }
    }

    /// Full years (만 나이) between the birthday and today, both as days in `calendar`.
    func age(of birth: Date) -> Int {
        calendar.dateComponents([.year], from: calendar.startOfDay(for: birth), to: clock.now).year ?? 0
    }

    public static func isEmail(_ text: String) -> Bool {
        text.wholeMatch(of: /[A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/) != nil
    }

    /// The chosen day at midnight UTC, in the contract's format (`1998-03-01T00:00:00.000Z`): the
    /// day the person picked, whatever the device's time zone.
    func birthOnTheWire(_ birth: Date) -> String {
        let day = calendar.dateComponents([.year, .month, .day], from: birth)
        return String(format: "%04d-%02d-%02dT00:00:00.000Z", day.year ?? 2000, day.month ?? 1, day.day ?? 1)
    }

    private func edit(_ change: (inout Draft) -> Void) {
        change(&draft)
        fieldError = nil
    }

    // MARK: Signing up

    private func signUp() async {
        guard let birth = draft.birth, let gender = draft.gender else { return }
        isSubmitting = true
        defer { isSubmitting = false }
        let signup = Study.Signup(phoneNumber: phoneNumber, fcmToken: fcmToken, nick: draft.nick, birth: birthOnTheWire(birth),
                                  email: draft.email, gender: gender)
        do {
            switch try await study.signUp(signup) {
            case let .created(user):
                route = .home(user)
            case .alreadySignedUp:
                toast = .alreadySignedUp
                if case let .signedUp(user) = try await study.user() { route = .home(user) }
            case .unusableNick:
                draft.step = .nickname
                fieldError = .unusableNick
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }
}
