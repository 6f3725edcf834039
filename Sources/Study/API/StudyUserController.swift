import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/v1/user…`: spec §2, and the 1st cohort's report endpoint.
struct StudyUserController: Sendable {
    let profiles: StudyProfiles
    let reviews: StudyReviews
    let uids: PhoneUIDs

    func register(on routes: DocumentedRoutes) {
        routes.onStudy(Study.Routes.user, doc: StudyDocs.op("My profile", [200: "User JSON (27 fields)", 406: "Not signed up: go to signup"]), use: me)
        routes.onStudy(Study.Routes.signUp, doc: StudyDocs.op(
            "Sign up", form: [
                .init("phoneNumber", required: true, .string()), .init("FCMtoken", required: true, .string()),
                .init("nick", required: true, .string(maxLength: 10)),
                .init("birth", required: true, .string(), "ISO, offset or Swift Date text; 17 or older"),
                .init("email", required: true, .string()), .init("gender", required: true, StudyDocs.zeroOrOne, "0 woman, 1 man"),
            ],
            [200: "Signed up: the User JSON", 201: "Already signed up", 202: "Nickname not usable: back to the nickname step"]
        ), use: signUp)
        routes.onStudy(Study.Routes.withdraw, doc: StudyDocs.op("Withdraw from SeSAC Study", [200: "Withdrawn", 406: "Already withdrawn or never signed up"]), use: withdraw)
        routes.onStudy(Study.Routes.updateMyPage, doc: StudyDocs.op(
            "Edit my info", form: [
                .init("searchable", required: true, StudyDocs.zeroOrOne), .init("ageMin", required: true, .integer(18...65)),
                .init("ageMax", required: true, .integer(18...65)), .init("gender", required: true, .integer(-1...1), "-1 anyone"),
                .init("study", .string()),
            ], [200: "Saved", 406: "Not signed up"]
        ), use: myPage)
        routes.onStudy(Study.Routes.updateFCMToken, doc: StudyDocs.op("Register the device's FCM token", form: [.init("FCMtoken", required: true, .string())], [200: "Saved", 406: "Not signed up"]), use: fcmToken)
        routes.onStudy(Study.Routes.report, doc: StudyDocs.op(
            "Report someone", form: [
                StudyDocs.otherUID, .init("reportedReputation", required: true, .repeated(StudyDocs.zeroOrOne)), .init("comment", .string()),
            ],
            [200: "Reported (three reports bar the person from the queue)", 201: "Already reported by me", 202: "No such person"]
        ), use: report)
    }

    func me(_ req: Request) async throws -> StudyReply {
        let profile = try await profiles.profile(try req.studyCaller.uid, on: req.db)
        return try .json(StudyPresenter.user(profile, sealedBy: uids))
    }

    func signUp(_ req: Request) async throws -> StudyReply {
        let caller = try req.studyCaller
        switch try await profiles.signUp(uid: caller.uid, verifiedPhone: caller.phoneNumber, form: req.studyForm(), on: req.db) {
        case .created:
            // A published client ignores the 200 unless its body decodes as the signup fields; the
            // User JSON carries them all with the same types.
            return try .json(StudyPresenter.user(try await profiles.profile(caller.uid, on: req.db), sealedBy: uids))
        case .alreadySignedUp: return .text("Already signed up", status: Study.SignupStatus.alreadySignedUp.rawValue)
        case .unusableNick: return .text("Unusable nickname", status: Study.SignupStatus.unusableNick.rawValue)
        }
    }

    func withdraw(_ req: Request) async throws -> StudyReply {
        try await profiles.withdraw(try req.studyCaller.uid, on: req.db)
        return .text("Withdrawn", status: 200)
    }

    func myPage(_ req: Request) async throws -> StudyReply {
        try await profiles.updateMyPage(try req.studyCaller.uid, form: req.studyForm(), on: req.db)
        return .text("Saved", status: 200)
    }

    func fcmToken(_ req: Request) async throws -> StudyReply {
        try await profiles.updateFCMToken(try req.studyCaller.uid, form: req.studyForm(), on: req.db)
        return .text("Saved", status: 200)
    }

    func report(_ req: Request) async throws -> StudyReply {
        switch try await reviews.report(try req.studyCaller.uid, form: req.studyForm().mapping("otheruid", uids.accountID), on: req.db) {
        case .reported: .text("Reported", status: 200)
        case .alreadyReported: .text("Already reported", status: 201)
        case .unknownPerson: .text("No such person", status: 202)
        }
    }
}
