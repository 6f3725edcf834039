import Fluent
import Foundation
@testable import Lessons
import Media
import Platform
import SproutAPI
import SproutTestSupport
import Testing

/// `posts/files` uploads belong to who uploaded them until a post takes them, and the ones no
/// post takes within a day are deleted.
@Suite struct PostUploadsTests {
    @Test func aPostListsOnlyItsAuthorsOwnUploads() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee")
            let kims = try await sprout.upload([LessonsFixtures.jpeg], as: kim).decode(Lessons.UploadedFiles.self).files
            let stolen = try await sprout.call(.POST, "posts", as: lee, json: Lessons.PostRequest(title: "x", productID: "p", files: kims))
            #expect(stolen.status.code == 400)
            #expect(try sprout.message(stolen).contains("files"), "another account's upload")

            let lesson = try await sprout.lesson(by: kim, files: kims)
            #expect(lesson.files == kims)
            let edit = try await sprout.call(.PUT, "posts/\(lesson.postID)", as: kim, json: Lessons.PostRequest(title: "Violin 1:1, again", files: kims))
            #expect(edit.status.code == 200, "a photo already on the author's post stays attachable")
            let second = try await sprout.lesson(by: kim, title: "Viola 1:1", files: kims)
            #expect(second.files == kims, "and may go on another of the author's posts")
            let leesEdit = try await sprout.lesson(by: lee, title: "Cello")
            #expect(try await sprout.call(.PUT, "posts/\(leesEdit.postID)", as: lee, json: Lessons.PostRequest(files: kims)).status.code == 400)
            #expect(try await sprout.post(leesEdit.postID, as: lee).files.isEmpty, "a refused edit changes nothing")
        }
    }

    @Test func uploadsNoPostTookAreDeletedAfterADay() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            let early = try await sprout.upload([LessonsFixtures.jpeg, LessonsFixtures.jpeg], as: kim).decode(Lessons.UploadedFiles.self).files
            _ = try await sprout.lesson(by: kim, files: [early[0]])
            sprout.clock.advance(by: PostUploads.keptUnattached + 60)
            let login = try await sprout.login(email: "kim@sprout.test")
            let kimAgain = LessonsUser(id: kim.id, token: login.accessToken, nick: kim.nick)
            let recent = try await sprout.upload([LessonsFixtures.jpeg], as: kimAgain).decode(Lessons.UploadedFiles.self).files

            let files = FileStore(root: sprout.dataDirectory.appendingPathComponent("uploads"), ids: .secureRandom, threadPool: sprout.app.threadPool, maxBytes: 1 << 20, maxCount: 10)
            let uploads = PostUploads(photos: PhotoStore(files: files, images: try ImagePipeline(threadPool: sprout.app.threadPool), area: PostBoard.fileArea), clock: sprout.clock.clock)
            #expect(try await uploads.sweep(on: sprout.app.db) == 1)
            #expect(sprout.isStored(early[0]), "the photo a post took stays")
            #expect(!sprout.isStored(early[1]), "the one no post took within a day is deleted")
            #expect(sprout.isStored(recent[0]), "a newer upload still waits for its post")
            #expect(try await LessonUpload.query(on: sprout.app.db).all(\.$id) == [recent[0]])
            #expect(try await sprout.call(.POST, "posts", as: kimAgain, json: Lessons.PostRequest(title: "x", productID: "p", files: [early[1]])).status.code == 400)
        }
    }
}
