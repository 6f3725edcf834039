import Platform
import SproutAPI
import Vapor

/// `/study/signup/…`: nickname, birthday, email and gender, one page each as in the apps. Each
/// answer is checked at its step and kept in the session, so a person can go back and forward;
/// the gender step signs up through the same rule as `POST /v1/user`.
struct StudySignupPages: Sendable {
    let profiles: StudyProfiles

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.signup, use: resume)
        pages.get(StudyPaths.signupStep, use: show)
        pages.post(StudyPaths.signupStep, use: answer)
    }

    /// The first step not answered yet.
    func resume(_ req: Request) async throws -> Response {
        let visitor = try await StudyVisitor.load(req)
        if try await profiles.user(visitor.uid, on: req.db) != nil { return req.redirect(to: StudyPaths.home.link, redirectType: .normal) }
        let draft = StudyWebDraft(req)
        let step = StudySignupStep.allCases.first { draft.signupAnswer($0) == nil } ?? .gender
        return req.redirect(to: StudyPaths.signupStep.link(step), redirectType: .normal)
    }

    func show(_ req: Request) async throws -> Response {
        let (visitor, step) = try await visit(req)
        let refusal = try req.queryFields(Refusal.self).error == .unusable ? StudySignupViews.unusableNick(visitor.context) : nil
        return StudySignupViews.step(visitor.context, step: step, value: StudyWebDraft(req).signupAnswer(step) ?? "", error: refusal)
    }

    /// Why a step is shown again: the nickname was refused when the signup was sent.
    struct Refusal: Codable {
        enum Reason: String, Codable {
            case unusable
        }

        var error: Reason?
    }

    struct Answer: Content {
        var value: String?
    }

    func answer(_ req: Request) async throws -> Response {
        let (visitor, step) = try await visit(req)
        let typed = ((try? req.content.decode(Answer.self))?.value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        let draft = StudyWebDraft(req)
        let context = visitor.context
        func refuse(_ message: String) -> Response {
            StudySignupViews.step(context, step: step, value: typed, error: message, status: .badRequest)
        }
        switch step {
        case .nick:
            switch profiles.checkNick(typed) {
            case .wrongLength: return refuse(context.pick(ko: "닉네임은 1자 이상 10자 이내로 부탁드려요.", en: "Use 1 to 10 characters for your nickname."))
            case .unusable: return refuse(StudySignupViews.unusableNick(context))
            case let .usable(nick): draft.setSignupAnswer(.nick, nick)
            }
        case .birth:
            guard profiles.checkBirthday(typed) != nil else {
                return refuse(context.pick(ko: "새싹스터디는 만 17세 이상만 사용할 수 있습니다.", en: "SeSAC Study is only for people aged 17 or older."))
            }
            draft.setSignupAnswer(.birth, typed)
        case .email:
            guard let email = StudyProfiles.checkEmail(typed) else {
                return refuse(context.pick(ko: "이메일 형식이 올바르지 않습니다.", en: "Check the email address."))
            }
            draft.setSignupAnswer(.email, email)
        case .gender:
            guard let number = Int(typed), let gender = Study.Gender(rawValue: number) else {
                return refuse(context.pick(ko: "성별을 선택해 주세요.", en: "Choose your gender."))
            }
            draft.setSignupAnswer(.gender, typed)
            return try await finish(req, visitor: visitor, gender: gender)
        }
        let next = StudySignupStep.allCases.drop { $0 != step }.dropFirst().first ?? .gender
        return req.redirect(to: StudyPaths.signupStep.link(next), redirectType: .normal)
    }

    private func finish(_ req: Request, visitor: StudyVisitor, gender: Study.Gender) async throws -> Response {
        let draft = StudyWebDraft(req)
        guard let nick = draft.signupAnswer(.nick) else { return req.redirect(to: StudyPaths.signupStep.link(.nick), redirectType: .normal) }
        guard let birth = draft.signupAnswer(.birth).flatMap(profiles.checkBirthday) else { return req.redirect(to: StudyPaths.signupStep.link(.birth), redirectType: .normal) }
        guard let email = draft.signupAnswer(.email) else { return req.redirect(to: StudyPaths.signupStep.link(.email), redirectType: .normal) }
        switch try await profiles.signUp(uid: visitor.uid, verifiedPhone: visitor.phoneNumber, nick: nick, birth: birth, email: email, gender: gender, on: req.db) {
        case .created, .alreadySignedUp:
            draft.forgetSignup()
            return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
        case .unusableNick:
            return req.redirect(to: StudyPaths.unusableNick, redirectType: .normal)
        }
    }

    /// The visitor on a step page; signed-up people have nothing to do here.
    private func visit(_ req: Request) async throws -> (StudyVisitor, StudySignupStep) {
        guard let step = StudyPaths.signupStep.parameters(in: req) else { throw Abort(.notFound) }
        let visitor = try await StudyVisitor.load(req, returningTo: StudyPaths.signupStep.link(step))
        if try await profiles.user(visitor.uid, on: req.db) != nil { throw PageExit(req.redirect(to: StudyPaths.home.link, redirectType: .normal)) }
        return (visitor, step)
    }
}
