import Logging

/// Delivers a verification code by text message. Implementations: `DevelopmentSMSSender` (the
/// default: nothing leaves the machine) and `TwilioSMSSender`. Test numbers never reach a sender.
public protocol SMSSender: Sendable {
    func send(code: String, to phoneNumber: String) async throws
}

/// Sends nothing: the code goes to the log, and `PhoneSignIn` keeps it readable for the emulator's
/// `verificationCodes` listing, as the Firebase Auth emulator does. For development, tests and
/// installations without an SMS provider.
public struct DevelopmentSMSSender: SMSSender {
    let logger: Logger

    public init(logger: Logger = Logger(label: "sprout.sms")) {
        self.logger = logger
    }

    public func send(code: String, to phoneNumber: String) async throws {
        logger.info("verification code (development sender: no SMS sent)", metadata: ["phone": .string(phoneNumber), "code": .string(code)])
    }
}
