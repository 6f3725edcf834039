import Foundation

extension Conversations {
    /// `/api/conversations`, `/api/blocks` and `/api/unread`, for an access token from `/api/auth`.
    public enum Routes {
        public static let open = APIRoute<Void, OpenRequest, Conversation>(.post, "api/conversations", credential: .bearer)
        public static let inbox = APIRoute<Void, NoBody, Inbox>(.get, "api/conversations", query: paging, credential: .bearer)
        /// By conversation id.
        public static let conversation = APIRoute<String, NoBody, Conversation>(.get, "api/conversations/{conversation}", credential: .bearer)
        public static let messages = APIRoute<String, NoBody, MessagePage>(.get, "api/conversations/{conversation}/messages", query: paging,
                                                                          credential: .bearer)
        /// JSON text, or (`sendPhoto`) a multipart form with a `photo` and a `text`.
        public static let send = APIRoute<String, SendRequest, Message>(.post, "api/conversations/{conversation}/messages", credential: .bearer)
        /// `send` with a photo: the same operation, its body a multipart form with a `photo` part
        /// (and a `text`), which the server's one handler for `send` reads.
        public static let sendPhoto = APIRoute<String, MultipartParts, Message>(.post, send.pathTemplate, query: [], credential: .bearer)
        public static let read = APIRoute<String, NoBody, ReadReceipt>(.post, "api/conversations/{conversation}/read", credential: .bearer)
        public static let report = APIRoute<String, ReportRequest, ReportOutcome>(.post, "api/conversations/{conversation}/report", credential: .bearer)
        public static let block = APIRoute<Void, BlockRequest, BlockStatus>(.post, "api/blocks", credential: .bearer)
        /// By the blocked account's id.
        public static let unblock = APIRoute<String, NoBody, BlockStatus>(.delete, "api/blocks/{account}", credential: .bearer)
        public static let unread = APIRoute<Void, NoBody, Unread>(.get, "api/unread", credential: .bearer)
        /// The conversation's appointments, newest first.
        public static let appointments = APIRoute<String, NoBody, AppointmentList>(.get, "api/conversations/{conversation}/appointments", credential: .bearer)
        /// Answers 201 with the proposal; it replaces the one waiting and an upcoming accepted one.
        public static let propose = APIRoute<String, ProposeAppointment, Appointment>(.post, "api/conversations/{conversation}/appointments",
                                                                                       credential: .bearer)
        /// By conversation id and appointment id; only the other side answers a proposal.
        public static let acceptAppointment = APIRoute<(String, Int), NoBody, Appointment>(
            .post, "api/conversations/{conversation}/appointments/{appointment}/accept", credential: .bearer
        )
        public static let declineAppointment = APIRoute<(String, Int), NoBody, Appointment>(
            .post, "api/conversations/{conversation}/appointments/{appointment}/decline", credential: .bearer
        )
        /// Either side calls off an accepted one; its proposer withdraws a waiting one.
        public static let cancelAppointment = APIRoute<(String, Int), NoBody, Appointment>(
            .post, "api/conversations/{conversation}/appointments/{appointment}/cancel", credential: .bearer
        )

        /// `before` (the `nextBefore` of the page before) and `limit`.
        public static let paging = ["before", "limit"]

        public static let all = [AnyAPIRoute(open), AnyAPIRoute(inbox), AnyAPIRoute(conversation), AnyAPIRoute(messages), AnyAPIRoute(send),
                                 AnyAPIRoute(read), AnyAPIRoute(report), AnyAPIRoute(block), AnyAPIRoute(unblock), AnyAPIRoute(unread),
                                 AnyAPIRoute(appointments), AnyAPIRoute(propose), AnyAPIRoute(acceptAppointment), AnyAPIRoute(declineAppointment),
                                 AnyAPIRoute(cancelAppointment)]
    }
}

extension Notifications {
    /// `/api/notifications`, for an access token from `/api/auth`.
    public enum Routes {
        public static let page = APIRoute<Void, NoBody, Page>(.get, "api/notifications", query: Conversations.Routes.paging, credential: .bearer)
        /// All, or up to an id; an empty body is all.
        public static let read = APIRoute<Void, ReadRequest, UnreadCount>(.post, "api/notifications/read", credential: .bearer)
        public static let settings = APIRoute<Void, NoBody, Settings>(.get, "api/notifications/settings", credential: .bearer)
        public static let change = APIRoute<Void, Setting, Settings>(.put, "api/notifications/settings", credential: .bearer)

        public static let all = [AnyAPIRoute(page), AnyAPIRoute(read), AnyAPIRoute(settings), AnyAPIRoute(change)]
    }
}

extension Push {
    /// `/api/push`: where notifications are pushed while no page is open.
    public enum Routes {
        public static let serverKey = APIRoute<Void, NoBody, ServerKey>(.get, "api/push/server-key", credential: .none)
        public static let subscribe = APIRoute<Void, Subscribe, Subscription>(.post, "api/push/subscriptions", credential: .bearer)
        /// Answers 204 with no body.
        public static let unsubscribe = APIRoute<Void, Unsubscribe, NoBody>(.delete, "api/push/subscriptions", credential: .bearer)

        public static let all = [AnyAPIRoute(serverKey), AnyAPIRoute(subscribe), AnyAPIRoute(unsubscribe)]
    }
}

extension LiveEvents {
    /// `/api/events`: Server-Sent Events, for an access token or the web session cookie.
    public enum Routes {
        public static let stream = APIRoute<Void, NoBody, NotJSON>(.get, "api/events", credential: .bearer)

        public static let all = [AnyAPIRoute(stream)]
    }
}
