import Fluent
import FluentSQL
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Turns post rows into the contract's Post objects, with creators, likes, buyers, tags and every
/// comment embedded. Reads plain rows through SQLKit (a page of 20 posts is five queries, not
/// one per post), as the market's listing does; Fluent's reflective decoding was most of a page's cost.
struct PostReader: Sendable {
    struct PostRow: Decodable {
        let seq: Int
        let post_id: String
        let product_id: String
        let creator_id: String
        let nick: String?
        let profile_image: String?
        let title: String
        let price: Int?
        let content: String?
        let content1: String?
        let content2: String?
        let content3: String?
        let content4: String?
        let content5: String?
        let files: String
        let created_at: Date
        let removed_at: Date?
    }

    struct CommentRow: Decodable {
        let post_seq: Int
        let comment_id: String
        let creator_id: String
        let nick: String?
        let profile_image: String?
        let content: String
        let rating: Int?
        let created_at: Date
        let removed_at: Date?
    }

    struct LikeRow: Decodable {
        let post_seq: Int
        let account_id: String
        let kind: Int
    }

    struct TagRow: Decodable {
        let post_seq: Int
        let tag: String
    }

    struct BuyerRow: Decodable {
        let post_id: String
        let buyer_id: String
    }

    static func timestamp(_ date: Date) -> String {
        UTCTimestamp.format(date, fractionDigits: 3) + "Z"
    }

    /// How many of its newest comments each post in a list carries.
    static let listedComments = 100

    /// The posts with these sequence numbers that `viewer` is shown, in the order given; missing
    /// ones are skipped. Each with its `commentsEach` newest comments `viewer` is shown, or every one when nil.
    func posts(_ seqs: [Int], commentsEach: Int? = nil, shownTo viewer: String?, on db: any Database) async throws -> [Lessons.Post] {
        try await shown(seqs, commentsEach: commentsEach, to: viewer, on: db).posts
    }

    /// `posts`, with which of the viewer's own things in them the operator hid.
    func shown(_ seqs: [Int], commentsEach: Int? = nil, to viewer: String?, on db: any Database) async throws -> ShownPosts {
        guard !seqs.isEmpty else { return ShownPosts(posts: [], hides: OperatorHides()) }
        let sql = try db.sql()
        let rows = try await sql.select()
            .columns(["seq", "post_id", "product_id", "creator_id", "title", "price", "content", "content1", "content2",
                      "content3", "content4", "content5", "files", "created_at", "removed_at"].map { SQLColumn($0, table: "p") })
            .column(SQLColumn("nick", table: "u")).column(SQLColumn("profile_image", table: "u"))
            .from(SQLAlias(SQLIdentifier(LessonPost.schema), as: SQLIdentifier("p")))
            .join(SQLAlias(SQLIdentifier(LessonsProfile.schema), as: SQLIdentifier("u")), method: SQLJoinMethod.left,
                  on: SQLColumn("account_id", table: "u"), .equal, SQLColumn("creator_id", table: "p"))
            .where(SQLColumn("seq", table: "p"), SQLBinaryOperator.in, SQLBind.group(seqs))
            .where(OperatorHides.shown(to: viewer, in: "p"))
            .all(decoding: PostRow.self)
        // A list embeds each post's newest comments only: every comment of up to 100 posts has no
        // bound, and a list is read far more often than a post. A post read alone has them all.
        // Hidden comments are left out before they are numbered, so a list still carries its 100.
        let limit = commentsEach.map { SQLQueryString("WHERE c.newness <= \(bind: $0)") } ?? ""
        let comments = try await sql.raw("""
            SELECT c.post_seq, c.comment_id, c.creator_id, c.content, c.rating, c.created_at, c.removed_at, u.nick, u.profile_image
            FROM (SELECT post_seq, comment_id, creator_id, content, rating, created_at, removed_at, seq,
                         ROW_NUMBER() OVER (PARTITION BY post_seq ORDER BY seq DESC) AS newness
                  FROM \(ident: LessonComment.schema) WHERE post_seq IN (\(binds: seqs))
                  AND \(OperatorHides.shown(to: viewer, in: LessonComment.schema))) c
            LEFT JOIN \(ident: LessonsProfile.schema) u ON u.account_id = c.creator_id
            \(limit) ORDER BY c.seq DESC
            """).all(decoding: CommentRow.self)
        let likes = try await sql.select().columns("post_seq", "account_id", "kind").from(LessonLike.schema)
            .where("post_seq", .in, seqs).orderBy("seq").all(decoding: LikeRow.self)
        let tags = try await sql.select().columns("post_seq", "tag").from(LessonHashtag.schema)
            .where("post_seq", .in, seqs).orderBy("id").all(decoding: TagRow.self)
        // A payment refunded whole makes nobody a buyer.
        let buyers = try await sql.select().columns("post_id", "buyer_id").from(LessonPayment.schema)
            .where("post_id", .in, rows.map(\.post_id))
            .where(SQLRaw("(refunded_amount IS NULL OR refunded_amount < price OR price = 0)"))
            .orderBy("seq").all(decoding: BuyerRow.self)

        let commentsByPost = Dictionary(grouping: comments, by: \.post_seq)
        let likesByPost = Dictionary(grouping: likes, by: \.post_seq)
        let tagsByPost = Dictionary(grouping: tags, by: \.post_seq)
        let buyersByPost = Dictionary(grouping: buyers, by: \.post_id)
        let rowsBySeq = Dictionary(uniqueKeysWithValues: rows.map { ($0.seq, $0) })
        let hides = OperatorHides(posts: Set(rows.filter { $0.removed_at != nil }.map(\.post_id)),
                                  comments: Set(comments.filter { $0.removed_at != nil }.map(\.comment_id)))
        let posts = seqs.compactMap { seq -> Lessons.Post? in
            guard let row = rowsBySeq[seq] else { return nil }
            let likes = likesByPost[seq] ?? []
            return Lessons.Post(
                postID: row.post_id, productID: row.product_id, title: row.title, price: row.price ?? 0,
                content: row.content, content1: row.content1, content2: row.content2, content3: row.content3,
                content4: row.content4, content5: row.content5, createdAt: Self.timestamp(row.created_at),
                creator: Lessons.Person(userID: row.creator_id, nick: row.nick ?? "", profileImage: row.profile_image ?? ""),
                files: (try? JSONDecoder().decode([String].self, from: Data(row.files.utf8))) ?? [],
                likes: likes.filter { $0.kind == LikeKind.like.rawValue }.map(\.account_id),
                likes2: likes.filter { $0.kind == LikeKind.like2.rawValue }.map(\.account_id),
                buyers: Self.distinct((buyersByPost[row.post_id] ?? []).map(\.buyer_id)),
                hashTags: (tagsByPost[seq] ?? []).map(\.tag),
                comments: (commentsByPost[seq] ?? []).map { comment in
                    Lessons.Comment(
                        commentID: comment.comment_id, content: comment.content, createdAt: Self.timestamp(comment.created_at),
                        creator: Lessons.Person(userID: comment.creator_id, nick: comment.nick ?? "", profileImage: comment.profile_image ?? ""),
                        rating: comment.rating.flatMap { ReviewRating(rawValue: $0) }
                    )
                }
            )
        }
        return ShownPosts(posts: posts, hides: hides)
    }

    /// The accounts some of whose posts or comments the operator hid: the only ones whose view of
    /// a list or a post can differ from everyone's. Read from the partial indexes of hidden rows.
    func authorsWithHiddenThings(on db: any Database) async throws -> [String] {
        struct Row: Decodable {
            let creator_id: String
        }
        return try await db.sql().raw("""
            SELECT creator_id FROM \(ident: LessonPost.schema) WHERE removed_at IS NOT NULL
            UNION SELECT creator_id FROM \(ident: LessonComment.schema) WHERE removed_at IS NOT NULL
            """).all(decoding: Row.self).map(\.creator_id).sorted()
    }

    static func distinct(_ ids: [String]) -> [String] {
        var seen: Set<String> = []
        return ids.filter { seen.insert($0).inserted }
    }
}
