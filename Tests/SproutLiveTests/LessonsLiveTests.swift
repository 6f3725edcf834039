import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import SproutTestSupport
import Testing
import Vapor

/// All For Lesson's screens, through the SDK, against the real server over real sockets.
@Suite struct LessonsLiveTests {
    static let photo = try! Data(contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/images/exif-rotated.jpg"))

    /// Joins through the join screen and logs in through the login screen; answers the user id.
    @MainActor
    func joinAndLogIn(_ lessons: LessonsClient, as role: LessonsRole, email: String, nick: String) async throws -> String {
        let join = JoinViewModel(lessons: lessons, role: role)
        join.emailChanged(email)
        await join.emailCheckTapped()
        #expect(join.emailCheck?.isAvailable == true)
        join.passwordChanged("pw12345")
        join.nickChanged(nick)
        await join.joinTapped()
        #expect(join.route == .login(email: email), "\(join.joinError ?? "")")
        let login = LoginViewModel(lessons: lessons, email: email)
        login.passwordChanged("pw12345")
        await login.loginTapped()
        guard case let .home(userID, loggedInNick) = try #require(login.route) else { throw SproutError.notSignedIn }
        #expect(loggedInNick == nick)
        return userID
    }

    @Test func aTeacherOpensALessonAndAStudentFindsBookmarksPaysAndReviewsItAcrossAnExpiry() async throws {
        try await withListeningSprout { sprout, url in try await lessonFlow(sprout, url) }
    }

    /// The screens run on the main actor, as in an app.
    @MainActor
    func lessonFlow(_ sprout: TestSprout, _ url: URL) async throws {
        let teacherWire = TestTransport(recording: URLSessionTransport())
        let studentWire = TestTransport(recording: URLSessionTransport())
        let teacher = LessonsClient(baseURL: url, apiKey: sprout.apiKey, transport: teacherWire)
        let student = LessonsClient(baseURL: url, apiKey: sprout.apiKey, transport: studentWire)
        let teacherID = try await joinAndLogIn(teacher, as: .teacher, email: "teacher@sprout.test", nick: "김선생")
        let studentID = try await joinAndLogIn(student, as: .student, email: "student@sprout.test", nick: "이학생")

        // The teacher opens a lesson with three photos; a student is refused the form.
        let form = OpenLessonViewModel(lessons: teacher)
        await form.viewDidAppear()
        #expect(form.access == .allowed)
        form.titleChanged("바이올린 1:1 레슨")
        form.priceChanged("50000")
        form.instrumentPicked(.violin)
        form.regionPicked(.seoul)
        form.lessonTypePicked(.hobby)
        form.introductionChanged("매주 한 번 #바이올린 #취미레슨")
        form.photosPicked((1...3).map { ImageUpload(filename: "violin-\($0).jpg", contentType: "image/jpg", data: Self.photo) })
        await form.submitTapped()
        guard case let .created(lessonID) = try #require(form.route, "\(form.alert ?? "")") else { return }
        let refused = OpenLessonViewModel(lessons: student)
        await refused.viewDidAppear()
        #expect(refused.access == .refused)

        // More lessons around it, so the list has pages to walk: violin ones are strings, piano ones are not.
        for index in 1...10 {
            let instrument = index.isMultiple(of: 2) ? "피아노" : "첼로"
            _ = try await teacher.createPost(Lessons.LessonDraft(
                title: "Lesson \(index)", price: "30000", instrument: instrument, region: "부산", lessonType: "입시", introduction: "레슨 \(index)"
            ).request(files: []))
        }

        // The student pages the strings list to the end and finds each string lesson once.
        let list = LessonListViewModel(lessons: student, source: .group(.strings), userID: studentID, pageSize: 3)
        await list.viewWillAppear()
        while list.hasMore { await list.willDisplayLesson(at: list.lessons.count - 1) }
        #expect(list.lessons.count == 6 && Set(list.lessons.map(\.postID)).count == 6)
        #expect(list.lessons.last?.postID == lessonID)
        await list.filterChanged(LessonFilter(group: .strings, region: .seoul))
        #expect(list.lessons.map(\.postID) == [lessonID])
        let tagged = LessonListViewModel(lessons: student, source: .hashtag("취미레슨"), userID: studentID)
        await tagged.viewWillAppear()
        #expect(tagged.lessons.map(\.postID) == [lessonID])

        // Its detail, its cover photo, and the bookmark.
        let detail = LessonDetailViewModel(lessons: student, postID: lessonID, userID: studentID)
        await detail.viewDidAppear()
        let lesson = try #require(detail.lesson)
        #expect(lesson.files.count == 3 && lesson.creator.userID == teacherID && lesson.hashTags.sorted() == ["바이올린", "취미레슨"])
        let cover = try await student.image(at: lesson.files[0])
        #expect(cover.starts(with: [0xFF, 0xD8]), "JPEG bytes")
        await detail.bookmarkTapped()
        #expect(detail.isBookmarked)

        // Both access tokens expire here; everything after is refreshed on the way, once per session.
        sprout.clock.advance(by: sprout.platform.tokens.accessLifetime + 1)

        await detail.paymentWindowClosed(with: .cancelled)
        #expect(detail.payment == .cancelled)
        await detail.paymentWindowClosed(with: .paid)
        guard case let .paid(receipt) = detail.payment else {
            Issue.record("not paid: \(detail.payment)")
            return
        }
        #expect(receipt.postID == lessonID && receipt.price == 50000 && receipt.buyerID == studentID)
        #expect(detail.isPurchased)
        #expect(studentWire.requests.filter { $0.url.path == "/v1/payments/validation" }.count == 1, "the cancelled checkout was not validated")

        detail.reviewTextChanged("친절한 선생님!")
        detail.reviewRatingChanged(.four)
        await detail.reviewSubmitted()
        let review = try #require(detail.reviews.first)
        #expect(detail.isMine(review) && review.rating == .four && detail.rating?.shown == "4.0")
        detail.reviewEditTapped(review)
        detail.reviewTextChanged("정말 친절한 선생님!")
        detail.reviewRatingChanged(.five)
        await detail.reviewSubmitted()
        #expect(detail.reviews.map(\.content) == ["정말 친절한 선생님!"] && detail.rating?.shown == "5.0" && detail.alert == nil)

        let studentPage = MyPageViewModel(lessons: student)
        await studentPage.viewWillAppear()
        #expect(studentPage.role == .student)
        #expect(studentPage.paidLessons.map(\.postID) == [lessonID])
        #expect(studentPage.bookmarks.map(\.postID) == [lessonID])

        let teacherPage = MyPageViewModel(lessons: teacher)
        await teacherPage.viewWillAppear()
        #expect(teacherPage.role == .teacher && teacherPage.alert == nil)
        #expect(teacherPage.myLessons.count == 11 && teacherPage.myLessons.last?.postID == lessonID)
        #expect(teacherPage.reviews.map(\.comment.content) == ["정말 친절한 선생님!"])
        #expect(teacherPage.reviews.first?.lessonTitle == "바이올린 1:1 레슨")

        func refreshes(_ wire: TestTransport) -> Int { wire.requests.filter { $0.url.path == "/v1/auth/refresh" }.count }
        #expect(refreshes(studentWire) == 1)
        #expect(refreshes(teacherWire) == 1)
        #expect((studentWire.requests + teacherWire.requests).allSatisfy { $0.header("SesacKey") == sprout.apiKey })
    }
}
