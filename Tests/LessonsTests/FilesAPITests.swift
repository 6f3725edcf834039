import Foundation
import SproutAPI
import SproutTestSupport
import Testing

@Suite struct FilesAPITests {
    @Test func uploadedPhotosComeBackUnderV1WithTheHeaders() async throws {
        try await withSprout { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let response = try await sprout.upload([LessonsFixtures.jpeg, LessonsFixtures.fixture("transparent.png")], as: teacher)
            #expect(response.status.code == 200)
            let files = try response.decode(Lessons.UploadedFiles.self).files
            #expect(files.count == 2)
            #expect(files.allSatisfy { $0.hasPrefix("uploads/lessons/") })
            #expect(files[1].hasSuffix(".png"))

            let image = try await sprout.call(.GET, files[0], as: teacher)
            #expect(image.status.code == 200)
            #expect(image.headers.contentType?.description.hasPrefix("image/jpeg") == true)
            #expect(Array(Data(buffer: image.body).prefix(3)) == [0xFF, 0xD8, 0xFF])
            #expect(try await sprout.send(.GET, "v1/" + files[0]).status.code == 420)
            #expect(try await sprout.send(.GET, "v1/" + files[0], headers: sprout.lessonsHeaders()).status.code == 401)
        }
    }

    @Test func uploadsBreakingTheLimitsAre400AndStoreNothing() async throws {
        try await withSprout(configure: { $0.maxUploadBytes = 64 * 1024 }) { sprout in
            let teacher = try await sprout.signUp("kim", teacher: true)
            let cases: [(String, [Data])] = [
                ("text", [Data("hello".utf8)]),
                ("pdf", [Data("%PDF-1.4\n".utf8)]),
                ("one bad among good", [LessonsFixtures.jpeg, Data("nope".utf8)]),
                ("truncated", [LessonsFixtures.fixture("truncated.jpg")]),
                ("too many", Array(repeating: LessonsFixtures.jpeg, count: 6)),
                ("too large", [LessonsFixtures.jpeg + Data(count: 70 * 1024)]),
                ("pixel bomb", [LessonsFixtures.fixture("bomb.png")]),
            ]
            for (name, files) in cases {
                let response = try await sprout.upload(files, as: teacher)
                #expect(response.status.code == 400, "\(name)")
                #expect(try sprout.message(response) == "파일의 제한 사항과 맞지 않습니다.", "\(name): \(response.body.string)")
            }
            let none = try await sprout.upload([], as: teacher)
            #expect(none.status.code == 400)
            #expect(try sprout.message(none) == "필수값을 채워주세요.", "no parts at all is a missing value")
            let wrongPart = try await sprout.upload([LessonsFixtures.jpeg], as: teacher, name: "images")
            #expect(wrongPart.status.code == 400)
            #expect(sprout.storedFiles(in: "lessons").isEmpty)
        }
    }

    @Test func pathTricksNeverReachTheDisk() async throws {
        try await withSprout { sprout in
            let user = try await sprout.signUp("kim")
            for path in ["uploads/lessons/../../sprout.sqlite", "uploads/lessons/%2e%2e/jwt-secret", "uploads/lessons/nope.jpg", "uploads/../jwt-secret", "uploads/lessons/.x.jpg"] {
                let response = try await sprout.call(.GET, path, as: user)
                #expect(response.status.code == 444 || response.status.code == 400, "\(path): \(response.status.code)")
                #expect(!response.body.string.contains("BEGIN"), "\(path)")
            }
        }
    }
}
