import Platform
import SproutAPI
import Vapor

/// `/study`: the home radar around the browser's location or a chosen point, the gender filter,
/// the floating button that follows my queue state, and `/study/state.json`, which the page's
/// script polls to refresh itself while it is open.
struct StudyHomePages: Sendable {
    let profiles: StudyProfiles
    let queue: StudyQueue
    let map: StudyMap?
    let neighbourhoods: Districts

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.home, use: home)
        pages.get(StudyPaths.liveState, use: state)
    }

    struct HomeQuery: Content {
        var lat: Double?
        var long: Double?
        /// A 시/군/구 chosen by its code (`Districts`): its centre, when no point is given.
        var place: String?
        /// `all`, `0` (women) or `1` (men); the filter is applied on this side, as in the apps.
        var gender: String?
    }

    func home(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req)
        let query = (try? req.query.decode(HomeQuery.self)) ?? HomeQuery()
        let draft = StudyWebDraft(req)
        if let chosen = StudyWebDraft.point(latitude: query.lat, longitude: query.long) {
            draft.point = chosen
        } else if let place = neighbourhoods.place(query.place) {
            draft.point = (place.lat, place.long)
        }
        let point = draft.point
        let filter = StudyGenderFilter(query.gender)
        let found = try await queue.search(visitor.uid, form: Self.pointForm(point), on: req.db)
        let state = try await queue.state(visitor.uid, on: req.db)
        let people = found.fromQueueDB.filter(filter.admits)
        let blips = GeoPoint(lat: point.lat, long: point.long).map { StudyRadar.blips(people, centre: $0, radius: queue.search.radius) } ?? []
        return StudyHomeViews.home(
            visitor.context, me: me, point: point, filter: filter, blips: blips, radius: queue.search.radius,
            state: state, live: StudyLiveState(uid: visitor.uid, state: state, found: found), map: map,
            neighbourhoods: neighbourhoods, chosenPlace: neighbourhoods.place(query.place)?.code
        )
    }

    /// `{state, matchedNick, nearby, received}` for the refreshing script.
    func state(_ req: Request) async throws -> Response {
        let (visitor, _) = try await profiles.signedUp(req)
        let state = try await queue.state(visitor.uid, on: req.db)
        let found = try await queue.search(visitor.uid, form: Self.pointForm(StudyWebDraft(req).point), on: req.db)
        let response = try await StudyLiveState(uid: visitor.uid, state: state, found: found).encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
    }

    static func pointForm(_ point: (lat: Double, long: Double)) -> StudyForm {
        StudyForm([("lat", String(point.lat)), ("long", String(point.long))])
    }
}

/// What the pages' script compares to decide whether to reload: my state and the lists' sizes.
struct StudyLiveState: Content, Equatable {
    /// Mine: the chat tells my messages from my partner's by it.
    var uid: String
    var state: String
    var matchedNick: String
    /// The partner cancelled or reviewed: the open chat must say so at once.
    var partnerEnded: Bool
    var nearby: Int
    var received: Int

    init(uid: String, state: StudyQueue.State, found: Study.SearchResult) {
        self.uid = uid
        switch state {
        case .normal: (self.state, matchedNick, partnerEnded) = ("normal", "", false)
        case .waiting: (self.state, matchedNick, partnerEnded) = ("waiting", "", false)
        case let .matched(_, nick, dodged, reviewed): (self.state, matchedNick, partnerEnded) = ("matched", nick, dodged || reviewed)
        }
        nearby = found.fromQueueDB.count
        received = found.fromQueueDBRequested.count
    }
}

/// The home filter: everyone, women or men (spec §7: 전체/남자/여자).
enum StudyGenderFilter: String, CaseIterable {
    case all, woman, man

    init(_ query: String?) {
        switch query {
        case "0", "woman": self = .woman
        case "1", "man": self = .man
        default: self = .all
        }
    }

    func admits(_ person: Study.QueueUser) -> Bool {
        switch self {
        case .all: true
        case .woman: person.gender == Study.Gender.woman.rawValue
        case .man: person.gender == Study.Gender.man.rawValue
        }
    }
}
