import Foundation
import SproutTestSupport
import Testing
import Vapor

/// The signed-in lessons routes that read a body, fed the multipart bodies that once stopped the
/// process (see `HostileBodies`): each answers a 4xx and the server goes on.
@Suite struct HostileBodyTests {
    @Test func signedInRoutesAnswer4xx() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("hostile")
            let teacher = try await sprout.signUp("teacher", teacher: true)
            let lesson = try await sprout.lesson(by: teacher)
            let routes: [(HTTPMethod, String)] = [
                (.POST, "posts"), (.POST, "posts/files"), (.PUT, "users/me/profile"), (.PUT, "posts/\(lesson.postID)"),
                (.POST, "posts/\(lesson.postID)/comments"), (.POST, "posts/\(lesson.postID)/like"), (.POST, "payments/validation"),
            ]
            for body in HostileBodies.multipart + HostileBodies.malformedMultipart {
                for (method, path) in routes {
                    let headers = sprout.lessonsHeaders(["Authorization": (path.hasPrefix("posts/\(lesson.postID)") ? teacher : user).token, "Content-Type": body.contentType])
                    let response = try await sprout.send(method, "v1/" + path, headers: headers, body: body.bytes)
                    #expect((400..<500).contains(response.status.code), "\(method) \(path) \(body): \(response.status.code)")
                }
            }
            #expect(try await sprout.post(lesson.postID, as: teacher).title == lesson.title, "nothing changed")
        }
    }
}
