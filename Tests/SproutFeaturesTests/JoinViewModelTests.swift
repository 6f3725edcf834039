import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct JoinViewModelTests {
    @Test func eachRoleJoinsWithItsFlagInPhoneNumThenGoesToLogin() async {
        for (role, flag) in [(LessonsRole.teacher, "1"), (.student, "0")] {
            let server = FakeLessons(me: nil)
            let model = JoinViewModel(lessons: server, role: role)
            model.emailChanged("kim@sprout.test")
            model.passwordChanged("pw123")
            model.nickChanged("Kim")
            await model.joinTapped()
            #expect(await server.calls == ["join(kim@sprout.test,Kim,\(flag))"])
            #expect(model.route == .login(email: "kim@sprout.test"))
            #expect(model.joinError == nil && !model.isJoining)
        }
    }

    @Test func theButtonFollowsTheAppsThresholdsAndTheEmailHintDoesNotGateIt() async {
        let server = FakeLessons(me: nil)
        let model = JoinViewModel(lessons: server, role: .student)
        #expect(!model.isJoinEnabled)
        model.passwordChanged("pw12")
        model.nickChanged("Ki")
        #expect(!model.isJoinEnabled, "a password of four")
        model.passwordChanged("pw123")
        model.nickChanged("K")
        #expect(!model.isJoinEnabled, "a nick of one")
        model.nickChanged("Ki")
        #expect(model.isJoinEnabled)
        model.emailChanged("no-at-sign")
        #expect(!model.isEmailPlausible && model.isJoinEnabled)
        model.emailChanged("a@b")
        #expect(model.isEmailPlausible)
        model.passwordChanged("pw1")
        await model.joinTapped()
        #expect(await server.calls.isEmpty, "a disabled button sends nothing")
    }

    @Test func theNickFieldIsANameForTeachers() {
        #expect(JoinViewModel(lessons: FakeLessons(), role: .teacher).nickTitle == "이름")
        #expect(JoinViewModel(lessons: FakeLessons(), role: .student).nickTitle == "닉네임")
    }

    @Test func theDuplicateCheckIsNotResentForTheSameEmail() async {
        let server = FakeLessons(me: nil)
        await server.setTakenEmails(["taken@sprout.test"])
        let model = JoinViewModel(lessons: server, role: .student)
        model.emailChanged("free@sprout.test")
        await model.emailCheckTapped()
        #expect(model.emailCheck == .init(email: "free@sprout.test", message: "사용 가능한 이메일입니다.", isAvailable: true))
        await model.emailCheckTapped()
        #expect(await server.calls == ["validateEmail(free@sprout.test)"])

        model.emailChanged("taken@sprout.test")
        #expect(model.emailCheck == nil, "the answer was about another email")
        await model.emailCheckTapped()
        #expect(model.emailCheck == .init(email: "taken@sprout.test", message: "이미 사용 중인 이메일이에요.", isAvailable: false))
        await model.emailCheckTapped()
        #expect(await server.calls == ["validateEmail(free@sprout.test)", "validateEmail(taken@sprout.test)"])
    }

    @Test func aCheckThatNeverGotAnAnswerMayBeAskedAgain() async {
        let server = FakeLessons(me: nil)
        await server.fail("validateEmail", with: .transport("offline"))
        let model = JoinViewModel(lessons: server, role: .student)
        model.emailChanged("kim@sprout.test")
        await model.emailCheckTapped()
        #expect(model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요." && model.emailCheck == nil)
        model.alertDismissed()
        await server.succeed("validateEmail")
        await model.emailCheckTapped()
        #expect(model.emailCheck?.isAvailable == true)
        #expect(await server.calls.count == 2)
    }

    @Test func aMalformedEmailShowsTheServersReason() async {
        let server = FakeLessons(me: nil)
        await server.fail("validateEmail", with: .http(status: 400, code: .missingValue, message: "이메일 형식이 올바르지 않습니다."))
        let model = JoinViewModel(lessons: server, role: .student)
        model.emailChanged("kim@")
        await model.emailCheckTapped()
        #expect(model.emailCheck == .init(email: "kim@", message: "이메일 형식이 올바르지 않습니다.", isAvailable: false))
    }

    @Test func theServersRefusalIsShownAndTheScreenStays() async {
        let refusals: [SproutError] = [
            .http(status: 402, code: .nicknameHasWhitespace, message: "닉네임에 공백이 포함될 수 없습니다."),
            .http(status: 409, code: .conflict, message: "이미 사용중인 닉네임입니다."),
            .http(status: 500, code: .serverError, message: nil),
        ]
        for refusal in refusals {
            let server = FakeLessons(me: nil)
            await server.fail("join", with: refusal)
            let model = JoinViewModel(lessons: server, role: .teacher)
            model.emailChanged("kim@sprout.test")
            model.passwordChanged("pw123")
            model.nickChanged("Kim Lee")
            await model.joinTapped()
            #expect(model.route == nil && model.isJoinEnabled)
            if case let .http(_, _, message?) = refusal {
                #expect(model.joinError == message)
            } else {
                #expect(model.joinError == "회원가입에 실패했어요. 다시 시도해 주세요.")
            }
        }
    }
}
