import Fluent
import FluentSQL
import Platform

/// Posts and everything hanging off them. Rows that belong to a post or an account go with it.
struct CreateLessonPosts: AsyncMigration {
    func prepare(on database: any Database) async throws {
        try await database.schema("lessons_posts")
            .field("seq", .int, .identifier(auto: true))
            .field("post_id", .string, .required)
            .field("product_id", .string, .required)
            .field("creator_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("title", .string, .required)
            .field("price", .int)
            .field("content", .string)
            .field("content1", .string)
            .field("content2", .string)
            .field("content3", .string)
            .field("content4", .string)
            .field("content5", .string)
            .field("files", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "post_id")
            .create()
        try await database.schema("lessons_hashtags")
            .field("id", .int, .identifier(auto: true))
            .field("post_seq", .int, .required, .references("lessons_posts", "seq", onDelete: .cascade))
            .field("tag", .string, .required)
            .unique(on: "post_seq", "tag")
            .create()
        try await database.schema("lessons_comments")
            .field("seq", .int, .identifier(auto: true))
            .field("comment_id", .string, .required)
            .field("post_seq", .int, .required, .references("lessons_posts", "seq", onDelete: .cascade))
            .field("creator_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("content", .string, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "comment_id")
            .create()
        try await database.schema("lessons_likes")
            .field("seq", .int, .identifier(auto: true))
            .field("post_seq", .int, .required, .references("lessons_posts", "seq", onDelete: .cascade))
            .field("account_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("kind", .int, .required)
            .field("created_at", .datetime, .required)
            .unique(on: "post_seq", "account_id", "kind")
            .create()
        try await database.schema("lessons_follows")
            .field("seq", .int, .identifier(auto: true))
            .field("follower_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("followee_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("created_at", .datetime, .required)
            .unique(on: "follower_id", "followee_id")
            .create()
        try await database.schema("lessons_payments")
            .field("seq", .int, .identifier(auto: true))
            .field("imp_uid", .string, .required)
            .field("merchant_uid", .string, .required)
            .field("post_id", .string, .required)
            .field("buyer_id", .string, .required, .references("accounts", "id", onDelete: .cascade))
            .field("product_name", .string, .required)
            .field("price", .int, .required)
            .field("paid_at", .datetime, .required)
            .unique(on: "imp_uid")
            .create()
        try await database.schema("lessons_sandbox_payments")
            .field("imp_uid", .string, .identifier(auto: false))
            .field("merchant_uid", .string, .required)
            .field("name", .string, .required)
            .field("amount", .int, .required)
            .field("status", .string, .required)
            .field("created_at", .datetime, .required)
            .create()
        let sql = try database.sql()
        for (name, table, columns) in Self.indexes {
            try await sql.raw("CREATE INDEX \(unsafeRaw: name) ON \(unsafeRaw: table) (\(unsafeRaw: columns))").run()
        }
    }

    /// The lookups every list makes: by app, author, tag, liker, follower, buyer and post.
    static let indexes = [
        ("lessons_posts_product", "lessons_posts", "product_id, seq"),
        ("lessons_posts_creator", "lessons_posts", "creator_id, seq"),
        ("lessons_hashtags_tag", "lessons_hashtags", "tag, post_seq"),
        ("lessons_comments_post", "lessons_comments", "post_seq, seq"),
        ("lessons_likes_account", "lessons_likes", "account_id, kind, seq"),
        ("lessons_follows_followee", "lessons_follows", "followee_id"),
        ("lessons_payments_buyer", "lessons_payments", "buyer_id, seq"),
        ("lessons_payments_post", "lessons_payments", "post_id"),
    ]

    func revert(on database: any Database) async throws {
        for schema in ["lessons_sandbox_payments", "lessons_payments", "lessons_follows", "lessons_likes",
                       "lessons_comments", "lessons_hashtags", "lessons_posts"] {
            try await database.schema(schema).delete()
        }
    }
}
