import Foundation
import Observation
import SproutAPI
import SproutKit

/// My info (spec §7.10): my gender, frequent study, "내 번호 검색 허용" and the partner age range
/// (18–65), saved with `PUT /v1/user/mypage`; and "회원탈퇴" after a confirmation.
@MainActor @Observable
public final class StudyMyInfoViewModel {
    public enum Route: Sendable, Equatable {
        /// Withdrawn: local data is gone; back to the onboarding.
        case onboarding
        /// The study server does not know this person (406).
        case signup
    }

    // MARK: Outputs
    public private(set) var user: Study.User?
    public private(set) var searchable = false
    public private(set) var ageRange: ClosedRange<Int> = Study.partnerAges
    public private(set) var gender: Study.Gender?
    public private(set) var study = ""
    public private(set) var isLoading = false
    public private(set) var isSaving = false
    public private(set) var isWithdrawConfirmationShown = false
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    public var isSaveEnabled: Bool { user != nil && gender != nil && !isSaving }

    let service: any StudyService

    public init(study: any StudyService) {
        service = study
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        do {
            switch try await service.user() {
            case let .signedUp(user): show(user)
            case .notSignedUp: route = .signup
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func searchableToggled(_ isOn: Bool) { searchable = isOn }
    public func genderTapped(_ gender: Study.Gender) { self.gender = gender }
    public func studyChanged(_ text: String) { study = text }

    /// The dual slider; a range outside 18–65 or upside down is refused and the old one kept.
    public func ageRangeChanged(min: Int, max: Int) {
        guard min <= max, Study.partnerAges.contains(min), Study.partnerAges.contains(max) else {
            toast = .invalidAgeRange
            return
        }
        ageRange = min...max
    }

    /// "저장".
    public func saveTapped() async {
        guard isSaveEnabled, let gender else { return }
        isSaving = true
        defer { isSaving = false }
        let page = Study.MyPage(searchable: searchable, ageMin: ageRange.lowerBound, ageMax: ageRange.upperBound, gender: gender, study: study)
        do {
            try await service.updateMyPage(page)
            user?.searchable = searchable ? 1 : 0
            user?.ageMin = ageRange.lowerBound
            user?.ageMax = ageRange.upperBound
            user?.gender = gender.rawValue
            user?.study = study
            toast = .saved
        } catch let SproutError.http(status, _, _) where status == Study.CommonStatus.notSignedUp.rawValue {
            route = .signup
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    /// "회원탈퇴": asks first.
    public func withdrawTapped() { isWithdrawConfirmationShown = true }
    public func withdrawCancelled() { isWithdrawConfirmationShown = false }

    public func withdrawConfirmed() async {
        isWithdrawConfirmationShown = false
        do {
            switch try await service.withdraw() {
            case .withdrawn:
                route = .onboarding
            case .notSignedUp:
                // Already gone on the server: forget the sign-in here too.
                await service.signOut()
                route = .onboarding
            }
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    private func show(_ user: Study.User) {
        self.user = user
        searchable = user.searchable == 1
        let low = Swift.min(Swift.max(user.ageMin, Study.partnerAges.lowerBound), Study.partnerAges.upperBound)
        let high = Swift.min(Swift.max(user.ageMax, low), Study.partnerAges.upperBound)
        ageRange = low...high
        gender = Study.Gender(rawValue: user.gender)
        study = user.study
    }
}
