import Foundation
import SproutAPI
import SproutTestSupport
import Testing

/// A withdrawn account's photos go with it, whichever app stored them.
@Suite struct WithdrawalFilesTests {
    @Test func withdrawingDeletesTheProfilePicturePostPhotosAndReadingMemoPhotos() async throws {
        try await withSprout { sprout in
            let kim = try await sprout.signUp("kim", teacher: true)
            let lee = try await sprout.signUp("lee")
            let leesPost = try await sprout.lesson(by: lee, files: try await sprout.upload([LessonsFixtures.jpeg], as: lee).decode(Lessons.UploadedFiles.self).files)
            var picture = MultipartBody()
            picture.add(name: "profile", filename: "me.jpg", contentType: "image/jpeg", LessonsFixtures.jpeg)
            let profile = try await sprout.send(.PUT, "v1/users/me/profile", headers: sprout.lessonsHeaders(["Authorization": kim.token, "Content-Type": picture.contentType]), body: picture.bytes)
            let pictureURL = try profile.decode(Lessons.MyProfile.self).profileImage
            let uploaded = try await sprout.upload([LessonsFixtures.jpeg, LessonsFixtures.jpeg], as: kim).decode(Lessons.UploadedFiles.self).files
            _ = try await sprout.lesson(by: kim, files: [uploaded[0]])

            let bearer = ["Authorization": "Bearer \(kim.token)"]
            let book = try await sprout.send(.POST, "api/reading/library", headers: bearer, json: Reading.NewBook(title: "Dune")).decode(Reading.Book.self)
            let memo = try await sprout.send(.POST, "api/reading/library/\(book.id)/memos", headers: bearer, json: Reading.MemoDraft(text: "밑줄")).decode(Reading.Memo.self)
            var memoPhoto = MultipartBody()
            memoPhoto.add(name: "photo", filename: "memo.jpg", contentType: "image/jpeg", LessonsFixtures.jpeg)
            let memoURL = try await sprout.send(.PUT, "api/reading/library/\(book.id)/memos/\(memo.id)/photo",
                                                headers: bearer.merging(["Content-Type": memoPhoto.contentType]) { $1 }, body: memoPhoto.bytes).decode(Reading.Memo.self).photo ?? ""
            let kimsOwn = [pictureURL, uploaded[0], uploaded[1], memoURL]
            for path in kimsOwn {
                #expect(!path.isEmpty && sprout.isStored(path), "\(path) before")
            }

            #expect(try await sprout.send(.GET, "v1/users/withdraw", headers: sprout.lessonsHeaders(["Authorization": kim.token])).status.code == 200)
            for path in kimsOwn {
                #expect(!sprout.isStored(path), "\(path) is deleted, the upload no post took too")
            }
            #expect(leesPost.files.allSatisfy(sprout.isStored), "another account's photos stay")
        }
    }
}

extension TestSprout {
    /// Whether a stored file is still on disk under the data directory.
    func isStored(_ path: String) -> Bool {
        let relative = path.hasPrefix("/") ? String(path.dropFirst()) : path
        return FileManager.default.fileExists(atPath: dataDirectory.appendingPathComponent(relative).path)
    }
}
