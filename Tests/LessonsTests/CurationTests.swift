import Foundation
@testable import Lessons
import SproutAPI
import SproutTestSupport
import Testing

/// The home screen's curated sections are the operator's: an author's `content4` can neither put
/// a lesson there nor take one out; `LessonCuration` (behind `sprout curation`) can.
@Suite struct CurationTests {
    private func lesson(_ sprout: TestSprout, by teacher: LessonsUser, content4: String) async throws -> Lessons.Post {
        try await sprout.createPost(as: teacher, Lessons.PostRequest(
            title: "Cello", price: 40_000, content: "Weekly", content1: "첼로", content2: "서울", content3: "취미",
            content4: content4, content5: "", productID: Lessons.ProductID.lesson, files: []
        ))
    }

    private func homeHTML(_ sprout: TestSprout) async throws -> String {
        String(buffer: try await WebClient(sprout).get("/lessons").body)
    }

    @Test func anAuthorCannotCurateTheirOwnLesson() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("self-promoter", teacher: true)
            for section in Lessons.Curation.allCases {
                let post = try await lesson(sprout, by: teacher, content4: section.rawValue)
                #expect(post.content4 == "")
                let edited = try await sprout.call(.PUT, "posts/\(post.postID)", as: teacher, json: Lessons.PostRequest(content4: section.rawValue))
                #expect(edited.status.code == 200)
                #expect(try await sprout.post(post.postID, as: teacher).content4 == "")
            }
            let list = try await sprout.list("posts?product_id=\(Lessons.ProductID.lesson)&limit=50", as: teacher)
            #expect(list.data.allSatisfy { Lessons.Curation(rawValue: $0.content4 ?? "") == nil })
            #expect(!(try await homeHTML(sprout)).contains("self-promoter"))
        }
    }

    @Test func otherContent4ValuesAreStillTheAuthors() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("plain-author", teacher: true)
            let post = try await lesson(sprout, by: teacher, content4: "my-own-tag")
            #expect(post.content4 == "my-own-tag")
        }
    }

    @Test func theOperatorPlacesAndRemovesALessonAndEditsKeepIt() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("curated-teacher", teacher: true)
            let post = try await lesson(sprout, by: teacher, content4: "")
            try await LessonCuration().place(post.postID, in: .popular, on: sprout.app.db)
            #expect(try await sprout.post(post.postID, as: teacher).content4 == Lessons.Curation.popular.rawValue)

            // The published app's edit sends content4 "" (or the old tag); neither moves the lesson.
            _ = try await sprout.call(.PUT, "posts/\(post.postID)", as: teacher, json: Lessons.PostRequest(title: "Cello 1:1", content4: ""))
            let edited = try await sprout.post(post.postID, as: teacher)
            #expect(edited.title == "Cello 1:1" && edited.content4 == Lessons.Curation.popular.rawValue)
            _ = try await sprout.call(.PUT, "posts/\(post.postID)", as: teacher, json: Lessons.PostRequest(content4: Lessons.Curation.interesting.rawValue))
            #expect(try await sprout.post(post.postID, as: teacher).content4 == Lessons.Curation.popular.rawValue)

            let placements = try await LessonCuration().placements(on: sprout.app.db)
            #expect(placements.map(\.postID) == [post.postID] && placements.first?.section == .popular)

            try await LessonCuration().place(post.postID, in: nil, on: sprout.app.db)
            #expect(try await sprout.post(post.postID, as: teacher).content4 == "")
            #expect(try await LessonCuration().placements(on: sprout.app.db).isEmpty)
        }
    }

    @Test func onlyExistingLessonsCanBePlaced() async throws {
        try await withSprout { sprout in
            let member = try await sprout.signUp("community-member")
            let talk = try await sprout.createPost(as: member, Lessons.PostRequest(title: "Hello", content: "hi", productID: Lessons.ProductID.community))
            await #expect(throws: CurationError.self) { try await LessonCuration().place("no-such-post", in: .popular, on: sprout.app.db) }
            await #expect(throws: CurationError.self) { try await LessonCuration().place(talk.postID, in: .popular, on: sprout.app.db) }
            #expect(try await sprout.post(talk.postID, as: member).content4 != Lessons.Curation.popular.rawValue)
        }
    }
}
