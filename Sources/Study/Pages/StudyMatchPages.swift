import Platform
import SproutAPI
import Vapor

/// From wanting a study to being matched: the study input (`/study/input`), waiting
/// (`/study/queue`), the two result tabs with request and accept (`/study/results`), stopping,
/// and the matched page with its cancel (`/study/matched`). Every action is a form post that
/// calls the same rules as the API and comes back to a page that says what happened.
struct StudyMatchPages: Sendable {
    let profiles: StudyProfiles
    let queue: StudyQueue
    let matchmaker: Matchmaker
    let chat: StudyChat
    let reviews: StudyReviews

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.input, use: input)
        pages.post(StudyPaths.addTags, use: addTags)
        pages.post(StudyPaths.removeTag, use: removeTag)
        pages.post(StudyPaths.queue, use: enter)
        pages.post(StudyPaths.stop, use: stop)
        pages.get(StudyPaths.results, use: results)
        pages.post(StudyPaths.request, use: request)
        pages.post(StudyPaths.accept, use: accept)
        pages.get(StudyPaths.matched, use: matched)
        pages.get(StudyPaths.chatSince, use: chatSince)
        pages.get(StudyPaths.dodge, use: confirmDodge)
        pages.post(StudyPaths.dodge, use: dodge)
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
        return StudyMatchViews.input(visitor.context, chosen: draft.tags, recommended: found.fromRecommend, nearby: nearby, error: error, status: status)
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
        let tab: StudyResultTab = (try? req.query.get(String.self, at: "tab")) == StudyResultTab.received.rawValue ? .received : .nearby
        let found = try await queue.search(visitor.uid, form: StudyHomePages.pointForm(StudyWebDraft(req).point), on: req.db)
        return StudyMatchViews.results(
            visitor.context, tab: tab, found: found, isWaiting: state == .waiting,
            notice: StudyNotice(query: req), live: StudyLiveState(uid: visitor.uid, state: state, found: found)
        )
    }

    struct OtherForm: Content {
        var otheruid: String?
    }

    private func other(_ req: Request) throws -> String {
        let form = req.method == .GET ? try? req.query.decode(OtherForm.self) : try? req.content.decode(OtherForm.self)
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
        guard case let .matched(partnerUID, partnerNick, partnerDodged, partnerReviewed) = state else {
            return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
        }
        let messages = try await chat.history(of: visitor.uid, with: partnerUID, after: .min, on: req.db)
        let found = try await queue.search(visitor.uid, form: StudyHomePages.pointForm(StudyWebDraft(req).point), on: req.db)
        return StudyMatchViews.matched(
            visitor.context, partnerUID: partnerUID, partnerNick: partnerNick, partnerEnded: partnerDodged || partnerReviewed,
            messages: messages, notice: StudyNotice(query: req), live: StudyLiveState(uid: visitor.uid, state: state, found: found)
        )
    }

    /// The conversation with my partner newer than `after` (the newest time the page shows), for
    /// the page's script to catch up on what arrived while its socket was down. Not matched: none.
    func chatSince(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let newest = try StudyChat.since(lastchatDate: try? req.query.get(String.self, at: "after"))
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

    /// "리뷰 등록": the titles ticked (`choice0`…`choice5`) and a comment; it ends my side of the
    /// study, as in the apps, and goes home.
    func review(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let form = verdictForm(req, other: other, choicesAs: "reputation")
        do {
            switch try await reviews.rate(visitor.uid, partner: other, form: form, on: req.db) {
            case .rated: return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
            case .notMyPartner: throw Abort(.notFound)
            }
        } catch StudyError.invalid(.comment) {
            return req.redirect(to: StudyPaths.matched(notice: .reviewTooLong), redirectType: .normal)
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
        return req.redirect(to: StudyPaths.matched(notice: notice), redirectType: .normal)
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

    /// Asks before cancelling, and says what it costs: one tap beside the review and report forms
    /// was too easy to make by mistake.
    func confirmDodge(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        let cost = try await matchmaker.dodgeCost(visitor.uid, partner: other, on: req.db)
        guard cost != .notMyPartner else { throw Abort(.notFound) }
        return StudyMatchViews.confirmDodge(visitor.context, partnerUID: other, cost: cost)
    }

    /// "스터디 취소" (or "종료" once the partner ended it), once confirmed: a dodge, with its
    /// penalty unless the partner had ended the study first.
    func dodge(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req, returningTo: StudyPaths.matched.link)
        let other = try other(req)
        guard (try? req.content.get(String.self, at: "confirm")) == "yes" else {
            return req.redirect(to: StudyPaths.dodge(partner: other), redirectType: .normal)
        }
        switch try await matchmaker.dodge(visitor.uid, partner: other, on: req.db) {
        case .cancelled: return req.redirect(to: StudyPaths.home.link, redirectType: .normal)
        case .notMyPartner: throw Abort(.notFound)
        }
    }
}

enum StudyResultTab: String, Sendable {
    case nearby, received
}
