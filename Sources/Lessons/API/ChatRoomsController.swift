import Fluent
import Foundation
import OpenAPIDocuments
import Platform
import PlatformCore
import SproutAPI
import Vapor

/// The 2024 LSLP server's 1:1 chat rooms (spec §2.6a), on the platform's conversations: a room
/// is a conversation between two people about nothing in particular, so it shows in the web
/// inbox, counts in the badge and notifies like every other. A room's id is the conversation's
/// unguessable id; only its two people may read or post in it (403 for anyone else).
struct ChatRoomsController: Sendable {
    let messenger: Messenger
    let people: ChatPeople
    let uploadBodyLimit: ByteCount

    static let app = "lessons"

    func register(on routes: DocumentedRoutes) {
        let responses = PostsController.responses
        routes.on(Lessons.Routes.openChatRoom, doc: .init(
            "Open the chat room with a user", description: "Made the first time, the same room after.",
            headers: PostsController.headers, body: .json(Lessons.ChatRoomRequest.self),
            responses: responses([200: "The room", 400: "opponent_id missing, or myself", 403: "One of us blocked the other", 410: "No such user"])
        ), use: open)
        routes.on(Lessons.Routes.chatRooms, doc: .init(
            "My chat rooms, most recent first", headers: PostsController.headers, responses: responses([200: "{data: [room]}"])
        ), use: list)
        routes.on(Lessons.Routes.chats, doc: .init(
            "A room's chats, oldest first, newer than cursor_date",
            headers: PostsController.headers, query: [.init("cursor_date", "A createdAt the client holds; empty or absent for everything")],
            responses: responses([200: "{data: [chat]}", 400: "cursor_date is not a date", 403: "Not my room"])
        ), use: chats)
        routes.on(Lessons.Routes.sendChat, doc: .init(
            "Send a chat", description: "Text in `content`, photos as `files` (paths from the room's files upload), or both.",
            headers: PostsController.headers, body: .json(Lessons.ChatRequest.self),
            responses: responses([200: "The chat", 400: "Nothing to send, text over 1,000 characters, or files not uploaded here",
                                  403: "Not my room, or one of us blocked the other"])
        ), use: send)
        routes.on(Lessons.Routes.uploadChatFiles, body: .collect(maxSize: uploadBodyLimit), doc: .init(
            "Upload photos for a chat", headers: PostsController.headers,
            body: .multipart([.init("files", required: true, .file, "Up to 5 images")]),
            responses: responses([200: "{files: [path]}", 400: "No image, more than 5, or not images within the limits", 403: "Not my room, or one of us blocked the other"])
        ), use: upload)
    }

    func open(_ req: Request) async throws -> Lessons.ChatRoom {
        guard let opponent = try req.decodeBody(Lessons.ChatRoomRequest.self).opponentID, !opponent.isEmpty else { throw LessonsError.missingValue }
        return try await people.room(try await messenger.room(in: Self.app, between: try req.lessonsAccountID, and: opponent, on: req.db), on: req.db)
    }

    func list(_ req: Request) async throws -> Lessons.ChatList<Lessons.ChatRoom> {
        var rooms: [Lessons.ChatRoom] = []
        for room in try await messenger.rooms(in: Self.app, of: try req.lessonsAccountID, on: req.db) {
            rooms.append(try await people.room(room, on: req.db))
        }
        return Lessons.ChatList(data: rooms)
    }

    func chats(_ req: Request) async throws -> Lessons.ChatList<Lessons.Chat> {
        let me = try req.lessonsAccountID
        let room = try await messenger.room(try roomID(req, at: Lessons.Routes.chats), in: Self.app, for: me, on: req.db)
        var after: Date?
        if let cursor = req.queryValue("cursor_date")?.trimmingCharacters(in: .whitespaces), !cursor.isEmpty {
            guard let date = UTCTimestamp.parse(cursor) else { throw LessonsError.invalidValue("cursor_date는 createdAt 형식이어야 합니다.") }
            after = date
        }
        var chats: [Lessons.Chat] = []
        for message in try await messenger.messages(in: room.id, for: me, after: after, on: req.db) {
            chats.append(try await people.chat(message, on: req.db))
        }
        return Lessons.ChatList(data: chats)
    }

    func send(_ req: Request) async throws -> Lessons.Chat {
        let me = try req.lessonsAccountID
        let room = try await messenger.room(try roomID(req, at: Lessons.Routes.sendChat), in: Self.app, for: me, on: req.db)
        let body = try req.decodeBody(Lessons.ChatRequest.self)
        let files = body.files ?? []
        guard !(body.content ?? "").trimmingCharacters(in: .whitespacesAndNewlines).isEmpty || !files.isEmpty else { throw LessonsError.missingValue }
        return try await people.chat(try await messenger.send(text: body.content ?? "", files: files, in: room.id, by: me, on: req.db), on: req.db)
    }

    func upload(_ req: Request) async throws -> Lessons.UploadedFiles {
        let me = try req.lessonsAccountID
        let room = try await messenger.room(try roomID(req, at: Lessons.Routes.uploadChatFiles), in: Self.app, for: me, on: req.db)
        let chosen = try req.multipartParts().filter { $0.name == "files" || $0.name == "files[]" }.map { Data(buffer: $0.body) }
        return Lessons.UploadedFiles(files: try await messenger.upload(chosen, into: room.id, by: me, on: req.db))
    }

    private func roomID<Body, Answer>(_ req: Request, at route: APIRoute<String, Body, Answer>) throws -> String {
        guard let id = route.parameters(in: req), !id.isEmpty else { throw LessonsError.forbidden }
        return id
    }
}

/// The people of a room as the lessons contract shows them: `{user_id, nick, profileImage}`
/// from their lessons profile.
struct ChatPeople: Sendable {
    func room(_ room: Messenger.Room, on db: any Database) async throws -> Lessons.ChatRoom {
        var participants: [Lessons.Person] = []
        for member in room.members { participants.append(try await person(member, on: db)) }
        var lastChat: Lessons.Chat?
        if let last = room.lastMessage { lastChat = try await chat(last, on: db) }
        return Lessons.ChatRoom(
            roomID: room.id, createdAt: PostReader.timestamp(room.createdAt), updatedAt: PostReader.timestamp(room.updatedAt),
            participants: participants, lastChat: lastChat
        )
    }

    func chat(_ message: Conversations.Message, on db: any Database) async throws -> Lessons.Chat {
        Lessons.Chat(chatID: String(message.id), roomID: message.conversationID, content: message.text, createdAt: message.sentAt,
                     sender: try await person(message.senderID, on: db), files: message.files)
    }

    private func person(_ accountID: String, on db: any Database) async throws -> Lessons.Person {
        guard let account = try await Account.find(accountID, on: db) else { return Lessons.Person(userID: accountID, nick: "", profileImage: "") }
        let profile = try await LessonsProfiles.ensure(for: account, on: db)
        return Lessons.Person(userID: accountID, nick: profile.nick, profileImage: profile.profileImage)
    }
}
