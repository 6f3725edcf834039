import Fluent
import Media
import Platform

/// A lessons account's files for its withdrawal: its profile picture, its posts' photos and the
/// uploads no post took yet, except a photo another account's post lists too.
struct LessonsAccountFiles: AccountFileOwner {
    func files(ownedBy accountID: String, on db: any Database) async throws -> [String] {
        var paths: [String] = []
        if let picture = try await LessonsProfile.find(accountID, on: db)?.profileImage, Self.isProfileFile(picture) {
            paths.append(picture)
        }
        let posted = try await LessonPost.query(on: db).filter(\.$creatorID == accountID).all().flatMap(\.fileList)
        let unattached = try await LessonUpload.query(on: db).filter(\.$accountID == accountID).all(\.$id).compactMap { $0 }
        for path in Set(posted + unattached).sorted() where PostBoard.isPostFile(path) {
            let others = try await LessonPost.listing(path, on: db).filter(\.$creatorID != accountID).count()
            if others == 0 { paths.append(path) }
        }
        return paths
    }

    private static func isProfileFile(_ path: String) -> Bool {
        path.hasPrefix("\(FileStore.pathPrefix)/\(ProfilesController.fileArea)/")
    }
}
