import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct MyPageViewModelTests {
    static func receipt(_ postID: String) -> Lessons.Receipt {
        Lessons.Receipt(buyerID: "student", postID: postID, merchantUID: "m-\(postID)", productName: postID, price: 50000, paidAt: "2024-08-28T05:12:33.120Z")
    }

    @Test func aStudentSeesPaidLessonsAndBookmarks() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [
            FakeLessons.lesson("p3", likes2: ["student"]), FakeLessons.lesson("p2"), FakeLessons.lesson("p1", likes2: ["student"]),
        ])
        // Newest payment first; p2 bought twice, and one lesson deleted since.
        await server.setReceipts([Self.receipt("p2"), Self.receipt("gone"), Self.receipt("p1"), Self.receipt("p2")])
        let model = MyPageViewModel(lessons: server)
        await model.viewWillAppear()
        #expect(model.role == .student && model.profile?.nick == "Lee")
        #expect(model.paidLessons.map(\.postID) == ["p2", "p1"])
        #expect(model.bookmarks.map(\.postID) == ["p3", "p1"])
        #expect(model.myLessons.isEmpty && model.reviews.isEmpty && model.alert == nil)
        #expect(await server.calls == ["myProfile", "payments", "post(p2)", "post(gone)", "post(p1)", "posts"])
        #expect(await server.pageRequests.map(\.feed) == [.liked2])
    }

    @Test func aTeacherSeesTheirLessonsAndEveryReviewOnThem() async {
        let server = FakeLessons(me: FakeLessons.teacher, posts: [
            FakeLessons.lesson("p3", title: "Cello", comments: [FakeLessons.review("c3", by: "a"), FakeLessons.review("c2", by: "b")]),
            FakeLessons.lesson("p2", by: "someone", comments: [FakeLessons.review("cx", by: "a")]),
            FakeLessons.lesson("p1", title: "Violin", comments: [FakeLessons.review("c1", by: "a")]),
            FakeLessons.lesson("c0", productID: Lessons.ProductID.community),
        ])
        let model = MyPageViewModel(lessons: server)
        await model.viewWillAppear()
        #expect(model.role == .teacher)
        #expect(model.myLessons.map(\.postID) == ["p3", "p1"])
        #expect(model.reviews.map(\.id) == ["c3", "c2", "c1"])
        #expect(model.reviews.map(\.lessonTitle) == ["Cello", "Cello", "Violin"])
        #expect(model.paidLessons.isEmpty && model.bookmarks.isEmpty)
        #expect(await server.pageRequests.map(\.feed) == [.user(id: "teacher", productID: Lessons.ProductID.lesson)])
    }

    @Test func onlyATeacherMayOpenALesson() async {
        let student = MyPageViewModel(lessons: FakeLessons(me: FakeLessons.student))
        await student.viewWillAppear()
        student.openLessonTapped()
        #expect(student.route == nil)
        let teacher = MyPageViewModel(lessons: FakeLessons(me: FakeLessons.teacher))
        await teacher.viewWillAppear()
        teacher.openLessonTapped()
        #expect(teacher.route == .openLesson)
    }

    @Test func anAccountWithoutTheFlagIsAStudent() async {
        let model = MyPageViewModel(lessons: FakeLessons(me: FakeLessons.profile(id: "web", nick: "Web", phoneNum: "")))
        await model.viewWillAppear()
        #expect(model.role == .student)
    }

    @Test func logoutForgetsTheSessionAndOpensLogin() async {
        let server = FakeLessons(me: FakeLessons.student)
        let model = MyPageViewModel(lessons: server)
        await model.logoutTapped()
        #expect(model.route == .login)
        #expect(await server.me == nil)
    }

    @Test func aFailureAlertsAndATapOpensTheDetail() async {
        let server = FakeLessons(me: FakeLessons.student, posts: [FakeLessons.lesson("p1")])
        await server.fail("payments", with: .transport("offline"))
        let model = MyPageViewModel(lessons: server)
        await model.viewWillAppear()
        #expect(model.alert == "통신 오류가 발생했어요. 다시 시도해 주세요." && !model.isLoading)
        model.lessonTapped(FakeLessons.lesson("p1"))
        #expect(model.route == .lessonDetail(postID: "p1"))
    }
}
