import Foundation

extension Lessons {
    /// Sprout's own lessons API, for an access token from `/api/auth`: what a lesson sells, the
    /// teacher's open times, enrolments (paid purchases), their bookings and refunds. A lesson is
    /// named by its `post_id`; a slot, an enrolment and a booking by the ids these answers carry.
    public enum BookingRoutes {
        /// Any other path under it answers the platform's 404.
        public static let mountPoint = "/api/lessons"

        public static let terms = APIRoute<String, NoBody, Terms>(.get, "api/lessons/{post_id}/terms", credential: .bearer)
        public static let describe = APIRoute<String, TermsRequest, Terms>(.put, "api/lessons/{post_id}/terms", credential: .bearer)
        /// `from` and `to` (dates or times, UTC or with an offset) narrow the list; by default the
        /// next four weeks. Anyone sees the open ones; the teacher sees the booked ones too.
        public static let slots = APIRoute<String, NoBody, SlotList>(.get, "api/lessons/{post_id}/slots", query: ["from", "to"], credential: .bearer)
        public static let openSlots = APIRoute<String, SlotsRequest, SlotList>(.post, "api/lessons/{post_id}/slots", credential: .bearer)
        /// Answers the closed slot; a booked slot is not closed (cancel its booking first).
        public static let closeSlot = APIRoute<String, NoBody, Slot>(.delete, "api/lessons/slots/{slot_id}", credential: .bearer)
        public static let enrolments = APIRoute<Void, NoBody, EnrolmentList>(.get, "api/lessons/enrolments", credential: .bearer)
        public static let enrolment = APIRoute<String, NoBody, Enrolment>(.get, "api/lessons/enrolments/{enrolment_id}", credential: .bearer)
        public static let book = APIRoute<String, SlotChoice, Enrolment>(.post, "api/lessons/enrolments/{enrolment_id}/bookings", credential: .bearer)
        public static let cancelBooking = APIRoute<String, NoBody, Enrolment>(.post, "api/lessons/bookings/{booking_id}/cancel", credential: .bearer)
        public static let moveBooking = APIRoute<String, SlotChoice, Enrolment>(.post, "api/lessons/bookings/{booking_id}/move", credential: .bearer)
        /// Ends the enrolment and refunds what its terms say, through the gateway that took the payment.
        public static let refund = APIRoute<String, NoBody, Enrolment>(.post, "api/lessons/enrolments/{enrolment_id}/refund", credential: .bearer)

        public static let all = [
            AnyAPIRoute(terms), AnyAPIRoute(describe), AnyAPIRoute(slots), AnyAPIRoute(openSlots), AnyAPIRoute(closeSlot),
            AnyAPIRoute(enrolments), AnyAPIRoute(enrolment), AnyAPIRoute(book), AnyAPIRoute(cancelBooking), AnyAPIRoute(moveBooking),
            AnyAPIRoute(refund),
        ]
    }
}
