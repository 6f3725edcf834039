import Platform
import SproutAPI
import Vapor

/// Who may use the study pages. SeSAC Study's identity is a verified phone: someone signed out
/// is sent to phone sign-in, an email account without a phone to link one, and both come back.
struct StudyVisitor {
    let context: PageContext
    /// The account id, which is also the study `uid`.
    let uid: String
    let phoneNumber: String

    static func load(_ req: Request, returningTo next: String? = nil) async throws -> StudyVisitor {
        let context = try await PageContext.load(for: req)
        let next = next ?? req.url.path
        guard let account = context.account else {
            throw PageExit(req.redirect(to: PlatformPaths.phoneLogin(returningTo: next), redirectType: .normal))
        }
        guard let phone = account.phoneNumber else {
            throw PageExit(req.redirect(to: PlatformPaths.phoneLink(returningTo: next), redirectType: .normal))
        }
        return StudyVisitor(context: context, uid: try account.requireID(), phoneNumber: phone)
    }

    func pick(ko: String, en: String) -> String { context.pick(ko: ko, en: en) }
}

extension StudyProfiles {
    /// The visitor and their profile; someone not signed up for SeSAC Study yet goes to signup.
    func signedUp(_ req: Request, returningTo next: String? = nil) async throws -> (StudyVisitor, Study.User) {
        let visitor = try await StudyVisitor.load(req, returningTo: next)
        guard let user = try await user(visitor.uid, on: req.db) else {
            throw PageExit(req.redirect(to: StudyPaths.signup.link, redirectType: .normal))
        }
        return (visitor, user)
    }
}
