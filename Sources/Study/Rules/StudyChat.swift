import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI
import SQLKit

/// Chat between matched people (spec §4): a message goes only to my partner while the study lasts
/// (201 once the partner cancelled or reviewed, or when there is no match), and the history of a
/// pair is read strictly newer than a time. Stored messages are handed to `deliver`, which puts
/// them on the recipient's open sockets, or on their phone when they have none.
struct StudyChat: Sendable {
    /// The longest message stored. The clients set no limit; this keeps one message to one screen
    /// of text and a history page to a bounded size.
    static let maxLength = 1000
    /// The most messages one history answer holds; a client asks again from the newest it got.
    static let pageSize = 500

    let clock: WallClock
    let ids: IdentifierGenerator
    let deliver: @Sendable (Study.Chat, any Database) async -> Void

    enum SendResult: Equatable {
        case sent(Study.Chat)
        case studyOver
    }

    func send(from uid: String, to other: String, form: StudyForm, on db: any Database) async throws -> SendResult {
        guard let text = form.value("chat"), !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty, text.count <= Self.maxLength else {
            throw StudyError.invalid(.chat)
        }
        // A busy chat's hot path, in plain SQL: building and decoding Fluent models (their fields
        // are found by reflection on every query) cost more than the queries (bench/RESULTS.md).
        let sql = try db.sql()
        let sender = try await sql.select()
            .column(SQLColumn("partner_uid", table: Partnership.schema))
            .column(SQLColumn("partner_dodged", table: Partnership.schema))
            .column(SQLColumn("partner_reviewed", table: Partnership.schema))
            .from(StudyProfile.schema)
            .join(Partnership.schema, method: SQLJoinMethod.left, on: SQLColumn("uid", table: Partnership.schema), .equal, SQLColumn("uid", table: StudyProfile.schema))
            .where(SQLColumn("uid", table: StudyProfile.schema), .equal, SQLBind(uid))
            .first(decoding: SenderRow.self)
        guard let sender else { throw StudyError.notSignedUp }
        guard sender.partner_uid == other, sender.partner_dodged == false, sender.partner_reviewed == false else { return .studyOver }
        let now = Self.milliseconds(clock.now())
        let chat = Study.Chat(id: ids.objectID(), to: other, from: uid, chat: text, createdAt: StudyPresenter.timestamp(milliseconds: now))
        try await sql.insert(into: ChatMessage.schema)
            .columns("object_id", "from_uid", "to_uid", "chat", "created_ms")
            .values(SQLBind(chat.id), SQLBind(uid), SQLBind(other), SQLBind(text), SQLBind(now))
            .run()
        await deliver(chat, db)
        return .sent(chat)
    }

    /// The sender's partnership, if any, beside the proof that they signed up.
    private struct SenderRow: Decodable {
        let partner_uid: String?
        let partner_dodged: Bool?
        let partner_reviewed: Bool?
    }

    /// The messages between `uid` and `other`, both ways, created after `since` (milliseconds since
    /// 1970), oldest first.
    func history(of uid: String, with other: String, after since: Int64, on db: any Database) async throws -> [Study.Chat] {
        guard try await StudyProfile.find(uid, on: db) != nil else { throw StudyError.notSignedUp }
        return try await ChatMessage.query(on: db)
            .group(.or) { pair in
                pair.group(.and) { $0.filter(\.$fromUID == uid).filter(\.$toUID == other) }
                pair.group(.and) { $0.filter(\.$fromUID == other).filter(\.$toUID == uid) }
            }
            .filter(\.$createdMilliseconds > since)
            .sort(\.$createdMilliseconds).sort(\.$id)
            .limit(Self.pageSize)
            .all()
            .map(StudyPresenter.chat)
    }

    /// `lastchatDate` as milliseconds: any date format the study clients send (the sentinel
    /// `2000-01-01T00:00:00.000Z`, `+0900` offsets); missing means from the beginning.
    static func since(lastchatDate text: String?) throws(StudyError) -> Int64 {
        guard let text, !text.isEmpty else { return Int64.min }
        guard let date = StudyDate.parse(text) else { throw .invalid(.lastchatDate) }
        return milliseconds(date)
    }

    static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }
}
