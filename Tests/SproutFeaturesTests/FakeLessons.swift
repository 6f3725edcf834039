import Foundation
import SproutAPI
import SproutFeatures
import SproutKit

/// An in-memory LSLP server for view-model tests: people, posts newest first, likes, comments,
/// checkouts and receipts, with the contract's cursor paging. It records every call by name and
/// fails any call named in `failures`.
actor FakeLessons: LessonsService {
    /// The signed-in person, or nil.
    var me: Lessons.MyProfile?
    var posts: [Lessons.Post] = []
    var receipts: [Lessons.Receipt] = []
    var takenEmails: Set<String> = []
    /// Call name → the error it throws, until removed.
    var failures: [String: SproutError] = [:]
    private(set) var calls: [String] = []
    private(set) var postRequests: [Lessons.PostRequest] = []
    private(set) var uploads: [[ImageUpload]] = []
    private(set) var pageRequests: [PageRequest] = []
    private var checkouts: [String: (postID: String, amount: Int, outcome: Lessons.SandboxCheckoutRequest.Outcome)] = [:]
    private var nextID = 0

    struct PageRequest: Equatable {
        var feed: PostFeed
        var next: String
        var limit: Int?
    }

    init(me: Lessons.MyProfile? = FakeLessons.teacher, posts: [Lessons.Post] = []) {
        self.me = me
        self.posts = posts
    }

    static let teacher = profile(id: "teacher", nick: "Kim", phoneNum: "1")
    static let student = profile(id: "student", nick: "Lee", phoneNum: "0")

    static func profile(id: String, nick: String, phoneNum: String) -> Lessons.MyProfile {
        Lessons.MyProfile(userID: id, email: "\(id)@sprout.test", nick: nick, phoneNum: phoneNum, birthDay: "", profileImage: "",
                          followers: [], following: [], posts: [])
    }

    static func person(_ id: String) -> Lessons.Person { Lessons.Person(userID: id, nick: id, profileImage: "") }

    static func lesson(
        _ id: String, title: String? = nil, instrument: Lessons.Instrument = .violin, region: Lessons.Region = .seoul,
        type: Lessons.LessonType = .hobby, price: Int = 50000, curation: Lessons.Curation? = nil, by creator: String = "teacher",
        productID: String = Lessons.ProductID.lesson, likes2: [String] = [], buyers: [String] = [], comments: [Lessons.Comment] = []
    ) -> Lessons.Post {
        Lessons.Post(postID: id, productID: productID, title: title ?? "Lesson \(id)", price: price, content: "#\(instrument.rawValue)",
                     content1: instrument.rawValue, content2: region.rawValue, content3: type.rawValue, content4: curation?.rawValue ?? "",
                     content5: "", createdAt: "2024-08-28T05:12:33.120Z", creator: person(creator), files: [], likes: [], likes2: likes2,
                     buyers: buyers, hashTags: [instrument.rawValue], comments: comments)
    }

    static func review(_ id: String, by creator: String, _ content: String = "Great!", rating: ReviewRating? = nil) -> Lessons.Comment {
        Lessons.Comment(commentID: id, content: content, createdAt: "2024-08-28T05:12:33.120Z", creator: person(creator), rating: rating)
    }

    // MARK: Scripting

    func fail(_ call: String, with error: SproutError) { failures[call] = error }
    func succeed(_ call: String) { failures[call] = nil }
    func insert(_ post: Lessons.Post) { posts.insert(post, at: 0) }
    func replacePosts(_ posts: [Lessons.Post]) { self.posts = posts }
    func forgetCalls() { calls = [] }
    func setMe(_ profile: Lessons.MyProfile?) { me = profile }
    func setReceipts(_ receipts: [Lessons.Receipt]) { self.receipts = receipts }
    func setTakenEmails(_ emails: Set<String>) { takenEmails = emails }

    private func record(_ call: String, _ detail: String = "") throws {
        calls.append(detail.isEmpty ? call : "\(call)(\(detail))")
        if let error = failures[call] { throw error }
    }

    private func requireMe() throws -> Lessons.MyProfile {
        guard let me else { throw SproutError.notSignedIn }
        return me
    }

    private func index(of postID: String) throws -> Int {
        guard let index = posts.firstIndex(where: { $0.postID == postID }) else {
            throw SproutError.http(status: 410, code: .notFound, message: "게시글을 찾을 수 없습니다.")
        }
        return index
    }

    private func newID(_ prefix: String) -> String {
        nextID += 1
        return "\(prefix)\(nextID)"
    }

    // MARK: LessonsService

    func validateEmail(_ email: String) async throws -> Lessons.Message {
        try record("validateEmail", email)
        guard !takenEmails.contains(email) else { throw SproutError.http(status: 409, code: .conflict, message: "이미 가입된 유저입니다.") }
        return Lessons.Message(message: "사용 가능한 이메일입니다.")
    }

    func join(_ request: Lessons.JoinRequest) async throws -> Lessons.UserSummary {
        try record("join", "\(request.email?.value ?? ""),\(request.nick?.value ?? ""),\(request.phoneNum?.value ?? "nil")")
        return Lessons.UserSummary(userID: newID("user"), email: request.email?.value ?? "", nick: request.nick?.value ?? "")
    }

    func login(email: String, password: String) async throws -> Lessons.LoginResponse {
        try record("login", email)
        let me = me ?? Self.teacher
        self.me = me
        return Lessons.LoginResponse(userID: me.userID, email: email, nick: me.nick, profileImage: "", accessToken: "a", refreshToken: "r")
    }

    func logout() async {
        calls.append("logout")
        me = nil
    }

    func myProfile() async throws -> Lessons.MyProfile {
        try record("myProfile")
        return try requireMe()
    }

    /// Pages of `limit` (default 100); the cursor is the last post id of the page, "0" at the end.
    func posts(_ feed: PostFeed, next: String, limit: Int?) async throws -> Lessons.PostList {
        try record("posts")
        pageRequests.append(PageRequest(feed: feed, next: next, limit: limit))
        let me = try requireMe()
        let matching = posts.filter { post in
            switch feed {
            case let .all(productID): productID.map { $0 == post.productID } ?? true
            case let .user(id, productID): post.creator.userID == id && (productID.map { $0 == post.productID } ?? true)
            case let .hashtag(word, productID): post.hashTags.contains(word) && (productID.map { $0 == post.productID } ?? true)
            case .liked: post.likes.contains(me.userID)
            case .liked2: post.likes2.contains(me.userID)
            }
        }
        let start = next.isEmpty ? 0 : (matching.firstIndex { $0.postID == next }.map { $0 + 1 } ?? matching.count)
        let page = Array(matching.dropFirst(start).prefix(limit ?? 100))
        let isLast = start + page.count >= matching.count
        return Lessons.PostList(data: page, nextCursor: isLast ? Lessons.PostList.lastPage : page.last?.postID ?? Lessons.PostList.lastPage)
    }

    func post(id: String) async throws -> Lessons.Post {
        try record("post", id)
        return posts[try index(of: id)]
    }

    func uploadFiles(_ files: [ImageUpload]) async throws -> [String] {
        try record("uploadFiles", String(files.count))
        uploads.append(files)
        return files.map { _ in "uploads/lessons/\(newID("file")).jpg" }
    }

    func createPost(_ request: Lessons.PostRequest) async throws -> Lessons.Post {
        try record("createPost")
        postRequests.append(request)
        var post = Self.lesson(newID("post"), by: try requireMe().userID)
        apply(request, to: &post)
        insert(post)
        return post
    }

    func updatePost(id: String, _ request: Lessons.PostRequest) async throws -> Lessons.Post {
        try record("updatePost", id)
        postRequests.append(request)
        let index = try index(of: id)
        apply(request, to: &posts[index])
        return posts[index]
    }

    func comment(_ content: String, rating: ReviewRating?, on postID: String) async throws -> Lessons.Comment {
        try record("comment", "\(content),\(rating.map { "\($0.stars)★" } ?? "-"),\(postID)")
        let index = try index(of: postID)
        let comment = Self.review(newID("comment"), by: try requireMe().userID, content, rating: rating)
        posts[index].comments.insert(comment, at: 0)
        return comment
    }

    func editComment(_ commentID: String, on postID: String, content: String, rating: ReviewRating?) async throws -> Lessons.Comment {
        try record("editComment", "\(commentID),\(content),\(rating.map { "\($0.stars)★" } ?? "-")")
        let index = try index(of: postID)
        guard let position = posts[index].comments.firstIndex(where: { $0.commentID == commentID }) else {
            throw SproutError.http(status: 410, code: .notFound, message: "댓글을 찾을 수 없습니다.")
        }
        posts[index].comments[position].content = content
        if let rating { posts[index].comments[position].rating = rating }
        return posts[index].comments[position]
    }

    func deleteComment(_ commentID: String, on postID: String) async throws {
        try record("deleteComment", commentID)
        let index = try index(of: postID)
        posts[index].comments.removeAll { $0.commentID == commentID }
    }

    func setLike2(_ status: Bool, postID: String) async throws -> Lessons.LikeStatus {
        try record("setLike2", "\(status),\(postID)")
        let index = try index(of: postID)
        let me = try requireMe().userID
        posts[index].likes2.removeAll { $0 == me }
        if status { posts[index].likes2.append(me) }
        return Lessons.LikeStatus(likeStatus: status)
    }

    func sandboxCheckout(postID: String, amount: Int, outcome: Lessons.SandboxCheckoutRequest.Outcome) async throws -> Lessons.SandboxCheckout {
        try record("sandboxCheckout", "\(postID),\(amount),\(outcome.rawValue)")
        let impUID = newID("imp_")
        checkouts[impUID] = (postID, amount, outcome)
        return Lessons.SandboxCheckout(impUID: impUID, merchantUID: "m_\(impUID)", success: outcome == .paid, status: outcome.rawValue)
    }

    /// Like the server: only a paid checkout of the lesson's price is recorded, once.
    func validatePayment(impUID: String, postID: String, price: Int?) async throws -> Lessons.Receipt {
        try record("validatePayment", "\(impUID),\(postID)")
        let index = try index(of: postID)
        guard let checkout = checkouts[impUID], checkout.outcome == .paid, checkout.amount == posts[index].price else {
            throw SproutError.http(status: 400, code: .missingValue, message: "결제가 완료되지 않았습니다.")
        }
        guard !receipts.contains(where: { $0.merchantUID == "m_\(impUID)" }) else {
            throw SproutError.http(status: 409, code: .conflict, message: "이미 검증처리가 완료된 결제건입니다.")
        }
        let me = try requireMe().userID
        let receipt = Lessons.Receipt(buyerID: me, postID: postID, merchantUID: "m_\(impUID)", productName: posts[index].title,
                                      price: checkout.amount, paidAt: "2024-08-28T05:12:33.120Z")
        receipts.insert(receipt, at: 0)
        posts[index].buyers.append(me)
        return receipt
    }

    func payments() async throws -> [Lessons.Receipt] {
        try record("payments")
        return receipts
    }

    private func apply(_ request: Lessons.PostRequest, to post: inout Lessons.Post) {
        if let title = request.title?.value { post.title = title }
        if let price = request.price?.value { post.price = price }
        if let content = request.content?.value { post.content = content }
        if let content1 = request.content1?.value { post.content1 = content1 }
        if let content2 = request.content2?.value { post.content2 = content2 }
        if let content3 = request.content3?.value { post.content3 = content3 }
        if let content4 = request.content4?.value { post.content4 = content4 }
        if let productID = request.productID?.value { post.productID = productID }
        if let files = request.files { post.files = files }
    }
}
