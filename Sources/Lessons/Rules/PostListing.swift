import Fluent
import FluentSQL
import Foundation
import SproutAPI

/// Which posts a list shows and in what order. The contract's lists are newest first with a cursor;
/// the web pages add the lesson filters and other orders, paged by offset.
struct PostQuery: Sendable {
    enum Sort: String, Sendable, CaseIterable {
        case newest, priceLow, priceHigh, mostReviewed
    }

    var productID: String?
    var creatorID: String?
    var hashtag: String?
    /// Posts this account liked (like or like-2), most recently liked first.
    var likedBy: (accountID: String, kind: LikeKind)?
    var subjects: [String]?
    var region: String?
    var lessonType: String?
    var curation: String?
    var priceRange: ClosedRange<Int>?
    /// Words that must each appear in the title or the text, in any case (`LessonKeywords`).
    var keywords: LessonKeywords?
    var sort: Sort = .newest
}

/// A page of a list: the posts' sequence numbers in order, and the cursor of the next page.
struct PostPage: Sendable {
    let seqs: [Int]
    let nextCursor: String
}

/// Runs `PostQuery`s. Cursors are sequence numbers (of the post, or of the like for liked lists),
/// which only grow: a page after cursor c is "older than c", so posts added while someone pages
/// never shift what comes next, and deleted ones simply drop out.
struct PostListing: Sendable {
    static let maxLimit = 100

    func page(_ query: PostQuery, after cursor: Int?, limit: Int, on db: any Database) async throws -> PostPage {
        let sql = try db.sql()
        let orderColumn = query.likedBy == nil ? SQLColumn("seq", table: "p") : SQLColumn("seq", table: "l")
        var select = base(query, sql: sql).column(orderColumn, as: "cursor")
            .orderBy(orderColumn, SQLDirection.descending)
            .limit(limit + 1)
        if let cursor { select = select.where(orderColumn, SQLBinaryOperator.lessThan, SQLBind(cursor)) }
        let rows = try await select.all(decoding: CursorRow.self)
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last.map { String($0.cursor) } ?? Lessons.PostList.lastPage : Lessons.PostList.lastPage
        return PostPage(seqs: page.map(\.seq), nextCursor: next)
    }

    /// One page of a sorted, filtered list, and how many posts match in all (for the web pages).
    func page(_ query: PostQuery, offset: Int, limit: Int, on db: any Database) async throws -> (seqs: [Int], total: Int) {
        let sql = try db.sql()
        let total = try await base(query, sql: sql, selecting: false)
            .column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total")
            .first()?.decode(column: "total", as: Int.self) ?? 0
        var select = base(query, sql: sql).column(SQLColumn("seq", table: "p"), as: "cursor")
        switch query.sort {
        case .newest: break
        case .priceLow: select = select.orderBy(SQLFunction("COALESCE", args: SQLColumn("price", table: "p"), SQLLiteral.numeric("0")), SQLDirection.ascending)
        case .priceHigh: select = select.orderBy(SQLFunction("COALESCE", args: SQLColumn("price", table: "p"), SQLLiteral.numeric("0")), SQLDirection.descending)
        case .mostReviewed:
            select = select.orderBy(SQLRaw("(SELECT COUNT(*) FROM \(LessonComment.schema) c WHERE c.post_seq = p.seq)"), SQLDirection.descending)
        }
        let rows = try await select.orderBy(SQLColumn("seq", table: "p"), SQLDirection.descending).limit(limit).offset(offset).all(decoding: CursorRow.self)
        return (rows.map(\.seq), total)
    }

    private struct CursorRow: Decodable {
        let seq: Int
        let cursor: Int
    }

    private func base(_ query: PostQuery, sql: any SQLDatabase, selecting: Bool = true) -> SQLSelectBuilder {
        var select = sql.select().from(SQLAlias(SQLIdentifier(LessonPost.schema), as: SQLIdentifier("p")))
        if selecting { select = select.column(SQLColumn("seq", table: "p")) }
        if let liked = query.likedBy {
            select = select.join(SQLAlias(SQLIdentifier(LessonLike.schema), as: SQLIdentifier("l")),
                                 on: SQLColumn("post_seq", table: "l"), .equal, SQLColumn("seq", table: "p"))
                .where(SQLColumn("account_id", table: "l"), SQLBinaryOperator.equal, SQLBind(liked.accountID))
                .where(SQLColumn("kind", table: "l"), SQLBinaryOperator.equal, SQLBind(liked.kind.rawValue))
        }
        if let hashtag = query.hashtag {
            select = select.join(SQLAlias(SQLIdentifier(LessonHashtag.schema), as: SQLIdentifier("h")),
                                 on: SQLColumn("post_seq", table: "h"), .equal, SQLColumn("seq", table: "p"))
                .where(SQLColumn("tag_key", table: "h"), SQLBinaryOperator.equal, SQLBind(Hashtags.key(hashtag)))
        }
        if let productID = query.productID { select = select.where(SQLColumn("product_id", table: "p"), SQLBinaryOperator.equal, SQLBind(productID)) }
        if let creatorID = query.creatorID { select = select.where(SQLColumn("creator_id", table: "p"), SQLBinaryOperator.equal, SQLBind(creatorID)) }
        if let subjects = query.subjects { select = select.where(SQLColumn("content1", table: "p"), SQLBinaryOperator.in, SQLBind.group(subjects)) }
        if let region = query.region { select = select.where(SQLColumn("content2", table: "p"), SQLBinaryOperator.equal, SQLBind(region)) }
        if let lessonType = query.lessonType { select = select.where(SQLColumn("content3", table: "p"), SQLBinaryOperator.equal, SQLBind(lessonType)) }
        if let curation = query.curation { select = select.where(SQLColumn("content4", table: "p"), SQLBinaryOperator.equal, SQLBind(curation)) }
        for word in query.keywords?.words ?? [] {
            let pattern = LessonKeywords.containsPattern(word)
            select = select.where(SQLQueryString(
                "(LOWER(p.title) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(COALESCE(p.content, '')) LIKE \(bind: pattern) ESCAPE '\\')"
            ))
        }
        if let range = query.priceRange {
            let price = SQLFunction("COALESCE", args: SQLColumn("price", table: "p"), SQLLiteral.numeric("0"))
            select = select.where(price, SQLBinaryOperator.greaterThanOrEqual, SQLBind(range.lowerBound)).where(price, SQLBinaryOperator.lessThanOrEqual, SQLBind(range.upperBound))
        }
        return select
    }
}
