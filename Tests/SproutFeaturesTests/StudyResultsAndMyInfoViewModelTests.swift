import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct StudyResultsViewModelTests {
    static let center = StudyCoordinate(latitude: 37.5, longitude: 126.9)
    static let partner = Study.QueueStateOutcome.matched(nick: "고래밥", uid: "uid-2", dodged: false, reviewed: false)

    func opened(states: [Study.QueueStateOutcome] = [.waiting]) async -> (StudyResultsViewModel, FakeStudy, TestClock) {
        let server = FakeStudy()
        await server.set(states: states)
        await server.set(search: Study.SearchResult(fromQueueDB: [FakeStudy.person("n1")], fromQueueDBRequested: [FakeStudy.person("r1")], fromRecommend: []))
        let clock = TestClock()
        let model = StudyResultsViewModel(study: server, center: Self.center, clock: clock)
        await model.viewWillAppear()
        await server.forgetCalls()
        return (model, server, clock)
    }

    @Test func appearingSearchesShowsTheTabsAndStartsPolling() async {
        let (model, _, clock) = await opened()
        #expect(model.nearby.map(\.uid) == ["n1"] && model.received.map(\.uid) == ["r1"])
        #expect(model.shown.map(\.uid) == ["n1"] && model.isPolling && clock.runningTimers == 1)
    }

    @Test func eachTabSearchesAgain() async {
        let (model, server, _) = await opened()
        await model.tabSelected(.received)
        #expect(model.shown.map(\.uid) == ["r1"])
        #expect(await server.calls == ["search(37.5,126.9)"])
    }

    @Test func pollingEveryFiveSecondsStopsOnAMatch() async {
        let (model, server, clock) = await opened(states: [.waiting, .waiting, .waiting, Self.partner])
        await clock.advance(by: .seconds(4))
        #expect(await server.calls.isEmpty, "nothing before five seconds")
        await clock.advance(by: .seconds(1))
        #expect(await server.calls == ["queueState"] && model.route == nil)
        await clock.advance(by: .seconds(5))
        #expect(await server.calls == ["queueState", "queueState"] && model.route == nil)
        await clock.advance(by: .seconds(5))
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2"))
        #expect(model.toast == .matched(nick: "고래밥"))
        #expect(model.toast?.korean == "고래밥님과 매칭되셨습니다. 잠시 후 채팅방으로 이동합니다")
        #expect(model.toast?.english == "You are matched with 고래밥. Moving to the chat room shortly.")
        #expect(!model.isPolling && clock.runningTimers == 0)
        await clock.advance(by: .seconds(30))
        #expect(await server.calls.count == 3, "no poll after the match")
    }

    @Test func aFailedPollIsQuietAndPollingGoesOn() async {
        let (model, server, clock) = await opened()
        await server.fail("queueState", with: SproutError.transport("offline"))
        await clock.advance(by: .seconds(10))
        #expect(model.alert == nil && model.isPolling)
        await server.succeed("queueState")
        await server.set(states: [Self.partner])
        await clock.advance(by: .seconds(5))
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2"))
    }

    @Test func aMatchMadeBeforeAppearingOpensTheChatAtOnce() async {
        let (model, server, clock) = await opened(states: [Self.partner])
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2"))
        #expect(clock.runningTimers == 0)
        #expect(await server.calls.isEmpty, "no search once matched")
    }

    @Test func leavingStopsPolling() async {
        let (model, server, clock) = await opened()
        model.viewDidDisappear()
        await clock.advance(by: .seconds(20))
        #expect(await server.calls.isEmpty && clock.runningTimers == 0)
    }

    @Test func requestingReadsEachStatus() async {
        var (model, server, _) = await opened()
        await model.requestTapped("n1")
        #expect(await server.calls == ["requestStudy(n1)"] && model.toast == .requestSent && model.route == nil)

        (model, server, _) = await opened()
        await server.set(request: .otherNotWaiting)
        await model.requestTapped("n1")
        #expect(model.toast == .otherStoppedSearching && model.toast?.korean == "상대방이 스터디 찾기를 그만두었습니다")
        #expect(await server.calls == ["requestStudy(n1)", "search(37.5,126.9)"], "the list is refreshed")

        (model, server, _) = await opened()
        await server.set(request: .requestedByOther)
        await server.set(states: [Self.partner])
        await model.requestTapped("n1")
        #expect(await server.calls == ["requestStudy(n1)", "queueState"], "the server matched us; no accept is sent")
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2") && model.toast == .requestedByOther && !model.isPolling)
    }

    @Test func acceptingReadsEachStatus() async {
        var (model, server, _) = await opened()
        await server.set(states: [Self.partner])
        await model.acceptTapped("r1")
        #expect(await server.calls == ["acceptStudy(r1)", "queueState"])
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2") && model.toast == .matched(nick: "고래밥"))

        for (status, message, korean) in [
            (Study.StudyAcceptStatus.otherMatchedElsewhere, StudyMessage.otherMatchedElsewhere, "상대방이 이미 다른 새싹과 스터디를 함께 하는 중입니다"),
            (.otherNotWaiting, .otherStoppedSearching, "상대방이 스터디 찾기를 그만두었습니다"),
        ] {
            (model, server, _) = await opened()
            await server.set(accept: status)
            await model.acceptTapped("r1")
            #expect(model.toast == message && model.toast?.korean == korean && model.route == nil)
            #expect(await server.calls == ["acceptStudy(r1)", "search(37.5,126.9)"])
        }

        (model, server, _) = await opened()
        await server.set(accept: .alreadyMatched)
        await server.set(states: [.matched(nick: "다른새싹", uid: "uid-3", dodged: false, reviewed: false)])
        await model.acceptTapped("r1")
        #expect(model.toast == .alreadyMatched && model.toast?.korean == "앗! 누군가가 나의 스터디를 수락하였어요!")
        #expect(model.route == .matched(nick: "다른새싹", uid: "uid-3"))
    }

    @Test func stoppingGoesHomeOrFollowsAMatchMadeMeanwhile() async {
        var (model, server, clock) = await opened()
        await model.stopSearchingTapped()
        #expect(await server.calls == ["stopSearching"] && model.route == .home && clock.runningTimers == 0)

        (model, server, clock) = await opened()
        await server.set(stop: .notWaiting)
        await server.set(states: [Self.partner])
        await model.stopSearchingTapped()
        #expect(await server.calls == ["stopSearching", "queueState"])
        #expect(model.route == .matched(nick: "고래밥", uid: "uid-2"))

        (model, server, clock) = await opened()
        await server.set(stop: .notWaiting)
        await server.set(states: [.normal])
        await model.stopSearchingTapped()
        #expect(model.route == .home && clock.runningTimers == 0)
    }

    @Test func changingTheStudyLeavesTheQueueForTheInput() async {
        let (model, server, clock) = await opened()
        await model.changeStudyTapped()
        #expect(await server.calls == ["stopSearching"])
        #expect(model.route == .studyInput(center: Self.center) && clock.runningTimers == 0)
    }

    @Test func failuresAlert() async {
        let (model, server, _) = await opened()
        await server.fail("requestStudy", with: SproutError.http(status: 500, code: .serverError, message: nil))
        await model.requestTapped("n1")
        #expect(model.alert == .serverError)
        await server.fail("stopSearching", with: SproutError.sessionExpired)
        await model.stopSearchingTapped()
        #expect(model.alert == .signInAgain && model.route == nil)
    }
}

@MainActor @Suite struct StudyMyInfoViewModelTests {
    func opened() async -> (StudyMyInfoViewModel, FakeStudy) {
        let server = FakeStudy()
        let model = StudyMyInfoViewModel(study: server)
        await model.viewWillAppear()
        await server.forgetCalls()
        return (model, server)
    }

    @Test func appearingShowsTheEditableFields() async {
        let (model, _) = await opened()
        #expect(model.user == FakeStudy.me)
        #expect(model.searchable && model.ageRange == 20...40 && model.gender == .man && model.study == "Swift")
        #expect(model.isSaveEnabled)
    }

    @Test func savingSendsEveryField() async {
        let (model, server) = await opened()
        model.searchableToggled(false)
        model.ageRangeChanged(min: 18, max: 65)
        model.genderTapped(.woman)
        model.studyChanged("알고리즘")
        await model.saveTapped()
        #expect(await server.pages == [Study.MyPage(searchable: false, ageMin: 18, ageMax: 65, gender: .woman, study: "알고리즘")])
        #expect(model.toast == .saved && model.user?.study == "알고리즘" && model.user?.gender == 0)
    }

    @Test func theAgeRangeStaysWithin18To65AndInOrder() async {
        let (model, _) = await opened()
        for (min, max) in [(17, 40), (20, 66), (41, 40)] {
            model.ageRangeChanged(min: min, max: max)
            #expect(model.ageRange == 20...40 && model.toast == .invalidAgeRange, "\(min)...\(max)")
            model.toastShown()
        }
        model.ageRangeChanged(min: 30, max: 30)
        #expect(model.ageRange == 30...30 && model.toast == nil)
    }

    @Test func withdrawingAsksFirstThenGoesToOnboarding() async {
        let (model, server) = await opened()
        model.withdrawTapped()
        #expect(model.isWithdrawConfirmationShown)
        model.withdrawCancelled()
        #expect(!model.isWithdrawConfirmationShown && model.route == nil)
        model.withdrawTapped()
        await model.withdrawConfirmed()
        #expect(await server.calls == ["withdraw"] && model.route == .onboarding)

        let (again, gone) = await opened()
        await gone.set(withdraw: .notSignedUp)
        await again.withdrawConfirmed()
        #expect(await gone.calls == ["withdraw", "signOut"] && again.route == .onboarding)
    }

    @Test func notSignedUpGoesToSignupAndFailuresAlert() async {
        let server = FakeStudy()
        await server.set(user: .notSignedUp)
        let model = StudyMyInfoViewModel(study: server)
        await model.viewWillAppear()
        #expect(model.route == .signup && !model.isSaveEnabled)

        let (opened, failing) = await opened()
        await failing.fail("updateMyPage", with: SproutError.transport("offline"))
        await opened.saveTapped()
        #expect(opened.alert == .network && opened.toast == nil)
    }
}
