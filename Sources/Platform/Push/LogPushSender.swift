import Logging

/// Sends nothing: each notification goes to the log. For development, tests and installations
/// without a push provider. The log says that a push would have gone, to which device and with
/// which data keys, never what it said or where it leads: a message's text and a link naming a
/// lessons chat room (whose id is its only key for the published clients) must not reach a log.
public struct LogPushSender: PushSender {
    let logger: Logger

    public init(logger: Logger = Logger(label: "sprout.push")) {
        self.logger = logger
    }

    public func send(_ message: PushMessage, to deviceToken: String) async -> PushOutcome {
        logger.info("push (log sender: nothing sent)", metadata: [
            "token": .string(PushTokenRedaction.prefix(deviceToken)),
            "data_keys": .string(message.data.keys.sorted().joined(separator: ",")),
        ])
        return .sent
    }
}
