// Wire types of the lessons (LSLP) contract's posts, comments and likes, spec §2.2–§2.4 and §2.7.

extension Lessons {
    /// A post as every list and detail answer carries it. `price` is always present: the
    /// published app decodes it as a required Int.
    public struct Post: Codable, Sendable, Equatable, Identifiable {
        public var postID: String
        public var productID: String
        public var title: String
        public var price: Int
        public var content: String?
        public var content1: String?
        public var content2: String?
        public var content3: String?
        public var content4: String?
        public var content5: String?
        public var createdAt: String
        public var creator: Person
        public var files: [String]
        public var likes: [String]
        public var likes2: [String]
        public var buyers: [String]
        public var hashTags: [String]
        public var comments: [Comment]

        public var id: String { postID }

        public init(postID: String, productID: String, title: String, price: Int, content: String?, content1: String?, content2: String?, content3: String?, content4: String?, content5: String?, createdAt: String, creator: Person, files: [String], likes: [String], likes2: [String], buyers: [String], hashTags: [String], comments: [Comment]) {
            self.postID = postID
            self.productID = productID
            self.title = title
            self.price = price
            self.content = content
            self.content1 = content1
            self.content2 = content2
            self.content3 = content3
            self.content4 = content4
            self.content5 = content5
            self.createdAt = createdAt
            self.creator = creator
            self.files = files
            self.likes = likes
            self.likes2 = likes2
            self.buyers = buyers
            self.hashTags = hashTags
            self.comments = comments
        }

        enum CodingKeys: String, CodingKey {
            case postID = "post_id", productID = "product_id", title, price, content, content1, content2, content3, content4, content5
            case createdAt, creator, files, likes, likes2, buyers, hashTags, comments
        }
    }

    public struct Comment: Codable, Sendable, Equatable, Identifiable {
        public var commentID: String
        public var content: String
        public var createdAt: String
        public var creator: Person
        /// The stars a review gives, 1 to 5; absent on comments without one, so the published
        /// app, which knows nothing of ratings, decodes every comment as it always did.
        public var rating: ReviewRating?

        public var id: String { commentID }

        public init(commentID: String, content: String, createdAt: String, creator: Person, rating: ReviewRating? = nil) {
            self.commentID = commentID
            self.content = content
            self.createdAt = createdAt
            self.creator = creator
            self.rating = rating
        }

        enum CodingKeys: String, CodingKey {
            case commentID = "comment_id", content, createdAt, creator, rating
        }
    }

    /// `{data, next_cursor}`; `next_cursor` is "0" on the last page.
    public struct PostList: Codable, Sendable, Equatable {
        public static let lastPage = "0"

        public var data: [Post]
        public var nextCursor: String

        public init(data: [Post], nextCursor: String) {
            self.data = data
            self.nextCursor = nextCursor
        }

        public var isLastPage: Bool { nextCursor == Self.lastPage }

        enum CodingKeys: String, CodingKey {
            case data, nextCursor = "next_cursor"
        }
    }

    /// The body of `POST /v1/posts` and `PUT /v1/posts/{id}`. Every field is optional on the
    /// wire: create requires `product_id` and `title`, edit changes only the fields sent.
    public struct PostRequest: Codable, Sendable, Equatable {
        public var title: LenientString?
        public var price: LenientInteger?
        public var content: LenientString?
        public var content1: LenientString?
        public var content2: LenientString?
        public var content3: LenientString?
        public var content4: LenientString?
        public var content5: LenientString?
        public var productID: LenientString?
        public var files: [String]?

        public init(title: String? = nil, price: Int? = nil, content: String? = nil, content1: String? = nil, content2: String? = nil, content3: String? = nil, content4: String? = nil, content5: String? = nil, productID: String? = nil, files: [String]? = nil) {
            self.title = title.map { LenientString($0) }
            self.price = price.map { LenientInteger($0) }
            self.content = content.map { LenientString($0) }
            self.content1 = content1.map { LenientString($0) }
            self.content2 = content2.map { LenientString($0) }
            self.content3 = content3.map { LenientString($0) }
            self.content4 = content4.map { LenientString($0) }
            self.content5 = content5.map { LenientString($0) }
            self.productID = productID.map { LenientString($0) }
            self.files = files
        }

        enum CodingKeys: String, CodingKey {
            case title, price, content, content1, content2, content3, content4, content5, productID = "product_id", files
        }
    }

    /// The answer to `POST /v1/posts/files`: relative paths to put into a post's `files`.
    public struct UploadedFiles: Codable, Sendable, Equatable {
        public var files: [String]
        public init(files: [String]) { self.files = files }
    }

    /// `POST /v1/posts/{id}/comments` and `PUT …/comments/{comment_id}`.
    /// `rating` is Sprout's addition: a review's stars, sent as a number or a string of digits.
    public struct CommentRequest: Codable, Sendable, Equatable {
        public var content: LenientString?
        public var rating: LenientInteger?

        public init(content: String, rating: ReviewRating? = nil) {
            self.content = LenientString(content)
            self.rating = rating.map { LenientInteger($0.stars) }
        }
    }

    /// Body and answer of like and like-2: the desired, then the resulting, state.
    public struct LikeStatus: Codable, Sendable, Equatable {
        public var likeStatus: Bool
        public init(likeStatus: Bool) { self.likeStatus = likeStatus }

        enum CodingKeys: String, CodingKey {
            case likeStatus = "like_status"
        }
    }
}

/// A whole number sent as a JSON number or as a string of digits (form-built bodies send "5000").
public struct LenientInteger: Codable, Sendable, Hashable {
    public let value: Int

    public init(_ value: Int) { self.value = value }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let integer = try? container.decode(Int.self) {
            value = integer
        } else if let text = try? container.decode(String.self), let integer = Int(text.trimmingCharacters(in: .whitespaces)) {
            value = integer
        } else {
            throw DecodingError.typeMismatch(Int.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a whole number"))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}
