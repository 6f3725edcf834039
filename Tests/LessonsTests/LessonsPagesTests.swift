import Foundation
import Media
import Platform
import SproutAPI
import SproutTestSupport
import Testing
import VaporTesting

@Suite struct LessonsPagesTests {
    static let photo = try! ImagePipeline.jpeg(rgb: [UInt8](repeating: 90, count: 40 * 30 * 3), width: 40, height: 30)

    /// A signed-up browser that chose its role on "my page", and its CSRF token.
    func member(_ sprout: TestSprout, _ name: String, role: String) async throws -> (WebClient, String) {
        let browser = WebClient(sprout)
        let csrf = try await browser.csrfToken(from: "/signup")
        let signup = try await browser.post("/signup", form: ["name": name, "email": "\(name)@sprout.test", "password": "long-password"], csrf: csrf)
        #expect(signup.status.code == 303)
        let chosen = try await browser.post("/lessons/me/role", form: ["role": role], csrf: csrf)
        #expect(chosen.headers.first(name: .location) == "/lessons/me")
        return (browser, csrf)
    }

    /// Opens a lesson through the web form and returns its post id.
    func openLesson(_ browser: WebClient, csrf: String, title: String = "바이올린 1:1", price: String = "50000", instrument: String = "바이올린",
                    region: String = "서울", type: String = "취미", introduction: String = "주 1회 레슨 #바이올린 #취미레슨", photos: [Data] = []) async throws -> String {
        let response = try await browser.postMultipart("/lessons/new", csrf: csrf) { body in
            for (name, value) in [("title", title), ("price", price), ("instrument", instrument), ("region", region), ("lesson_type", type), ("introduction", introduction)] {
                body.add(name: name, Data(value.utf8))
            }
            if photos.isEmpty { body.add(name: "photos", filename: "", contentType: "application/octet-stream", Data()) }
            for (index, photo) in photos.enumerated() { body.add(name: "photos", filename: "photo-\(index).jpg", contentType: "image/jpeg", photo) }
        }
        #expect(response.status.code == 303, "\(String(buffer: response.body).prefix(300))")
        let location = try #require(response.headers.first(name: .location))
        return String(location.split(separator: "/").last ?? "")
    }

    /// The teacher opens a time tomorrow, the student books it from their enrolment and the clock
    /// passes it: the student's first session has taken place, which a review waits for.
    func takeASession(_ sprout: TestSprout, teacher: WebClient, teacherCSRF: String, student: WebClient, csrf: String, lesson: String) async throws {
        let seoul = sprout.clock.now.addingTimeInterval(9 * 3600 + 86_400)
        let parts = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC") ?? .current, from: seoul)
        let day = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, (parts.minute ?? 0) / 15 * 15)
        let opened = try await teacher.post("/lessons/me/schedule/slots", form: ["post_id": lesson, "date": day, "time": time, "repeat_weeks": "1"],
                                            csrf: teacherCSRF)
        #expect(opened.status.code == 303 || opened.status.code == 409, "a time opened, or the one opened for an earlier student")
        let enrolment = try #require(try await html(student, "/lessons/\(lesson)").firstMatch(of: /href="\/lessons\/enrolments\/([0-9a-f]+)"/)?.1)
        let slot = try #require(try await html(student, "/lessons/enrolments/\(enrolment)").firstMatch(of: /name="slot_id" value="([0-9a-f]+)"/)?.1)
        #expect(try await student.post("/lessons/enrolments/\(enrolment)/bookings", form: ["slot_id": String(slot)], csrf: csrf).status.code == 303)
    }

    func html(_ browser: WebClient, _ path: String, status: UInt = 200) async throws -> String {
        let response = try await browser.get(path)
        #expect(response.status.code == status, "\(path)")
        return String(buffer: response.body)
    }

    func storedPhotos(_ sprout: TestSprout) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: sprout.dataDirectory.appendingPathComponent("uploads/lessons").path)) ?? []
    }

    @Test func everyPageRendersAndSignedOutVisitorsAreSentToLogIn() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "kimteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: csrf, photos: [Self.photo])
            try await teacher.post("/lessons/community/new", form: ["title": "연습 팁", "content": "매일 10분 #바이올린"], csrf: csrf)
            let teacherID = try #require(try await html(teacher, "/lessons/me").firstMatch(of: /href="\/lessons\/users\/([0-9a-f]+)"/)?.1)

            let visitor = WebClient(sprout)
            for path in ["/lessons", "/lessons/list", "/lessons/list?group=strings&region=%EC%84%9C%EC%9A%B8&type=%EC%B7%A8%EB%AF%B8&price=to50k&sort=priceLow&page=abc",
                         "/lessons/\(lesson)", "/lessons/hashtags", "/lessons/hashtags?tag=%23%EB%B0%94%EC%9D%B4%EC%98%AC%EB%A6%B0&tab=community",
                         "/lessons/community", "/lessons/users/\(teacherID)"] {
                let page = try await html(visitor, path)
                #expect(page.contains(#"id="lessons-nav-home""#), "\(path)")
            }
            #expect(try await html(visitor, "/lessons").contains(#"id="category-strings""#))
            let unfiltered = try await html(visitor, "/lessons/list")
            #expect(unfiltered.contains(#"<details id="filter-sheet" class="filter-sheet"><summary>필터</summary>"#), "the choices fold into a sheet")
            let filtered = try await html(visitor, "/lessons/list?group=strings&region=%EC%84%9C%EC%9A%B8&price=to50k&sort=priceLow")
            #expect(filtered.contains("<summary>필터 3개 적용 중</summary>") && filtered.contains(#"<option value="서울" selected"#))
            #expect(try await html(visitor, "/").contains(#"href="/lessons""#), "the hub tile leads here")
            let detail = try await html(visitor, "/lessons/\(lesson)")
            #expect(detail.contains("바이올린 1:1") && detail.contains("50,000원") && detail.contains("kimteach 선생님") && detail.contains(#"src="/uploads/lessons/"#))
            #expect(detail.contains("/login?next=/lessons/\(lesson)/checkout"))

            for path in ["/lessons/me", "/lessons/new", "/lessons/me/payments", "/lessons/me/bookmarks", "/lessons/me/lessons", "/lessons/me/reviews",
                         "/lessons/\(lesson)/checkout", "/lessons/\(lesson)/edit", "/lessons/community/new"] {
                let response = try await visitor.get(path)
                #expect(response.status.code == 303, "\(path)")
                #expect(response.headers.first(name: .location) == "/login?next=\(path)", "\(path)")
            }
            let csrfOfVisitor = try await visitor.csrfToken(from: "/signup")
            let bookmark = try await visitor.post("/lessons/\(lesson)/bookmark", form: [:], csrf: csrfOfVisitor)
            #expect(bookmark.headers.first(name: .location) == "/login?next=/lessons/\(lesson)", "a form post comes back to the page it was on")

            visitor.language = "en"
            let english = try await html(visitor, "/lessons/\(lesson)")
            #expect(english.contains(#"<html lang="en">"#) && english.contains("₩50,000") && english.contains("Violin") && english.contains("Teacher kimteach"))
            #expect(try await html(visitor, "/lessons/no-such-post", status: 404).contains("Page not found"))
            #expect(try await html(visitor, "/lessons/users/nobody", status: 404).contains("Page not found"))
        }
    }

    @Test func aLessonPageCarriesItsSharePreview() async throws {
        try await withSprout(configure: { $0.publicBaseURL = "https://sprout.example/" }) { sprout in
            let (teacher, csrf) = try await member(sprout, "sharingteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: csrf, title: "첼로 입문", photos: [Self.photo])
            let page = try await html(WebClient(sprout), "/lessons/\(lesson)")
            #expect(page.contains(#"<meta property="og:title" content="첼로 입문"/>"#))
            #expect(page.contains(#"<meta property="og:description" content="주 1회 레슨 #바이올린 #취미레슨"/>"#))
            #expect(page.contains(#"<meta property="og:url" content="https://sprout.example/lessons/\#(lesson)"/>"#))
            #expect(page.contains(#"<meta property="og:image" content="https://sprout.example/uploads/lessons/"#))
        }
    }

    @Test func typedTextNeverBecomesMarkup() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "safeteach", role: "teacher")
            let injected = #""><b>bold</b>"#
            let lesson = try await openLesson(teacher, csrf: csrf, title: injected, photos: [Self.photo])
            for path in ["/lessons/\(lesson)", "/lessons/list", "/lessons/\(lesson)/edit", "/lessons/hashtags?tag=%22%3E%3Cb%3Ebold"] {
                let page = try await html(teacher, path)
                #expect(!page.contains("<b>"), "\(path)")
            }
            let refused = try await teacher.postMultipart("/lessons/new", csrf: csrf) { body in
                body.add(name: "title", Data(injected.utf8))
                body.add(name: "price", Data(#""><i>"#.utf8))
            }
            #expect(refused.status.code == 400)
            #expect(!String(buffer: refused.body).contains("<b>") && !String(buffer: refused.body).contains("<i>"))
            #expect(String(buffer: refused.body).contains(#"value="&quot;&gt;&lt;b&gt;bold&lt;/b&gt;""#))
        }
    }

    @Test func onlyTeachersOpenLessons() async throws {
        try await withSprout { sprout in
            let (student, csrf) = try await member(sprout, "leestudent", role: "student")
            let refused = try await html(student, "/lessons/new", status: 403)
            #expect(refused.contains("선생님만 레슨을 열고 관리할 수 있어요"))
            let posted = try await student.postMultipart("/lessons/new", csrf: csrf) { body in
                for (name, value) in [("title", "몰래 연 레슨"), ("price", "1000"), ("instrument", "피아노"), ("region", "서울"), ("lesson_type", "취미"), ("introduction", "소개")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "photos", filename: "a.jpg", contentType: "image/jpeg", Self.photo)
            }
            #expect(posted.status.code == 403)
            #expect(try await html(student, "/lessons/list").contains("레슨 0개"))
            #expect(storedPhotos(sprout).isEmpty)
            #expect(try await html(student, "/lessons/me").contains(#"id="payments-link""#))
            #expect(try await student.get("/lessons/me/reviews").status.code == 403)

            let (teacher, _) = try await member(sprout, "parkteach", role: "teacher")
            #expect(try await html(teacher, "/lessons/new").contains(#"id="lesson-form""#))
            #expect(try await html(teacher, "/lessons/me").contains(#"id="open-lesson""#))
        }
    }

    @Test func theOpenFormShowsErrorsByFieldKeepsValuesAndStoresNothing() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "choiteach", role: "teacher")
            let refused = try await teacher.postMultipart("/lessons/new", csrf: csrf) { body in
                for (name, value) in [("title", "  "), ("price", "오만원"), ("instrument", "기타"), ("region", "서울"), ("lesson_type", ""), ("introduction", "소개 #첼로")] {
                    body.add(name: name, Data(value.utf8))
                }
                for index in 0..<4 { body.add(name: "photos", filename: "p\(index).jpg", contentType: "image/jpeg", Self.photo) }
            }
            #expect(refused.status.code == 400)
            let page = String(buffer: refused.body)
            for message in ["필수 입력 항목이에요.", "숫자로 입력해 주세요.", "사진은 3장까지 올릴 수 있어요."] {
                #expect(page.contains(message), "\(message)")
            }
            #expect(page.components(separatedBy: #"class="field-error""#).count - 1 == 5, "title, price, subject, type and photos")
            #expect(page.contains(#"value="오만원""#) && page.contains(">소개 #첼로</textarea>"))
            #expect(page.contains(#"<option value="서울" selected="selected">서울</option>"#))
            #expect(storedPhotos(sprout).isEmpty)
            #expect(try await html(teacher, "/lessons/list").contains("레슨 0개"))

            let unreadable = try await teacher.postMultipart("/lessons/new", csrf: csrf) { body in
                for (name, value) in [("title", "첼로 입문"), ("price", "40000"), ("instrument", "첼로"), ("region", "부산"), ("lesson_type", "입시"), ("introduction", "소개")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "photos", filename: "notes.jpg", contentType: "image/jpeg", Data("not a photo".utf8))
            }
            #expect(unreadable.status.code == 400)
            #expect(String(buffer: unreadable.body).contains("사진을 읽을 수 없어요"))
            #expect(storedPhotos(sprout).isEmpty)

            let lesson = try await openLesson(teacher, csrf: csrf, title: "첼로 입문", price: "40000", instrument: "첼로", region: "부산", type: "입시",
                                              introduction: "기초부터 #첼로 #입시레슨", photos: [Self.photo, Self.photo])
            let detail = try await html(teacher, "/lessons/\(lesson)")
            #expect(detail.components(separatedBy: "data-full=").count - 1 == 2)
            let main = try #require(detail.firstMatch(of: /id="gallery-main" src="([^"]+)"/)?.1)
            let thumbnails = detail.matches(of: /data-full="([^"]+)"/).map { String($0.1) }
            #expect(thumbnails.first == String(main), "the cover is shown first")
            #expect(try await html(teacher, "/lessons/\(lesson)?photo=1").contains(#"id="gallery-main" src="\#(thumbnails.last ?? "")""#))
            #expect(detail.contains(#"href="/lessons/hashtags?tag=%EC%B2%BC%EB%A1%9C&amp;tab=lessons""#))
            #expect(detail.contains(#"id="edit-lesson""#) && !detail.contains(#"id="apply-button""#))
            #expect(storedPhotos(sprout).count == 2)
        }
    }

    @Test func anotherTeachersLessonCannotBeChanged() async throws {
        try await withSprout { sprout in
            let (owner, ownerCSRF) = try await member(sprout, "ownerteach", role: "teacher")
            let lesson = try await openLesson(owner, csrf: ownerCSRF, photos: [Self.photo])
            let (other, csrf) = try await member(sprout, "otherteach", role: "teacher")
            #expect(try await html(other, "/lessons/\(lesson)/edit", status: 403).contains("내가 연 레슨만 고칠 수 있어요"))
            let edit = try await other.postMultipart("/lessons/\(lesson)/edit", csrf: csrf) { body in
                for (name, value) in [("title", "가로챈 레슨"), ("price", "1"), ("instrument", "피아노"), ("region", "서울"), ("lesson_type", "취미"), ("introduction", "x")] {
                    body.add(name: name, Data(value.utf8))
                }
            }
            #expect(edit.status.code == 403)
            #expect(try await other.get("/lessons/\(lesson)/delete").status.code == 403)
            #expect(try await other.post("/lessons/\(lesson)/delete", form: [:], csrf: csrf).status.code == 403)
            let unchanged = try await html(other, "/lessons/\(lesson)")
            #expect(unchanged.contains("바이올린 1:1") && unchanged.contains("50,000원") && !unchanged.contains("가로챈"))
            #expect(!unchanged.contains(#"id="edit-lesson""#))

            let form = try await html(owner, "/lessons/\(lesson)/edit")
            #expect(form.contains(#"value="50000""#) && form.contains(#"id="current-photos""#))
            let saved = try await owner.postMultipart("/lessons/\(lesson)/edit", csrf: ownerCSRF) { body in
                for (name, value) in [("title", "바이올린 심화"), ("price", "65000"), ("instrument", "비올라"), ("region", "경기"), ("lesson_type", "입시"), ("introduction", "심화 #비올라")] {
                    body.add(name: name, Data(value.utf8))
                }
                body.add(name: "photos", filename: "", contentType: "application/octet-stream", Data())
            }
            #expect(saved.status.code == 303)
            let edited = try await html(owner, "/lessons/\(lesson)")
            #expect(edited.contains("바이올린 심화") && edited.contains("65,000원") && edited.contains("비올라") && edited.contains("data-full=") == false)
            #expect(edited.contains(#"id="gallery-main""#), "the photo stays when none is chosen")
            #expect(storedPhotos(sprout).count == 1)

            #expect(try await html(owner, "/lessons/\(lesson)/delete").contains(#"id="confirm-delete""#))
            let deleted = try await owner.post("/lessons/\(lesson)/delete", form: [:], csrf: ownerCSRF)
            #expect(deleted.headers.first(name: .location) == "/lessons/me/lessons")
            #expect(try await owner.get("/lessons/\(lesson)").status.code == 404)
            #expect(storedPhotos(sprout).isEmpty)
        }
    }

    @Test func reviewsAreChangedOnlyByTheirAuthorAndReachTheTeacher() async throws {
        try await withSprout { sprout in
            let (teacher, teacherCSRF) = try await member(sprout, "reviewteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: teacherCSRF)
            let (student, csrf) = try await member(sprout, "happystudent", role: "student")

            // Only a student whose first session took place reviews: not before paying, not before
            // the session, and never the teacher.
            #expect(try await html(student, "/lessons/\(lesson)").contains("레슨을 수강한 수강생만 후기를 남길 수 있어요"))
            let unpaid = try await student.post("/lessons/\(lesson)/reviews", form: ["content": "미리 쓰는 후기"], csrf: csrf)
            #expect(unpaid.status.code == 403)
            #expect(try await html(teacher, "/lessons/\(lesson)").contains("내가 연 레슨에는 후기를 남길 수 없어요"))
            #expect(try await teacher.post("/lessons/\(lesson)/reviews", form: ["content": "최고의 레슨"], csrf: teacherCSRF).status.code == 403)
            #expect(try await student.post("/lessons/\(lesson)/checkout", form: ["outcome": "paid"], csrf: csrf).status.code == 303)
            #expect(try await html(student, "/lessons/\(lesson)").contains("첫 수업을 마친 뒤에 후기를 남길 수 있어요"))
            #expect(try await student.post("/lessons/\(lesson)/reviews", form: ["content": "아직", "rating": "5"], csrf: csrf).status.code == 403)
            try await takeASession(sprout, teacher: teacher, teacherCSRF: teacherCSRF, student: student, csrf: csrf, lesson: lesson)
            #expect(try await html(student, "/lessons/\(lesson)").contains("첫 수업을 마친 뒤에 후기를 남길 수 있어요"), "booked, not yet taken")
            sprout.clock.advance(by: 2 * 86_400)
            #expect(try await html(student, "/lessons/\(lesson)").contains(#"id="review-form""#))

            let empty = try await student.post("/lessons/\(lesson)/reviews", form: ["content": "   "], csrf: csrf)
            #expect(empty.status.code == 400)
            #expect(String(buffer: empty.body).contains("필수 입력 항목이에요."))
            let written = try await student.post("/lessons/\(lesson)/reviews", form: ["content": "친절하게 알려 주세요!", "rating": "5"], csrf: csrf)
            #expect(written.headers.first(name: .location)?.hasPrefix("/lessons/\(lesson)#review-") == true)
            let detail = try await html(student, "/lessons/\(lesson)")
            #expect(detail.contains("친절하게 알려 주세요!") && detail.contains("후기 1개"))
            let reviewID = try #require(detail.firstMatch(of: /id="review-([0-9a-f]+)"/)?.1)

            #expect(detail.contains(">방금 전</time>"), "a review says when it was written")
            sprout.clock.advance(by: 2 * 3600)
            #expect(try await html(student, "/lessons/\(lesson)").contains(">2시간 전</time>"))
            #expect(try await html(teacher, "/lessons/me/reviews").contains(">2시간 전</time>"))

            let (stranger, strangerCSRF) = try await member(sprout, "nosystudent", role: "student")
            #expect(try await html(stranger, "/lessons/\(lesson)/reviews/\(reviewID)/edit", status: 403).contains("내가 쓴 후기만 고칠 수 있어요"))
            #expect(try await stranger.post("/lessons/\(lesson)/reviews/\(reviewID)/edit", form: ["content": "바꿔치기"], csrf: strangerCSRF).status.code == 403)
            #expect(try await stranger.post("/lessons/\(lesson)/reviews/\(reviewID)/delete", form: [:], csrf: strangerCSRF).status.code == 403)
            let strangersView = try await html(stranger, "/lessons/\(lesson)")
            #expect(strangersView.contains("친절하게 알려 주세요!") && !strangersView.contains("바꿔치기"))
            #expect(!strangersView.contains("/reviews/\(reviewID)/edit"))

            let teachersReviews = try await html(teacher, "/lessons/me/reviews")
            #expect(teachersReviews.contains("친절하게 알려 주세요!") && teachersReviews.contains("happystudent"))

            #expect(try await html(student, "/lessons/\(lesson)/reviews/\(reviewID)/edit").contains(">친절하게 알려 주세요!</textarea>"))
            #expect(try await student.post("/lessons/\(lesson)/reviews/\(reviewID)/edit", form: ["content": ""], csrf: csrf).status.code == 400)
            let edited = try await student.post("/lessons/\(lesson)/reviews/\(reviewID)/edit", form: ["content": "정말 좋아요", "rating": "4"], csrf: csrf)
            #expect(edited.status.code == 303)
            #expect(try await html(student, "/lessons/\(lesson)").contains("정말 좋아요"))
            let confirmation = try await html(student, "/lessons/\(lesson)/reviews/\(reviewID)/delete")
            #expect(confirmation.contains("이 후기를 삭제할까요?") && confirmation.contains("정말 좋아요"), "deleting asks first")
            #expect(try await html(stranger, "/lessons/\(lesson)/reviews/\(reviewID)/delete", status: 403).contains("내가 쓴 후기만 고칠 수 있어요"))
            #expect(try await student.post("/lessons/\(lesson)/reviews/\(reviewID)/delete", form: [:], csrf: csrf).status.code == 303)
            #expect(try await html(student, "/lessons/\(lesson)").contains("후기 0개"))
        }
    }

    @Test func formsNeedTheirCSRFToken() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "csrfteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: csrf)
            #expect(try await teacher.post("/lessons/\(lesson)/bookmark", form: [:]).status.code == 403)
            #expect(try await teacher.post("/lessons/\(lesson)/reviews", form: ["content": "hi"], csrf: "forged").status.code == 403)
            #expect(try await teacher.post("/lessons/\(lesson)/delete", form: [:]).status.code == 403)
            #expect(try await teacher.post("/lessons/me/role", form: ["role": "student"]).status.code == 403)
            let noToken = try await teacher.postMultipart("/lessons/new", csrf: "") { body in body.add(name: "title", Data("x".utf8)) }
            #expect(noToken.status.code == 403)
            let detail = try await html(teacher, "/lessons/\(lesson)")
            #expect(detail.contains(#"aria-pressed="false""#) && detail.contains("후기 0개"))
            #expect(try await html(teacher, "/lessons/me").contains(#"data-role="teacher""#))
            #expect(try await html(teacher, "/lessons/list").contains("레슨 1개"))
        }
    }

    @Test func checkoutPaysThroughTheSandboxOrCancelsWithoutARecord() async throws {
        try await withSprout { sprout in
            let (teacher, teacherCSRF) = try await member(sprout, "payteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: teacherCSRF, price: "45000")
            #expect(try await teacher.get("/lessons/\(lesson)/checkout").headers.first(name: .location) == "/lessons/\(lesson)", "no buying one's own lesson")
            let (student, csrf) = try await member(sprout, "paystudent", role: "student")

            let checkout = try await html(student, "/lessons/\(lesson)/checkout")
            #expect(checkout.contains(#"<strong id="checkout-amount">45,000원</strong>"#) && checkout.contains(#"id="pay-button""#) && checkout.contains(#"id="cancel-button""#))
            let cancelled = try await student.post("/lessons/\(lesson)/checkout", form: ["outcome": "cancelled"], csrf: csrf)
            #expect(cancelled.headers.first(name: .location) == "/lessons/\(lesson)?payment=cancelled")
            let afterCancel = try await html(student, "/lessons/\(lesson)?payment=cancelled")
            #expect(afterCancel.contains("결제를 취소했어요") && afterCancel.contains(#"id="apply-button""#))
            #expect(try await html(student, "/lessons/me/payments").contains("아직 결제한 레슨이 없어요"))
            #expect(!(try await html(student, "/lessons/\(lesson)?payment=paid")).contains("결제가 완료됐어요"), "the notice needs a real payment")

            let paid = try await student.post("/lessons/\(lesson)/checkout", form: ["outcome": "paid"], csrf: csrf)
            #expect(paid.headers.first(name: .location) == "/lessons/\(lesson)?payment=paid")
            let afterPaying = try await html(student, "/lessons/\(lesson)?payment=paid")
            #expect(afterPaying.contains("결제가 완료됐어요") && afterPaying.contains(#"id="paid-state""#) && !afterPaying.contains(#"id="apply-button""#))
            let receipts = try await html(student, "/lessons/me/payments")
            #expect(receipts.contains("바이올린 1:1") && receipts.contains("45,000원"))
            #expect(try await student.post("/lessons/\(lesson)/checkout", form: ["outcome": "paid"], csrf: csrf).headers.first(name: .location) == "/lessons/\(lesson)")
            #expect(try await html(student, "/lessons/me/payments").components(separatedBy: #"data-id="\#(lesson)""#).count - 1 == 1, "paid once")
        }
    }

    @Test func bookmarksToggleAndFillTheBookmarksPage() async throws {
        try await withSprout { sprout in
            let (teacher, teacherCSRF) = try await member(sprout, "bookteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: teacherCSRF)
            let (student, csrf) = try await member(sprout, "bookstudent", role: "student")
            #expect(try await html(student, "/lessons/me").contains(#"id="bookmarks-link""#))
            #expect(try await student.post("/lessons/\(lesson)/bookmark", form: [:], csrf: csrf).headers.first(name: .location) == "/lessons/\(lesson)")
            #expect(try await html(student, "/lessons/\(lesson)").contains(#"aria-pressed="true""#))
            #expect(try await html(student, "/lessons/me/bookmarks").contains(#"data-id="\#(lesson)""#))
            #expect(try await html(student, "/lessons/list").contains(#"class="bookmarked""#))
            try await student.post("/lessons/\(lesson)/bookmark", form: [:], csrf: csrf)
            #expect(try await html(student, "/lessons/\(lesson)").contains(#"aria-pressed="false""#))
            #expect(!(try await html(student, "/lessons/me/bookmarks")).contains(#"data-id="\#(lesson)""#))
        }
    }

    @Test func hashtagTabsShowLessonsAndCommunityPostsApart() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "tagteach", role: "teacher")
            let lesson = try await openLesson(teacher, csrf: csrf, introduction: "현악기 기초 #바이올린")
            let written = try await teacher.post("/lessons/community/new", form: ["title": "활 잡는 법", "content": "손목 힘 빼기 #바이올린"], csrf: csrf)
            let community = try #require(written.headers.first(name: .location)?.split(separator: "/").last.map(String.init))
            let tag = "%EB%B0%94%EC%9D%B4%EC%98%AC%EB%A6%B0"

            let lessons = try await html(teacher, "/lessons/hashtags?tag=\(tag)")
            #expect(lessons.contains(#"data-id="\#(lesson)""#) && !lessons.contains(#"data-id="\#(community)""#))
            #expect(lessons.contains(">레슨 1</a>") && lessons.contains(">커뮤니티 1</a>"))
            let posts = try await html(teacher, "/lessons/hashtags?tag=%23\(tag)&tab=community")
            #expect(posts.contains(#"data-id="\#(community)""#) && !posts.contains(#"data-id="\#(lesson)""#))
            #expect(posts.contains("활 잡는 법"))

            let suggestions = try await html(teacher, "/lessons/hashtags")
            #expect(Lessons.hashtagSuggestions.allSatisfy { suggestions.contains("#\($0)</a>") })
            #expect(try await html(teacher, "/lessons/hashtags?tag=%EC%97%86%EB%8A%94%ED%83%9C%EA%B7%B8").contains(">레슨 0</a>"))
        }
    }

    @Test func theListFiltersSortsAndPages() async throws {
        try await withSprout { sprout in
            let (teacher, csrf) = try await member(sprout, "listteach", role: "teacher")
            let cello = try await openLesson(teacher, csrf: csrf, title: "첼로", price: "70000", instrument: "첼로", region: "부산", type: "입시")
            let violin = try await openLesson(teacher, csrf: csrf, title: "바이올린", price: "30000", instrument: "바이올린")
            let piano = try await openLesson(teacher, csrf: csrf, title: "피아노", price: "45000", instrument: "피아노")

            let strings = try await html(teacher, "/lessons/list?group=strings")
            #expect(strings.contains("현악기 레슨을 찾고 있어요") && strings.contains(cello) && strings.contains(violin) && !strings.contains(piano))
            let cheap = try await html(teacher, "/lessons/list?price=upTo30k")
            #expect(cheap.contains(violin) && !cheap.contains(cello) && !cheap.contains(piano))
            let busan = try await html(teacher, "/lessons/list?region=%EB%B6%80%EC%82%B0&type=%EC%9E%85%EC%8B%9C")
            #expect(busan.contains(cello) && !busan.contains(violin))
            let byPrice = try await html(teacher, "/lessons/list?sort=priceHigh")
            let order = [cello, piano, violin].compactMap { byPrice.range(of: $0)?.lowerBound }
            #expect(order.count == 3 && order == order.sorted())
            #expect(byPrice.contains(#"<option value="priceHigh" selected="selected">"#))

            for index in 1...20 { _ = try await openLesson(teacher, csrf: csrf, title: "추가 \(index)") }
            let first = try await html(teacher, "/lessons/list?group=strings")
            #expect(first.contains("레슨 22개") && first.contains(#"href="/lessons/list?group=strings&amp;page=2""#))
            let second = try await html(teacher, "/lessons/list?group=strings&page=2")
            #expect(second.components(separatedBy: #"class="product-card lesson-card""#).count - 1 == 2 && second.contains(#"id="lessons-previous-page""#))
        }
    }

    @Test func aNewMemberChoosesARoleAndProfilesFollow() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let csrf = try await browser.csrfToken(from: "/signup")
            try await browser.post("/signup", form: ["name": "새싹 회원", "email": "new@sprout.test", "password": "long-password"], csrf: csrf)
            let first = try await html(browser, "/lessons/me")
            #expect(first.contains(#"id="role-teacher""#) && first.contains("선생님: 레슨 수강생을 찾고 있어요"))
            #expect(try await browser.post("/lessons/me/role", form: ["role": "admin"], csrf: csrf).status.code == 400)
            try await browser.post("/lessons/me/role", form: ["role": "teacher"], csrf: csrf)
            let menu = try await html(browser, "/lessons/me")
            #expect(menu.contains("새싹회원") && menu.contains(#"id="open-lesson""#) && menu.contains(#"id="my-reviews-link""#) && !menu.contains(#"id="payments-link""#))

            let (fan, fanCSRF) = try await member(sprout, "fanstudent", role: "student")
            let teacherID = try #require(menu.firstMatch(of: /href="\/lessons\/users\/([0-9a-f]+)"/)?.1)
            let profile = try await html(fan, "/lessons/users/\(teacherID)")
            #expect(profile.contains("새싹회원") && profile.contains(#"<strong id="follower-count">0</strong>"#) && profile.contains("선생님"))
            try await fan.post("/lessons/users/\(teacherID)/follow", form: [:], csrf: fanCSRF)
            let followed = try await html(fan, "/lessons/users/\(teacherID)")
            #expect(followed.contains(#"<strong id="follower-count">1</strong>"#) && followed.contains(#"aria-pressed="true""#))
            fan.language = "en"
            let inEnglish = try await html(fan, "/lessons/users/\(teacherID)")
            #expect(inEnglish.contains(#"<strong id="follower-count">1</strong> Follower<"#) && inEnglish.contains("0</strong> Lessons"), "one follower, not 1 Followers")
            fan.language = nil
            try await fan.post("/lessons/users/\(teacherID)/follow", form: [:], csrf: fanCSRF)
            #expect(try await html(fan, "/lessons/users/\(teacherID)").contains(#"<strong id="follower-count">0</strong>"#))
        }
    }

    @Test func anyMemberWritesCommunityPostsAndComments() async throws {
        try await withSprout { sprout in
            let (student, csrf) = try await member(sprout, "talkstudent", role: "student")
            let refused = try await student.post("/lessons/community/new", form: ["title": "", "content": "내용만 있어요"], csrf: csrf)
            #expect(refused.status.code == 400)
            #expect(String(buffer: refused.body).contains("필수 입력 항목이에요.") && String(buffer: refused.body).contains(">내용만 있어요</textarea>"))
            #expect(try await html(student, "/lessons/community").contains("아직 글이 없어요"))

            let written = try await student.post("/lessons/community/new", form: ["title": "연습실 추천", "content": "강남 쪽 연습실 어디가 좋나요? #실내악"], csrf: csrf)
            let path = try #require(written.headers.first(name: .location))
            #expect(try await html(student, "/lessons/community").contains("연습실 추천"))
            #expect(try await student.post(path + "/comments", form: ["content": ""], csrf: csrf).status.code == 400)
            try await student.post(path + "/comments", form: ["content": "저도 궁금해요"], csrf: csrf)
            let post = try await html(student, path)
            #expect(post.contains("저도 궁금해요") && post.contains("댓글 1개") && post.contains("#실내악"))
            let id = String(path.split(separator: "/").last ?? "")
            #expect(try await student.get("/lessons/\(id)").headers.first(name: .location) == path, "a community post is read on the community pages")
        }
    }
}

@Suite struct LessonKeywordSearchTests {
    private func titles(_ sprout: TestSprout, _ query: String) async throws -> [String] {
        let html = String(buffer: try await WebClient(sprout).get("/lessons/list?q=\(query.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")").body)
        return ["Piano for adults", "첼로 입시반", "100% vocal_training"].filter { html.contains($0) }
    }

    @Test func wordsOfTheTitleOrTextFindALessonInAnyCase() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("keyword-teacher", teacher: true)
            _ = try await sprout.lesson(by: teacher, title: "Piano for adults", content: "Weekly, from scales to Chopin")
            _ = try await sprout.lesson(by: teacher, title: "첼로 입시반", content: "서울 예고 입시 #첼로")
            _ = try await sprout.lesson(by: teacher, title: "100% vocal_training", content: "Breath first")

            #expect(try await titles(sprout, "piano") == ["Piano for adults"])
            #expect(try await titles(sprout, "PIANO") == ["Piano for adults"], "any case")
            #expect(try await titles(sprout, "chopin") == ["Piano for adults"], "the text counts too")
            #expect(try await titles(sprout, "첼로") == ["첼로 입시반"])
            #expect(try await titles(sprout, "예고 첼로") == ["첼로 입시반"], "every word, in any order")
            #expect(try await titles(sprout, "첼로 piano").isEmpty, "every word must match")
            #expect(try await titles(sprout, "%").count == 1, "% is a character, not a wildcard")
            #expect(try await titles(sprout, "a_u").isEmpty, "so is _ (as a wildcard it would match adults)")
            #expect(try await titles(sprout, "l_t") == ["100% vocal_training"])
            #expect(try await titles(sprout, "").count == 3)
            #expect(try await titles(sprout, "\u{0}piano").count == 1, "control characters are dropped, never sent to the database")
        }
    }

    @Test func oneHashtagGoesToItsPageAndTheSearchIsKeptWhilePaging() async throws {
        try await withSprout { sprout in
            let browser = WebClient(sprout)
            let tagged = try await browser.get("/lessons/list?q=%23%EC%B2%BC%EB%A1%9C")
            #expect(tagged.status.code == 303)
            #expect(tagged.headers.first(name: .location) == "/lessons/hashtags?tag=%EC%B2%BC%EB%A1%9C")
            let page = String(buffer: try await browser.get("/lessons/list?q=piano%20lesson").body)
            #expect(page.contains(#"name="q""#) && page.contains(#"value="piano lesson""#))
            let home = String(buffer: try await browser.get("/lessons").body)
            #expect(home.contains(#"id="lesson-search""#) && home.contains(#"action="/lessons/list""#))
        }
    }
}

@Suite struct LessonReviewsTests {
    @Test func aLessonIsReportedByOthersButNotByItsTeacher() async throws {
        try await withSprout { sprout in
            let pages = LessonsPagesTests()
            let (teacher, teacherCSRF) = try await pages.member(sprout, "report-teacher", role: "teacher")
            let lesson = try await pages.openLesson(teacher, csrf: teacherCSRF)
            #expect(!(try await pages.html(teacher, "/lessons/\(lesson)")).contains(#"id="report-link""#))
            #expect(try await teacher.post("/lessons/\(lesson)/report", form: ["reason": "spam"], csrf: teacherCSRF).status.code == 403)
            let (student, csrf) = try await pages.member(sprout, "report-student", role: "student")
            #expect(try await pages.html(student, "/lessons/\(lesson)").contains(#"href="/lessons/\#(lesson)/report""#))
            let filed = try await student.post("/lessons/\(lesson)/report", form: ["reason": "abusive"], csrf: csrf)
            #expect(String(buffer: filed.body).contains("신고가 접수됐어요"))
            let cases = try await ReportDesk(clock: sprout.platform.clock).cases(on: sprout.app.db)
            #expect(cases.map(\.app) == ["lessons"] && cases.first?.path == "/lessons/\(lesson)")
            #expect(try await student.get("/lessons/nope/report").status.code == 404)
        }
    }

    @Test func theDemoLessonsCarryStarredReviewsFromTheirBuyers() async throws {
        try await withSprout(demoData: true) { sprout in
            let list = String(buffer: try await WebClient(sprout).get("/lessons/list").body)
            #expect(list.contains(#"class="rating-summary""#), "a newcomer sees rated lessons")
            let reader = try await sprout.signUp("demo-reader")
            let posts = try await sprout.call(.GET, "posts?product_id=\(Lessons.ProductID.lesson)&limit=100", as: reader).decode(Lessons.PostList.self).data
            let rated = posts.flatMap { post in post.comments.filter { $0.rating != nil }.map { (post, $0) } }
            #expect(!rated.isEmpty)
            #expect(rated.allSatisfy { post, comment in post.buyers.contains(comment.creator.userID) })
        }
    }

    @Test func aWebReviewHasStarsAndTheLessonShowsItsBuyersMean() async throws {
        try await withSprout { sprout in
            let pages = LessonsPagesTests()
            let (teacher, teacherCSRF) = try await pages.member(sprout, "star-teacher", role: "teacher")
            let lesson = try await pages.openLesson(teacher, csrf: teacherCSRF)
            var buyers: [(WebClient, String)] = []
            for name in ["star-ann", "star-bo"] {
                let (buyer, csrf) = try await pages.member(sprout, name, role: "student")
                #expect(try await buyer.post("/lessons/\(lesson)/checkout", form: ["outcome": "paid"], csrf: csrf).status.code == 303)
                try await pages.takeASession(sprout, teacher: teacher, teacherCSRF: teacherCSRF, student: buyer, csrf: csrf, lesson: lesson)
                sprout.clock.advance(by: 2 * 86_400)
                buyers.append((buyer, csrf))
            }
            let (ann, annCSRF) = buyers[0], (bo, boCSRF) = buyers[1]
            #expect(!(try await pages.html(ann, "/lessons/\(lesson)")).contains(#"id="lesson-rating""#), "no stars before anyone rated")
            #expect(try await pages.html(ann, "/lessons/\(lesson)").contains(#"id="rating-field""#))

            for (rating, message) in [(nil, "별점을 골라 주세요."), ("0", "별점은 1점부터 5점까지예요."), ("6", "별점은 1점부터 5점까지예요."),
                                      ("-1", "별점은 1점부터 5점까지예요."), ("99999999999999999999", "별점은 1점부터 5점까지예요."), ("별", "별점은 1점부터 5점까지예요.")] {
                var form = ["content": "좋은 레슨"]
                form["rating"] = rating
                let refused = try await ann.post("/lessons/\(lesson)/reviews", form: form, csrf: annCSRF)
                #expect(refused.status.code == 400)
                let page = String(buffer: refused.body)
                #expect(page.contains(message) && page.contains(">좋은 레슨</textarea>"), "refused \(rating ?? "no rating")")
            }
            let blank = String(buffer: try await ann.post("/lessons/\(lesson)/reviews", form: ["content": " "], csrf: annCSRF).body)
            #expect(blank.contains("별점을 골라 주세요.") && blank.contains("필수 입력 항목이에요."), "both fields say what is wrong at once")
            let kept = String(buffer: try await ann.post("/lessons/\(lesson)/reviews", form: ["content": "", "rating": "3"], csrf: annCSRF).body)
            #expect(kept.contains(#"value="3" checked"#), "a refused form keeps the stars picked")
            #expect(try await pages.html(ann, "/lessons/\(lesson)").contains("후기 0개"), "nothing refused was saved")

            #expect(try await ann.post("/lessons/\(lesson)/reviews", form: ["content": "정말 친절해요", "rating": "4"], csrf: annCSRF).status.code == 303)
            var detail = try await pages.html(bo, "/lessons/\(lesson)")
            #expect(detail.contains(#"aria-label="별점 5점 중 4점""#) && detail.contains("<strong>4.0</strong>"))
            #expect(try await bo.post("/lessons/\(lesson)/reviews", form: ["content": "최고", "rating": "5"], csrf: boCSRF).status.code == 303)
            detail = try await pages.html(bo, "/lessons/\(lesson)")
            #expect(detail.contains("<strong>4.5</strong>") && detail.contains(" (2)"))

            let passerby = try await sprout.signUp("star-passerby")
            let api = try await sprout.call(.POST, "posts/\(lesson)/comments", as: passerby, json: Lessons.CommentRequest(content: "별로", rating: ReviewRating(1)))
            #expect(api.status.code == 200)
            #expect(try await pages.html(bo, "/lessons/\(lesson)").contains("<strong>4.5</strong>"), "someone who never paid does not move the mean")

            let annsReview = try #require(try await pages.html(ann, "/lessons/\(lesson)").firstMatch(of: /reviews\/([0-9a-f]+)\/edit/)?.1).description
            let form = try await pages.html(ann, "/lessons/\(lesson)/reviews/\(annsReview)/edit")
            #expect(form.contains(#"value="4" checked"#), "the edit form starts from the stars given")
            #expect(try await ann.post("/lessons/\(lesson)/reviews/\(annsReview)/edit", form: ["content": "정말 친절해요"], csrf: annCSRF).status.code == 400)
            #expect(try await ann.post("/lessons/\(lesson)/reviews/\(annsReview)/edit", form: ["content": "보통이에요", "rating": "1"], csrf: annCSRF).status.code == 303)
            #expect(try await pages.html(bo, "/lessons/\(lesson)").contains("<strong>3.0</strong>"))

            // One enrolment, one review: writing again replaces it rather than adding a second.
            #expect(try await pages.html(ann, "/lessons/\(lesson)").contains(#"id="review-replaces""#))
            #expect(try await ann.post("/lessons/\(lesson)/reviews", form: ["content": "다시 생각해 보니 좋았어요", "rating": "3"], csrf: annCSRF).status.code == 303)
            detail = try await pages.html(bo, "/lessons/\(lesson)")
            #expect(detail.contains("<strong>4.0</strong>") && detail.contains("후기 2개") && !detail.contains("보통이에요"))
        }
    }

    @Test func aCommentFromSomeoneWhoNeverPaidIsNoReviewOnTheWeb() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("api-teacher", teacher: true)
            let lesson = try await sprout.lesson(by: teacher)
            let passerby = try await sprout.signUp("api-passerby")
            let commented = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: passerby, json: Lessons.CommentRequest(content: "광고 댓글입니다"))
            #expect(commented.status.code == 200, "the contract keeps every comment")
            let page = String(buffer: try await WebClient(sprout).get("/lessons/\(lesson.postID)").body)
            #expect(!page.contains("광고 댓글입니다") && page.contains("후기 0개"))
        }
    }
}

@Suite struct CommunityCommentDeletionTests {
    @Test func peopleDeleteTheirOwnCommentsAfterConfirmingAndNoOneElses() async throws {
        try await withSprout { sprout in
            let pages = LessonsPagesTests()
            let (writer, writerCSRF) = try await pages.member(sprout, "comment-writer", role: "student")
            let written = try await writer.post("/lessons/community/new", form: ["title": "질문", "content": "활은 얼마나 자주 바꾸나요?"], csrf: writerCSRF)
            let postID = try #require(written.headers.first(name: .location)?.split(separator: "/").last.map(String.init))
            let path = "/lessons/community/\(postID)"
            _ = try await writer.post("\(path)/comments", form: ["content": "저도 궁금해요"], csrf: writerCSRF)
            let page = try await pages.html(writer, path)
            let commentID = try #require(page.firstMatch(of: /comments\/([0-9a-f]+)\/delete/)?.1).description

            let (other, otherCSRF) = try await pages.member(sprout, "comment-other", role: "student")
            #expect(!(try await pages.html(other, path)).contains("/delete"), "no delete button on someone else's comment")
            #expect(try await pages.html(other, "\(path)/comments/\(commentID)/delete", status: 403).contains("내가 쓴 댓글만 지울 수 있어요"))
            #expect(try await other.post("\(path)/comments/\(commentID)/delete", form: [:], csrf: otherCSRF).status.code == 403)
            #expect(try await pages.html(writer, path).contains("저도 궁금해요"))

            #expect(try await pages.html(writer, "\(path)/comments/\(commentID)/delete").contains("이 댓글을 삭제할까요?"))
            #expect(try await writer.post("\(path)/comments/\(commentID)/delete", form: [:], csrf: writerCSRF).status.code == 303)
            #expect(!(try await pages.html(writer, path)).contains("저도 궁금해요"))
        }
    }
}
