import Fluent
import Foundation
import SQLKit
import Synchronization

/// The read counters this instance holds in memory on PostgreSQL, kept current by `NOTIFY`: every
/// insert, update and delete of a counter row notifies `channel` at commit
/// (`NotifyReadVersionChanges`), and `InstanceBroadcast` hears the channel on its listening
/// connection. So a hot read asks PostgreSQL nothing about its counters, whoever wrote (this
/// instance, another one, plain SQL).
///
/// A notification arrives a moment after its commit, and a busy machine can stretch the moment.
/// So a read first waits until this instance has heard everything committed before it arrived
/// (`catchUp`): it sends a notice of its own, and PostgreSQL delivers notifications in commit
/// order. One notice serves every read that arrived before it was sent, so under load the notices
/// are far fewer than the reads; each costs PostgreSQL one tiny transaction.
///
/// Held only while listening: before the first `LISTEN`, after a drop and until the counters are
/// read again on the new connection, reads ask the database, as they did before there was a
/// listener. What was missed while deaf is read again, never assumed.
public final class ListenedReadVersions: ChannelFollower {
    /// Where every instance hears the counters' changes.
    public static let channel = "sprout_read_versions"
    /// Where this instance alone hears its catch-up notices: other instances need not wake for them,
    /// and PostgreSQL's commit order holds across the channels of one connection.
    let ownChannel: String
    public var channels: [String] { [Self.channel, ownChannel] }

    /// Per-account counters held at most; past it they are forgotten and read again as asked.
    let accountCapacity: Int
    /// How long a catch-up notice may go unheard before the connection is no longer trusted.
    let patience: Duration
    private let state = Mutex(State())

    private struct State {
        var isListening = false
        var groups: [String: Int64] = [:]
        var accounts: [AccountCounter: Int64] = [:]
        /// Moves whenever held counters are forgotten, so a database read begun before it is not kept.
        var epoch: UInt64 = 0
        /// Sends a catch-up notice on the channel; set while listening.
        var announce: (@Sendable (String) async throws -> Void)?
        /// Ends the listening connection, so that it is opened again and the counters read afresh.
        var hangUp: (@Sendable () -> Void)?
        /// The catch-up notice sent and not yet heard, with the reads waiting for it. One at a time:
        /// each costs PostgreSQL a transaction and this instance a round trip, and with two under
        /// way reads rode emptier notices far more often (1.7 reads a notice instead of 4.6, and
        /// 3,700 reads a second instead of 6,700: bench/RESULTS.md).
        var flight: Flight?
        /// Reads that arrived after `flight` was sent: they wait for the next notice.
        var next: [CheckedContinuation<Bool, Never>] = []
        var watchdog: Task<Void, Never>?

        /// Sends the next notice for the reads waiting, unless one is under way.
        mutating func takeOff() -> Departure? {
            guard flight == nil, !next.isEmpty, let announce else { return nil }
            let token = UUID().uuidString
            flight = Flight(token: token, sent: .now, waiters: next)
            next = []
            return Departure(token: token, announce: announce)
        }

        /// Stops trusting what is held; the reads waiting are answered false.
        mutating func stopTrusting() -> [CheckedContinuation<Bool, Never>] {
            isListening = false
            groups = [:]
            forgetAccounts()
            defer { flight = nil; next = [] }
            return (flight?.waiters ?? []) + next
        }

        mutating func forgetAccounts() {
            accounts = [:]
            epoch &+= 1
        }
    }

    private struct Flight {
        let token: String
        let sent: ContinuousClock.Instant
        let waiters: [CheckedContinuation<Bool, Never>]
    }

    private struct Departure {
        let token: String
        let announce: @Sendable (String) async throws -> Void
    }

    private struct AccountCounter: Hashable {
        let group: String
        let account: String
    }

    public init(instance: String = UUID().uuidString, accountCapacity: Int = 100_000, patience: Duration = .seconds(2)) {
        ownChannel = Self.channel + "_" + instance.lowercased().filter(\.isHexDigit).prefix(32)
        self.accountCapacity = accountCapacity
        self.patience = patience
    }

    public var isListening: Bool { state.withLock { $0.isListening } }

    /// Reads waiting to catch up.
    var waitingCount: Int { state.withLock { ($0.flight?.waiters.count ?? 0) + $0.next.count } }

    /// Every group's counter; nil while not listening.
    func all() -> [String: Int64]? {
        state.withLock { $0.isListening ? $0.groups : nil }
    }

    /// `group`'s counter; nil while not listening or when no counter row was read or heard.
    func version(_ group: String) -> Int64? {
        state.withLock { $0.isListening ? $0.groups[group] : nil }
    }

    /// `account`'s counter of `group` when held, or the moment to pass to `remember` after reading
    /// it from the database; nil while not listening (nothing read now could be kept).
    func version(_ group: String, account: String) -> Held? {
        state.withLock { state in
            guard state.isListening else { return nil }
            if let version = state.accounts[AccountCounter(group: group, account: account)] { return .version(version) }
            return .notHeld(epoch: state.epoch)
        }
    }

    enum Held: Equatable {
        case version(Int64)
        case notHeld(epoch: UInt64)
    }

    /// Keeps `version`, read from the database after `version(_:account:)` answered `epoch`. A
    /// counter heard meanwhile is newer (counters only grow), and nothing read before the held
    /// counters were forgotten is kept.
    func remember(_ group: String, account: String, version: Int64, readAt epoch: UInt64) {
        state.withLock { state in
            guard state.isListening, state.epoch == epoch else { return }
            if state.accounts.count >= accountCapacity { state.forgetAccounts(); return }
            state.accounts[AccountCounter(group: group, account: account), default: version].formMax(version)
        }
    }

    /// Waits until this instance has heard every counter change committed before the call. False
    /// when it cannot (not listening, or the notice went unheard): the caller reads the database.
    public func catchUp() async -> Bool {
        await withCheckedContinuation { waiter in
            let departure = state.withLock { state -> Departure?? in
                guard state.isListening else { return .none }
                state.next.append(waiter)
                return .some(state.takeOff())
            }
            guard let departure else { return waiter.resume(returning: false) }
            departure.map(launch)
        }
    }

    private func launch(_ departure: Departure) {
        Task {
            do {
                try await departure.announce(Notice.caughtUp(departure.token).payload)
            } catch {
                giveUp(departure.token)
            }
        }
    }

    /// The notice `token` was not heard: listen again and read the counters afresh rather than trust them.
    private func giveUp(_ token: String) {
        let (waiters, hangUp) = state.withLock { state -> ([CheckedContinuation<Bool, Never>], (@Sendable () -> Void)?) in
            guard state.flight?.token == token else { return ([], nil) }
            return (state.stopTrusting(), state.hangUp)
        }
        for waiter in waiters { waiter.resume(returning: false) }
        hangUp?()
    }

    // MARK: Following the channel

    /// Listening again on a new connection: the counters are read after its `LISTEN`, so with
    /// what was heard since and is heard from now on, nothing committed is missed.
    public func listening(on database: @escaping @Sendable () throws -> any Database,
                          announce: @escaping @Sendable (_ channel: String, _ payload: String) async throws -> Void,
                          hangUp: @escaping @Sendable () -> Void) async throws {
        listening(try await ReadVersions.stored(on: database().sql()), hangUp: hangUp) { [ownChannel] notice in
            try await announce(ownChannel, notice)
        }
    }

    func listening(_ counters: [String: Int64], hangUp: @escaping @Sendable () -> Void,
                   announce: @escaping @Sendable (String) async throws -> Void) {
        let watchdog = Task { [patience] in
            while !Task.isCancelled {
                try? await Task.sleep(for: patience / 4)
                if let late = state.withLock({ state in state.flight.flatMap { .now - $0.sent > patience ? $0.token : nil } }) { giveUp(late) }
            }
        }
        let previous = state.withLock { state in
            // Heard since the connection listened, and possibly newer than what was read.
            state.groups.merge(counters) { heard, read in Swift.max(heard, read) }
            state.forgetAccounts()
            state.hangUp = hangUp
            state.announce = announce
            state.isListening = true
            defer { state.watchdog = watchdog }
            return state.watchdog
        }
        previous?.cancel()
    }

    public func heard(_ payload: String) {
        guard let notice = Notice(payload) else { return }
        let (caughtUp, departure) = state.withLock { state -> ([CheckedContinuation<Bool, Never>], Departure?) in
            switch notice {
            case let .group(name, version?):
                state.groups[name, default: version].formMax(version)
            case .group(let name, nil):
                state.groups[name] = nil
            case let .account(group, account, version?):
                // Kept even when not held yet: a read of the database under way may return an
                // older value, and `remember` keeps the larger.
                let key = AccountCounter(group: group, account: account)
                if state.accounts[key] == nil, state.accounts.count >= accountCapacity { state.forgetAccounts() }
                state.accounts[key, default: version].formMax(version)
            case .account(_, _, nil):
                state.forgetAccounts()
            case .caughtUp(let token):
                guard let flight = state.flight, flight.token == token else { break }
                state.flight = nil
                return (flight.waiters, state.takeOff())
            }
            return ([], nil)
        }
        for waiter in caughtUp { waiter.resume(returning: true) }
        departure.map(launch)
    }

    public func stopped() {
        let (waiters, watchdog) = state.withLock { state in
            defer {
                state.hangUp = nil
                state.announce = nil
                state.watchdog = nil
            }
            return (state.stopTrusting(), state.watchdog)
        }
        watchdog?.cancel()
        for waiter in waiters { waiter.resume(returning: false) }
    }
}

/// One notification on `ListenedReadVersions.channel`, as `NotifyReadVersionChanges`' triggers
/// write it: the counter's version comes before the names, and an account id, which may hold any
/// character, comes last.
enum Notice: Equatable {
    /// A group's counter now at a version, or gone (nil).
    case group(String, Int64?)
    /// An account's counter of a group now at a version, or gone (nil).
    case account(group: String, account: String, Int64?)
    /// The notice `catchUp` waits for.
    case caughtUp(String)

    init?(_ payload: String) {
        let parts = payload.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("g", 3):
            self = .group(parts[2], Int64(parts[1]))
        case ("a", 4):
            self = .account(group: parts[2], account: parts[3], Int64(parts[1]))
        case ("c", 2):
            self = .caughtUp(parts[1])
        default:
            return nil
        }
    }

    var payload: String {
        switch self {
        case let .group(name, version): "g \(version.map(String.init) ?? "-") \(name)"
        case let .account(group, account, version): "a \(version.map(String.init) ?? "-") \(group) \(account)"
        case .caughtUp(let token): "c \(token)"
        }
    }
}

private extension Int64 {
    mutating func formMax(_ other: Int64) {
        self = Swift.max(self, other)
    }
}
