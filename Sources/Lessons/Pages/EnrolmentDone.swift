/// What was just done to an enrolment, which its page then says (`?done=booked`).
struct EnrolmentDone: Codable {
    enum Change: String, Codable {
        case booked, moved, cancelled, refunded
    }

    var done: Change?
}
