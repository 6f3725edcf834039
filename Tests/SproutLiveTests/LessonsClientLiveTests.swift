import Foundation
import SproutAPI
import SproutKit
import SproutTestSupport
import Testing
import Vapor

/// The calls no screen makes yet (profiles, follow, like-1, deletes, withdraw), over real sockets
/// against the real server, so the SDK's side of them is known to match it.
@Suite struct LessonsClientLiveTests {
    static let photo = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images/exif-rotated.jpg"))

    func withClients(_ test: (LessonsClient, LessonsClient, (me: String, other: String)) async throws -> Void) async throws {
        try await withListeningSprout { sprout, url in
            let me = LessonsClient(baseURL: url, apiKey: sprout.apiKey)
            let other = LessonsClient(baseURL: url, apiKey: sprout.apiKey)
            var ids: [String] = []
            for (client, nick) in [(me, "me"), (other, "other")] {
                ids.append(try await client.join(Lessons.JoinRequest(email: "\(nick)@sprout.test", password: "pw12345", nick: nick, phoneNum: "1")).userID)
                try await client.login(email: "\(nick)@sprout.test", password: "pw12345")
            }
            try await test(me, other, (ids[0], ids[1]))
        }
    }

    @Test func profilesAndFollow() async throws {
        try await withClients { me, other, ids in
            let edited = try await me.editProfile(nick: "새싹", birthDay: "20000101", image: ImageUpload(filename: "me.jpg", data: Self.photo))
            #expect(edited.nick == "새싹" && edited.birthDay == "20000101" && edited.phoneNum == "1" && !edited.profileImage.isEmpty)
            #expect(try await me.image(at: edited.profileImage).starts(with: [0xFF, 0xD8]))
            await #expect(throws: SproutError.http(status: 402, code: .nicknameHasWhitespace, message: "닉네임에 공백이 포함될 수 없습니다.")) {
                try await me.editProfile(nick: "새 싹")
            }
            await #expect(throws: SproutError.http(status: 409, code: .conflict, message: "이미 사용중인 닉네임입니다.")) {
                try await other.editProfile(nick: "새싹")
            }

            let following = try await me.follow(userID: ids.other)
            #expect(following == Lessons.FollowStatus(nick: "새싹", opponentNick: "other", followingStatus: true))
            let theirs = try await me.profile(userID: ids.other)
            #expect(theirs.nick == "other" && theirs.followers.map(\.userID) == [ids.me])
            #expect(try await me.unfollow(userID: ids.other).followingStatus == false)
            #expect(try await me.myProfile().following.isEmpty)
        }
    }

    @Test func likeOneCommentsAndDeletes() async throws {
        try await withClients { me, other, ids in
            let post = try await me.createPost(Lessons.PostRequest(title: "Community", content: "hello", productID: Lessons.ProductID.community))
            #expect(try await other.setLike(true, postID: post.postID).likeStatus)
            #expect(try await other.allPosts(.liked).map(\.postID) == [post.postID])
            #expect(try await other.posts(.liked2).data.isEmpty)

            let comment = try await other.comment("first!", on: post.postID)
            await #expect(throws: SproutError.http(status: 445, code: .notAuthor, message: "권한이 없습니다.")) {
                try await me.deleteComment(comment.commentID, on: post.postID)
            }
            try await other.deleteComment(comment.commentID, on: post.postID)
            #expect(try await me.post(id: post.postID).comments.isEmpty)

            await #expect(throws: SproutError.http(status: 445, code: .notAuthor, message: "권한이 없습니다.")) {
                try await other.deletePost(id: post.postID)
            }
            try await me.deletePost(id: post.postID)
            await #expect(throws: SproutError.http(status: 410, code: .notFound, message: "게시글을 찾을 수 없습니다.")) {
                try await me.post(id: post.postID)
            }
            #expect(try await me.allPosts(.user(id: ids.me, productID: nil)).isEmpty)
        }
    }

    @Test func withdrawEndsTheAccount() async throws {
        try await withClients { me, _, ids in
            let withdrawn = try await me.withdraw()
            #expect(withdrawn.userID == ids.me)
            await #expect(throws: SproutError.notSignedIn) { try await me.myProfile() }
            await #expect(throws: SproutError.http(status: 401, code: .unauthorized, message: "계정을 확인해주세요.")) {
                try await me.login(email: "me@sprout.test", password: "pw12345")
            }
        }
    }
}
