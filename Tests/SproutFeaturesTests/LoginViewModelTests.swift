import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct LoginViewModelTests {
    @Test func enabledWithAnAtSignAndFiveCharacters() async {
        let server = FakeLessons(me: nil)
        let model = LoginViewModel(lessons: server)
        model.emailChanged("kim.sprout.test")
        model.passwordChanged("pw123")
        #expect(!model.isLoginEnabled)
        model.emailChanged("kim@sprout.test")
        #expect(model.isLoginEnabled)
        model.passwordChanged("pw12")
        #expect(!model.isLoginEnabled)
        await model.loginTapped()
        #expect(await server.calls.isEmpty)
    }

    @Test func successOpensHomeForThePerson() async {
        let server = FakeLessons(me: FakeLessons.student)
        let model = LoginViewModel(lessons: server, email: "student@sprout.test")
        model.passwordChanged("pw123")
        await model.loginTapped()
        #expect(model.route == .home(userID: "student", nick: "Lee"))
        #expect(await server.calls == ["login(student@sprout.test)"])
        #expect(model.alert == nil && !model.isLoggingIn)
    }

    @Test func aRefusalSaysLoginFailedAndAnOfflineServerSaysSo() async {
        let server = FakeLessons(me: nil)
        await server.fail("login", with: .http(status: 401, code: .unauthorized, message: "계정을 확인해주세요."))
        let model = LoginViewModel(lessons: server, email: "kim@sprout.test")
        model.passwordChanged("wrong")
        await model.loginTapped()
        #expect(model.alert == "로그인에 실패했어요" && model.route == nil)
        model.alertDismissed()
        await server.fail("login", with: .transport("offline"))
        await model.loginTapped()
        #expect(model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요.")
    }
}
