import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Testing

@MainActor @Suite struct OpenLessonViewModelTests {
    static func photo(_ name: String) -> ImageUpload { ImageUpload(filename: "\(name).jpg", data: Data([0xFF, 0xD8, 0xFF])) }

    func fill(_ model: OpenLessonViewModel) {
        model.titleChanged("  Violin for beginners ")
        model.priceChanged("50000")
        model.instrumentPicked(.violin)
        model.regionPicked(.seoul)
        model.lessonTypePicked(.hobby)
        model.introductionChanged("Weekly 1:1 lesson #바이올린 #취미레슨")
    }

    @Test func studentsAreRefusedAndNothingIsSent() async {
        let server = FakeLessons(me: FakeLessons.student)
        let model = OpenLessonViewModel(lessons: server)
        await model.viewDidAppear()
        #expect(model.access == .refused && model.alert == OpenLessonViewModel.refusal)
        model.alertDismissed()
        fill(model)
        model.photosPicked([Self.photo("a")])
        await model.submitTapped()
        #expect(model.route == nil && model.alert == OpenLessonViewModel.refusal)
        #expect(await server.calls == ["myProfile"])
    }

    @Test func theRoleIsCheckedOnSubmitWhenItWasNotYet() async {
        let server = FakeLessons(me: FakeLessons.student)
        let model = OpenLessonViewModel(lessons: server)
        fill(model)
        await model.submitTapped()
        #expect(model.access == .refused && model.route == nil)
        #expect(await server.calls == ["myProfile"])
    }

    @Test func errorsAppearPerFieldOnSubmitThenFollowEachChange() async {
        let server = FakeLessons()
        let model = OpenLessonViewModel(lessons: server)
        await model.viewDidAppear()
        model.priceChanged("abc")
        #expect(model.fieldErrors.isEmpty, "nothing is shown before the first submit")
        await model.submitTapped()
        #expect(model.fieldErrors == [.title: .required, .price: .notANumber, .instrument: .required, .region: .required,
                                      .lessonType: .required, .introduction: .required])
        model.titleChanged("Violin")
        model.priceChanged("20000000")
        #expect(model.fieldErrors[.title] == nil && model.fieldErrors[.price] == .outOfRange(Lessons.LessonDraft.priceRange))
        model.instrumentPicked(.cello)
        #expect(model.fieldErrors[.instrument] == nil)
        #expect(await server.calls == ["myProfile"], "an invalid form is not sent")
    }

    @Test func photosStopAtThree() {
        let model = OpenLessonViewModel(lessons: FakeLessons())
        model.photosPicked([Self.photo("a"), Self.photo("b")])
        model.photosPicked([Self.photo("c"), Self.photo("d")])
        #expect(model.photos == ["a", "b", "c"].map { .picked(Self.photo($0)) })
        #expect(model.alert == "사진은 3장까지 올릴 수 있어요.")
        model.photoRemoved(at: 0)
        #expect(model.draft.photoCount == 2)
        model.photoRemoved(at: 5)
        #expect(model.photos.count == 2)
    }

    @Test func aTeacherUploadsThePhotosThenOpensTheLessonWithTheirPaths() async throws {
        let server = FakeLessons()
        let model = OpenLessonViewModel(lessons: server)
        await model.viewDidAppear()
        #expect(model.access == .allowed)
        fill(model)
        model.photosPicked(["a", "b", "c"].map(Self.photo))
        await model.submitTapped()
        #expect(await server.calls == ["myProfile", "uploadFiles(3)", "createPost"])
        let request = try #require(await server.postRequests.first)
        #expect(request == Lessons.PostRequest(
            title: "Violin for beginners", price: 50000, content: "Weekly 1:1 lesson #바이올린 #취미레슨", content1: "바이올린", content2: "서울",
            content3: "취미", content4: "", content5: "", productID: Lessons.ProductID.lesson,
            files: ["uploads/lessons/file1.jpg", "uploads/lessons/file2.jpg", "uploads/lessons/file3.jpg"]
        ))
        #expect(model.route == .created(postID: "post4"))
        #expect(!model.isSubmitting)
    }

    @Test func aRetryAfterAFailedCreateDoesNotUploadAgain() async {
        let server = FakeLessons()
        await server.fail("createPost", with: .http(status: 500, code: .serverError, message: nil))
        let model = OpenLessonViewModel(lessons: server)
        fill(model)
        model.photosPicked([Self.photo("a")])
        await model.submitTapped()
        #expect(model.alert == "레슨을 개설하지 못했어요. 다시 시도해 주세요." && model.route == nil)
        #expect(model.photos == [.uploaded(path: "uploads/lessons/file1.jpg")])
        await server.succeed("createPost")
        await model.submitTapped()
        #expect(await server.calls == ["myProfile", "uploadFiles(1)", "createPost", "createPost"])
        #expect(model.route != nil)
    }

    @Test func aFailedUploadCreatesNothing() async {
        let server = FakeLessons()
        await server.fail("uploadFiles", with: .http(status: 400, code: .missingValue, message: "파일의 제한 사항과 맞지 않습니다."))
        let model = OpenLessonViewModel(lessons: server)
        fill(model)
        model.photosPicked([Self.photo("a")])
        await model.submitTapped()
        #expect(model.alert == "파일의 제한 사항과 맞지 않습니다.")
        #expect(await server.calls == ["myProfile", "uploadFiles(1)"])
    }

    @Test func editingSavesWithPutKeepingPhotosAndCuration() async throws {
        var lesson = FakeLessons.lesson("p1", instrument: .cello, curation: .popular)
        lesson.files = ["uploads/lessons/old1.jpg", "uploads/lessons/old2.jpg"]
        let server = FakeLessons(posts: [lesson])
        let model = OpenLessonViewModel(lessons: server, editing: lesson)
        #expect(model.mode == .edit(postID: "p1"))
        #expect(model.draft.title == "Lesson p1" && model.draft.instrument == "첼로" && model.draft.photoCount == 2)
        model.photoRemoved(at: 0)
        model.photosPicked([Self.photo("new")])
        model.priceChanged("70000")
        await model.submitTapped()
        #expect(await server.calls == ["myProfile", "uploadFiles(1)", "updatePost(p1)"])
        let request = try #require(await server.postRequests.first)
        #expect(request.files == ["uploads/lessons/old2.jpg", "uploads/lessons/file1.jpg"])
        #expect(request.price?.value == 70000 && request.content4?.value == Lessons.Curation.popular.rawValue)
        #expect(model.route == .updated(postID: "p1"))
    }

    @Test func aRefusedEditAlerts() async {
        let lesson = FakeLessons.lesson("p1")
        let server = FakeLessons(posts: [lesson])
        await server.fail("updatePost", with: .http(status: 445, code: .notAuthor, message: "권한이 없습니다."))
        let model = OpenLessonViewModel(lessons: server, editing: lesson)
        await model.submitTapped()
        #expect(model.alert == "권한이 없습니다." && model.route == nil)
    }
}
