import Fluent
import Foundation
import NIOConcurrencyHelpers
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// Carries chats and queue changes to the sockets of every instance: published on the
/// platform's broadcast, and handed to this instance's hub as they come back. With PostgreSQL
/// a message posted on one instance reaches a socket another holds; with SQLite the broadcast
/// stays in this process. While it runs it keeps this instance's socket presence current;
/// stopping withdraws the presence (the platform's socket server closes the sockets).
struct StudySocketRelay: ModuleService {
    static let chatChannel = "study_chat"
    static let queueChannel = "study_queue"

    let name = "study sockets"
    let hub: StudySocketHub
    let broadcast: InstanceBroadcast
    let presence: StudyPresence
    let refreshInterval: Duration
    // Subscribed while the module is built, before the broadcast starts listening.
    private let chats: AsyncStream<String>
    private let queueChanges: AsyncStream<String>
    private let relaying = NIOLockedValueBox<(task: Task<Void, Never>, database: any Database)?>(nil)

    private struct QueueChange: Codable {
        let uids: [String]
        let event: String
    }

    init(hub: StudySocketHub, broadcast: InstanceBroadcast, presence: StudyPresence, refreshInterval: Duration) {
        self.hub = hub
        self.broadcast = broadcast
        self.presence = presence
        self.refreshInterval = refreshInterval
        chats = broadcast.subscribe(Self.chatChannel)
        queueChanges = broadcast.subscribe(Self.queueChannel)
    }

    func publish(_ chat: Study.Chat) async {
        guard let json = try? JSONEncoder().encode(chat) else { return }
        try? await broadcast.publish(Self.chatChannel, String(decoding: json, as: UTF8.self))
    }

    func publish(_ uids: [String], _ event: StudyQueueEvent) async {
        guard let json = try? JSONEncoder().encode(QueueChange(uids: uids, event: event.rawValue)) else { return }
        try? await broadcast.publish(Self.queueChannel, String(decoding: json, as: UTF8.self))
    }

    func start(on application: Application) async throws {
        let (hub, chats, queueChanges, presence, interval) = (hub, chats, queueChanges, presence, refreshInterval)
        let (database, logger) = (application.db, application.logger)
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await payload in chats {
                        guard let chat = try? JSONDecoder().decode(Study.Chat.self, from: Data(payload.utf8)) else { continue }
                        await hub.deliver(chat)
                    }
                }
                group.addTask {
                    for await payload in queueChanges {
                        guard let change = try? JSONDecoder().decode(QueueChange.self, from: Data(payload.utf8)),
                              let event = StudyQueueEvent(rawValue: change.event)
                        else { continue }
                        await hub.tell(change.uids, event)
                    }
                }
                group.addTask {
                    while (try? await Task.sleep(for: interval)) != nil {
                        do {
                            try await presence.refresh(holding: await hub.heldUIDs(), on: database)
                        } catch {
                            logger.warning("study socket presence not refreshed: \(String(reflecting: error))")
                        }
                    }
                }
            }
        }
        relaying.withLockedValue { $0 = (task, database) }
    }

    func stop() async {
        guard let running = relaying.withLockedValue({ $0 }) else { return }
        running.task.cancel()
        // Awaited: a relay still reading when the database closes behind it fails.
        await running.task.value
        try? await presence.leaveAll(on: running.database)
    }
}
