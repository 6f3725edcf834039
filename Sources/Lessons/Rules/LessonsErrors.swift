/// What the lessons rules refuse, in the domain's words. Each contract maps these once: the LSLP
/// API to its codes and messages (`LessonsError.init(rule:)`, API/LSLPErrorMapping.swift), the
/// web pages to page statuses and field messages (`LessonsPageErrors`).
enum PostError: Error, Equatable {
    case postNotFound
    case commentNotFound
    /// Someone else's post or comment.
    case notAuthor
    case productIDMissing
    case commentMissing
    case commentTooLong(maximum: Int)
    /// A rating other than 1 to 5 stars.
    case ratingOutOfRange
    case titleTooLong(maximum: Int)
    case negativePrice
    case contentTooLong(maximum: Int)
    /// `files` lists a path that was not uploaded here, or too many.
    case foreignFiles
}

enum FollowError: Error, Equatable {
    case followingYourself
    case alreadyFollowing
    case notFollowing
    case personNotFound
}

enum PaymentError: Error, Equatable {
    case impUIDOrPostMissing
    case alreadyValidated
    case gatewayUnavailable
    case paymentNotFound
    case notPaid
    /// Checked out by another account: only its buyer may validate it.
    case someoneElses
    /// Checked out for another lesson.
    case otherLesson
    case priceUnknown
    case amountMismatch
}

enum ProfileError: Error, Equatable {
    /// A token that outlived its account.
    case accountWithdrawn
    case personNotFound
}

/// What the operator's command is told; only `sprout curation` reaches these.
enum CurationError: Error, CustomStringConvertible {
    case noSuchPost(String)
    case notALesson(String)

    var description: String {
        switch self {
        case let .noSuchPost(id): "no post has the id \(id)"
        case let .notALesson(id): "post \(id) is not a lesson; only lessons appear on the home screen"
        }
    }
}
