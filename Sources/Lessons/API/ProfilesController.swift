import Fluent
import Media
import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// Other people's profiles, editing my own, and follow: spec §2.1 (U7, U8) and §2.5.
struct ProfilesController: Sendable {
    let follows: Follows
    let photos: PhotoStore
    let uploadBodyLimit: ByteCount

    static let fileArea = "lessons-profiles"

    func register(on routes: DocumentedRoutes) {
        routes.on(Lessons.Routes.profile, doc: .init(
            "Someone's profile", headers: PostsController.headers,
            responses: PostsController.responses([200: "{user_id, nick, profileImage, followers, following, posts}", 410: "No such user"])
        ), use: profile)
        routes.on(Lessons.Routes.editProfile, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Edit my profile", description: "Multipart: optional text parts `nick`, `phoneNum`, `birthDay` and an image part `profile`.",
            headers: PostsController.headers,
            body: .multipart([.init("nick", .string(), "Without whitespace"), .init("phoneNum"), .init("birthDay"), .init("profile", .file, "An image")]),
            responses: PostsController.responses([200: "My profile", 400: "Empty nick, or the profile part is not an image within the limits",
                                                  402: "The nickname contains whitespace", 409: "Nickname taken"])
        ), use: editProfile)
        routes.on(Lessons.Routes.follow, doc: .init(
            "Follow", headers: PostsController.headers,
            responses: PostsController.responses([200: "{nick, opponent_nick, following_status: true}", 400: "Following yourself",
                                                  409: "Already following", 410: "No such user"])
        ), use: { req in try await follows.follow(Lessons.Routes.follow.parameters(in: req) ?? "", by: try req.lessonsAccountID, on: req.db) })
        routes.on(Lessons.Routes.unfollow, doc: .init(
            "Unfollow", headers: PostsController.headers,
            responses: PostsController.responses([200: "{nick, opponent_nick, following_status: false}", 410: "No such user, or not following"])
        ), use: { req in try await follows.unfollow(Lessons.Routes.unfollow.parameters(in: req) ?? "", by: try req.lessonsAccountID, on: req.db) })
    }

    func profile(_ req: Request) async throws -> Lessons.UserProfile {
        let userID = Lessons.Routes.profile.parameters(in: req) ?? ""
        guard let account = try await Account.find(userID, on: req.db) else { throw LessonsError.userNotFound }
        let profile = try await LessonsProfiles.ensure(for: account, on: req.db)
        let (followers, following) = try await follows.lists(of: userID, on: req.db)
        return Lessons.UserProfile(
            userID: userID, nick: profile.nick, profileImage: profile.profileImage, followers: followers, following: following,
            posts: try await follows.postIDs(of: userID, shownTo: try req.lessonsAccountID, on: req.db)
        )
    }

    func editProfile(_ req: Request) async throws -> Lessons.MyProfile {
        let accountID = try req.lessonsAccountID
        let parts = try req.multipartParts()
        let fields = Dictionary(parts.map { ($0.name ?? "", $0.text) }) { first, _ in first }
        let nick = fields["nick"]
        if let nick {
            guard !nick.isEmpty else { throw LessonsError.missingValue }
            guard !Nickname.containsWhitespace(nick) else { throw LessonsError.nicknameHasWhitespace }
        }
        if let tooLong = Nickname.tooLong(nick: nick, phoneNum: fields["phoneNum"], birthDay: fields["birthDay"]) {
            throw LessonsError.invalidValue(tooLong)
        }
        var uploaded: String?
        // An empty `profile` part, as some clients always send, keeps the photo.
        if let image = parts.first(where: { $0.name == "profile" && $0.body.readableBytes > 0 }).map({ Data(buffer: $0.body) }) {
            do {
                uploaded = try await photos.store([image]).first
            } catch is FileStoreError {
                throw LessonsError.invalidValue("프로필 이미지의 제한 사항과 맞지 않습니다.")
            } catch is ImageError {
                throw LessonsError.invalidValue("프로필 이미지의 제한 사항과 맞지 않습니다.")
            }
        }
        let stored = uploaded
        do {
            let (account, profile, replaced) = try await req.db.writeTransaction { db in
                let (account, profile) = try await LessonsProfiles.require(accountID, on: db)
                if let nick, nick != profile.nick {
                    if try await LessonsProfiles.isTaken(nick: nick, on: db) { throw LessonsError.nicknameTaken }
                    profile.nick = nick
                }
                if let phoneNum = fields["phoneNum"] { profile.phoneNum = phoneNum }
                if let birthDay = fields["birthDay"] { profile.birthDay = birthDay }
                let replaced = stored == nil ? nil : profile.profileImage
                if let stored { profile.profileImage = stored }
                do {
                    try await profile.save(on: db)
                } catch let error as any DatabaseError where error.isConstraintFailure {
                    throw LessonsError.nicknameTaken
                }
                return (account, profile, replaced)
            }
            if let replaced, !replaced.isEmpty { await photos.discard([replaced]) }
            return try await follows.myProfile(account, profile, on: req.db)
        } catch {
            if let stored { await photos.discard([stored]) }
            throw error
        }
    }
}
