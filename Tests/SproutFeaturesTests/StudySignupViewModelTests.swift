import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct StudySignupViewModelTests {
    let clock = TestClock()  // 2024-06-01, noon in Seoul

    func model(_ server: FakeStudy = FakeStudy()) -> StudySignupViewModel {
        StudySignupViewModel(study: server, phoneNumber: "+821012345678", fcmToken: "fcm-1", clock: clock)
    }

    /// Midnight in Seoul on that day, as a date picker in Korea gives it.
    func day(_ year: Int, _ month: Int, _ day: Int) -> Date {
        StudySignupViewModel.koreanCalendar.date(from: DateComponents(year: year, month: month, day: day))!
    }

    /// A model on the gender step with valid fields.
    func filledIn(_ server: FakeStudy) async -> StudySignupViewModel {
        let model = model(server)
        model.nickChanged("새싹이")
        await model.nextTapped()
        model.birthChanged(day(2000, 1, 1))
        await model.nextTapped()
        model.emailChanged("me@sprout.test")
        await model.nextTapped()
        model.genderTapped(.woman)
        return model
    }

    @Test func theStepsSignUpWithEveryField() async {
        let server = FakeStudy()
        let model = await filledIn(server)
        #expect(model.step == .gender && model.isNextEnabled)
        await model.nextTapped()
        #expect(await server.signups == [Study.Signup(phoneNumber: "+821012345678", fcmToken: "fcm-1", nick: "새싹이",
                                                      birth: "2000-01-01T00:00:00.000Z", email: "me@sprout.test", gender: .woman)])
        #expect(model.route == .home(FakeStudy.me))
    }

    @Test func theNicknameIsOneToTenCharacters() async {
        let model = model()
        #expect(!model.isNextEnabled)
        for bad in ["새싹이새싹이새싹이새싹", "   "] {
            model.nickChanged(bad)
            await model.nextTapped()
            #expect(model.step == .nickname && model.fieldError == .nickLength, "\(bad)")
        }
        #expect(model.fieldError?.korean == "닉네임은 1자 이상 10자 이내로 부탁드려요.")
        model.nickChanged("새싹이새싹이새싹이새")
        #expect(model.fieldError == nil, "editing clears the complaint")
        await model.nextTapped()
        #expect(model.step == .birth)
    }

    @Test func theBirthMustMakeOneSeventeenOnTheInjectedClock() async {
        let model = model()
        model.nickChanged("n")
        await model.nextTapped()
        model.birthChanged(day(2007, 6, 2))
        await model.nextTapped()
        #expect(model.step == .birth && model.fieldError == .tooYoung, "17 tomorrow")
        #expect(model.fieldError?.korean == "새싹스터디는 만 17세 이상만 사용할 수 있습니다.")
        model.birthChanged(day(2007, 6, 1))
        await model.nextTapped()
        #expect(model.step == .email, "17 today")
    }

    @Test func theEmailFollowsTheAppsRegex() async {
        let model = model()
        model.nickChanged("n")
        await model.nextTapped()
        model.birthChanged(day(1990, 1, 1))
        await model.nextTapped()
        for bad in ["me@sprout", "me sprout.test", "@sprout.test", "me@sprout.t"] {
            model.emailChanged(bad)
            await model.nextTapped()
            #expect(model.step == .email && model.fieldError == .invalidEmail, "\(bad)")
        }
        model.emailChanged("a.b+c_d%e-f@mail.sprout.co")
        await model.nextTapped()
        #expect(model.step == .gender)
    }

    @Test func genderIsRequired() async {
        let server = FakeStudy()
        let model = model(server)
        model.nickChanged("n")
        await model.nextTapped()
        model.birthChanged(day(1990, 1, 1))
        await model.nextTapped()
        model.emailChanged("me@sprout.test")
        await model.nextTapped()
        #expect(!model.isNextEnabled)
        await model.nextTapped()
        #expect(model.fieldError == .genderRequired)
        #expect(await server.calls.isEmpty)
    }

    @Test func anUnusableNickReturnsToTheNicknameStepKeepingTheFields() async {
        let server = FakeStudy()
        await server.set(signups: [.unusableNick, .created(FakeStudy.me)])
        let model = await filledIn(server)
        await model.nextTapped()
        #expect(model.step == .nickname && model.fieldError == .unusableNick)
        #expect(model.fieldError?.korean == "해당 닉네임은 사용할 수 없습니다")
        #expect(model.draft == .init(step: .nickname, nick: "새싹이", birth: day(2000, 1, 1), email: "me@sprout.test", gender: .woman))
        model.nickChanged("다른닉")
        for _ in 0..<4 { await model.nextTapped() }
        #expect(await server.signups.map(\.nick) == ["새싹이", "다른닉"])
        #expect(model.route == .home(FakeStudy.me))
    }

    @Test func alreadySignedUpGoesHome() async {
        let server = FakeStudy()
        await server.set(signups: [.alreadySignedUp])
        let model = await filledIn(server)
        await model.nextTapped()
        #expect(model.toast == .alreadySignedUp)
        #expect(await server.calls == ["signUp(새싹이)", "user"])
        #expect(model.route == .home(FakeStudy.me))
    }

    @Test func aFailedSignupAlertsAndStaysOnTheLastStep() async {
        let server = FakeStudy()
        await server.fail("signUp", with: SproutError.http(status: 500, code: .serverError, message: nil))
        let model = await filledIn(server)
        await model.nextTapped()
        #expect(model.alert == .serverError && model.step == .gender && model.route == nil)
    }

    @Test func backKeepsTheFieldsAndADraftResumes() async {
        let server = FakeStudy()
        let model = await filledIn(server)
        model.backTapped()
        model.backTapped()
        #expect(model.step == .birth && model.draft.email == "me@sprout.test" && model.draft.gender == .woman)
        let resumed = StudySignupViewModel(study: server, phoneNumber: "+821012345678", draft: model.draft, clock: clock)
        #expect(resumed.step == .birth && resumed.draft.nick == "새싹이")
    }
}
