import Platform
import Vapor

/// The signed-in person on a lessons page: the page context, the account id and the lessons
/// profile (made on first use for an account that signed up on the hub).
struct LessonsVisitor: Sendable {
    let context: PageContext
    let accountID: String
    let profile: LessonsProfile

    var isTeacher: Bool { profile.role == .teacher }

    /// A profile made on the web has no role flag yet; the published app always sends one at join.
    var hasChosenRole: Bool { !profile.phoneNum.isEmpty }

    /// The signed-in person; someone signed out is sent to the hub's log-in, which brings them
    /// back to `next` (by default this page; a form post names the page the form was on).
    static func require(_ req: Request, next: String? = nil) async throws -> LessonsVisitor {
        let (context, account) = try await PageContext.signedIn(req, next: next)
        let profile = try await LessonsProfiles.ensure(for: account, on: req.db)
        return LessonsVisitor(context: context, accountID: try account.requireID(), profile: profile)
    }

    /// Only teachers open and manage lessons (spec §6). The API lets anyone post, as the original
    /// server did; the role is the web's and the apps' rule.
    static func requireTeacher(_ req: Request, next: String? = nil) async throws -> LessonsVisitor {
        let visitor = try await require(req, next: next)
        guard visitor.isTeacher else { throw PageExit(TeacherViews.teachersOnly(visitor.context)) }
        return visitor
    }
}

extension Request {
    /// A form field of a URL-encoded or multipart post, "" when absent.
    func formField(_ name: String) -> String {
        (try? content.get(String.self, at: name)) ?? ""
    }
}
