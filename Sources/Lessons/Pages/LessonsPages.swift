import Platform
import PlatformCore
import Vapor

/// The `/lessons` web app: All For Lesson's screens (spec §6) as mobile-first pages that work
/// without scripts, in Korean and English.
struct LessonsPages: Sendable {
    let board: PostBoard
    let messenger: Messenger
    let follows: Follows
    let desk: PaymentDesk
    let sandbox: SandboxGateway?
    let uploads: PostUploads
    let uploadBodyLimit: ByteCount
    let terms: LessonTerms
    let openTimes: OpenTimes
    let enrolments: Enrolments
    let bookings: Bookings
    let refunds: EnrolmentRefunds
    let calendars: CalendarFeeds
    let publicURL: String?
    let clock: WallClock

    func register(on pages: any RoutesBuilder) {
        let pages = pages.grouped(LessonsPageErrors())
        HomePage(reader: board.reader).register(on: pages)
        LessonListPage(reader: board.reader, districts: terms.districts).register(on: pages)
        HashtagPage(reader: board.reader).register(on: pages)
        LessonDetailPages(board: board, messenger: messenger, terms: terms, enrolments: enrolments).register(on: pages)
        CheckoutPages(board: board, desk: desk, sandbox: sandbox, terms: terms).register(on: pages)
        TermsPages(board: board, terms: terms).register(on: pages)
        SchedulePages(openTimes: openTimes, clock: clock).register(on: pages)
        EnrolmentPages(enrolments: enrolments, bookings: bookings, refunds: refunds, openTimes: openTimes, messenger: messenger, calendars: calendars,
                       publicURL: publicURL).register(on: pages)
        TeacherPages(board: board, uploads: uploads, uploadBodyLimit: uploadBodyLimit).register(on: pages)
        MyPages(board: board, desk: desk).register(on: pages)
        CommunityPages(board: board).register(on: pages)
        ProfilePages(board: board, follows: follows).register(on: pages)
    }
}
