/// Why a study request was refused. Business outcomes the contract answers with 2xx codes are
/// not errors: each rule returns them as its own result type. The study contract maps these once
/// (`StudyErrorMiddleware`, API/StudyErrorMapping.swift), the pages once (`StudyPageErrors`).
enum StudyError: Error, Equatable {
    /// The person has no study profile (never signed up, or withdrew).
    case notSignedUp
    /// A value is missing or outside what the contract allows; the field is named for the log.
    case invalid(StudyField)
}

/// The form fields the study contract reads.
enum StudyField: String, Sendable {
    case phoneNumber, fcmToken = "FCMtoken", nick, birth, email, gender
    case searchable, ageMin, ageMax, study
    case lat, long, studylist, otheruid, reputation, comment
    case chat, lastchatDate
    case receipt, product, sesac, background
    /// A parameter the contract does not name, refused for what it holds.
    case form
}
