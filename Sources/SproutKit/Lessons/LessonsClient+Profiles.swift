import Foundation
import SproutAPI

// Other people's profiles, editing my own, and follow: spec §2.1 (U7, U8) and §2.5.
extension LessonsClient {
    /// `GET v1/users/{user_id}/profile`
    public func profile(userID: String) async throws -> Lessons.UserProfile {
        try await api.send(Endpoint(Lessons.Routes.profile, userID))
    }

    /// `PUT v1/users/me/profile`, multipart: a text part for each value given and the picture as
    /// the `profile` part. What is left nil keeps its value. 402: the nick has whitespace; 409: taken.
    public func editProfile(nick: String? = nil, phoneNum: String? = nil, birthDay: String? = nil, image: ImageUpload? = nil) async throws -> Lessons.MyProfile {
        var form = MultipartForm()
        if let nick { form.append(name: "nick", value: nick) }
        if let phoneNum { form.append(name: "phoneNum", value: phoneNum) }
        if let birthDay { form.append(name: "birthDay", value: birthDay) }
        if let image { form.append(name: "profile", filename: image.filename, contentType: image.contentType, data: image.data) }
        return try await api.send(Endpoint(Lessons.Routes.editProfile, body: .multipart(form)))
    }

    /// `POST v1/follow/{user_id}`
    public func follow(userID: String) async throws -> Lessons.FollowStatus {
        try await api.send(Endpoint(Lessons.Routes.follow, userID))
    }

    /// `DELETE v1/follow/{user_id}`
    public func unfollow(userID: String) async throws -> Lessons.FollowStatus {
        try await api.send(Endpoint(Lessons.Routes.unfollow, userID))
    }
}
