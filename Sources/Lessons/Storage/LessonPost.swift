import Fluent
import Foundation
import Platform
import SproutAPI

/// A post of any app on the shared contract; `productID` keeps the apps apart. `seq` orders posts
/// and is the cursor; `postID` is the ObjectId-shaped string clients see.
final class LessonPost: Model, @unchecked Sendable {
    static let schema = "lessons_posts"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "post_id") var postID: String
    @Field(key: "product_id") var productID: String
    @Field(key: "creator_id") var creatorID: String
    @Field(key: "title") var title: String
    /// nil for a post created without a price; shown as 0, and the payment takes the client's amount.
    @OptionalField(key: "price") var price: Int?
    @OptionalField(key: "content") var content: String?
    @OptionalField(key: "content1") var content1: String?
    @OptionalField(key: "content2") var content2: String?
    @OptionalField(key: "content3") var content3: String?
    @OptionalField(key: "content4") var content4: String?
    @OptionalField(key: "content5") var content5: String?
    /// The relative file paths, as a JSON array.
    @Field(key: "files") var files: String
    @Field(key: "created_at") var createdAt: Date
    /// When the operator hid it (`LessonsModeration`); only its author still sees it.
    @OptionalField(key: "removed_at") var removedAt: Date?

    init() {}

    init(postID: String, productID: String, creatorID: String, title: String, createdAt: Date) {
        self.postID = postID
        self.productID = productID
        self.creatorID = creatorID
        self.title = title
        self.files = "[]"
        self.createdAt = createdAt
    }

    /// Slashes unescaped, so a path appears in `files` exactly as written and can be searched for.
    static let filesEncoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .withoutEscapingSlashes
        return encoder
    }()

    var fileList: [String] {
        get { (try? JSONDecoder().decode([String].self, from: Data(files.utf8))) ?? [] }
        set { files = String(decoding: (try? Self.filesEncoder.encode(newValue)) ?? Data("[]".utf8), as: UTF8.self) }
    }

    /// The posts whose `files` list `path`: found as the quoted string `filesEncoder` writes.
    static func listing(_ path: String, on db: any Database) -> QueryBuilder<LessonPost> {
        query(on: db).filter(\.$files, .contains(inverse: false, .anywhere), "\"\(path)\"")
    }
}

/// One `#tag` of a post's `content`, for hashtag search.
final class LessonHashtag: Model, @unchecked Sendable {
    static let schema = "lessons_hashtags"

    @ID(custom: "id", generatedBy: .database) var id: Int?
    @Field(key: "post_seq") var postSeq: Int
    /// As written, for display.
    @Field(key: "tag") var tag: String
    /// What it is found by (`Hashtags.key`).
    @Field(key: "tag_key") var key: String

    init() {}

    init(postSeq: Int, tag: String) {
        self.postSeq = postSeq
        self.tag = tag
        key = Hashtags.key(tag)
    }
}

/// A comment; in All For Lesson, a lesson review.
final class LessonComment: Model, @unchecked Sendable {
    static let schema = "lessons_comments"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "comment_id") var commentID: String
    @Field(key: "post_seq") var postSeq: Int
    @Field(key: "creator_id") var creatorID: String
    @Field(key: "content") var content: String
    /// A review's stars, 1 to 5; nil on comments without any (every comment the published app wrote).
    @OptionalField(key: "rating") var rating: Int?
    /// The enrolment a web review speaks for: one review per enrolment.
    @OptionalField(key: "enrolment_id") var enrolmentID: String?
    @Field(key: "created_at") var createdAt: Date
    /// When the operator hid it (`LessonsModeration`); only its author still sees it.
    @OptionalField(key: "removed_at") var removedAt: Date?

    init() {}

    init(commentID: String, postSeq: Int, creatorID: String, content: String, rating: ReviewRating?, createdAt: Date) {
        self.commentID = commentID
        self.postSeq = postSeq
        self.creatorID = creatorID
        self.content = content
        self.rating = rating?.stars
        self.createdAt = createdAt
    }
}

/// like (`kind` 1) and like-2 (`kind` 2): in All For Lesson, legacy reservation and bookmark.
final class LessonLike: Model, @unchecked Sendable {
    static let schema = "lessons_likes"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "post_seq") var postSeq: Int
    @Field(key: "account_id") var accountID: String
    @Field(key: "kind") var kind: Int
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(postSeq: Int, accountID: String, kind: LikeKind, createdAt: Date) {
        self.postSeq = postSeq
        self.accountID = accountID
        self.kind = kind.rawValue
        self.createdAt = createdAt
    }
}

enum LikeKind: Int, Sendable {
    case like = 1
    case like2 = 2
}

final class LessonFollow: Model, @unchecked Sendable {
    static let schema = "lessons_follows"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "follower_id") var followerID: String
    @Field(key: "followee_id") var followeeID: String
    @Field(key: "created_at") var createdAt: Date

    init() {}

    init(followerID: String, followeeID: String, createdAt: Date) {
        self.followerID = followerID
        self.followeeID = followeeID
        self.createdAt = createdAt
    }
}

/// A validated payment. `postID` is the string id, not a foreign key: a receipt outlives the post.
final class LessonPayment: Model, @unchecked Sendable {
    static let schema = "lessons_payments"

    @ID(custom: "seq", generatedBy: .database) var id: Int?
    @Field(key: "imp_uid") var impUID: String
    @Field(key: "merchant_uid") var merchantUID: String
    @Field(key: "post_id") var postID: String
    @Field(key: "buyer_id") var buyerID: String
    @Field(key: "product_name") var productName: String
    @Field(key: "price") var price: Int
    @Field(key: "paid_at") var paidAt: Date
    /// What a refund returned; a payment refunded whole no longer makes its buyer one.
    @OptionalField(key: "refunded_amount") var refundedAmount: Int?

    init() {}

    init(impUID: String, merchantUID: String, postID: String, buyerID: String, productName: String, price: Int, paidAt: Date) {
        self.impUID = impUID
        self.merchantUID = merchantUID
        self.postID = postID
        self.buyerID = buyerID
        self.productName = productName
        self.price = price
        self.paidAt = paidAt
    }
}

/// A payment made in the built-in sandbox gateway's checkout, waiting to be validated by the
/// buyer it was made by, for the lesson it was made for.
final class SandboxPayment: Model, @unchecked Sendable {
    static let schema = "lessons_sandbox_payments"

    @ID(custom: "imp_uid", generatedBy: .user) var id: String?
    @Field(key: "merchant_uid") var merchantUID: String
    @Field(key: "name") var name: String
    @Field(key: "amount") var amount: Int
    @Field(key: "status") var status: String
    @Field(key: "created_at") var createdAt: Date
    /// Absent on payments made before checkouts were tied to their buyer and lesson.
    @OptionalField(key: "buyer_id") var buyerID: String?
    @OptionalField(key: "post_id") var postID: String?
    /// What refunds returned of it.
    @OptionalField(key: "cancelled_amount") var cancelledAmount: Int?

    init() {}

    init(impUID: String, merchantUID: String, name: String, amount: Int, status: String, buyerID: String, postID: String, createdAt: Date) {
        id = impUID
        self.merchantUID = merchantUID
        self.name = name
        self.amount = amount
        self.status = status
        self.buyerID = buyerID
        self.postID = postID
        self.createdAt = createdAt
    }
}
