import Fluent
import Foundation
import NIOConcurrencyHelpers
import Platform
import PlatformCore
import Vapor

/// The rooms' Socket.IO namespaces, `/chats-{room_id}` (spec §2.6a): a socket that joins one
/// receives `chat` with every chat posted in that room, from any instance. The published clients
/// send no credential here: for them the room's unguessable id is the key, which is why it never
/// reaches a log, a link or a push. A session that proved who it is (Sprout's web and SDK always
/// do) joins only the rooms it is in, and a namespace for no room is refused.
struct ChatRoomSockets: SocketNamespace, ModuleService {
    static let prefix = "/chats-"

    let name = "lessons chat sockets"
    let messenger: Messenger
    let people: ChatPeople
    let listeners = RoomListeners()
    // Subscribed while the module is built, before the broadcast starts listening.
    private let posted: AsyncStream<Messenger.Posted>
    private let relaying = NIOLockedValueBox<Task<Void, Never>?>(nil)

    init(messenger: Messenger, people: ChatPeople) {
        self.messenger = messenger
        self.people = people
        posted = messenger.postedInRooms(of: ChatRoomsController.app)
    }

    func serves(_ name: String) -> Bool { name.hasPrefix(Self.prefix) }

    func join(_ name: String, _ session: EngineSession, _ req: Request) async -> Bool {
        let room = String(name.dropFirst(Self.prefix.count))
        let member = await session.provenAccount
        guard (try? await messenger.isRoom(room, in: ChatRoomsController.app, member: member, on: req.db)) == true else { return false }
        await listeners.add(session, to: room)
        return true
    }

    func receive(_ event: String, _ argument: String?, in name: String, from session: EngineSession, _ req: Request) async {}

    func leave(_ name: String, _ session: EngineSession, _ req: Request) async {
        await listeners.remove(session, from: String(name.dropFirst(Self.prefix.count)))
    }

    func start(on application: Application) async throws {
        let (posted, listeners, messenger, people) = (posted, listeners, messenger, people)
        let (database, logger) = (application.db, application.logger)
        relaying.withLockedValue { $0 = Task {
            for await message in posted {
                let sessions = await listeners.sessions(in: message.conversationID)
                guard !sessions.isEmpty else { continue }
                do {
                    guard let stored = try await messenger.message(message.messageID, in: message.conversationID, on: database) else { continue }
                    let packet = try EngineIOPacket.event("chat", try await people.chat(stored, on: database), namespace: Self.prefix + message.conversationID)
                    for session in sessions { await session.send(packet) }
                } catch {
                    logger.warning("lessons chat not relayed: \(String(reflecting: error))")
                }
            }
        } }
    }

    /// Waits for a relay under way: the database closes after the services stop.
    func stop() async {
        let relay = relaying.withLockedValue { $0 }
        relay?.cancel()
        await relay?.value
    }
}

/// This instance's sockets in each room.
actor RoomListeners {
    private var byRoom: [String: [String: EngineSession]] = [:]

    func add(_ session: EngineSession, to room: String) {
        byRoom[room, default: [:]][session.sid] = session
    }

    func remove(_ session: EngineSession, from room: String) {
        byRoom[room]?[session.sid] = nil
        if byRoom[room]?.isEmpty == true { byRoom[room] = nil }
    }

    func sessions(in room: String) -> [EngineSession] {
        Array((byRoom[room] ?? [:]).values)
    }
}
