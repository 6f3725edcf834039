import Platform
import SproutAPI
import Vapor

/// `/study/me`: my info (searchable, partner ages, gender, frequent study) saved through the
/// same rule as `PUT /v1/user/mypage`, and withdrawing after a confirmation.
struct StudyMyInfoPages: Sendable {
    let profiles: StudyProfiles

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.myInfo, use: show)
        pages.post(StudyPaths.myInfo, use: save)
        pages.get(StudyPaths.withdraw, use: confirmWithdraw)
        pages.post(StudyPaths.withdraw, use: withdraw)
    }

    func show(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req)
        return StudyMyInfoViews.form(visitor.context, me: me, form: MyInfoForm(me), error: nil, notice: StudyNotice(query: req))
    }

    struct MyInfoForm: Content {
        /// A checkbox: present ("1") when ticked, absent otherwise.
        var searchable: String?
        var ageMin: String?
        var ageMax: String?
        var gender: String?
        var study: String?

        init(_ user: Study.User) {
            searchable = user.searchable == 1 ? "1" : nil
            ageMin = String(user.ageMin)
            ageMax = String(user.ageMax)
            gender = String(user.gender)
            study = user.study
        }

        var studyForm: StudyForm {
            StudyForm([("searchable", searchable == nil ? "0" : "1"), ("ageMin", ageMin ?? ""), ("ageMax", ageMax ?? ""),
                       ("gender", gender ?? ""), ("study", study ?? "")])
        }
    }

    func save(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req, returningTo: StudyPaths.myInfo.link)
        guard let form = try? req.content.decode(MyInfoForm.self) else { throw Abort(.badRequest) }
        do {
            try await profiles.updateMyPage(visitor.uid, form: form.studyForm, on: req.db)
            return req.redirect(to: StudyPaths.myInfo(notice: .saved), redirectType: .normal)
        } catch let StudyError.invalid(field) {
            return StudyMyInfoViews.form(visitor.context, me: me, form: form, error: StudyMyInfoViews.message(for: field, visitor.context), notice: nil, status: .badRequest)
        }
    }

    func confirmWithdraw(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        return StudyMyInfoViews.confirmWithdraw(visitor.context)
    }

    /// Ends SeSAC Study for this account; the Sprout account and its other apps stay.
    func withdraw(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.withdraw.link)
        try await profiles.withdraw(visitor.uid, on: req.db)
        let draft = StudyWebDraft(req)
        draft.tags = []
        draft.forgetSignup()
        return req.redirect(to: PlatformPaths.hub.link, redirectType: .normal)
    }
}
