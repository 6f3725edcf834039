import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct HomeViewModelTests {
    func model(_ server: FakeLessons) -> HomeViewModel {
        HomeViewModel(lessons: server, shuffle: { $0 })
    }

    @Test func eightTilesOpenTheirFilteredList() {
        let model = model(FakeLessons())
        #expect(model.tiles == [.all, .strings, .woodwinds, .brass, .piano, .voice, .composition, .other])
        model.tileTapped(.brass)
        #expect(model.route == .lessonList(.group(.brass)))
        model.routeHandled()
        #expect(model.route == nil)
    }

    @Test func theCarouselsHoldTheLessonsCuratedInContent4() async {
        let server = FakeLessons(posts: [
            FakeLessons.lesson("p4", curation: .popular),
            FakeLessons.lesson("p3", curation: .interesting),
            FakeLessons.lesson("p2"),
            FakeLessons.lesson("p1", curation: .popular),
            FakeLessons.lesson("c1", curation: .popular, productID: Lessons.ProductID.community),
        ])
        let model = model(server)
        await model.viewWillAppear()
        #expect(model.popular.map(\.postID) == ["p4", "p1"], "only lessons, in the server's order")
        #expect(model.interesting.map(\.postID) == ["p3"])
        #expect(await server.pageRequests.map(\.feed) == [.all(productID: Lessons.ProductID.lesson)])
        model.lessonTapped(model.popular[0])
        #expect(model.route == .lessonDetail(postID: "p4"))
    }

    @Test func reloadsOnEveryAppearanceAndReportsAFailure() async {
        let server = FakeLessons(posts: [FakeLessons.lesson("p1", curation: .popular)])
        let model = model(server)
        await model.viewWillAppear()
        await server.insert(FakeLessons.lesson("p2", curation: .popular))
        await model.viewWillAppear()
        #expect(model.popular.map(\.postID) == ["p2", "p1"])
        await server.fail("posts", with: .transport("offline"))
        await model.viewWillAppear()
        #expect(model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요." && !model.isLoading)
        #expect(model.popular.count == 2, "what was shown stays")
    }

    @Test func suggestionsMatchWhatIsTypedOrFallBackToSixteen() {
        let model = model(FakeLessons())
        #expect(model.suggestions == Array(Lessons.hashtagSuggestions.prefix(16)))
        model.searchTextChanged("#레슨")
        #expect(model.suggestions == ["개인레슨", "그룹레슨", "입시레슨", "취미레슨"])
        model.searchTextChanged("없는말")
        #expect(model.suggestions.count == 16)
    }

    @Test func searchOpensTheHashtagListWithTheBareWord() {
        let model = model(FakeLessons())
        model.searchTextChanged("  #바이올린 ")
        model.searchSubmitted()
        #expect(model.route == .lessonList(.hashtag("바이올린")))
        model.routeHandled()
        model.searchTextChanged(" # ")
        model.searchSubmitted()
        #expect(model.route == nil, "nothing to search")
        model.suggestionTapped("조성진")
        #expect(model.searchText == "조성진" && model.route == .lessonList(.hashtag("조성진")))
    }
}
