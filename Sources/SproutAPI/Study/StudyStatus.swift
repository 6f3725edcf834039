// The statuses of the SeSAC Study contract. Business results travel as 2xx codes whose meaning
// differs per endpoint (spec §2, §3); the server answers them and the SDK reads them from here.

extension Study {
    /// Codes every endpoint shares.
    public enum CommonStatus: Int, Sendable {
        case invalidToken = 401
        case notSignedUp = 406
        case serverError = 500
        case badRequest = 501
    }

    /// `POST /v1/user`
    public enum SignupStatus: Int, Sendable {
        case created = 200, alreadySignedUp = 201, unusableNick = 202
    }

    /// `POST /v1/queue`
    public enum QueueEntryStatus: Int, Sendable {
        case waiting = 200
        case reportedTooOften = 201
        case dodgePenalty1 = 203, dodgePenalty2 = 204, dodgePenalty3 = 205
    }

    /// `DELETE /v1/queue`
    public enum StopSearchingStatus: Int, Sendable {
        /// 201: the person is no longer waiting (already stopped, or matched meanwhile).
        case stopped = 200, notWaiting = 201
    }

    /// `GET /v1/queue/myQueueState`
    public enum QueueStateStatus: Int, Sendable {
        /// 201: not in the queue and not matched.
        case state = 200, normal = 201
    }

    /// `POST /v1/queue/studyrequest`
    public enum StudyRequestStatus: Int, Sendable {
        /// 201: the other person had already asked me, so the two are now matched.
        case sent = 200, requestedByOther = 201, otherNotWaiting = 202
    }

    /// `POST /v1/queue/studyaccept`
    public enum StudyAcceptStatus: Int, Sendable {
        case matched = 200, otherMatchedElsewhere = 201, otherNotWaiting = 202, alreadyMatched = 203
    }

    /// `POST /v1/queue/dodge`
    public enum DodgeStatus: Int, Sendable {
        case cancelled = 200, notMyPartner = 201
    }

    /// `POST /v1/user/shop/ios`
    public enum ShopPurchaseStatus: Int, Sendable {
        /// 201: the receipt is not valid, holds no purchase of the product, or its purchase was
        /// already granted to someone else.
        case granted = 200, invalidReceipt = 201
    }

    /// `POST /v1/user/shop/item`
    public enum ShopItemStatus: Int, Sendable {
        /// 201: the face or the background is not owned ("구매가 필요한 아이템이 있어요").
        case saved = 200, notOwned = 201
    }
}
