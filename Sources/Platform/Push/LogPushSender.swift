import Logging

/// Sends nothing: each notification goes to the log. For development, tests and installations
/// without a push provider.
public struct LogPushSender: PushSender {
    let logger: Logger

    public init(logger: Logger = Logger(label: "sprout.push")) {
        self.logger = logger
    }

    public func send(_ message: PushMessage, to deviceToken: String) async -> PushOutcome {
        logger.info("push (log sender: nothing sent)", metadata: [
            "token": .string(PushTokenRedaction.prefix(deviceToken)),
            "title": .string(message.title),
            "body": .string(message.body),
            "data": .dictionary(message.data.mapValues { .string($0) }),
        ])
        return .sent
    }
}
