import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `/v1/queue…`: waiting, searching, requesting, accepting, dodging and rating (spec §3).
struct StudyQueueController: Sendable {
    let queue: StudyQueue
    let matchmaker: Matchmaker
    let reviews: StudyReviews
    let answers: AnswerCache<StudySearchRead>
    let uids: PhoneUIDs

    func register(on routes: DocumentedRoutes) {
        routes.onStudy(Study.Routes.enterQueue, doc: StudyDocs.op(
            "Wait in the queue here", form: [
                StudyDocs.latitude, StudyDocs.longitude,
                .init("studylist", required: true, .repeated(.string(maxLength: 8)), "Repeated, no brackets; at most 8; `anything` for none"),
            ],
            [200: "Waiting", 201: "Reported three times or more: barred", 203: "Dodge penalty: 1 minute", 204: "Dodge penalty: 2 minutes", 205: "Dodge penalty: 3 minutes"]
        ), use: enter)
        routes.onStudy(Study.Routes.stopSearching, doc: StudyDocs.op("Stop waiting", [200: "Stopped", 201: "Not waiting (already stopped, or matched meanwhile)"]), use: stop)
        routes.onStudy(Study.Routes.search, doc: StudyDocs.op(
            "People waiting nearby", form: [StudyDocs.latitude, StudyDocs.longitude], [200: "{fromQueueDB, fromQueueDBRequested, fromRecommend}"]
        ), use: search)
        routes.onStudy(Study.Routes.queueState, doc: StudyDocs.op(
            "My queue state", [200: "{dodged, matched, reviewed, matchedNick, matchedUid} (\"\" while waiting)", 201: "Normal: not waiting, not matched"]
        ), use: state)
        routes.onStudy(Study.Routes.requestStudy, doc: StudyDocs.op(
            "Ask someone to study", form: [StudyDocs.otherUID],
            [200: "Asked", 201: "They had asked me: we are matched now", 202: "They stopped waiting"]
        ), use: request)
        routes.onStudy(Study.Routes.acceptStudy, doc: StudyDocs.op(
            "Accept someone's request", form: [StudyDocs.otherUID],
            [200: "Matched", 201: "They matched with someone else", 202: "They stopped waiting (or never asked)", 203: "I am already matched"]
        ), use: accept)
        routes.onStudy(Study.Routes.dodge, doc: StudyDocs.op(
            "Cancel the study", form: [StudyDocs.otherUID], [200: "Cancelled (a penalty unless the partner had ended it)", 201: "Not my partner"]
        ), use: dodge)
        routes.onStudy(Study.Routes.rate, doc: StudyDocs.op(
            "Review my partner", form: [
                StudyDocs.otherUID, .init("reputation", required: true, .repeated(StudyDocs.zeroOrOne), "6 or 9 values"), .init("comment", .string()),
            ], [200: "Reviewed; the study is over for me"]
        ), use: rate)
    }

    func enter(_ req: Request) async throws -> StudyReply {
        let status: Study.QueueEntryStatus = switch try await queue.enter(try req.studyCaller.uid, form: req.studyForm(), on: req.db) {
        case .waiting, .alreadyMatched: .waiting
        case .reportedTooOften: .reportedTooOften
        case let .dodgePenalty(level): level >= 3 ? .dodgePenalty3 : level == 2 ? .dodgePenalty2 : .dodgePenalty1
        }
        return .text(String(describing: status), status: status.rawValue)
    }

    func stop(_ req: Request) async throws -> StudyReply {
        let status: Study.StopSearchingStatus = try await queue.stop(try req.studyCaller.uid, on: req.db) ? .stopped : .notWaiting
        return .text(String(describing: status), status: status.rawValue)
    }

    func search(_ req: Request) async throws -> StudyReply {
        let uid = try req.studyCaller.uid
        let centre = try StudyQueue.point(req.studyForm())
        let answer = try await answers.answer(StudySearchRead(uid: uid, lat: centre.lat, long: centre.long), for: req) {
            try WireJSON.encoder().encode(try await queue.search(uid, near: centre, on: req.db))
        }
        return StudyReply(status: .ok, body: .json(answer.bytes))
    }

    func state(_ req: Request) async throws -> StudyReply {
        switch try await queue.state(try req.studyCaller.uid, on: req.db) {
        case .normal:
            return .text("normal", status: Study.QueueStateStatus.normal.rawValue)
        case .waiting:
            return try .json(Study.QueueState(dodged: 0, matched: 0, reviewed: 0, matchedNick: "", matchedUid: ""))
        case let .matched(partnerUID, partnerNick, partnerDodged, partnerReviewed):
            return try .json(Study.QueueState(
                dodged: partnerDodged ? 1 : 0, matched: 1, reviewed: partnerReviewed ? 1 : 0, matchedNick: partnerNick, matchedUid: partnerUID
            ))
        }
    }

    func request(_ req: Request) async throws -> StudyReply {
        let other = try otherUID(req.studyForm())
        let status: Study.StudyRequestStatus = switch try await matchmaker.request(from: try req.studyCaller.uid, to: other, on: req.db) {
        case .sent: .sent
        case .matchedMutually: .requestedByOther
        case .otherNotWaiting: .otherNotWaiting
        }
        return .text(String(describing: status), status: status.rawValue)
    }

    func accept(_ req: Request) async throws -> StudyReply {
        let other = try otherUID(req.studyForm())
        let status: Study.StudyAcceptStatus = switch try await matchmaker.accept(try req.studyCaller.uid, from: other, on: req.db) {
        case .matched: .matched
        case .otherMatchedElsewhere: .otherMatchedElsewhere
        case .otherNotWaiting: .otherNotWaiting
        case .alreadyMatched: .alreadyMatched
        }
        return .text(String(describing: status), status: status.rawValue)
    }

    func dodge(_ req: Request) async throws -> StudyReply {
        let other = try otherUID(req.studyForm())
        let status: Study.DodgeStatus = switch try await matchmaker.dodge(try req.studyCaller.uid, partner: other, on: req.db) {
        case .cancelled: .cancelled
        case .notMyPartner: .notMyPartner
        }
        return .text(String(describing: status), status: status.rawValue)
    }

    func rate(_ req: Request) async throws -> StudyReply {
        guard let other = Study.Routes.rate.parameters(in: req), !other.isEmpty else { throw StudyError.invalid(.otheruid) }
        let form = try req.studyForm().mapping("otheruid", uids.accountID)
        switch try await reviews.rate(try req.studyCaller.uid, partner: uids.accountID(other), form: form, on: req.db) {
        case .rated: return .text("Reviewed", status: 200)
        case .notMyPartner: throw StudyError.invalid(.otheruid)
        }
    }

    /// The account `otheruid` names: everyone is shown others by their account id, and a client
    /// may also name someone by the sealed uid that person's own sign-in gave them.
    func otherUID(_ form: StudyForm) throws(StudyError) -> String {
        guard let other = form.value("otheruid")?.trimmingCharacters(in: .whitespaces), !other.isEmpty, other.count <= 128 else {
            throw .invalid(.otheruid)
        }
        return uids.accountID(other)
    }
}
