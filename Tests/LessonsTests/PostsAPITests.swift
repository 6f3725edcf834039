import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct PostsAPITests {
    @Test func aCreatedPostCarriesEveryContractField() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let response = try await sprout.call(.POST, "posts", as: teacher, json: [
                "title": "Cello", "content": "#첼로 lessons", "product_id": Lessons.ProductID.lesson,
            ])
            #expect(response.status.code == 200)
            let json = try response.jsonObject()
            #expect(Set(json.keys) == ["post_id", "product_id", "title", "price", "content", "createdAt", "creator", "files", "likes", "likes2", "buyers", "hashTags", "comments"])
            #expect(json["price"] as? Int == 0, "price is always present, 0 for a post created without one")
            let createdAt = try #require(json["createdAt"] as? String)
            #expect(createdAt.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
            let creator = try #require(json["creator"] as? [String: Any])
            #expect(creator["user_id"] as? String == teacher.id)
            #expect(creator["nick"] as? String == "kim")
            #expect(json["hashTags"] as? [String] == ["첼로"])
        }
    }

    @Test func createNeedsAProductIDAndOnlyUploadedFiles() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let missing = try await sprout.call(.POST, "posts", as: teacher, json: ["title": "x"])
            #expect(missing.status.code == 400)
            for file in ["../etc/passwd", "http://evil/x.jpg", "uploads/market/abc.jpg", "uploads/lessons/../../x.jpg", "uploads/lessons/.hidden"] {
                let response = try await sprout.call(.POST, "posts", as: teacher, json: Lessons.PostRequest(title: "x", productID: "p", files: [file]))
                #expect(response.status.code == 400, "\(file)")
            }
            let wrongType = try await sprout.call(.POST, "posts", as: teacher, body: #"{"title": ["x"], "product_id": "p"}"#)
            #expect(wrongType.status.code == 400)
            let listed = try await sprout.list("posts?next=&limit=&product_id=p", as: teacher)
            #expect(listed.data.isEmpty)
        }
    }

    @Test func onlyFilesThatExistMayBeAttached() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let real = try await sprout.upload([LessonsFixtures.jpeg], as: teacher).decode(Lessons.UploadedFiles.self).files
            let invented = "uploads/lessons/0123456789abcdef0123456789abcdef.jpg"
            let response = try await sprout.call(.POST, "posts", as: teacher, json: Lessons.PostRequest(title: "x", productID: "p", files: real + [invented]))
            #expect(response.status.code == 400)
            #expect(try await sprout.createPost(as: teacher, Lessons.PostRequest(title: "x", productID: "p", files: real)).files == real)
        }
    }

    @Test func postsCreatedAtOnceListNewestFirstByTimeToo() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<12 {
                    group.addTask {
                        sprout.clock.advance(by: 0.001)
                        _ = try await sprout.createPost(as: teacher, Lessons.PostRequest(title: "p\(index)", productID: "race"))
                    }
                }
                try await group.waitForAll()
            }
            let listed = try await sprout.list("posts?product_id=race", as: teacher).data.map(\.createdAt)
            #expect(listed.count == 12)
            #expect(listed == listed.sorted(by: >))
        }
    }

    @Test func anyOtherPathUnderV1Is444() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            for path in ["nope", "posts/x/y/z", "../jwt-secret", "%2e%2e/jwt-secret", "/etc/passwd"] {
                let response = try await sprout.call(.GET, path, as: user)
                #expect(response.status.code == 444, "\(path)")
                #expect(try sprout.message(response) == "비정상 URL입니다.")
            }
            #expect(try await sprout.send(.GET, "v1/nope").status.code == 420)
        }
    }

    @Test func priceMayArriveAsAString() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let response = try await sprout.call(.POST, "posts", as: teacher, body: #"{"title": "x", "price": "7000", "product_id": "p"}"#)
            #expect(try response.decode(Lessons.Post.self).price == 7000)
            let negative = try await sprout.call(.POST, "posts", as: teacher, body: #"{"title": "x", "price": -1, "product_id": "p"}"#)
            #expect(negative.status.code == 400)
        }
    }

    @Test func listsKeepAppsApartNewestFirst() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let first = try await sprout.lesson(by: teacher, title: "first")
            let second = try await sprout.lesson(by: teacher, title: "second")
            _ = try await sprout.createPost(as: teacher, Lessons.PostRequest(title: "other app", productID: "yegrDateDay"))
            let lessons = try await sprout.list("posts?next=&limit=99999999&product_id=\(Lessons.ProductID.lesson)", as: teacher)
            #expect(lessons.data.map(\.postID) == [second.postID, first.postID])
            #expect(lessons.nextCursor == "0")
            let everything = try await sprout.list("posts", as: teacher)
            #expect(everything.data.count == 3)
        }
    }

    @Test func cursorPagingNeverDuplicatesOrSkipsWhileOthersInsert() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let other = try await sprout.signUp("lee", teacher: true)
            var existing: [String] = []
            for index in 0..<7 { existing.insert(try await sprout.lesson(by: teacher, title: "l\(index)").postID, at: 0) }
            var seen: [String] = []
            var cursor = ""
            repeat {
                let page = try await sprout.list("posts?next=\(cursor)&limit=3&product_id=\(Lessons.ProductID.lesson)", as: teacher)
                seen += page.data.map(\.postID)
                cursor = page.nextCursor
                _ = try await sprout.lesson(by: other, title: "inserted while paging")
            } while cursor != "0"
            #expect(seen == existing)
        }
    }

    @Test func pagingValuesAreCheckedAndHugeLimitsCapped() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            for index in 0..<3 { _ = try await sprout.lesson(by: teacher, title: "l\(index)") }
            for query in ["limit=0", "limit=-1", "limit=abc", "limit=1.5", "next=abc", "next=-4"] {
                let response = try await sprout.call(.GET, "posts?\(query)", as: teacher)
                #expect(response.status.code == 400, "\(query)")
                #expect(try sprout.message(response).isEmpty == false)
            }
            let huge = try await sprout.list("posts?next=&limit=999999999999999999999999999999", as: teacher)
            #expect(huge.data.count == 3)
            let end = try await sprout.list("posts?next=0&limit=5", as: teacher)
            #expect(end.data.isEmpty && end.nextCursor == "0")
        }
    }

    @Test func readingAMissingPostIs410() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            let response = try await sprout.call(.GET, "posts/66c5aaaaaaaaaaaaaaaaaaaa", as: user)
            #expect(response.status.code == 410)
            #expect(try sprout.message(response) == "게시글을 찾을 수 없습니다.")
        }
    }

    @Test func onlyTheAuthorEditsAndTheEditKeepsWhatWasNotSent() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let intruder = try await sprout.signUp("lee")
            let lesson = try await sprout.lesson(by: teacher)
            let refused = try await sprout.call(.PUT, "posts/\(lesson.postID)", as: intruder, json: Lessons.PostRequest(title: "mine now", price: 1))
            #expect(refused.status.code == 445)
            #expect(try await sprout.post(lesson.postID, as: teacher) == lesson)

            let edited = try await sprout.call(.PUT, "posts/\(lesson.postID)", as: teacher, json: Lessons.PostRequest(price: 60_000, content: "now #첼로"))
            #expect(edited.status.code == 200)
            let post = try edited.decode(Lessons.Post.self)
            #expect(post.title == lesson.title && post.price == 60_000 && post.content1 == "바이올린")
            #expect(post.hashTags == ["첼로"])
            let byOldTag = try await sprout.list("posts/hashtags?hashTag=바이올린", as: teacher)
            #expect(byOldTag.data.isEmpty)
            let gone = try await sprout.call(.PUT, "posts/66c5aaaaaaaaaaaaaaaaaaaa", as: teacher, json: Lessons.PostRequest(title: "x"))
            #expect(gone.status.code == 410)
        }
    }

    @Test func onlyTheAuthorDeletesAndASecondDeleteIs410() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let student = try await sprout.signUp("lee")
            let uploaded = try await sprout.upload([LessonsFixtures.jpeg], as: teacher).decode(Lessons.UploadedFiles.self)
            let lesson = try await sprout.lesson(by: teacher, files: uploaded.files)
            _ = try await sprout.call(.POST, "posts/\(lesson.postID)/comments", as: student, json: Lessons.CommentRequest(content: "great"))
            _ = try await sprout.call(.POST, "posts/\(lesson.postID)/like-2", as: student, json: Lessons.LikeStatus(likeStatus: true))

            #expect(try await sprout.call(.DELETE, "posts/\(lesson.postID)", as: student).status.code == 445)
            #expect(try await sprout.post(lesson.postID, as: student).comments.count == 1)

            #expect(try await sprout.call(.DELETE, "posts/\(lesson.postID)", as: teacher).status.code == 200)
            #expect(try await sprout.call(.DELETE, "posts/\(lesson.postID)", as: teacher).status.code == 410)
            #expect(try await sprout.call(.GET, "posts/\(lesson.postID)", as: student).status.code == 410)
            #expect(try await sprout.list("posts/likes-2/me", as: student).data.isEmpty)
            #expect(sprout.storedFiles(in: "lessons").isEmpty, "the lesson's photo goes with it")
        }
    }

    @Test func aFileTwoPostsShareStaysUntilTheLastOneGoes() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let files = try await sprout.upload([LessonsFixtures.jpeg], as: teacher).decode(Lessons.UploadedFiles.self).files
            let first = try await sprout.lesson(by: teacher, files: files)
            let second = try await sprout.lesson(by: teacher, files: files)
            _ = try await sprout.call(.DELETE, "posts/\(first.postID)", as: teacher)
            #expect(sprout.storedFiles(in: "lessons").count == 1)
            _ = try await sprout.call(.PUT, "posts/\(second.postID)", as: teacher, json: Lessons.PostRequest(files: []))
            #expect(sprout.storedFiles(in: "lessons").isEmpty)
        }
    }

    @Test func postsByUserAndByHashtag() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee", teacher: true)
            let violin = try await sprout.lesson(by: kim, content: "#바이올린 for adults")
            _ = try await sprout.lesson(by: lee, content: "#피아노")
            let community = try await sprout.createPost(as: kim, Lessons.PostRequest(title: "q", content: "who teaches #바이올린?", productID: Lessons.ProductID.community))

            let kims = try await sprout.list("posts/users/\(kim.id)?next=&limit=&product_id=\(Lessons.ProductID.lesson)", as: lee)
            #expect(kims.data.map(\.postID) == [violin.postID])
            let tagged = try await sprout.list("posts/hashtags?next=&limit=99999&product_id=\(Lessons.ProductID.lesson)&hashTag=바이올린", as: lee)
            #expect(tagged.data.map(\.postID) == [violin.postID])
            let encoded = "#바이올린".addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let everywhere = try await sprout.list("posts/hashtags?hashTag=\(encoded)", as: lee)
            #expect(everywhere.data.map(\.postID) == [community.postID, violin.postID])
            #expect(try await sprout.call(.GET, "posts/hashtags?hashTag=", as: lee).status.code == 400)
        }
    }

    @Test func everyPostRouteNeedsTheKeyAndAToken() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            for path in ["v1/posts", "v1/posts/x", "v1/posts/hashtags?hashTag=a", "v1/posts/likes-2/me", "v1/payments/me"] {
                #expect(try await sprout.send(.GET, path, headers: ["Authorization": user.token]).status.code == 420, "\(path)")
                #expect(try await sprout.send(.GET, path, headers: sprout.lessonsHeaders()).status.code == 401, "\(path)")
            }
            sprout.clock.advance(by: 6 * 60)
            #expect(try await sprout.call(.GET, "posts", as: user).status.code == 419)
        }
    }
}
