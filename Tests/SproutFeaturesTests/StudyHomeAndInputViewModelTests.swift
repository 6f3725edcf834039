import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct StudyHomeViewModelTests {
    static let campus = "37.517819,126.886145"

    @Test func withoutALocationTheCampusIsSearchedAndTheButtonAsksForPermission() async {
        let server = FakeStudy()
        let model = StudyHomeViewModel(study: server)
        await model.viewWillAppear()
        #expect(await server.calls == ["queueState", "search(\(Self.campus))"])
        #expect(model.center == .sesacCampus && model.floatingButton == .search)
        model.floatingButtonTapped()
        #expect(model.alert == .locationRequired && model.route == nil)
    }

    @Test func theFirstFixCentresTheMapAndGPSReturnsToIt() async {
        let server = FakeStudy()
        let model = StudyHomeViewModel(study: server)
        await model.locationAuthorizationChanged(granted: true)
        await model.locationUpdated(StudyCoordinate(latitude: 37.1, longitude: 127.1))
        await model.locationUpdated(StudyCoordinate(latitude: 37.2, longitude: 127.2))
        await model.mapRegionSettled(center: StudyCoordinate(latitude: 37.3, longitude: 127.3))
        await model.gpsButtonTapped()
        #expect(await server.calls == ["search(37.1,127.1)", "search(37.3,127.3)", "search(37.2,127.2)"])
        #expect(model.center == StudyCoordinate(latitude: 37.2, longitude: 127.2))
    }

    @Test func theGenderFilterIsAppliedOnTheClient() async {
        let server = FakeStudy()
        await server.set(search: Study.SearchResult(
            fromQueueDB: [FakeStudy.person("w1", gender: 0), FakeStudy.person("m1", gender: 1)],
            fromQueueDBRequested: [FakeStudy.person("m1", gender: 1), FakeStudy.person("w2", gender: 0)], fromRecommend: []
        ))
        let model = StudyHomeViewModel(study: server)
        await model.viewWillAppear()
        #expect(model.people.map(\.uid) == ["w1", "m1", "w2"], "requesters are on the map too, once")
        model.genderFilterTapped(.man)
        #expect(model.people.map(\.uid) == ["m1"])
        model.genderFilterTapped(.woman)
        #expect(model.people.map(\.uid) == ["w1", "w2"])
        #expect(await server.calls.filter { $0.hasPrefix("search") }.count == 1, "filtering asks nothing of the server")
    }

    @Test func theFloatingButtonFollowsTheQueueState() async {
        let cases: [(Study.QueueStateOutcome, StudyHomeViewModel.FloatingButton, StudyHomeViewModel.Route)] = [
            (.normal, .search, .studyInput(center: .sesacCampus)),
            (.waiting, .waiting, .searchResults(center: .sesacCampus)),
            (.matched(nick: "고래밥", uid: "uid-2", dodged: false, reviewed: false), .matched(nick: "고래밥", uid: "uid-2"), .chat(nick: "고래밥", uid: "uid-2")),
        ]
        for (state, button, route) in cases {
            let server = FakeStudy()
            await server.set(states: [state])
            let model = StudyHomeViewModel(study: server)
            await model.locationAuthorizationChanged(granted: true)
            await model.viewWillAppear()
            #expect(model.floatingButton == button)
            model.floatingButtonTapped()
            #expect(model.route == route)
        }
    }

    @Test func notSignedUpGoesToSignupAndOtherFailuresAlert() async {
        let server = FakeStudy()
        await server.fail("queueState", with: SproutError.http(status: 406, code: .notSignedUp, message: nil))
        let model = StudyHomeViewModel(study: server)
        await model.viewWillAppear()
        #expect(model.route == .signup)
        await server.succeed("queueState")
        await server.fail("search", with: SproutError.transport("offline"))
        await model.viewWillAppear()
        #expect(model.alert == .network)
    }
}

@MainActor @Suite struct StudyInputViewModelTests {
    static let center = StudyCoordinate(latitude: 37.5, longitude: 126.9)

    @Test func aroundTagsAreRecommendedFirstThenNearbyStudiesWithoutAnything() async {
        let server = FakeStudy()
        await server.set(search: Study.SearchResult(
            fromQueueDB: [FakeStudy.person("a", studies: ["swift", "anything"]), FakeStudy.person("b", studies: ["SwiftUI", "algorithm", "Anything"])],
            fromQueueDBRequested: [FakeStudy.person("c", studies: ["swift", "코테"])], fromRecommend: ["SwiftUI", "알고리즘"]
        ))
        let model = StudyInputViewModel(study: server, center: Self.center)
        await model.viewWillAppear()
        #expect(model.aroundTags == [
            .init(name: "SwiftUI", isRecommended: true), .init(name: "알고리즘", isRecommended: true),
            .init(name: "swift", isRecommended: false), .init(name: "algorithm", isRecommended: false), .init(name: "코테", isRecommended: false),
        ])
    }

    @Test func typedWordsBecomeTagsAndRefusalsSayWhy() {
        let model = StudyInputViewModel(study: FakeStudy(), center: Self.center)
        model.searchTextChanged("swift  알고리즘 ")
        model.searchSubmitted()
        #expect(model.myTags == ["swift", "알고리즘"] && model.searchText.isEmpty && model.toast == nil)

        model.searchTextChanged("ios 아주아주아주긴스터디")
        model.searchSubmitted()
        #expect(model.myTags == ["swift", "알고리즘", "ios"])
        #expect(model.toast == .tagLength && model.searchText == "아주아주아주긴스터디", "the refused word stays in the field")
        #expect(model.toast?.korean == "최소 한 자 이상, 최대 8글자까지 작성 가능합니다")

        model.aroundTagTapped("swift")
        #expect(model.toast == .duplicateTag && model.myTags.count == 3)

        model.searchTextChanged("a b c d e f")
        model.searchSubmitted()
        #expect(model.myTags == ["swift", "알고리즘", "ios", "a", "b", "c", "d", "e"])
        #expect(model.toast == .tooManyTags && model.searchText == "f")

        model.myTagTapped("ios")
        model.aroundTagTapped("f")
        #expect(model.myTags.last == "f" && model.myTags.count == 8)
    }

    @Test func findingEntersTheQueueWithMyTagsOrAnything() async {
        let server = FakeStudy()
        let model = StudyInputViewModel(study: server, center: Self.center)
        await model.findTapped()
        #expect(await server.entries == [Study.QueueEntry(lat: 37.5, long: 126.9, studylist: [])])
        #expect(await server.entries.first?.form.values("studylist") == ["anything"])
        #expect(model.route == .searchResults(center: Self.center))
        model.searchTextChanged("swift ios")
        model.searchSubmitted()
        await model.findTapped()
        #expect(await server.calls.last == "enterQueue(swift,ios)")
    }

    @Test func eachRefusalOfTheQueueHasItsToast() async {
        let cases: [(Study.QueueEntryStatus, StudyMessage, String)] = [
            (.reportedTooOften, .reportedTooOften, "신고가 누적되어 이용하실 수 없습니다"),
            (.dodgePenalty1, .dodgePenalty(minutes: 1), "스터디 취소 패널티로, 1분동안 이용하실 수 없습니다"),
            (.dodgePenalty2, .dodgePenalty(minutes: 2), "스터디 취소 패널티로, 2분동안 이용하실 수 없습니다"),
            (.dodgePenalty3, .dodgePenalty(minutes: 3), "스터디 취소 패널티로, 3분동안 이용하실 수 없습니다"),
        ]
        for (status, message, korean) in cases {
            let server = FakeStudy()
            await server.set(queueEntry: status)
            let model = StudyInputViewModel(study: server, center: Self.center)
            await model.findTapped()
            #expect(model.toast == message && model.toast?.korean == korean && model.route == nil)
        }
        #expect(StudyMessage.dodgePenalty(minutes: 1).english == "Because you cancelled a study, you cannot look for partners for 1 minute.")
        #expect(StudyMessage.dodgePenalty(minutes: 3).english.hasSuffix("for 3 minutes."))
    }

    @Test func aFailedEntryAlerts() async {
        let server = FakeStudy()
        await server.fail("enterQueue", with: SproutError.http(status: 501, code: .invalidParameters, message: nil))
        let model = StudyInputViewModel(study: server, center: Self.center)
        await model.findTapped()
        #expect(model.alert == .invalidRequest && model.route == nil && !model.isSubmitting)
    }
}
