import Fluent
import Foundation
import Platform
import PlatformCore
import SproutAPI

/// Reviews on the web come from enrolments: one per enrolment, once its first session has taken
/// place, and writing again replaces it (so one purchase moves the average once). The LSLP
/// contract's comments are the published apps' and keep their rules.
struct EnrolmentReviews: Sendable {
    enum Right: Equatable {
        case write(enrolmentID: String)
        /// Writing again replaces this review.
        case replace(enrolmentID: String, commentID: String)
        /// Enrolled, and no session taken yet.
        case afterFirstSession
        case notEnrolled
    }

    let board: PostBoard
    let enrolments: Enrolments
    let clock: WallClock

    func right(of accountID: String, on postID: String, on db: any Database) async throws -> Right {
        guard let enrolment = try await enrolments.latest(of: accountID, in: postID, on: db), let id = enrolment.id else { return .notEnrolled }
        let taken = try await LessonBookingRecord.query(on: db).filter(\.$enrolmentID == id).filter(\.$state == BookingRecordState.booked.rawValue)
            .filter(\.$endsAt <= clock.now()).count()
        guard taken > 0 else { return .afterFirstSession }
        if let review = try await LessonComment.query(on: db).filter(\.$enrolmentID == id).first() {
            return .replace(enrolmentID: id, commentID: review.commentID)
        }
        return .write(enrolmentID: id)
    }

    /// Writes or replaces the enrolment's review; the comment's id.
    func review(_ postID: String, by accountID: String, text: String, rating: ReviewRating, right: Right, on db: any Database) async throws -> String {
        switch right {
        case let .replace(_, commentID):
            return try await board.editComment(commentID, on: postID, by: accountID, content: text, rating: rating, on: db).commentID
        case let .write(enrolmentID):
            return try await db.writeTransaction { db in
                let comment = try await board.comment(on: postID, by: accountID, content: text, rating: rating, on: db)
                try await LessonComment.query(on: db).filter(\.$commentID == comment.commentID).set(\.$enrolmentID, to: enrolmentID).update()
                return comment.commentID
            }
        case .afterFirstSession, .notEnrolled:
            throw PostError.notAuthor
        }
    }
}
