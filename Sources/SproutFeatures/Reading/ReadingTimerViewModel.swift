import Foundation
import Observation
import SproutAPI
import SproutKit

/// The reading timer (the seed's TimerView): the server holds the one timer of the account, so it
/// survives the app being killed and goes on on another device. The display ticks every second on
/// the injected clock without asking the server, counting from the moment the last answer arrived
/// (the phone's clock and the server's may disagree, their seconds do not); coming back to the
/// foreground asks the server again, which corrects anything another device did meanwhile.
@MainActor @Observable
public final class ReadingTimerViewModel {
    // MARK: Outputs
    public private(set) var state: Reading.TimerState = .idle
    /// The book being timed; nil when idle.
    public private(set) var bookID: String?
    /// Seconds to show, updated every second while running.
    public private(set) var displayedSeconds = 0
    /// What the last stop recorded: one session per calendar day it ran on.
    public private(set) var lastStop: Reading.TimerStopped?
    public private(set) var isBusy = false
    /// A failure to tell the person about; cleared by `alertDismissed()`.
    public private(set) var alert: String?

    /// "01:02:03", as the seed's timer shows it.
    public var displayedTime: String { Self.clockText(displayedSeconds) }
    /// What the last stop stored, said as it was stored (whole seconds, whole minutes rounded
    /// down): "12분 기록했어요", "1분 미만 기록했어요" for 30 seconds, with the page reached.
    public var lastStopConfirmation: String? { lastStop.map(Self.confirmation) }
    public var canStart: Bool { state == .idle && !isBusy }
    public var canPause: Bool { state == .running && !isBusy }
    public var canResume: Bool { state == .paused && !isBusy }
    public var canStop: Bool { state != .idle && !isBusy }

    // MARK: Dependencies and state
    let reading: ReadingClient
    let clock: any FeatureClock
    private var elapsedAtAnswer = 0
    private var answeredAt = Date.distantPast
    private var ticker: RepeatingTimer?

    public init(reading: ReadingClient, clock: any FeatureClock = SystemFeatureClock()) {
        self.reading = reading
        self.clock = clock
    }

    // MARK: Inputs

    public func viewWillAppear() async {
        await act("타이머를 불러오지 못했어요.") { try await self.reading.timer() }
    }

    /// Another device may have paused, stopped or started the timer while the app slept.
    public func willEnterForeground() async {
        await viewWillAppear()
    }

    public func viewDidDisappear() {
        ticker?.cancel()
        ticker = nil
    }

    public func startTapped(bookID: String) async {
        await act("타이머를 시작하지 못했어요.") { try await self.reading.startTimer(bookID: bookID) }
    }

    public func pauseTapped() async {
        await act("타이머를 멈추지 못했어요.") { try await self.reading.pauseTimer() }
    }

    public func resumeTapped() async {
        await act("타이머를 다시 시작하지 못했어요.") { try await self.reading.resumeTimer() }
    }

    /// Records the reading and clears the timer.
    public func stopTapped() async {
        await act("기록을 저장하지 못했어요.") {
            let stopped = try await self.reading.stopTimer()
            self.lastStop = stopped
            return stopped.timer
        }
    }

    /// Records the reading with where the reader got to (the page, or a percent for a book whose
    /// pages are not known); one the book refuses says why, and the timer runs on.
    public func stopTapped(reached: Reading.ProgressDraft) async {
        await act("기록을 저장하지 못했어요.") {
            let stopped = try await self.reading.stopTimer(reached: reached)
            self.lastStop = stopped
            return stopped.timer
        }
    }

    /// Throws the time away (the seed's reset kept it; here it is gone).
    public func resetTapped() async {
        await act("타이머를 초기화하지 못했어요.") { try await self.reading.resetTimer() }
    }

    public func alertDismissed() { alert = nil }

    // MARK: Private

    private func act(_ failure: String, _ call: @escaping @MainActor () async throws -> Reading.Timer) async {
        isBusy = true
        defer { isBusy = false }
        do {
            show(try await call())
        } catch let SproutError.http(status, _, message) where status == 409 || status == 404 || status == 422 {
            // The timer changed elsewhere, the book was removed, or it refused the page reached:
            // say so and show the truth.
            alert = message ?? failure
            if let timer = try? await reading.timer() { show(timer) }
        } catch {
            alert = failure
        }
    }

    private func show(_ timer: Reading.Timer) {
        state = timer.state
        bookID = timer.bookID
        elapsedAtAnswer = timer.elapsedSeconds
        answeredAt = clock.now
        displayedSeconds = timer.elapsedSeconds
        if timer.state == .running {
            startTicking()
        } else {
            ticker?.cancel()
            ticker = nil
        }
    }

    private func startTicking() {
        guard ticker == nil else { return }
        ticker = clock.repeating(every: .seconds(1)) { [weak self] in
            guard let self, self.state == .running else { return false }
            self.displayedSeconds = self.elapsedAtAnswer + max(0, Int(self.clock.now.timeIntervalSince(self.answeredAt)))
            return true
        }
    }

    static func confirmation(_ stopped: Reading.TimerStopped) -> String {
        let seconds = stopped.recorded.reduce(0) { $0 + $1.seconds }
        let minutes = seconds / 60
        let time = switch seconds {
        case 0: "기록한 시간이 없어요"
        case 1..<60: "1분 미만 기록했어요"
        default: (minutes < 60 ? "\(minutes)분" : minutes % 60 == 0 ? "\(minutes / 60)시간" : "\(minutes / 60)시간 \(minutes % 60)분") + " 기록했어요"
        }
        guard let progress = stopped.progress else { return time }
        return time + " · " + (progress.page.map { "\($0)쪽까지" } ?? "\(progress.percent)%까지")
    }

    static func clockText(_ seconds: Int) -> String {
        let seconds = max(0, seconds)
        return String(format: "%02d:%02d:%02d", seconds / 3600, seconds / 60 % 60, seconds % 60)
    }
}
