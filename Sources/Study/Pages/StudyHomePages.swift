import Platform
import SproutAPI
import Vapor

/// `/study`: the home radar around the browser's position or a 동 or 시/군/구 found by name, the
/// people waiting there with how far each is and in which 동, the gender filter, the floating
/// button that follows my queue state; `/study/places.json`, which lists places as a name is
/// typed; and `/study/state.json`, which the page's script polls to refresh itself while it is open.
struct StudyHomePages: Sendable {
    let profiles: StudyProfiles
    let queue: StudyQueue
    let map: StudyMap?
    let places: StudyPlaces

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.home, use: home)
        pages.get(StudyPaths.placeSearch, use: placeSearch)
        pages.get(StudyPaths.liveState, use: state)
    }

    func home(_ req: Request) async throws -> Response {
        let (visitor, me) = try await profiles.signedUp(req)
        let asked = try req.queryFields(StudyHomeQuery.self)
        let draft = StudyWebDraft(req)
        if let chosen = requestedPoint(asked) { draft.point = chosen }
        let point = draft.point
        let filter = StudyGenderFilter(asked.gender)
        let search = Self.searchText(asked.q)
        let found = try await queue.search(visitor.uid, form: Self.pointForm(point), on: req.db)
        let state = try await queue.state(visitor.uid, on: req.db)
        let people = found.fromQueueDB.filter(filter.admits)
        let centre = GeoPoint(lat: point.lat, long: point.long)
        let blips = centre.map { StudyRadar.blips(people, centre: $0, radius: queue.search.radius, places: places) } ?? []
        let place = StudyWhereViews.Model(
            point: point, dong: centre.flatMap(places.dong(at:)), search: search, found: search.isEmpty ? [] : places.find(search), filter: filter
        )
        return StudyHomeViews.home(
            visitor.context, me: me, place: place, blips: blips, radius: queue.search.radius,
            state: state, live: StudyLiveState(uid: visitor.uid, state: state, found: found), map: map
        )
    }

    /// The places that answer `q`, with what the list's live region says, for `study.js`.
    func placeSearch(_ req: Request) async throws -> Response {
        let visitor = try await StudyVisitor.load(req)
        let asked = try req.queryFields(StudyHomeQuery.self)
        let search = Self.searchText(asked.q)
        let list = StudyWhereViews.placeList(search.isEmpty ? [] : places.find(search), search: search,
                                             filter: StudyGenderFilter(asked.gender), visitor.context)
        let response = try await list.encodeResponse(for: req)
        response.headers.replaceOrAdd(name: .cacheControl, value: "no-store")
        return response
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

    /// Where the address asks the search to be centred: the browser's position (`lat`, `long`),
    /// else a 동 (`dong`), else a 시/군/구 (`place`); nil keeps the point chosen before.
    private func requestedPoint(_ asked: StudyHomeQuery) -> (lat: Double, long: Double)? {
        if let point = StudyWebDraft.point(latitude: asked.lat, longitude: asked.long) {
            return point
        }
        return (places.neighbourhood(asked.dong) ?? places.district(asked.place))?.centre
    }

    /// A place's name as typed, its spaces at either end taken off and no longer than the list searches.
    static func searchText(_ typed: String?) -> String {
        String((typed ?? "").trimmingCharacters(in: .whitespacesAndNewlines).prefix(Places.maxQueryLength))
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

/// The home page's fields: where to centre the search (the browser's `lat` and `long`, a 동 or a
/// 시/군/구), the place name typed, and whom to show.
struct StudyHomeQuery: Codable {
    var lat: Double?
    var long: Double?
    var dong: String?
    var place: String?
    var q: String?
    var gender: String?
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
