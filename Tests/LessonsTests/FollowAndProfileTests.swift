import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct FollowAndProfileTests {
    @Test func followShowsUpOnBothProfiles() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: kim)
            let follow = try await sprout.call(.POST, "follow/\(kim.id)", as: lee)
            #expect(follow.status.code == 200)
            #expect(try follow.decode(Lessons.FollowStatus.self) == Lessons.FollowStatus(nick: "lee", opponentNick: "kim", followingStatus: true))
            #expect(try await sprout.call(.POST, "follow/\(kim.id)", as: lee).status.code == 409)

            let kims = try await sprout.call(.GET, "users/\(kim.id)/profile", as: lee)
            #expect(Set(try kims.jsonObject().keys) == ["user_id", "nick", "profileImage", "followers", "following", "posts"])
            let profile = try kims.decode(Lessons.UserProfile.self)
            #expect(profile.followers.map(\.userID) == [lee.id] && profile.posts == [lesson.postID])
            let mine = try await sprout.call(.GET, "users/me/profile", as: lee).decode(Lessons.MyProfile.self)
            #expect(mine.following == [Lessons.Person(userID: kim.id, nick: "kim", profileImage: "")])

            let unfollow = try await sprout.call(.DELETE, "follow/\(kim.id)", as: lee)
            #expect(try unfollow.decode(Lessons.FollowStatus.self).followingStatus == false)
            #expect(try await sprout.call(.DELETE, "follow/\(kim.id)", as: lee).status.code == 410)
            #expect(try await sprout.call(.GET, "users/\(kim.id)/profile", as: lee).decode(Lessons.UserProfile.self).followers.isEmpty)
        }
    }

    @Test func ofRacingUnfollowsExactlyOneSucceeds() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim")
            let lee = try await sprout.signUp("lee")
            _ = try await sprout.call(.POST, "follow/\(kim.id)", as: lee)
            let codes = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<8 { group.addTask { try await sprout.call(.DELETE, "follow/\(kim.id)", as: lee).status.code.asInt } }
                return try await group.reduce(into: [Int]()) { $0.append($1) }
            }
            #expect(codes.sorted() == [200] + Array(repeating: 410, count: 7))
        }
    }

    @Test func followingNobodyOrYourselfIsRefused() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim")
            #expect(try await sprout.call(.POST, "follow/\(kim.id)", as: kim).status.code == 400)
            #expect(try await sprout.call(.POST, "follow/66c5aaaaaaaaaaaaaaaaaaaa", as: kim).status.code == 410)
            #expect(try await sprout.call(.GET, "users/66c5aaaaaaaaaaaaaaaaaaaa/profile", as: kim).status.code == 410)
        }
    }

    @Test func profileEditChangesOnlyWhatIsSent() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            var body = MultipartBody()
            body.add(name: "nick", Data("kimteacher".utf8))
            body.add(name: "profile", filename: "me.jpg", contentType: "image/jpeg", LessonsFixtures.jpeg)
            let response = try await sprout.send(.PUT, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": kim.token, "Content-Type": body.contentType]), body: body.bytes)
            #expect(response.status.code == 200, "\(response.body.string)")
            let profile = try response.decode(Lessons.MyProfile.self)
            #expect(profile.nick == "kimteacher" && profile.phoneNum == "1")
            #expect(profile.profileImage.hasPrefix("uploads/lessons-profiles/"))
            #expect(try await sprout.call(.GET, profile.profileImage, as: kim).status.code == 200)

            var second = MultipartBody()
            second.add(name: "profile", filename: "me.png", contentType: "image/png", LessonsFixtures.fixture("transparent.png"))
            let replaced = try await sprout.send(.PUT, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": kim.token, "Content-Type": second.contentType]), body: second.bytes)
            #expect(try replaced.decode(Lessons.MyProfile.self).nick == "kimteacher")
            #expect(sprout.storedFiles(in: "lessons-profiles").count == 1, "the old picture is removed")
            let picture = try replaced.decode(Lessons.MyProfile.self).profileImage

            // A published client sends every field and an empty `profile` part when no photo was picked.
            for (filename, contentType) in [("profile.jpg", "image/jpeg"), (nil, nil)] as [(String?, String?)] {
                var unchanged = MultipartBody()
                unchanged.add(name: "nick", Data("kimsaem".utf8))
                unchanged.add(name: "phoneNum", Data("1".utf8))
                unchanged.add(name: "birthDay", Data("19900101".utf8))
                unchanged.add(name: "profile", filename: filename, contentType: contentType, Data())
                let kept = try await sprout.send(.PUT, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": kim.token, "Content-Type": unchanged.contentType]), body: unchanged.bytes)
                #expect(kept.status.code == 200, "\(kept.body.string)")
                #expect(try kept.decode(Lessons.MyProfile.self).nick == "kimsaem" && (try kept.decode(Lessons.MyProfile.self).profileImage) == picture)
            }
        }
    }

    @Test func profileEditRefusals() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim")
            _ = try await sprout.signUp("lee")
            func edit(_ build: (inout MultipartBody) -> Void) async throws -> Int {
                var body = MultipartBody()
                build(&body)
                return try await sprout.send(.PUT, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": kim.token, "Content-Type": body.contentType]), body: body.bytes).status.code.asInt
            }
            #expect(try await edit { $0.add(name: "nick", Data("kim teacher".utf8)) } == 402)
            #expect(try await edit { $0.add(name: "nick", Data("lee".utf8)) } == 409)
            #expect(try await edit { $0.add(name: "nick", Data("".utf8)) } == 400)
            #expect(try await edit { $0.add(name: "nick", Data(String(repeating: "가", count: 31).utf8)) } == 400)
            #expect(try await edit { $0.add(name: "birthDay", Data(String(repeating: "1", count: 100_000).utf8)) } == 400)
            #expect(try await edit { $0.add(name: "profile", filename: "x.jpg", contentType: "image/jpeg", Data("not an image".utf8)) } == 400)
            #expect(try await edit { body in
                body.add(name: "nick", Data("lee".utf8))
                body.add(name: "profile", filename: "x.jpg", contentType: "image/jpeg", LessonsFixtures.jpeg)
            } == 409)
            let profile = try await sprout.call(.GET, "users/me/profile", as: kim).decode(Lessons.MyProfile.self)
            #expect(profile.nick == "kim" && profile.profileImage == "")
            #expect(sprout.storedFiles(in: "lessons-profiles").isEmpty, "a refused edit keeps no picture")
        }
    }
}
