import Fluent
import Foundation
@testable import Lessons
import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// What a list embeds is bounded however popular a post or a person is; a post or profile read
/// alone still has all of its comments, and the shapes clients decode do not change.
@Suite struct BoundedListsTests {
    @Test func aListCarriesEachPostsNewestCommentsAndThePostAloneAllOfThem() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher)
            let quiet = try await sprout.lesson(by: teacher, title: "Cello 1:1")
            var written: [String] = []
            for number in 1...(PostReader.listedComments + 5) {
                let comment = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: student, json: Lessons.CommentRequest(content: "후기 \(number)"))
                written.append(try comment.decode(Lessons.Comment.self).commentID)
            }
            _ = try await sprout.call(.POST, "posts/\(quiet.postID)/comments", as: student, json: Lessons.CommentRequest(content: "한 줄"))

            let listed = try await sprout.list("posts?product_id=\(Lessons.ProductID.lesson)", as: student).data
            let busy = try #require(listed.first { $0.postID == lesson.postID })
            #expect(busy.comments.map(\.commentID) == Array(written.reversed().prefix(PostReader.listedComments)), "the newest, newest first")
            #expect(listed.first { $0.postID == quiet.postID }?.comments.map(\.content) == ["한 줄"], "another post's comments are its own")
            #expect(try await sprout.post(lesson.postID, as: student).comments.count == PostReader.listedComments + 5)
        }
    }

    @Test func aProfileListsTheNewestFollowersOldestFirst() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let db = sprout.app.db
            let count = Follows.listedPeople + 3
            for number in 0..<count {
                let id = String(format: "%024x", number + 1)
                try await Account(id: id, email: "fan\(number)@sprout.test", passwordHash: nil, displayName: "fan\(number)", createdAt: Date()).create(on: db)
                try await LessonsProfile(accountID: id, nick: "fan\(number)", phoneNum: "", birthDay: "", role: .student).create(on: db)
                try await LessonFollow(followerID: id, followeeID: teacher.id, createdAt: Date()).create(on: db)
            }
            let profile = try await sprout.call(.GET, "users/\(teacher.id)/profile", as: teacher).decode(Lessons.UserProfile.self)
            #expect(profile.followers.count == Follows.listedPeople)
            #expect(profile.followers.first?.nick == "fan3" && profile.followers.last?.nick == "fan\(count - 1)", "the three oldest left out")
            let mine = try await sprout.call(.GET, "users/me/profile", as: teacher).decode(Lessons.MyProfile.self)
            #expect(mine.followers.count == Follows.listedPeople && mine.following.isEmpty)
        }
    }
}
