import Foundation
import Observation
import SproutAPI
import SproutKit

/// The search results (spec §3 "Matching flow", §7.8): tabs "주변 새싹" (people waiting nearby) and
/// "받은 요청" (people who asked me), searched again whenever a tab is shown; "요청하기",
/// "수락하기" and "찾기중단"; and `myQueueState` polled every 5 seconds until a match, which shows
/// "{nick}님과 매칭되셨습니다. 잠시 후 채팅방으로 이동합니다" and opens the chat.
@MainActor @Observable
public final class StudyResultsViewModel {
    public enum Tab: Sendable, Equatable, CaseIterable {
        case nearby, received
    }

    public enum Route: Sendable, Equatable {
        /// Matched: open the chat with this person.
        case matched(nick: String, uid: String)
        /// No longer waiting: back to the home map.
        case home
        /// "스터디 변경하기": out of the queue and back to the study input.
        case studyInput(center: StudyCoordinate)
    }

    public static let pollInterval = Duration.seconds(5)

    // MARK: Outputs
    public private(set) var tab: Tab = .nearby
    public private(set) var nearby: [Study.QueueUser] = []
    public private(set) var received: [Study.QueueUser] = []
    public private(set) var isLoading = false
    /// Whether `myQueueState` is being polled.
    public private(set) var isPolling = false
    public private(set) var toast: StudyMessage?
    public private(set) var alert: StudyMessage?
    public private(set) var route: Route?

    /// The cards of the selected tab.
    public var shown: [Study.QueueUser] { tab == .nearby ? nearby : received }
    /// "아쉽게도 주변에 새싹이 없어요" with "스터디 변경하기" and refresh.
    public var isEmpty: Bool { shown.isEmpty && !isLoading }

    public let center: StudyCoordinate
    let study: any StudyService
    let clock: any FeatureClock
    private var poller: RepeatingTimer?

    public init(study: any StudyService, center: StudyCoordinate, clock: any FeatureClock = SystemFeatureClock()) {
        self.study = study
        self.center = center
        self.clock = clock
    }

    // MARK: Inputs

    /// Checks for a match made meanwhile, searches, and starts polling.
    public func viewWillAppear() async {
        guard await !followState() else { return }
        await search()
        startPolling()
    }

    public func viewDidDisappear() {
        stopPolling()
    }

    public func tabSelected(_ tab: Tab) async {
        self.tab = tab
        await search()
    }

    public func refreshTapped() async {
        await search()
    }

    /// "요청하기" on a nearby card.
    public func requestTapped(_ otheruid: String) async {
        await act {
            switch try await study.requestStudy(with: otheruid) {
            case .sent:
                toast = .requestSent
            case .requestedByOther:
                // They had asked me: the server matched us both.
                await followState(toast: .requestedByOther)
            case .otherNotWaiting:
                toast = .otherStoppedSearching
                await search()
            }
        }
    }

    /// "수락하기" on a received card.
    public func acceptTapped(_ otheruid: String) async {
        await act {
            switch try await study.acceptStudy(with: otheruid) {
            case .matched:
                await followState()
            case .otherMatchedElsewhere:
                toast = .otherMatchedElsewhere
                await search()
            case .otherNotWaiting:
                toast = .otherStoppedSearching
                await search()
            case .alreadyMatched:
                // Someone accepted my request first: I am matched with them.
                await followState(toast: .alreadyMatched)
            }
        }
    }

    /// "찾기중단". A 201 means I was no longer waiting, perhaps because I just got matched.
    public func stopSearchingTapped() async {
        await act {
            switch try await study.stopSearching() {
            case .stopped:
                stopPolling()
                route = .home
            case .notWaiting:
                if await !followState() {
                    stopPolling()
                    route = .home
                }
            }
        }
    }

    /// "스터디 변경하기": stop waiting, then choose studies again.
    public func changeStudyTapped() async {
        await act {
            if try await study.stopSearching() == .notWaiting, await followState() { return }
            stopPolling()
            route = .studyInput(center: center)
        }
    }

    public func toastShown() { toast = nil }
    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: State

    private func act(_ work: () async throws -> Void) async {
        do {
            try await work()
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    private func search() async {
        isLoading = true
        defer { isLoading = false }
        do {
            let result = try await study.search(lat: center.latitude, long: center.longitude)
            nearby = result.fromQueueDB
            received = result.fromQueueDBRequested
        } catch {
            alert = StudyMessage.failure(error)
        }
    }

    /// Reads `myQueueState` and, when matched, opens the chat. Answers whether it did.
    @discardableResult
    private func followState(toast matchToast: StudyMessage? = nil) async -> Bool {
        do {
            guard case let .matched(nick, uid, _, _) = try await study.queueState() else { return false }
            stopPolling()
            toast = matchToast ?? .matched(nick: nick)
            route = .matched(nick: nick, uid: uid)
            return true
        } catch {
            alert = StudyMessage.failure(error)
            return false
        }
    }

    private func startPolling() {
        poller?.cancel()
        isPolling = true
        poller = clock.repeating(every: Self.pollInterval) { [weak self] in await self?.poll() ?? false }
    }

    /// One poll: stops on a match. A failed poll is not shown; the next one tries again.
    private func poll() async -> Bool {
        guard isPolling else { return false }
        guard case let .matched(nick, uid, _, _) = try? await study.queueState() else { return isPolling }
        stopPolling()
        toast = .matched(nick: nick)
        route = .matched(nick: nick, uid: uid)
        return false
    }

    private func stopPolling() {
        poller?.cancel()
        poller = nil
        isPolling = false
    }
}
