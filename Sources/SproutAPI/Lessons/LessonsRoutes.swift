import Foundation

extension Lessons {
    /// The LSLP contract (`/v1`), as its published clients call it. Every call carries the
    /// `SesacKey`; a signed-in call also the bare access token. A post is named by its `post_id`,
    /// a comment by its post's id and its own, a person by `user_id`, a chat room by `room_id`.
    public enum Routes {
        /// Where the contract is mounted: any other path under it answers LSLP's 444.
        public static let mountPoint = "/v1"

        // Joining and signing in (spec §2.1).
        public static let join = APIRoute<Void, JoinRequest, UserSummary>(.post, "v1/users/join", credential: .lslpKey)
        public static let validateEmail = APIRoute<Void, EmailValidationRequest, Message>(.post, "v1/validation/email", credential: .lslpKey)
        public static let login = APIRoute<Void, LoginRequest, LoginResponse>(.post, "v1/users/login", credential: .lslpKey)
        /// The expired access token (`Authorization`) and the refresh token (`Refresh`) travel as
        /// headers the call names: refreshing is what a session does on expiry, so it is not one.
        public static let refresh = APIRoute<Void, NoBody, RefreshResponse>(.get, "v1/auth/refresh", credential: .lslpKey)
        public static let withdraw = APIRoute<Void, NoBody, UserSummary>(.get, "v1/users/withdraw", credential: .lslpSession)

        // Profiles and follow (spec §2.1 U7, U8 and §2.5).
        public static let myProfile = APIRoute<Void, NoBody, MyProfile>(.get, "v1/users/me/profile", credential: .lslpSession)
        /// Text parts `nick`, `phoneNum`, `birthDay` and an image part `profile`, each optional.
        public static let editProfile = APIRoute<Void, MultipartParts, MyProfile>(.put, "v1/users/me/profile", credential: .lslpSession)
        public static let profile = APIRoute<String, NoBody, UserProfile>(.get, "v1/users/{user_id}/profile", credential: .lslpSession)
        public static let follow = APIRoute<String, NoBody, FollowStatus>(.post, "v1/follow/{user_id}", credential: .lslpSession)
        public static let unfollow = APIRoute<String, NoBody, FollowStatus>(.delete, "v1/follow/{user_id}", credential: .lslpSession)

        // Posts and their files (spec §2.2). The lists are cursor-paged: `next` and `limit`.
        /// Repeated `files` parts, one per image.
        public static let uploadFiles = APIRoute<Void, MultipartParts, UploadedFiles>(.post, "v1/posts/files", credential: .lslpSession)
        public static let createPost = APIRoute<Void, PostRequest, Post>(.post, "v1/posts", credential: .lslpSession)
        public static let posts = APIRoute<Void, NoBody, PostList>(.get, "v1/posts", query: paging + ["product_id"], credential: .lslpSession)
        /// `hashTag` is the tag without its `#`.
        public static let hashtagPosts = APIRoute<Void, NoBody, PostList>(.get, "v1/posts/hashtags", query: paging + ["product_id", "hashTag"],
                                                                          credential: .lslpSession)
        public static let userPosts = APIRoute<String, NoBody, PostList>(.get, "v1/posts/users/{user_id}", query: paging + ["product_id"],
                                                                         credential: .lslpSession)
        /// What I liked, most recently liked first.
        public static let liked = APIRoute<Void, NoBody, PostList>(.get, "v1/posts/likes/me", query: paging, credential: .lslpSession)
        /// What I liked with like-2 (All For Lesson: bookmarks).
        public static let liked2 = APIRoute<Void, NoBody, PostList>(.get, "v1/posts/likes-2/me", query: paging, credential: .lslpSession)
        public static let post = APIRoute<String, NoBody, Post>(.get, "v1/posts/{post_id}", credential: .lslpSession)
        /// Fields left out keep their values.
        public static let updatePost = APIRoute<String, PostRequest, Post>(.put, "v1/posts/{post_id}", credential: .lslpSession)
        public static let deletePost = APIRoute<String, NoBody, Message>(.delete, "v1/posts/{post_id}", credential: .lslpSession)

        // Comments (All For Lesson: reviews) and likes (spec §2.3, §2.4).
        public static let comment = APIRoute<String, CommentRequest, Comment>(.post, "v1/posts/{post_id}/comments", credential: .lslpSession)
        /// By post id, then comment id.
        public static let editComment = APIRoute<(String, String), CommentRequest, Comment>(.put, "v1/posts/{post_id}/comments/{comment_id}",
                                                                                           credential: .lslpSession)
        public static let deleteComment = APIRoute<(String, String), NoBody, Message>(.delete, "v1/posts/{post_id}/comments/{comment_id}",
                                                                                     credential: .lslpSession)
        public static let like = APIRoute<String, LikeStatus, LikeStatus>(.post, "v1/posts/{post_id}/like", credential: .lslpSession)
        /// All For Lesson: a bookmark.
        public static let like2 = APIRoute<String, LikeStatus, LikeStatus>(.post, "v1/posts/{post_id}/like-2", credential: .lslpSession)

        // Payments (spec §2.6) and Sprout's sandbox checkout, served only when the sandbox gateway is configured.
        public static let validatePayment = APIRoute<Void, PaymentValidationRequest, Receipt>(.post, "v1/payments/validation",
                                                                                             credential: .lslpSession)
        public static let payments = APIRoute<Void, NoBody, ReceiptList>(.get, "v1/payments/me", credential: .lslpSession)
        public static let sandboxCheckout = APIRoute<Void, SandboxCheckoutRequest, SandboxCheckout>(.post, "v1/sandbox/payments",
                                                                                                   credential: .lslpSession)

        // 1:1 chat rooms (spec §2.6a).
        public static let openChatRoom = APIRoute<Void, ChatRoomRequest, ChatRoom>(.post, "v1/chats", credential: .lslpSession)
        public static let chatRooms = APIRoute<Void, NoBody, ChatList<ChatRoom>>(.get, "v1/chats", credential: .lslpSession)
        /// Oldest first, newer than `cursor_date` (a `createdAt` the client holds).
        public static let chats = APIRoute<String, NoBody, ChatList<Chat>>(.get, "v1/chats/{room_id}", query: ["cursor_date"], credential: .lslpSession)
        public static let sendChat = APIRoute<String, ChatRequest, Chat>(.post, "v1/chats/{room_id}", credential: .lslpSession)
        /// Up to five `files` parts, images.
        public static let uploadChatFiles = APIRoute<String, MultipartParts, UploadedFiles>(.post, "v1/chats/{room_id}/files", credential: .lslpSession)

        /// An uploaded file, by the relative path an upload answered without its leading `uploads/`.
        public static let file = APIRoute<String, NoBody, NotJSON>(.get, "v1/uploads/{path...}", credential: .lslpSession)
        /// The folder every relative path an upload answers starts with, which `file` names.
        public static let uploadsFolder = "uploads/"

        /// `next`, the `next_cursor` of the page before ("" for the first), and `limit`.
        public static let paging = ["next", "limit"]

        public static let all = [
            AnyAPIRoute(join), AnyAPIRoute(validateEmail), AnyAPIRoute(login), AnyAPIRoute(refresh), AnyAPIRoute(withdraw),
            AnyAPIRoute(myProfile), AnyAPIRoute(editProfile), AnyAPIRoute(profile), AnyAPIRoute(follow), AnyAPIRoute(unfollow),
            AnyAPIRoute(uploadFiles), AnyAPIRoute(createPost), AnyAPIRoute(posts), AnyAPIRoute(hashtagPosts), AnyAPIRoute(userPosts),
            AnyAPIRoute(liked), AnyAPIRoute(liked2), AnyAPIRoute(post), AnyAPIRoute(updatePost), AnyAPIRoute(deletePost),
            AnyAPIRoute(comment), AnyAPIRoute(editComment), AnyAPIRoute(deleteComment), AnyAPIRoute(like), AnyAPIRoute(like2),
            AnyAPIRoute(validatePayment), AnyAPIRoute(payments), AnyAPIRoute(sandboxCheckout),
            AnyAPIRoute(openChatRoom), AnyAPIRoute(chatRooms), AnyAPIRoute(chats), AnyAPIRoute(sendChat), AnyAPIRoute(uploadChatFiles),
            AnyAPIRoute(file),
        ]
    }
}
