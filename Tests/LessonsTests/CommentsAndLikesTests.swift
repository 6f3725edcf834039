import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct CommentsAndLikesTests {
    @Test func reviewsAreEmbeddedNewestFirstAndOnlyTheirAuthorChangesThem() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher)
            let first = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: student, json: Lessons.CommentRequest(content: "great"))
            #expect(first.status.code == 200)
            #expect(Set(try first.jsonObject().keys) == ["comment_id", "content", "createdAt", "creator"])
            let review = try first.decode(Lessons.Comment.self)
            #expect(review.creator.userID == student.id && review.creator.nick == "lee")
            let second = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: teacher, json: Lessons.CommentRequest(content: "thanks")).decode(Lessons.Comment.self)
            #expect(try await sprout.post(lesson.postID, as: student).comments.map(\.commentID) == [second.commentID, review.commentID])

            let path = "posts/\(lesson.postID)/comments/\(review.commentID)"
            #expect(try await sprout.call(.PUT, path, as: teacher, json: Lessons.CommentRequest(content: "hacked")).status.code == 445)
            #expect(try await sprout.call(.DELETE, path, as: teacher).status.code == 445)
            #expect(try await sprout.post(lesson.postID, as: student).comments.last?.content == "great")

            let edited = try await sprout.call(.PUT, path, as: student, json: Lessons.CommentRequest(content: "great teacher"))
            #expect(try edited.decode(Lessons.Comment.self).content == "great teacher")
            #expect(try await sprout.call(.DELETE, path, as: student).status.code == 200)
            #expect(try await sprout.call(.DELETE, path, as: student).status.code == 410)
            #expect(try await sprout.call(.PUT, path, as: student, json: Lessons.CommentRequest(content: "x")).status.code == 410)
            #expect(try await sprout.post(lesson.postID, as: student).comments.map(\.commentID) == [second.commentID])
        }
    }

    @Test func commentsNeedContentAndAPost() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user)
            for body in [#"{}"#, #"{"content": ""}"#, #"{"content": "   "}"#, #"{"content": ["x"]}"#, #"not json"#] {
                let response = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: user, body: body)
                #expect(response.status.code == 400, "\(body)")
            }
            let tooLong = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: user, json: Lessons.CommentRequest(content: String(repeating: "가", count: 2001)))
            #expect(tooLong.status.code == 400)
            #expect(try await sprout.call(.POST, "posts/nope/comments", as: user, json: Lessons.CommentRequest(content: "x")).status.code == 410)
            #expect(try await sprout.post(lesson.postID, as: user).comments.isEmpty)
        }
    }

    @Test func aReviewsStarsTravelBesideTheContractsFieldsAndAreKeptByAnEditWithout() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user)
            let comments = "posts/\(lesson.postID)/comments"
            for body in [#"{"content": "x", "rating": 0}"#, #"{"content": "x", "rating": 6}"#, #"{"content": "x", "rating": -3}"#,
                         #"{"content": "x", "rating": 1e30}"#, #"{"content": "x", "rating": "five"}"#, #"{"content": "x", "rating": 4.5}"#] {
                let refused = try await sprout.call(.POST, comments, as: user, body: body)
                #expect(refused.status.code == 400, "\(body)")
                #expect(try refused.jsonObject()["message"] is String)
            }
            #expect(try await sprout.post(lesson.postID, as: user).comments.isEmpty, "a refused rating saves nothing")

            let rated = try await sprout.call(.POST, comments, as: user, body: #"{"content": "좋아요", "rating": "4"}"#)
            #expect(rated.status.code == 200)
            #expect(try rated.jsonObject()["rating"] as? Int == 4)
            let comment = try rated.decode(Lessons.Comment.self)
            let path = "\(comments)/\(comment.commentID)"
            let kept = try await sprout.call(.PUT, path, as: user, json: Lessons.CommentRequest(content: "아주 좋아요"))
            #expect(try kept.decode(Lessons.Comment.self).rating == ReviewRating(4), "the published app edits text only")
            #expect(try await sprout.call(.PUT, path, as: user, body: #"{"content": "x", "rating": 9}"#).status.code == 400)
            let changed = try await sprout.call(.PUT, path, as: user, json: Lessons.CommentRequest(content: "보통", rating: ReviewRating(2)))
            #expect(try changed.decode(Lessons.Comment.self).rating == ReviewRating(2))
            let embedded = try await sprout.call(.GET, "posts/\(lesson.postID)", as: user).jsonObject()
            let first = try #require((embedded["comments"] as? [[String: Any]])?.first)
            #expect(first["rating"] as? Int == 2 && first["content"] as? String == "보통")
        }
    }

    @Test func aCommentIsReachedOnlyThroughItsOwnPost() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let one = try await sprout.lesson(by: user)
            let other = try await sprout.lesson(by: user)
            let comment = try await sprout.call(.POST, "posts/\(one.postID)/comments", as: user, json: Lessons.CommentRequest(content: "x")).decode(Lessons.Comment.self)
            #expect(try await sprout.call(.DELETE, "posts/\(other.postID)/comments/\(comment.commentID)", as: user).status.code == 410)
        }
    }

    @Test func likeAndLike2SetTheAskedStateAndListMine() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let older = try await sprout.lesson(by: teacher, title: "older")
            let newer = try await sprout.lesson(by: teacher, title: "newer")
            for _ in 0..<2 {
                let response = try await sprout.call(.POST, "posts/\(newer.postID)/like-2", as: student, json: Lessons.LikeStatus(likeStatus: true))
                #expect(try response.decode(Lessons.LikeStatus.self).likeStatus == true)
            }
            _ = try await sprout.call(.POST, "posts/\(older.postID)/like-2", as: student, json: Lessons.LikeStatus(likeStatus: true))
            _ = try await sprout.call(.POST, "posts/\(older.postID)/like", as: student, json: Lessons.LikeStatus(likeStatus: true))

            let post = try await sprout.post(newer.postID, as: teacher)
            #expect(post.likes2 == [student.id] && post.likes.isEmpty)
            let bookmarks = try await sprout.list("posts/likes-2/me", as: student)
            #expect(bookmarks.data.map(\.title) == ["older", "newer"], "most recently bookmarked first")
            #expect(try await sprout.list("posts/likes/me?next=&limit=10", as: student).data.map(\.title) == ["older"])
            let paged = try await sprout.list("posts/likes-2/me?limit=1", as: student)
            #expect(paged.data.map(\.title) == ["older"] && paged.nextCursor != "0")
            #expect(try await sprout.list("posts/likes-2/me?limit=1&next=\(paged.nextCursor)", as: student).data.map(\.title) == ["newer"])

            let off = try await sprout.call(.POST, "posts/\(newer.postID)/like-2", as: student, json: Lessons.LikeStatus(likeStatus: false))
            #expect(try off.decode(Lessons.LikeStatus.self).likeStatus == false)
            #expect(try await sprout.post(newer.postID, as: teacher).likes2.isEmpty)
        }
    }

    @Test func likeNeedsAStatusAndAPost() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user)
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/like", as: user, body: "{}").status.code == 400)
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/like", as: user, body: #"{"like_status": "maybe"}"#).status.code == 400)
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/like-2", as: user, body: #"{"like_status": "true"}"#).status.code == 200)
            #expect(try await sprout.call(.POST, "posts/nope/like", as: user, json: Lessons.LikeStatus(likeStatus: true)).status.code == 410)
        }
    }

    @Test func concurrentLikesOfOnePostLeaveOneRow() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let lesson = try await sprout.lesson(by: user)
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await sprout.call(.POST, "posts/\(lesson.postID)/like-2", as: user, json: Lessons.LikeStatus(likeStatus: true)).status.code.asInt
                    }
                }
                for try await code in group { #expect(code == 200) }
            }
            #expect(try await sprout.post(lesson.postID, as: user).likes2 == [user.id])
        }
    }
}
