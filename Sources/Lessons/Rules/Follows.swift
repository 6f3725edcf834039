import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Who follows whom, and the lists every profile answer carries.
struct Follows: Sendable {
    let clock: WallClock

    struct PersonRow: Decodable {
        let account_id: String
        let nick: String
        let profile_image: String
    }

    func follow(_ followeeID: String, by followerID: String, on db: any Database) async throws -> Lessons.FollowStatus {
        guard followeeID != followerID else { throw FollowError.followingYourself }
        let (me, them) = try await profiles(followerID, followeeID, on: db)
        do {
            try await LessonFollow(followerID: followerID, followeeID: followeeID, createdAt: clock.now()).create(on: db)
        } catch let error as any DatabaseError where error.isConstraintFailure {
            throw FollowError.alreadyFollowing
        }
        return Lessons.FollowStatus(nick: me.nick, opponentNick: them.nick, followingStatus: true)
    }

    func unfollow(_ followeeID: String, by followerID: String, on db: any Database) async throws -> Lessons.FollowStatus {
        let (me, them) = try await profiles(followerID, followeeID, on: db)
        // One DELETE that reports what it removed: of racing unfollows, exactly one succeeds.
        let removed = try await db.sql().delete(from: LessonFollow.schema)
            .where(SQLColumn("follower_id"), SQLBinaryOperator.equal, SQLBind(followerID)).where(SQLColumn("followee_id"), SQLBinaryOperator.equal, SQLBind(followeeID))
            .returning(SQLColumn("seq")).all()
        guard !removed.isEmpty else { throw FollowError.notFollowing }
        return Lessons.FollowStatus(nick: me.nick, opponentNick: them.nick, followingStatus: false)
    }

    func isFollowing(_ followeeID: String, by followerID: String, on db: any Database) async throws -> Bool {
        try await LessonFollow.query(on: db).filter(\.$followerID == followerID).filter(\.$followeeID == followeeID).count() > 0
    }

    /// How many people a profile lists on each side: the newest ones, so a profile stays one
    /// bounded answer however many follow.
    static let listedPeople = 1_000

    /// The people following `accountID`, and those it follows, oldest first (of the newest
    /// `listedPeople`).
    func lists(of accountID: String, on db: any Database) async throws -> (followers: [Lessons.Person], following: [Lessons.Person]) {
        (try await people(joining: "follower_id", where: "followee_id", is: accountID, on: db),
         try await people(joining: "followee_id", where: "follower_id", is: accountID, on: db))
    }

    /// The answer to `users/me/profile` and to a profile edit.
    func myProfile(_ account: Account, _ profile: LessonsProfile, on db: any Database) async throws -> Lessons.MyProfile {
        let accountID = try account.requireID()
        let (followers, following) = try await lists(of: accountID, on: db)
        return Lessons.MyProfile(
            userID: accountID, email: account.email ?? "", nick: profile.nick, phoneNum: profile.phoneNum, birthDay: profile.birthDay,
            profileImage: profile.profileImage, followers: followers, following: following,
            posts: try await postIDs(of: accountID, shownTo: accountID, on: db)
        )
    }

    /// The ids of every post `accountID` wrote that `viewer` is shown, newest first.
    func postIDs(of accountID: String, shownTo viewer: String?, on db: any Database) async throws -> [String] {
        try await LessonPost.query(on: db).filter(\.$creatorID == accountID).shown(to: viewer).sort(\.$id, .descending).all(\.$postID)
    }

    private func people(joining column: String, where otherColumn: String, is accountID: String, on db: any Database) async throws -> [Lessons.Person] {
        try await db.sql().select()
            .columns(["account_id", "nick", "profile_image"].map { SQLColumn($0, table: "u") })
            .from(SQLAlias(SQLIdentifier(LessonFollow.schema), as: SQLIdentifier("f")))
            .join(SQLAlias(SQLIdentifier(LessonsProfile.schema), as: SQLIdentifier("u")),
                  on: SQLColumn("account_id", table: "u"), .equal, SQLColumn(column, table: "f"))
            .where(SQLColumn(otherColumn, table: "f"), SQLBinaryOperator.equal, SQLBind(accountID))
            .orderBy(SQLColumn("seq", table: "f"), SQLDirection.descending)
            .limit(Self.listedPeople)
            .all(decoding: PersonRow.self)
            .reversed()
            .map { Lessons.Person(userID: $0.account_id, nick: $0.nick, profileImage: $0.profile_image) }
    }

    private func profiles(_ followerID: String, _ followeeID: String, on db: any Database) async throws -> (LessonsProfile, LessonsProfile) {
        guard let them = try await LessonsProfile.find(followeeID, on: db) else { throw FollowError.personNotFound }
        let (_, me) = try await LessonsProfiles.require(followerID, on: db)
        return (me, them)
    }
}
