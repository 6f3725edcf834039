import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct StudyPhoneSignInViewModelTests {
    func model() -> (PhoneSignInViewModel, FakeStudy, TestClock) {
        let server = FakeStudy()
        let clock = TestClock()
        return (PhoneSignInViewModel(phoneAuth: server, study: server, clock: clock), server, clock)
    }

    /// A model whose code is on its way.
    func codeSent() async -> (PhoneSignInViewModel, FakeStudy, TestClock) {
        let (model, server, clock) = model()
        model.phoneChanged("01012345678")
        await model.sendCodeTapped()
        await server.forgetCalls()
        return (model, server, clock)
    }

    @Test func thePhoneIsHyphenatedAsTypedAndGatesTheButton() {
        let (model, _, _) = model()
        var history: [String] = []
        for text in ["0", "010", "0101", "010-12345", "010-1234-567", "010-1234-5678"] {
            model.phoneChanged(text)
            history.append(model.phone)
        }
        #expect(history == ["0", "010", "010-1", "010-1234-5", "010-123-4567", "010-1234-5678"])
        #expect(model.isPhoneValid && model.isSendEnabled)
        model.phoneChanged("012-1234-5678")
        #expect(!model.isPhoneValid && !model.isSendEnabled)
    }

    @Test func anInvalidNumberIsRefusedWithoutCallingFirebase() async {
        let (model, server, _) = model()
        model.phoneChanged("010-12")
        await model.sendCodeTapped()
        #expect(model.alert == .invalidPhoneNumber)
        #expect(model.alert?.korean == "잘못된 전화번호 형식입니다." && model.alert?.english == "That is not a valid phone number.")
        #expect(await server.calls.isEmpty)
    }

    @Test func sendingTheCodeSendsE164AndStartsTheCountdown() async {
        let (model, server, _) = model()
        model.phoneChanged("010-1234-5678")
        await model.sendCodeTapped()
        #expect(await server.calls == ["sendVerificationCode(+821012345678)"])
        #expect(model.step == .code && model.toast == .codeSent)
        #expect(model.remainingSeconds == 60 && model.countdownText == "1:00")
        #expect(!model.isResendEnabled)
    }

    @Test func theCountdownRunsOnTheInjectedClockAndDiscardsTheCodeAtZero() async {
        let (model, server, clock) = await codeSent()
        model.codeChanged("12a34 56789")
        #expect(model.code == "123456" && model.isVerifyEnabled)
        var seen: [Int] = []
        for _ in 0..<3 {
            await clock.advance(by: .seconds(1))
            seen.append(model.remainingSeconds)
        }
        #expect(seen == [59, 58, 57])
        await clock.advance(by: .seconds(47))
        #expect(model.remainingSeconds == 10 && model.countdownText == "0:10")
        #expect(model.isVerifyEnabled && !model.isResendEnabled)
        await clock.advance(by: .seconds(10))
        #expect(model.remainingSeconds == 0 && model.countdownText == "0:00")
        #expect(!model.isVerifyEnabled, "the session is discarded")
        #expect(model.isResendEnabled)
        #expect(clock.runningTimers == 0)
        await model.verifyTapped()
        #expect(await server.calls.isEmpty, "a lapsed code is never sent")

        await model.resendTapped()
        #expect(await server.calls == ["sendVerificationCode(+821012345678)"])
        #expect(model.remainingSeconds == 60 && !model.isResendEnabled && model.code.isEmpty)
    }

    @Test func resendIsDisabledWhileTheCodeIsAlive() async {
        let (model, server, _) = await codeSent()
        await model.resendTapped()
        #expect(await server.calls.isEmpty)
    }

    @Test func aVerifiedPersonWithAnAccountGoesHome() async {
        let (model, server, clock) = await codeSent()
        model.codeChanged("123456")
        await model.verifyTapped()
        #expect(await server.calls == ["phoneSignIn(session-1,123456)", "signIn(uid-me)", "user"])
        #expect(await server.tokens == StudyTokens(idToken: "id", refreshToken: "refresh", uid: "uid-me"))
        #expect(model.route == .home(FakeStudy.me))
        #expect(clock.runningTimers == 0, "the countdown stops")
    }

    @Test func aVerifiedPersonWithoutAnAccountGoesToSignupWithTheNumber() async {
        let (model, server, _) = await codeSent()
        await server.set(user: .notSignedUp)
        model.codeChanged("123456")
        await model.verifyTapped()
        #expect(model.route == .signup(phoneNumber: "+821012345678"))
    }

    @Test func firebaseRefusalsBecomeMessages() async {
        let cases: [(PhoneAuthError, StudyMessage, String)] = [
            (.invalidCode, .invalidCode, "인증번호가 올바르지 않습니다."),
            (.tooManyAttempts, .tooManyAttempts, "과도한 인증 시도가 있었습니다. 나중에 다시 시도해 주세요."),
            (.codeExpired, .codeExpired, "인증 시간이 지났습니다. 인증번호를 다시 받아 주세요."),
        ]
        for (error, message, korean) in cases {
            let (model, server, _) = await codeSent()
            await server.fail("phoneSignIn", with: error)
            model.codeChanged("123456")
            await model.verifyTapped()
            #expect(model.alert == message && model.alert?.korean == korean)
            #expect(model.route == nil)
        }
        #expect(StudyMessage.tooManyAttempts.english == "Too many attempts. Please try again later.")
        #expect(StudyMessage.invalidCode.english == "The verification code is incorrect.")
        #expect(StudyMessage.codeExpired.english == "The code has expired. Please request a new one.")
    }

    @Test func anExpiredCodeFromTheServerEnablesResendAndAWrongOneKeepsTheCountdown() async {
        var (model, server, _) = await codeSent()
        await server.fail("phoneSignIn", with: PhoneAuthError.invalidCode)
        model.codeChanged("000000")
        await model.verifyTapped()
        #expect(model.remainingSeconds == 60 && model.isVerifyEnabled && !model.isResendEnabled)

        (model, server, _) = await codeSent()
        await server.fail("phoneSignIn", with: PhoneAuthError.codeExpired)
        model.codeChanged("000000")
        await model.verifyTapped()
        #expect(model.remainingSeconds == 0 && !model.isVerifyEnabled && model.isResendEnabled)
    }

    @Test func tooManyRequestsWhenSendingAlerts() async {
        let (model, server, _) = model()
        await server.fail("sendVerificationCode", with: PhoneAuthError.tooManyAttempts)
        model.phoneChanged("010-1234-5678")
        await model.sendCodeTapped()
        #expect(model.alert == .tooManyAttempts && model.step == .phone)
    }

    @Test func leavingTheScreenStopsTheCountdown() async {
        let (model, _, clock) = await codeSent()
        model.viewDidDisappear()
        await clock.advance(by: .seconds(5))
        #expect(clock.runningTimers == 0 && model.remainingSeconds == 60)
    }
}
