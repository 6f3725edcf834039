import Platform
import PlatformCore
import SproutAPI
import Vapor

/// From wanting a study to being matched and on to its end: the study input (`/study/input`),
/// waiting (`/study/queue`), the two result tabs with request, its withdrawal and accept
/// (`/study/results`), stopping, the matched page (`/study/matched`) with its two endings
/// ("만났어요", "스터디 종료") and the review after either (`/study/ended`). Every action is a form post that
/// calls the same rules as the API and comes back to a page that says what happened.
struct StudyMatchPages: Sendable {
    let profiles: StudyProfiles
    let queue: StudyQueue
    let matchmaker: Matchmaker
    let chat: StudyChat
    let reviews: StudyReviews
    /// How far each person found is, and in which 동.
    let places: StudyPlaces
    /// "만났어요", "스터디 종료" and the review that follows either.
    let endings: StudyEndings
    /// 약속 with the partner, pinned above the chat.
    let meetings: StudyAppointments

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.input, use: input)
        pages.post(StudyPaths.addTags, use: addTags)
        pages.post(StudyPaths.removeTag, use: removeTag)
        pages.post(StudyPaths.queue, use: enter)
        pages.post(StudyPaths.stop, use: stop)
        pages.get(StudyPaths.results, use: results)
        pages.post(StudyPaths.request, use: request)
        pages.post(StudyPaths.accept, use: accept)
        pages.post(StudyPaths.withdrawRequest, use: withdrawRequest)
        pages.get(StudyPaths.matched, use: matched)
        pages.get(StudyPaths.chatSince, use: chatSince)
        pages.get(StudyPaths.dodge, use: confirmDodge)
        pages.post(StudyPaths.dodge, use: dodge)
        pages.get(StudyPaths.met, use: confirmMet)
        pages.post(StudyPaths.met, use: meet)
        pages.get(StudyPaths.ended, use: ended)
        pages.post(StudyPaths.chat, use: sendChat)
        pages.post(StudyPaths.review, use: review)
        pages.post(StudyPaths.report, use: report)
    }

    // MARK: Study input

    func input(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let notice = StudyNotice(query: req)
        return try await inputPage(req, visitor, error: notice.map { $0.text(visitor.context) }, status: .ok)
    }

    private func inputPage(_ req: Request, _ visitor: StudyVisitor, error: String?, status: HTTPResponseStatus) async throws -> Response {
        let draft = StudyWebDraft(req)
        let found = try await queue.search(visitor.uid, form: StudyHomePages.pointForm(draft.point), on: req.db)
        let nearby = StudyTags.nearby(found.fromQueueDB).filter { !found.fromRecommend.contains($0) }
        let near = GeoPoint(lat: draft.point.lat, long: draft.point.long).flatMap(places.dong(at:))
        return StudyMatchViews.input(visitor.context, chosen: draft.tags, recommended: found.fromRecommend, nearby: nearby, error: error, status: status,
                                     near: near)
    }

    struct TagForm: Content {
        var tags: String?
    }

    func addTags(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.input.link)
        let draft = StudyWebDraft(req)
        let typed = (try? req.content.decode(TagForm.self))?.tags ?? ""
        switch StudyTags.adding(typed, to: draft.tags) {
        case let .updated(tags):
            draft.tags = tags
            return req.redirect(to: StudyPaths.input.link, redirectType: .normal)
        case .tooLong:
            return try await inputPage(req, visitor, error: StudyNotice.tagTooLong.text(visitor.context), status: .badRequest)
        case .tooMany:
            return try await inputPage(req, visitor, error: StudyNotice.tooManyTags.text(visitor.context), status: .badRequest)
        }
    }

    func removeTag(_ req: Request) async throws -> Response {
        _ = try await profiles.signedUp(req, returningTo: StudyPaths.input.link)
        let draft = StudyWebDraft(req)
        let tag = (try? req.content.decode(TagForm.self))?.tags ?? ""
        draft.tags = draft.tags.filter { $0 != tag }
        return req.redirect(to: StudyPaths.input.link, redirectType: .normal)
    }

    /// "새싹 찾기": waits in the queue at the page's point with the chosen tags.
    func enter(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.input.link)
        let draft = StudyWebDraft(req)
        let point = draft.point
        let form = StudyForm(StudyHomePages.pointForm(point).pairs + draft.tags.map { ("studylist", $0) })
        switch try await queue.enter(visitor.uid, form: form, on: req.db) {
        case .waiting: return req.redirect(to: StudyPaths.results.link, redirectType: .normal)
        case .alreadyMatched: return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
        case .reportedTooOften: return req.redirect(to: StudyPaths.input(notice: .reported), redirectType: .normal)
        case let .dodgePenalty(level):
            let notice: StudyNotice = level >= 3 ? .penalty3 : level == 2 ? .penalty2 : .penalty1
            return req.redirect(to: StudyPaths.input(notice: notice), redirectType: .normal)
        }
    }

    func stop(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.results.link)
        guard try await queue.stop(visitor.uid, on: req.db) else {
            // Not waiting any more: matched meanwhile, or stopped in another tab.
            return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
        }
        return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
    }

    // MARK: Results

    func results(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let state = try await queue.state(visitor.uid, on: req.db)
        if case .matched = state { return req.redirect(to: StudyPaths.matched.link, redirectType: .normal) }
        let tab = try req.queryFields(StudyResultsQuery.self).tab ?? .nearby
        let point = StudyWebDraft(req).point
        let found = try await queue.search(visitor.uid, form: StudyHomePages.pointForm(point), on: req.db)
        return StudyMatchViews.results(
            visitor.context, tab: tab, found: found, isWaiting: state == .waiting,
            notice: StudyNotice(query: req), live: StudyLiveState(uid: visitor.uid, state: state, found: found),
            whereabouts: whereabouts(of: found.fromQueueDB + found.fromQueueDBRequested, from: point),
            sent: try await matchmaker.sentRequests(from: visitor.uid, on: req.db)
        )
    }

    /// Each person's distance from the search's centre and 동, by uid.
    private func whereabouts(of people: [Study.QueueUser], from point: (lat: Double, long: Double)) -> [String: StudyPlaces.Whereabouts] {
        guard let centre = GeoPoint(lat: point.lat, long: point.long) else { return [:] }
        return Dictionary(people.compactMap { person in places.whereabouts(of: person, from: centre).map { (person.uid, $0) } }) { first, _ in first }
    }

    struct OtherForm: Content {
        var otheruid: String?
    }

    private func other(_ req: Request) throws -> String {
        let form = req.method == .GET ? try? req.queryFields(OtherForm.self) : try? req.content.decode(OtherForm.self)
        guard let other = form?.otheruid?.trimmingCharacters(in: .whitespaces),
              !other.isEmpty, other.count <= 128
        else { throw Abort(.badRequest) }
        return other
    }

    /// "요청하기": a mutual request matches at once, as the apps do by accepting on a 201.
    func request(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.results.link)
        let other = try other(req)
        switch try await matchmaker.request(from: visitor.uid, to: other, on: req.db) {
        case .sent: return req.redirect(to: StudyPaths.results(notice: .requested), redirectType: .normal)
        case .matchedMutually: return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
        case .otherNotWaiting: return req.redirect(to: StudyPaths.results(notice: .otherStopped), redirectType: .normal)
        }
    }

    /// "요청 취소": takes back a request the card shows as sent.
    func withdrawRequest(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.results.link)
        let other = try other(req)
        switch try await matchmaker.withdrawRequest(from: visitor.uid, to: other, on: req.db) {
        case .withdrawn: return req.redirect(to: StudyPaths.results(notice: .requestWithdrawn), redirectType: .normal)
        case .notSent: return req.redirect(to: StudyPaths.results.link, redirectType: .normal)
        case .matched: return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
        }
    }

    /// "수락하기".
    func accept(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.results.link)
        let other = try other(req)
        switch try await matchmaker.accept(visitor.uid, from: other, on: req.db) {
        case .matched, .alreadyMatched: return req.redirect(to: StudyPaths.matched.link, redirectType: .normal)
        case .otherMatchedElsewhere: return req.redirect(to: StudyPaths.results(tab: .received, notice: .otherMatched), redirectType: .normal)
        case .otherNotWaiting: return req.redirect(to: StudyPaths.results(tab: .received, notice: .otherStopped), redirectType: .normal)
        }
    }

    // MARK: Matched

    func matched(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let state = try await queue.state(visitor.uid, on: req.db)
        guard case .matched = state, let match = try await endings.match(of: visitor.uid, on: req.db) else {
            // Ended by me: the review it asks for, while it is still to come.
            let next = try await endings.reviewDue(of: visitor.uid, on: req.db) == nil ? StudyPaths.home : StudyPaths.ended
            return req.redirect(to: next.link, redirectType: .normal)
        }
        let messages = try await chat.history(of: visitor.uid, with: match.partnerUID, after: .min, on: req.db)
        let found = try await queue.search(visitor.uid, form: StudyHomePages.pointForm(StudyWebDraft(req).point), on: req.db)
        let appointment: StudyAppointments.Pinned? = try await match.standing.isOver ? nil : meetings.pinnedWhileMatched(for: visitor.uid, on: req.db)
        // The 약속's lines just read: the header's badge counts again.
        let context = try await appointment?.readLines == true ? PageContext.load(for: req) : visitor.context
        return StudyMatchViews.matched(
            context, partnerUID: match.partnerUID, partnerNick: match.partnerNick, standing: match.standing,
            messages: messages, notice: StudyNotice(query: req), live: StudyLiveState(uid: visitor.uid, state: state, found: found),
            appointment: appointment
        )
    }

    /// The conversation with my partner newer than `after` (the newest time the page shows), for
    /// the page's script to catch up on what arrived while its socket was down. Not matched: none.
    func chatSince(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let newest = try StudyChat.since(lastchatDate: try req.queryFields(StudyChatSince.self).after)
        // From the newest millisecond itself: another message of that millisecond may have come
        // after the page was drawn; the script draws each message once, by its id.
        let after = newest == .min ? newest : newest - 1
        var messages: [Study.Chat] = []
        if case let .matched(partnerUID, _, _, _) = try await queue.state(visitor.uid, on: req.db) {
            messages = try await chat.history(of: visitor.uid, with: partnerUID, after: after, on: req.db)
        }
        var headers = HTTPHeaders()
        headers.contentType = .json
        headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return Response(status: .ok, headers: headers, body: .init(data: try WireJSON.encoder().encode(messages)))
    }

    /// "리뷰 등록", once the study is over (ended by either side): the titles ticked (`choice0`…
    /// `choice5`) and a comment, counted once; then home, as in the apps.
    func review(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let form = verdictForm(req, other: other, choicesAs: "reputation")
        do {
            switch try await endings.review(visitor.uid, partner: other, form: form, on: req.db) {
            case .reviewed, .alreadyReviewed: return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
            case .studyGoesOn: return req.redirect(to: StudyPaths.matched(notice: .reviewAfterEnding), redirectType: .normal)
            case .notMyPartner: throw Abort(.notFound)
            }
        } catch StudyError.invalid(.comment) {
            let page = try await formPage(req, of: visitor.uid, partner: other, notice: .reviewTooLong)
            return req.redirect(to: page, redirectType: .normal)
        }
    }

    /// "새싹 신고": the reasons and a comment, as the API's report takes them. The study goes on;
    /// the page says the report was received.
    func report(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let notice: StudyNotice
        do {
            switch try await reviews.report(visitor.uid, form: verdictForm(req, other: other, choicesAs: "reportedReputation"), on: req.db) {
            case .reported: notice = .partnerReported
            case .alreadyReported: notice = .alreadyReported
            case .unknownPerson: throw Abort(.notFound)
            }
        } catch StudyError.invalid(.comment) {
            notice = .reviewTooLong
        }
        let page = try await formPage(req, of: visitor.uid, partner: other, notice: notice)
        return req.redirect(to: page, redirectType: .normal)
    }

    /// Where a verdict form was, to say there what came of it: the matched page while my side of
    /// the study with `other` is open, the ended page once I ended it.
    private func formPage(_ req: Request, of uid: String, partner other: String, notice: StudyNotice) async throws -> String {
        try await endings.match(of: uid, on: req.db)?.partnerUID == other ? StudyPaths.matched(notice: notice) : StudyPaths.ended(notice: notice)
    }

    /// A verdict form's ticked toggles as the 0/1 list the API reads under `field`, with the comment.
    private func verdictForm(_ req: Request, other: String, choicesAs field: String) -> StudyForm {
        let ticked = (0..<StudyVerdictForm.choiceCount).map { (try? req.content.get(String.self, at: StudyVerdictForm.field($0))) == "1" ? "1" : "0" }
        let comment = (try? req.content.get(String.self, at: "comment")) ?? ""
        return StudyForm([("otheruid", other)] + ticked.map { (field, $0) } + [("comment", comment)])
    }

    /// The chat form of the matched page: stored, then on its way to the partner's sockets.
    func sendChat(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let text = (try? req.content.get(String.self, at: "chat")) ?? ""
        do {
            switch try await chat.send(from: visitor.uid, to: other, form: StudyForm([("chat", text)]), on: req.db) {
            case .sent: return req.redirect(to: StudyPaths.matchedChat, redirectType: .normal)
            case .studyOver: return req.redirect(to: StudyPaths.matched(notice: .studyOver), redirectType: .normal)
            }
        } catch StudyError.invalid(.chat) {
            return req.redirect(to: StudyPaths.matched(notice: .chatInvalid), redirectType: .normal)
        }
    }

    /// Asks before cancelling, and says what it costs: one tap under the chat is too easy to make
    /// by mistake.
    func confirmDodge(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let cost = try await matchmaker.dodgeCost(visitor.uid, partner: other, on: req.db)
        guard cost != .notMyPartner else { throw Abort(.notFound) }
        return StudyMatchViews.confirmDodge(visitor.context, partnerUID: other, cost: cost)
    }

    /// "스터디 종료", once confirmed: a dodge, with its penalty unless the partner had ended the
    /// study first; then the review it leaves to give.
    func dodge(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        guard (try? req.content.get(String.self, at: "confirm")) == "yes" else {
            return req.redirect(to: StudyPaths.dodge(partner: other), redirectType: .normal)
        }
        switch try await endings.end(visitor.uid, partner: other, on: req.db) {
        case .ended: return req.redirect(to: StudyPaths.ended.link, redirectType: .normal)
        case .notMyPartner: throw Abort(.notFound)
        }
    }

    /// Asks before "만났어요" ends the study for both.
    func confirmMet(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        guard let match = try await endings.match(of: visitor.uid, on: req.db), match.partnerUID == other else { throw Abort(.notFound) }
        guard match.standing != .goingOn(canMeet: false) else {
            return req.redirect(to: StudyPaths.matched(notice: .notMetYet), redirectType: .normal)
        }
        return StudyEndingViews.confirmMet(visitor.context, partnerUID: other, partnerNick: match.partnerNick)
    }

    /// "만났어요", once confirmed: the study ends for both without a penalty, and each reviews.
    func meet(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        guard (try? req.content.get(String.self, at: "confirm")) == "yes" else {
            return req.redirect(to: StudyPaths.met(partner: other), redirectType: .normal)
        }
        switch try await endings.met(visitor.uid, partner: other, on: req.db) {
        case .met: return req.redirect(to: StudyPaths.ended.link, redirectType: .normal)
        case .notYet: return req.redirect(to: StudyPaths.matched(notice: .notMetYet), redirectType: .normal)
        case .notMyPartner: throw Abort(.notFound)
        }
    }

    /// The study I ended, asking for my review; home once there is none to give.
    func ended(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        guard let ending = try await endings.reviewDue(of: visitor.uid, on: req.db) else {
            return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
        }
        let messages = try await chat.history(of: visitor.uid, with: ending.partnerUID, after: .min, on: req.db)
        return StudyEndingViews.ended(visitor.context, ending: ending, messages: messages, notice: StudyNotice(query: req))
    }
}

enum StudyResultTab: String, Sendable, Codable {
    case nearby, received
}

/// The results page's fields: which tab, and what was just done.
struct StudyResultsQuery: Codable {
    var tab: StudyResultTab?
    var notice: StudyNotice?
}

/// Where the chat's catch-up starts: the newest time the page shows.
struct StudyChatSince: Codable {
    var after: String?
}
