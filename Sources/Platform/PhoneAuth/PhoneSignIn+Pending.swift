import Fluent
import Foundation

extension PhoneSignIn {
    /// A code still waiting to be typed, as the web's code page shows it.
    public struct PendingCode: Sendable, Equatable {
        /// Whole seconds until the code expires; 0 once it has, or once it is used or out of tries.
        public let secondsLeft: Int
        /// The code itself, only while codes are shown rather than sent (the development sender).
        public let visibleCode: String?
    }

    /// What the code page needs about `sessionInfo`: the time left for its countdown (so a page
    /// shown again after a wrong code does not restart at 60) and, in development, the code.
    public func pendingCode(sessionInfo: String, on db: any Database) async throws -> PendingCode {
        guard !sessionInfo.isEmpty, sessionInfo.utf8.count <= 256, let session = try await PhoneVerification.find(sessionInfo, on: db) else {
            return PendingCode(secondsLeft: 0, visibleCode: nil)
        }
        let alive = session.usedBy == nil && session.attempts < Self.maxAttempts
        let left = alive ? max(0, Int(session.expiresAt.timeIntervalSince(clock.now()).rounded(.up))) : 0
        return PendingCode(secondsLeft: left, visibleCode: settings.showsCodes && left > 0 ? session.visibleCode : nil)
    }
}
