import Foundation
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

/// What the operator console sees of a reported lesson, and its hides: a hidden post or comment is
/// gone from the web and the contract for everyone but its author, who sees it with a notice, and
/// restoring brings it back as it was.
@Suite struct LessonsModerationTests {
    static let notice = "운영 정책에 따라 숨겨졌어요. 다른 사람에게는 보이지 않아요."
    static let violinTag = "%EB%B0%94%EC%9D%B4%EC%98%AC%EB%A6%B0"

    func moderation(_ sprout: TestSprout) throws -> any ModeratedContent {
        try #require(sprout.platform.moderatedContent.offered(by: "lessons"))
    }

    /// A browser signed in as a person who joined through the contract.
    func browser(_ sprout: TestSprout, as user: LessonsUser) async throws -> WebClient {
        let web = WebClient(sprout)
        let csrf = try await web.csrfToken(from: "/login")
        let signedIn = try await web.post("/login", form: ["email": "\(user.nick)@sprout.test", "password": "pw12345"], csrf: csrf)
        #expect(signedIn.status == .seeOther)
        return web
    }

    func html(_ web: WebClient, _ path: String, status: UInt = 200) async throws -> String {
        let response = try await web.get(path)
        #expect(response.status.code == status, "\(path)")
        return String(buffer: response.body)
    }

    func comment(_ sprout: TestSprout, on postID: String, as user: LessonsUser, _ text: String) async throws -> Lessons.Comment {
        let response = try await sprout.call(.POST, "posts/\(postID)/comments", as: user, json: Lessons.CommentRequest(content: text))
        #expect(response.status.code == 200, "\(response.body.string)")
        return try response.decode(Lessons.Comment.self)
    }

    func postIDs(_ sprout: TestSprout, _ path: String, as user: LessonsUser) async throws -> [String] {
        try await sprout.list(path, as: user).data.map(\.postID)
    }

    @Test func theConsoleSeesTheLessonWithItsPhotosAndCommentsNewestLast() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("modteach", teacher: true)
            let student = try await sprout.signUp("modstudent")
            let passerby = try await sprout.signUp("modpasser")
            let uploaded = try await sprout.upload([LessonsFixtures.jpeg], as: teacher).decode(Lessons.UploadedFiles.self).files
            let lesson = try await sprout.lesson(by: teacher, title: "Violin for adults", content: "Every week #바이올린", files: uploaded)
            let first = try await comment(sprout, on: lesson.postID, as: student, "thank you")
            let second = try await comment(sprout, on: lesson.postID, as: passerby, "buy followers here")

            let content = try moderation(sprout)
            #expect(content.app == "lessons")
            let thing = try #require(try await content.reported(lesson.postID, reportedAt: sprout.clock.now, on: sprout.app.db))
            #expect(thing.item == ModeratedItem(kind: "post", id: lesson.postID))
            #expect(thing.kindName == ReportedThing.Words(ko: "레슨 글", en: "Lesson post"))
            #expect(thing.title == "Violin for adults" && thing.body == "Every week #바이올린")
            #expect(thing.photos == uploaded.map { "/" + $0 } && thing.photos.allSatisfy { $0.hasPrefix("/uploads/lessons/") })
            #expect(thing.ownerID == teacher.id && thing.link == "/lessons/\(lesson.postID)" && thing.hidden == false)
            #expect(thing.parts.map(\.item) == [ModeratedItem(kind: "comment", id: first.commentID), ModeratedItem(kind: "comment", id: second.commentID)])
            #expect(thing.parts.map(\.text) == ["thank you", "buy followers here"], "newest last")
            #expect(thing.parts.map(\.authorID) == [student.id, passerby.id] && thing.parts.map(\.authorName) == ["modstudent", "modpasser"])
            #expect(thing.parts.allSatisfy { !$0.hidden } && thing.partsNote == nil)

            #expect(try await content.setHidden(true, ModeratedItem(kind: "comment", id: second.commentID), on: sprout.app.db) == passerby.id)
            #expect(try await content.setHidden(true, ModeratedItem(kind: "post", id: lesson.postID), on: sprout.app.db) == teacher.id)
            let hidden = try #require(try await content.reported(lesson.postID, reportedAt: sprout.clock.now, on: sprout.app.db))
            #expect(hidden.hidden == true && hidden.parts.map(\.hidden) == [false, true], "the operator still sees what was hidden, marked")
        }
    }

    @Test func aPostWithManyCommentsShowsTheNewestFifty() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("manyteach", teacher: true)
            let student = try await sprout.signUp("manystudent")
            let lesson = try await sprout.lesson(by: teacher)
            for number in 1...51 { _ = try await comment(sprout, on: lesson.postID, as: student, "comment \(number)") }
            let thing = try #require(try await moderation(sprout).reported(lesson.postID, reportedAt: sprout.clock.now, on: sprout.app.db))
            #expect(thing.parts.count == 50 && thing.parts.first?.text == "comment 2" && thing.parts.last?.text == "comment 51")
            #expect(thing.partsNote != nil, "the console says it shows only the newest")
        }
    }

    @Test func unknownOrHostileSubjectsAndOtherKindsAreNothing() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("hostteach", teacher: true)
            let student = try await sprout.signUp("hoststudent")
            let lesson = try await sprout.lesson(by: teacher)
            let remark = try await comment(sprout, on: lesson.postID, as: student, "hello")
            let otherApp = try await sprout.createPost(as: teacher, Lessons.PostRequest(title: "Other app", productID: "someone_else"))
            let content = try moderation(sprout)
            let db = sprout.app.db
            for subject in ["", "nope", "0123456789abcdef01234567", "x'--", "a\u{0}b", "' OR 1=1 --", String(repeating: "a", count: 65),
                            "한국어", remark.commentID, otherApp.postID] {
                #expect(try await content.reported(subject, reportedAt: sprout.clock.now, on: db) == nil, "\(subject)")
                #expect(try await content.setHidden(true, ModeratedItem(kind: "post", id: subject), on: db) == (subject == otherApp.postID ? teacher.id : nil),
                        "\(subject)")
            }
            for item in [ModeratedItem(kind: "product", id: lesson.postID), ModeratedItem(kind: "message", id: remark.commentID),
                         ModeratedItem(kind: "comment", id: lesson.postID), ModeratedItem(kind: "", id: lesson.postID),
                         ModeratedItem(kind: "comment", id: "a\u{0}b")] {
                #expect(try await content.setHidden(true, item, on: db) == nil, "\(item)")
            }
            let seen = try await sprout.post(lesson.postID, as: student)
            #expect(seen.comments.map(\.commentID) == [remark.commentID], "nothing was hidden")
        }
    }

    @Test func aHiddenLessonVanishesForOthersEverywhereAndItsTeacherIsTold() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("hideteach", teacher: true)
            let third = try await sprout.signUp("hidethird")
            let lesson = try await sprout.lesson(by: teacher, title: "Hidden Violin")
            let kept = try await sprout.lesson(by: teacher, title: "Open Cello")
            let listPath = "posts?product_id=\(Lessons.ProductID.lesson)"
            let hashtagPath = "posts/hashtags?hashTag=\(Self.violinTag)"
            // Read once before the hide, so the kept answers are what the hide must move past.
            #expect(try await postIDs(sprout, listPath, as: third).contains(lesson.postID))
            #expect(try await postIDs(sprout, hashtagPath, as: third).contains(lesson.postID))
            #expect(try await sprout.call(.GET, "posts/\(lesson.postID)", as: third).status.code == 200)
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/like-2", as: third, body: #"{"like_status": true}"#).status.code == 200)
            let thirdWeb = try await browser(sprout, as: third), teacherWeb = try await browser(sprout, as: teacher)
            #expect(try await html(thirdWeb, "/lessons/list").contains("Hidden Violin"))

            #expect(try await moderation(sprout).setHidden(true, ModeratedItem(kind: "post", id: lesson.postID), on: sprout.app.db) == teacher.id)

            // The contract, for someone else: gone from every list and search, and not found.
            #expect(try await postIDs(sprout, listPath, as: third) == [kept.postID])
            #expect(try await postIDs(sprout, hashtagPath, as: third) == [kept.postID])
            #expect(try await postIDs(sprout, "posts/users/\(teacher.id)", as: third) == [kept.postID])
            #expect(try await postIDs(sprout, "posts/likes-2/me", as: third).isEmpty)
            let profile = try await sprout.call(.GET, "users/\(teacher.id)/profile", as: third).decode(Lessons.UserProfile.self)
            #expect(profile.posts == [kept.postID])
            #expect(try await sprout.call(.GET, "posts/\(lesson.postID)", as: third).status.code == 410)
            // Nobody else comments on it, likes it, buys it or reads what it sells.
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: third, json: Lessons.CommentRequest(content: "hi")).status.code == 410)
            #expect(try await sprout.call(.POST, "posts/\(lesson.postID)/like", as: third, body: #"{"like_status": true}"#).status.code == 410)
            #expect(try await sprout.call(.POST, "sandbox/payments", as: third,
                                          json: Lessons.SandboxCheckoutRequest(postID: lesson.postID, amount: lesson.price)).status.code == 410)
            #expect(try await sprout.lessonsAPI(.GET, "\(lesson.postID)/terms", as: third).status.code == 404)
            #expect(try await sprout.call(.PUT, "posts/\(lesson.postID)", as: third, json: Lessons.PostRequest(title: "mine")).status.code == 410)

            // Its teacher still has it, in the contract and on the web, where they read why.
            #expect(try await postIDs(sprout, listPath, as: teacher) == [kept.postID, lesson.postID])
            #expect(try await sprout.post(lesson.postID, as: teacher).title == "Hidden Violin")
            let own = try await html(teacherWeb, "/lessons/\(lesson.postID)")
            #expect(own.contains(#"id="removed-notice""#) && own.contains(Self.notice))
            let ownList = try await html(teacherWeb, "/lessons/list")
            #expect(ownList.contains("Hidden Violin") && ownList.contains("removed-notice"))
            #expect(!(try await html(teacherWeb, "/lessons/\(kept.postID)")).contains(Self.notice))

            // The web, for someone else and signed out: gone from lists and search, and not found.
            for path in ["/lessons", "/lessons/list", "/lessons/list?q=Violin", "/lessons/hashtags?tag=\(Self.violinTag)", "/lessons/users/\(teacher.id)",
                         "/lessons/me/bookmarks"] {
                let page = try await html(thirdWeb, path)
                #expect(!page.contains("Hidden Violin") && !page.contains(Self.notice), "\(path)")
            }
            #expect(try await html(thirdWeb, "/lessons/list?q=Cello").contains("Open Cello"))
            _ = try await html(thirdWeb, "/lessons/\(lesson.postID)", status: 404)
            _ = try await html(thirdWeb, "/lessons/\(lesson.postID)/checkout", status: 404)
            _ = try await html(WebClient(sprout), "/lessons/\(lesson.postID)", status: 404)

            // Restored, it is back for everyone as it was, without the notice.
            #expect(try await moderation(sprout).setHidden(false, ModeratedItem(kind: "post", id: lesson.postID), on: sprout.app.db) == teacher.id)
            #expect(try await postIDs(sprout, listPath, as: third) == [kept.postID, lesson.postID])
            #expect(try await postIDs(sprout, "posts/likes-2/me", as: third) == [lesson.postID], "the bookmark was kept")
            #expect(try await sprout.post(lesson.postID, as: third).title == "Hidden Violin")
            #expect(try await html(thirdWeb, "/lessons/list?q=Violin").contains("Hidden Violin"))
            #expect(!(try await html(teacherWeb, "/lessons/\(lesson.postID)")).contains(Self.notice))
        }
    }

    @Test func aHiddenLessonTakesNoBookingsButItsStudentKeepsTheEnrolment() async throws {
        try await withBookingSprout { sprout in
            let teacher = try await sprout.signUp("bookteach", teacher: true)
            let student = try await sprout.signUp("bookstudent")
            let lesson = try await sprout.lesson(by: teacher)
            let (enrolment, _) = try await sprout.enrol(student, in: lesson)
            let slots = try await sprout.openSlots(lesson.postID, as: teacher, at: sprout.clock.now.addingTimeInterval(3 * 86_400))
            let slot = try #require(slots.first)
            #expect(try await moderation(sprout).setHidden(true, ModeratedItem(kind: "post", id: lesson.postID), on: sprout.app.db) == teacher.id)

            let book = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/bookings", as: student,
                                                   json: Lessons.SlotChoice(slotID: slot.slotID))
            #expect(book.status.code == 404, "\(book.body.string)")
            #expect(try await sprout.lessonsAPI(.GET, "\(lesson.postID)/slots", as: student).status.code == 404)
            #expect(try await sprout.lessonsAPI(.GET, "\(lesson.postID)/slots", as: teacher).status.code == 200)
            let mine = try await sprout.enrolment(enrolment.enrolmentID, as: student)
            #expect(mine.state == .active, "the enrolment stays: it can still end with its refund")
            let page = try await html(try await browser(sprout, as: student), "/lessons/enrolments/\(enrolment.enrolmentID)")
            #expect(!page.contains(#"name="slot_id""#), "no open time is offered")

            #expect(try await moderation(sprout).setHidden(false, ModeratedItem(kind: "post", id: lesson.postID), on: sprout.app.db) == teacher.id)
            let booked = try await sprout.lessonsAPI(.POST, "enrolments/\(enrolment.enrolmentID)/bookings", as: student,
                                                     json: Lessons.SlotChoice(slotID: slot.slotID))
            #expect(booked.status.code == 200, "\(booked.body.string)")
        }
    }

    @Test func aHiddenCommentVanishesForOthersButNotForItsAuthor() async throws {
        try await withSprout { sprout in
            let writer = try await sprout.signUp("cmtwriter")
            let reader = try await sprout.signUp("cmtreader")
            let spammer = try await sprout.signUp("cmtspammer")
            let post = try await sprout.createPost(as: writer, Lessons.PostRequest(title: "Practice rooms", content: "Where do you practise?",
                                                                                   productID: Lessons.ProductID.community))
            let kind = try await comment(sprout, on: post.postID, as: reader, "The one by the station")
            let spam = try await comment(sprout, on: post.postID, as: spammer, "Cheap followers at spam.example")
            let listPath = "posts?product_id=\(Lessons.ProductID.community)"
            // Kept answers first, so the hide must be seen past them.
            #expect(try await sprout.post(post.postID, as: reader).comments.count == 2)
            #expect(try await sprout.list(listPath, as: reader).data.first?.comments.count == 2)
            let readerWeb = try await browser(sprout, as: reader), spammerWeb = try await browser(sprout, as: spammer)
            let path = "/lessons/community/\(post.postID)"
            #expect(try await html(readerWeb, path).contains("spam.example"))

            #expect(try await moderation(sprout).setHidden(true, ModeratedItem(kind: "comment", id: spam.commentID), on: sprout.app.db) == spammer.id)

            #expect(try await sprout.post(post.postID, as: reader).comments.map(\.commentID) == [kind.commentID])
            #expect(try await sprout.post(post.postID, as: writer).comments.map(\.commentID) == [kind.commentID], "the post's author too")
            #expect(try await sprout.list(listPath, as: reader).data.first?.comments.map(\.commentID) == [kind.commentID], "lists count what is shown")
            #expect(try await sprout.post(post.postID, as: spammer).comments.map(\.commentID) == [spam.commentID, kind.commentID])
            let edit = try await sprout.call(.PUT, "posts/\(post.postID)/comments/\(spam.commentID)", as: reader, json: Lessons.CommentRequest(content: "x"))
            #expect(edit.status.code == 410, "someone else's hidden comment is not there to change")

            let readersPage = try await html(readerWeb, path)
            #expect(!readersPage.contains("spam.example") && readersPage.contains("The one by the station") && !readersPage.contains(Self.notice))
            #expect(try await html(readerWeb, "/lessons/community").contains("댓글 1</span>"), "the list's count leaves it out")
            let spammersPage = try await html(spammerWeb, path)
            #expect(spammersPage.contains("spam.example") && spammersPage.contains(Self.notice))

            #expect(try await moderation(sprout).setHidden(false, ModeratedItem(kind: "comment", id: spam.commentID), on: sprout.app.db) == spammer.id)
            #expect(try await sprout.post(post.postID, as: reader).comments.map(\.commentID) == [spam.commentID, kind.commentID])
            #expect(try await html(readerWeb, path).contains("spam.example"))
            #expect(!(try await html(spammerWeb, path)).contains(Self.notice))
        }
    }

    @Test func aHiddenReviewLeavesTheLessonPageButItsWriterStillSeesIt() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("revteach", teacher: true)
            let buyer = try await sprout.signUp("revbuyer")
            let lesson = try await sprout.lesson(by: teacher)
            let checkout = try await sprout.call(.POST, "sandbox/payments", as: buyer, json: Lessons.SandboxCheckoutRequest(postID: lesson.postID, amount: lesson.price))
            let impUID = try checkout.decode(Lessons.SandboxCheckout.self).impUID
            #expect(try await sprout.call(.POST, "payments/validation", as: buyer,
                                          json: Lessons.PaymentValidationRequest(impUID: impUID, postID: lesson.postID)).status.code == 200)
            let review = try await comment(sprout, on: lesson.postID, as: buyer, "Rude and late")
            let teacherWeb = try await browser(sprout, as: teacher), buyerWeb = try await browser(sprout, as: buyer)
            #expect(try await html(teacherWeb, "/lessons/\(lesson.postID)").contains("Rude and late"))

            #expect(try await moderation(sprout).setHidden(true, ModeratedItem(kind: "comment", id: review.commentID), on: sprout.app.db) == buyer.id)
            let teachers = try await html(teacherWeb, "/lessons/\(lesson.postID)")
            #expect(!teachers.contains("Rude and late") && teachers.contains("후기 0개"))
            #expect(!(try await html(teacherWeb, "/lessons/me/reviews")).contains("Rude and late"))
            let buyers = try await html(buyerWeb, "/lessons/\(lesson.postID)")
            #expect(buyers.contains("Rude and late") && buyers.contains(Self.notice) && !buyers.contains(#"id="removed-notice""#),
                    "the notice is on the review, not on the lesson")
        }
    }
}
