import Foundation

extension Study {
    /// The study contract (`/v1/user`, `/v1/queue`, `/v1/chat`), as its published clients call it:
    /// every call carries the `idtoken` header, a body is form fields (repeated keys, no brackets),
    /// and an answer's status carries its meaning, most of them with a short text (`NotJSON`).
    public enum Routes {
        /// The paths the contract owns whole: an unknown path under one answers as the study server did.
        public static let mountPoints = ["/v1/user", "/v1/queue", "/v1/chat"]
        /// Any other path under it that carries an `idtoken` is the study contract's too (the
        /// lessons contract shares the prefix and takes the rest).
        public static let sharedPrefix = "/v1"

        // MARK: User, spec §2

        /// 200 with the User JSON; 406 when the sign-in has no study account yet.
        public static let user = APIRoute<Void, NoBody, User>(.get, "v1/user", credential: .studyIDToken)
        /// 200 with the User JSON (Sprout's; the original server's was text); 201 and 202 text.
        public static let signUp = APIRoute<Void, FormFields, User>(.post, "v1/user", credential: .studyIDToken)
        public static let withdraw = APIRoute<Void, NoBody, NotJSON>(.post, "v1/user/withdraw", credential: .studyIDToken)
        public static let updateMyPage = APIRoute<Void, FormFields, NotJSON>(.put, "v1/user/mypage", credential: .studyIDToken)
        public static let updateFCMToken = APIRoute<Void, FormFields, NotJSON>(.put, "v1/user/update_fcm_token", credential: .studyIDToken)
        /// The 1st cohort's endpoint, which Sprout serves.
        public static let report = APIRoute<Void, FormFields, NotJSON>(.post, "v1/user/report", credential: .studyIDToken)

        // MARK: Shop, spec §5

        public static let shopInfo = APIRoute<Void, NoBody, User>(.get, "v1/user/shop/myinfo", credential: .studyIDToken)
        /// After StoreKit reports `.purchased`: the base64 app receipt and the product just bought.
        public static let buy = APIRoute<Void, FormFields, NotJSON>(.post, "v1/user/shop/ios", credential: .studyIDToken)
        public static let chooseItems = APIRoute<Void, FormFields, NotJSON>(.post, "v1/user/shop/item", credential: .studyIDToken)

        // MARK: Queue, spec §3

        public static let enterQueue = APIRoute<Void, FormFields, NotJSON>(.post, "v1/queue", credential: .studyIDToken)
        public static let stopSearching = APIRoute<Void, NoBody, NotJSON>(.delete, "v1/queue", credential: .studyIDToken)
        public static let search = APIRoute<Void, FormFields, SearchResult>(.post, "v1/queue/search", credential: .studyIDToken)
        /// 200 with the state while waiting or matched; 201 text when neither.
        public static let queueState = APIRoute<Void, NoBody, QueueState>(.get, "v1/queue/myQueueState", credential: .studyIDToken)
        public static let requestStudy = APIRoute<Void, FormFields, NotJSON>(.post, "v1/queue/studyrequest", credential: .studyIDToken)
        public static let acceptStudy = APIRoute<Void, FormFields, NotJSON>(.post, "v1/queue/studyaccept", credential: .studyIDToken)
        public static let dodge = APIRoute<Void, FormFields, NotJSON>(.post, "v1/queue/dodge", credential: .studyIDToken)
        /// By the partner's uid, which the form repeats.
        public static let rate = APIRoute<String, FormFields, NotJSON>(.post, "v1/queue/rate/{otheruid}", credential: .studyIDToken)

        // MARK: Chat, spec §4

        /// To the partner's uid.
        public static let sendChat = APIRoute<String, FormFields, Chat>(.post, "v1/chat/{to}", credential: .studyIDToken)
        /// With the partner's uid: the messages both ways newer than `lastchatDate`, oldest first.
        public static let chats = APIRoute<String, NoBody, ChatHistory>(.get, "v1/chat/{from}", query: ["lastchatDate"], credential: .studyIDToken)

        public static let all = [
            AnyAPIRoute(user), AnyAPIRoute(signUp), AnyAPIRoute(withdraw), AnyAPIRoute(updateMyPage), AnyAPIRoute(updateFCMToken), AnyAPIRoute(report),
            AnyAPIRoute(shopInfo), AnyAPIRoute(buy), AnyAPIRoute(chooseItems),
            AnyAPIRoute(enterQueue), AnyAPIRoute(stopSearching), AnyAPIRoute(search), AnyAPIRoute(queueState), AnyAPIRoute(requestStudy),
            AnyAPIRoute(acceptStudy), AnyAPIRoute(dodge), AnyAPIRoute(rate),
            AnyAPIRoute(sendChat), AnyAPIRoute(chats),
        ]
    }
}
