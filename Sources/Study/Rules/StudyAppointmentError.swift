/// Why a study partner's 약속 was refused before the platform's appointment rules were asked
/// (those refuse in `AppointmentError`). Sprout's study API maps both once
/// (API/StudyAppointmentErrorMapping.swift), the pages once (`StudyAppointmentViews`).
enum StudyAppointmentError: Error, Equatable {
    /// Not matched with anyone: there is no pair to meet, and no appointment of mine to find.
    case notMatched
    /// Matched, but one side ended the study: the pair meets no more.
    case studyOver
}
