import Foundation
import Observation
import SproutAPI
import SproutKit

/// A point on the map.
public struct StudyCoordinate: Sendable, Equatable, Hashable {
    public var latitude: Double
    public var longitude: Double

    public init(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
    }

    /// SeSAC's Yeongdeungpo campus: the map's centre when the location is unknown (spec §3).
    public static let sesacCampus = StudyCoordinate(latitude: 37.517819, longitude: 126.886145)
}

/// The home map (spec §7.6): people waiting around the map's centre, filtered by gender on the
/// client, and the floating button whose face follows `myQueueState` (201 → search, 200 waiting →
/// antenna, 200 matched → message).
@MainActor @Observable
public final class StudyHomeViewModel {
    public enum GenderFilter: Sendable, Equatable, CaseIterable {
        case all, man, woman

        func admits(_ gender: Int) -> Bool {
            switch self {
            case .all: true
            case .man: gender == Study.Gender.man.rawValue
            case .woman: gender == Study.Gender.woman.rawValue
            }
        }
    }

    public enum FloatingButton: Sendable, Equatable {
        /// Not waiting: the magnifier, which opens the study input.
        case search
        /// Waiting: the antenna, which opens the search results.
        case waiting
        /// Matched: the envelope, which opens the chat.
        case matched(nick: String, uid: String)
    }

    public enum Route: Sendable, Equatable {
        case studyInput(center: StudyCoordinate)
        case searchResults(center: StudyCoordinate)
        case chat(nick: String, uid: String)
        /// The study server does not know this person (406).
        case signup
    }

    // MARK: Outputs
    /// Where the map is centred and searched.
    public private(set) var center: StudyCoordinate = .sesacCampus
    public private(set) var filter: GenderFilter = .all
    /// The pins: people waiting nearby and people who asked me, once each, filtered by gender.
    public var people: [Study.QueueUser] {
        var seen = Set<String>()
        return ((result?.fromQueueDB ?? []) + (result?.fromQueueDBRequested ?? []))
            .filter { seen.insert($0.uid).inserted && filter.admits($0.gender) }
    }
    public private(set) var result: Study.SearchResult?
    public private(set) var floatingButton: FloatingButton = .search
    public private(set) var isLocationAuthorized = false
    public private(set) var isLoading = false
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    let study: any StudyService
    private var userLocation: StudyCoordinate?

    public init(study: any StudyService) {
        self.study = study
    }

    // MARK: Inputs

    /// Reads the queue state and searches around the centre, each time the tab appears.
    public func viewWillAppear() async {
        isLoading = true
        defer { isLoading = false }
        await readState()
        await search()
    }

    public func locationAuthorizationChanged(granted: Bool) async {
        isLocationAuthorized = granted
        if !granted {
            userLocation = nil
            await move(to: .sesacCampus)
        }
    }

    /// The first fix centres the map on the person; later fixes only update the GPS button's target.
    public func locationUpdated(_ location: StudyCoordinate) async {
        let isFirst = userLocation == nil
        userLocation = location
        if isFirst { await move(to: location) }
    }

    /// The map stopped moving: search around its new centre.
    public func mapRegionSettled(center: StudyCoordinate) async {
        await move(to: center)
    }

    /// The GPS button: back to the person, or to the campus without a location.
    public func gpsButtonTapped() async {
        await move(to: userLocation ?? .sesacCampus)
    }

    public func genderFilterTapped(_ filter: GenderFilter) {
        self.filter = filter
    }

    public func floatingButtonTapped() {
        guard isLocationAuthorized else {
            alert = .locationRequired
            return
        }
        switch floatingButton {
        case .search: route = .studyInput(center: center)
        case .waiting: route = .searchResults(center: center)
        case let .matched(nick, uid): route = .chat(nick: nick, uid: uid)
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Loading

    private func move(to coordinate: StudyCoordinate) async {
        center = coordinate
        await search()
    }

    private func readState() async {
        do {
            floatingButton = switch try await study.queueState() {
            case .normal: .search
            case .waiting: .waiting
            case let .matched(nick, uid, _, _): .matched(nick: nick, uid: uid)
            }
        } catch {
            fail(error)
        }
    }

    private func search() async {
        let center = center
        do {
            let found = try await study.search(lat: center.latitude, long: center.longitude)
            // An answer for a centre the map has since left is dropped.
            if center == self.center { result = found }
        } catch {
            fail(error)
        }
    }

    private func fail(_ error: any Error) {
        if case let .http(status, _, _) = error as? SproutError, status == Study.CommonStatus.notSignedUp.rawValue {
            route = .signup
        } else {
            alert = StudyMessage.failure(error)
        }
    }
}
