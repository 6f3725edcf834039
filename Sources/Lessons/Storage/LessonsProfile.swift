import Fluent
import Foundation
import SproutAPI

/// A person's profile in the lessons app, one per account.
final class LessonsProfile: Model, @unchecked Sendable {
    static let schema = "lessons_profiles"

    @ID(custom: "account_id", generatedBy: .user) var id: String?
    @Field(key: "nick") var nick: String
    /// Echoed back exactly as the client sent it (the published app reads its role flag from it).
    @Field(key: "phone_num") var phoneNum: String
    @Field(key: "birth_day") var birthDay: String
    /// Relative path of the profile image, "" when there is none.
    @Field(key: "profile_image") var profileImage: String
    @Enum(key: "role") var role: LessonsRole

    init() {}

    init(accountID: String, nick: String, phoneNum: String, birthDay: String, role: LessonsRole) {
        id = accountID
        self.nick = nick
        self.phoneNum = phoneNum
        self.birthDay = birthDay
        self.profileImage = ""
        self.role = role
    }
}
