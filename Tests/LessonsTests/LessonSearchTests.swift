import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

/// The lesson list's search box says "악기, 지역, 레슨 이름으로 찾기": it finds lessons by their
/// region at every level (서울, 강남), instrument, title and teacher, forgives typos and spacing
/// when nothing matches as typed, and filters by 시/군/구, format, price per session and stars.
@Suite struct LessonSearchTests {
    struct Lessons3 {
        let piano: String, violin: String, cello: String
    }

    func describe(_ sprout: TestSprout, _ postID: String, as user: LessonsUser, _ terms: Lessons.TermsRequest) async throws {
        let answer = try await sprout.send(.PUT, "api/lessons/\(postID)/terms", headers: ["Authorization": "Bearer \(user.token)"], json: terms)
        #expect(answer.status.code == 200, "\(answer.body.string)")
    }

    func threeLessons(_ sprout: TestSprout) async throws -> Lessons3 {
        let pianist = try await sprout.signUp("pianist", teacher: true)
        let violinist = try await sprout.signUp("violinist", teacher: true)
        let cellist = try await sprout.signUp("celloteacher", teacher: true)
        let piano = try await sprout.createPost(as: pianist, Lessons.PostRequest(
            title: "피아노 기초 4주", price: 200_000, content: "차근차근", content1: "피아노", content2: "서울", content3: "취미",
            content4: "", content5: "", productID: Lessons.ProductID.lesson, files: []))
        try await describe(sprout, piano.postID, as: pianist, .init(sessions: 4, minutesPerSession: 60, format: .inPerson, regionCode: "1168000000", dong: "역삼동"))
        let violin = try await sprout.createPost(as: violinist, Lessons.PostRequest(
            title: "바이올린 1:1", price: 50_000, content: "온라인으로", content1: "바이올린", content2: "부산", content3: "입시",
            content4: "", content5: "", productID: Lessons.ProductID.lesson, files: []))
        try await describe(sprout, violin.postID, as: violinist, .init(sessions: 1, format: .online))
        let cello = try await sprout.createPost(as: cellist, Lessons.PostRequest(
            title: "첼로 입문", price: 120_000, content: "활 잡기부터", content1: "첼로", content2: "경기", content3: "취미",
            content4: "", content5: "", productID: Lessons.ProductID.lesson, files: []))
        return Lessons3(piano: piano.postID, violin: violin.postID, cello: cello.postID)
    }

    /// The lessons a list page shows, by post id.
    func found(_ sprout: TestSprout, _ query: String) async throws -> Set<String> {
        let page = String(buffer: try await WebClient(sprout).get("/lessons/list?" + query).body)
        return Set(page.matches(of: /href="\/lessons\/([0-9a-f]{24})"/).map { String($0.1) })
    }

    @Test func wordsFindTheRegionAtEveryLevelTheInstrumentAndTheTeacher() async throws {
        try await withSprout { sprout in
            let lessons = try await threeLessons(sprout)
            #expect(try await found(sprout, "q=%EC%84%9C%EC%9A%B8") == [lessons.piano], "서울: the province, and the terms' 서울특별시")
            #expect(try await found(sprout, "q=%EA%B0%95%EB%82%A8") == [lessons.piano], "강남: the 시/군/구 of the terms")
            #expect(try await found(sprout, "q=%EC%97%AD%EC%82%BC%EB%8F%99") == [lessons.piano], "역삼동: the 동")
            #expect(try await found(sprout, "q=%ED%94%BC%EC%95%84%EB%85%B8+%EC%84%9C%EC%9A%B8") == [lessons.piano], "피아노 서울: both words")
            #expect(try await found(sprout, "q=celloteacher") == [lessons.cello], "the teacher's name")
            #expect(try await found(sprout, "q=%EC%98%A8%EB%9D%BC%EC%9D%B8") == [lessons.violin], "온라인")
            #expect(try await found(sprout, "q=%ED%94%BC%EC%95%84%EB%85%B8+%EB%B6%80%EC%82%B0").isEmpty, "피아노 부산: no lesson has both")
        }
    }

    @Test func aTypoOrMissingSpaceStillFindsTheLessonNearestFirst() async throws {
        try await withSprout { sprout in
            let lessons = try await threeLessons(sprout)
            #expect(try await found(sprout, "q=%EB%B0%94%EC%9A%9C%EB%A6%B0") == [lessons.violin], "바욜린 is 바이올린")
            #expect(try await found(sprout, "q=%ED%94%BC%EC%95%84%EB%85%B8%EA%B8%B0%EC%B4%88") == [lessons.piano], "피아노기초 without its space")
            #expect(try await found(sprout, "q=zzzzqqqq").isEmpty, "nothing near is nothing found")
        }
    }

    @Test func filtersNarrowByDistrictFormatPricePerSessionAndStars() async throws {
        try await withSprout { sprout in
            let lessons = try await threeLessons(sprout)
            #expect(try await found(sprout, "district=1168000000") == [lessons.piano])
            #expect(try await found(sprout, "district=9999999999") == [lessons.piano, lessons.violin, lessons.cello], "an unknown code filters nothing")
            #expect(try await found(sprout, "format=online") == [lessons.violin])
            #expect(try await found(sprout, "format=in_person") == [lessons.piano, lessons.cello], "a lesson without terms is in person")
            #expect(try await found(sprout, "price=to50k") == [lessons.piano, lessons.violin], "200,000 for 4 sessions is 50,000 a session")
            #expect(try await found(sprout, "price=over100k") == [lessons.cello])
            #expect(try await found(sprout, "rating=4").isEmpty, "no stars given yet")
            #expect(try await found(sprout, "format=online&district=1168000000").isEmpty)
        }
    }
}
