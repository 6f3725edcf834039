import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct LessonListViewModelTests {
    /// `count` violin lessons p<count>…p1, newest first.
    func server(count: Int) -> FakeLessons {
        FakeLessons(me: FakeLessons.student, posts: (1...count).reversed().map { FakeLessons.lesson("p\($0)") })
    }

    @Test func pagesThroughNextCursorNearTheEnd() async {
        let server = server(count: 25)
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: "student", pageSize: 10)
        await model.viewWillAppear()
        #expect(model.lessons.map(\.postID) == (16...25).reversed().map { "p\($0)" })
        #expect(model.hasMore && !model.isLoading)
        await model.willDisplayLesson(at: 3)
        #expect(model.lessons.count == 10, "far from the end: no fetch")
        await model.willDisplayLesson(at: 7)
        await model.willDisplayLesson(at: 17)
        #expect(model.lessons.count == 25 && !model.hasMore)
        await model.willDisplayLesson(at: 24)
        let requests = await server.pageRequests
        #expect(requests.map(\.next) == ["", "p16", "p6"], "the first page with next= empty, then each next_cursor")
        #expect(requests.allSatisfy { $0.feed == .all(productID: Lessons.ProductID.lesson) && $0.limit == 10 })
    }

    @Test func concurrentPrefetchesAskForOnePage() async {
        let server = server(count: 25)
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: nil, pageSize: 10)
        await model.viewWillAppear()
        async let a: Void = model.willDisplayLesson(at: 8)
        async let b: Void = model.willDisplayLesson(at: 9)
        _ = await (a, b)
        #expect(await server.pageRequests.count == 2)
        #expect(model.lessons.count == 20)
    }

    @Test func aLessonOnTwoPagesIsShownOnce() async {
        let server = server(count: 6)
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: nil, pageSize: 3)
        await model.viewWillAppear()
        // The newest of page one moves to the end of the list, where page two will carry it again.
        await server.insert(FakeLessons.lesson("p7"))
        var moved = await server.posts
        moved.append(moved.remove(at: moved.firstIndex { $0.postID == "p6" }!))
        await server.replacePosts(moved)
        await model.willDisplayLesson(at: 2)
        await model.willDisplayLesson(at: 5)
        #expect(model.lessons.map(\.postID) == ["p6", "p5", "p4", "p3", "p2", "p1"])
        #expect(!model.hasMore)
        #expect(await server.pageRequests.map(\.next) == ["", "p4", "p1"])
    }

    @Test func aGroupShowsOnlyItsInstrumentsAndReadsOnUntilOneMatches() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [
            FakeLessons.lesson("p6", instrument: .piano), FakeLessons.lesson("p5", instrument: .flute),
            FakeLessons.lesson("p4", instrument: .trumpet), FakeLessons.lesson("p3", instrument: .cello),
            FakeLessons.lesson("p2", instrument: .piano), FakeLessons.lesson("p1", instrument: .doubleBass),
        ])
        let model = LessonListViewModel(lessons: server, source: .group(.strings), userID: nil, pageSize: 2)
        await model.viewWillAppear()
        #expect(model.lessons.map(\.postID) == ["p3"], "two pages with no strings are read through")
        #expect(model.title == "현악기 레슨을 찾고 있어요")
        await model.willDisplayLesson(at: 0)
        #expect(model.lessons.map(\.postID) == ["p3", "p1"] && !model.hasMore)
    }

    @Test func regionTypeAndPriceNarrowWhatIsLoaded() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [
            FakeLessons.lesson("p4", region: .busan, type: .entranceExam, price: 80000),
            FakeLessons.lesson("p3", region: .seoul, type: .entranceExam, price: 60000),
            FakeLessons.lesson("p2", region: .seoul, type: .hobby, price: 30000),
            FakeLessons.lesson("p1", region: .seoul, type: .entranceExam, price: 100000),
        ])
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: nil)
        await model.viewWillAppear()
        await model.filterChanged(LessonFilter(region: .seoul))
        #expect(model.lessons.map(\.postID) == ["p3", "p2", "p1"])
        await model.filterChanged(LessonFilter(region: .seoul, lessonType: .entranceExam))
        #expect(model.lessons.map(\.postID) == ["p3", "p1"])
        await model.filterChanged(LessonFilter(region: .seoul, lessonType: .entranceExam, priceRange: 50000...70000))
        #expect(model.lessons.map(\.postID) == ["p3"])
        await model.filterChanged(LessonFilter(group: .voice))
        #expect(model.lessons.isEmpty && !model.hasMore)
        #expect(await server.pageRequests.count == 1, "filters do not refetch what is loaded")
    }

    @Test func aHashtagListSearchesTheTagAmongLessons() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [
            FakeLessons.lesson("p2", instrument: .cello), FakeLessons.lesson("p1", instrument: .violin),
            FakeLessons.lesson("c1", instrument: .violin, productID: Lessons.ProductID.community),
        ])
        let model = LessonListViewModel(lessons: server, source: .hashtag("바이올린"), userID: nil)
        await model.viewWillAppear()
        #expect(model.lessons.map(\.postID) == ["p1"])
        #expect(model.title == "#바이올린")
        #expect(await server.pageRequests.map(\.feed) == [.hashtag("바이올린", productID: Lessons.ProductID.lesson)])
    }

    @Test func bookmarksShowForThePersonAndATapOpensTheDetail() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [
            FakeLessons.lesson("p2", likes2: ["student"]), FakeLessons.lesson("p1", likes2: ["someone"]),
        ])
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: "student")
        await model.viewWillAppear()
        #expect(model.lessons.map(model.isBookmarked) == [true, false])
        #expect(model.title == "레슨을 찾고 있어요")
        model.lessonTapped(model.lessons[1])
        #expect(model.route == .lessonDetail(postID: "p1"))
    }

    @Test func aFailedPageAlertsAndIsRetriedOnTheNextScroll() async {
        let server = server(count: 15)
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: nil, pageSize: 10)
        await model.viewWillAppear()
        await server.fail("posts", with: .http(status: 500, code: .serverError, message: "서버 오류가 발생했습니다."))
        await model.willDisplayLesson(at: 9)
        #expect(model.alert == "서버 오류가 발생했습니다." && model.lessons.count == 10 && model.hasMore)
        model.alertDismissed()
        await server.succeed("posts")
        await model.willDisplayLesson(at: 9)
        #expect(model.lessons.count == 15 && model.alert == nil)
    }

    @Test func appearingAgainStartsOver() async {
        let server = server(count: 15)
        let model = LessonListViewModel(lessons: server, source: .group(.all), userID: nil, pageSize: 10)
        await model.viewWillAppear()
        await model.willDisplayLesson(at: 9)
        await server.insert(FakeLessons.lesson("p16"))
        await model.viewWillAppear()
        #expect(model.lessons.first?.postID == "p16" && model.lessons.count == 10 && model.hasMore)
    }
}
