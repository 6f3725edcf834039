import Fluent
import FluentSQL
import Foundation
import Platform
import SproutAPI

/// Which posts a list shows and in what order. The contract's lists are newest first with a cursor;
/// the web pages add the lesson filters and other orders, paged by offset.
struct PostQuery: Sendable {
    enum Sort: String, Sendable, CaseIterable, Codable {
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
    /// Words that must each appear, in any case, in the title, the text, the instrument, the
    /// region, the place the terms name (province, 시/군/구, 동) or the teacher's name (`LessonKeywords`).
    var keywords: LessonKeywords?
    /// A 시/군/구's code, from the lesson's terms.
    var district: String?
    var format: Lessons.LessonFormat?
    /// The price of one session: the price over the terms' sessions (a lesson without terms sells one).
    var perSessionRange: ClosedRange<Int>?
    /// The least mean of the stars its students gave.
    var minimumRating: Double?
    var sort: Sort = .newest
    /// Whose list it is: posts the operator hid are listed only to their author. nil: signed out,
    /// or a list the same for everyone.
    var viewer: String?

    /// The same lists without the words: what a forgiving search looks through.
    var withoutKeywords: PostQuery {
        var query = self
        query.keywords = nil
        return query
    }
}

extension PostQuery {
    var needsTerms: Bool { keywords != nil || district != nil || format != nil || perSessionRange != nil }
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
            select = select.orderBy(SQLRaw("(SELECT COUNT(*) FROM \(LessonComment.schema) c WHERE c.post_seq = p.seq AND c.removed_at IS NULL)"),
                                    SQLDirection.descending)
        }
        let rows = try await select.orderBy(SQLColumn("seq", table: "p"), SQLDirection.descending).limit(limit).offset(offset).all(decoding: CursorRow.self)
        return (rows.map(\.seq), total)
    }

    /// How many of the newest matching posts a forgiving search looks through.
    static let forgivingReach = 2_000

    /// The newest posts `query` finds (its words aside), each with what a forgiving search
    /// matches against: title, instrument, region, place and teacher, folded.
    func candidates(_ query: PostQuery, on db: any Database) async throws -> [(seq: Int, key: String)] {
        struct Row: Decodable {
            let seq: Int
            let title: String
            let content1: String?
            let content2: String?
            let place_key: String?
            let nick: String?
        }
        var all = query.withoutKeywords
        all.keywords = LessonKeywords.everything
        let rows = try await base(all, sql: try db.sql())
            .column(SQLColumn("title", table: "p")).column(SQLColumn("content1", table: "p")).column(SQLColumn("content2", table: "p"))
            .column(SQLColumn("place_key", table: "t")).column(SQLColumn("nick", table: "u"))
            .orderBy(SQLColumn("seq", table: "p"), SQLDirection.descending).limit(Self.forgivingReach).all(decoding: Row.self)
        return rows.map { row in
            (row.seq, SearchKey.fold([row.title, row.content1, row.content2, row.place_key, row.nick].compactMap { $0 }.joined(separator: " ")))
        }
    }

    private struct CursorRow: Decodable {
        let seq: Int
        let cursor: Int
    }

    private func base(_ query: PostQuery, sql: any SQLDatabase, selecting: Bool = true) -> SQLSelectBuilder {
        var select = sql.select().from(SQLAlias(SQLIdentifier(LessonPost.schema), as: SQLIdentifier("p")))
            .where(OperatorHides.shown(to: query.viewer, in: "p"))
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
        if query.needsTerms {
            select = select.join(SQLAlias(SQLIdentifier(LessonTermsRecord.schema), as: SQLIdentifier("t")), method: SQLJoinMethod.left,
                                 on: SQLColumn("post_id", table: "t"), .equal, SQLColumn("post_id", table: "p"))
        }
        if query.keywords != nil {
            select = select.join(SQLAlias(SQLIdentifier(LessonsProfile.schema), as: SQLIdentifier("u")), method: SQLJoinMethod.left,
                                 on: SQLColumn("account_id", table: "u"), .equal, SQLColumn("creator_id", table: "p"))
        }
        for word in query.keywords?.words ?? [] {
            let pattern = LessonKeywords.containsPattern(word)
            select = select.where(SQLQueryString("""
                (LOWER(p.title) LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(COALESCE(p.content, '')) LIKE \(bind: pattern) ESCAPE '\\'
                 OR LOWER(COALESCE(p.content1, '')) LIKE \(bind: pattern) ESCAPE '\\' OR COALESCE(p.content2, '') LIKE \(bind: pattern) ESCAPE '\\'
                 OR COALESCE(t.place_key, '') LIKE \(bind: pattern) ESCAPE '\\' OR LOWER(COALESCE(u.nick, '')) LIKE \(bind: pattern) ESCAPE '\\')
                """))
        }
        if let district = query.district { select = select.where(SQLColumn("region_code", table: "t"), SQLBinaryOperator.equal, SQLBind(district)) }
        switch query.format {
        case .online?: select = select.where(SQLColumn("format", table: "t"), SQLBinaryOperator.equal, SQLBind(Lessons.LessonFormat.online.rawValue))
        case .inPerson?: select = select.where(SQLRaw("COALESCE(t.format, 'in_person') = 'in_person'"))
        case nil: break
        }
        if let range = query.perSessionRange {
            let perSession = SQLRaw("(COALESCE(p.price, 0) / COALESCE(t.sessions, 1))")
            select = select.where(perSession, SQLBinaryOperator.greaterThanOrEqual, SQLBind(range.lowerBound))
                .where(perSession, SQLBinaryOperator.lessThanOrEqual, SQLBind(range.upperBound))
        }
        if let rating = query.minimumRating {
            // The mean the lesson page shows: stars from its buyers, not from passers-by.
            select = select.where(SQLQueryString("""
                (SELECT AVG(CAST(c.rating AS REAL)) FROM lessons_comments c WHERE c.post_seq = p.seq AND c.rating IS NOT NULL
                 AND c.removed_at IS NULL AND c.creator_id IN (SELECT b.buyer_id FROM lessons_payments b WHERE b.post_id = p.post_id)) >= \(bind: rating)
                """))
        }
        return select
    }
}
