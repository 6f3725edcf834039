import SproutAPI

// What the study endpoints answer, read from their status codes. The contract carries business
// results as 2xx codes (and, for GET /v1/user, as 406), so `StudyClient` returns these instead of
// throwing; the rest of the statuses come from `Study.…Status` in SproutAPI.

extension Study {
    /// `GET /v1/user`
    public enum UserOutcome: Sendable, Equatable {
        /// 200: the person's User JSON.
        case signedUp(Study.User)
        /// 406: the phone sign-in has no study account yet: go to the signup steps.
        case notSignedUp
    }

    /// `POST /v1/user`
    public enum SignupOutcome: Sendable, Equatable {
        /// 200: signed up; the server's answer (or, from a server that answers text, GET /v1/user).
        case created(Study.User)
        /// 201
        case alreadySignedUp
        /// 202: the server refuses the nickname; go back to the nickname step.
        case unusableNick
    }

    /// `POST /v1/user/withdraw`
    public enum WithdrawOutcome: Sendable, Equatable {
        /// 200: the study account is gone; `StudyClient` has signed the session out.
        case withdrawn
        /// 406: already withdrawn, or never signed up.
        case notSignedUp
    }

    /// `GET /v1/queue/myQueueState`
    public enum QueueStateOutcome: Sendable, Equatable {
        /// 201: not waiting and not matched. The home button shows the magnifier.
        case normal
        /// 200 with `matched` 0: waiting in the queue. The home button shows the antenna.
        case waiting
        /// 200 with `matched` 1. `dodged`: the partner cancelled; `reviewed`: the partner has
        /// reviewed me. Either way the study is over, and ending it carries no penalty.
        case matched(nick: String, uid: String, dodged: Bool, reviewed: Bool)
    }

    /// `POST /v1/user/report` (the 1st cohort's endpoint, which Sprout serves).
    public enum ReportOutcome: Int, Sendable {
        /// 200; three reports bar the person from the queue.
        case reported = 200
        /// 201: I had already reported this person.
        case alreadyReported = 201
        /// 202: no such person.
        case unknownPerson = 202
    }
}
