import Foundation
import SproutAPI

// Posts and their files: spec §2.2 and the image fetch of §1.
extension LessonsClient {
    /// `POST v1/posts/files`: one repeated `files` part per photo. Answers the relative paths to
    /// put into the post's `files`.
    public func uploadFiles(_ files: [ImageUpload]) async throws -> [String] {
        var form = MultipartForm()
        for file in files {
            form.append(name: "files", filename: file.filename, contentType: file.contentType, data: file.data)
        }
        let uploaded: Lessons.UploadedFiles = try await api.send(
            Endpoint(Lessons.Routes.uploadFiles, body: .multipart(form))
        )
        return uploaded.files
    }

    /// `POST v1/posts`
    public func createPost(_ request: Lessons.PostRequest) async throws -> Lessons.Post {
        try await api.send(Endpoint(Lessons.Routes.createPost, body: request))
    }

    /// `GET v1/posts/{post_id}`; 410 when it does not exist (any more).
    public func post(id: String) async throws -> Lessons.Post {
        try await api.send(Endpoint(Lessons.Routes.post, id))
    }

    /// `PUT v1/posts/{post_id}`: fields left nil keep their values. 445: not the author.
    public func updatePost(id: String, _ request: Lessons.PostRequest) async throws -> Lessons.Post {
        try await api.send(Endpoint(Lessons.Routes.updatePost, id, body: request))
    }

    /// `DELETE v1/posts/{post_id}`. 445: not the author; 410: already gone. The body is not read,
    /// as no published client reads it.
    public func deletePost(id: String) async throws {
        try await api.send(Endpoint<Void>(Lessons.Routes.deletePost, id) { _ in })
    }

    /// One page of a list. `next` is "" for the first page, then the previous page's `next_cursor`;
    /// a nil `limit` lets the server choose.
    public func posts(_ feed: PostFeed, next: String = "", limit: Int? = nil) async throws -> Lessons.PostList {
        try await api.send(feed.endpoint(next: next, limit: limit))
    }

    /// A whole list, page after page until `next_cursor` is "0".
    public func allPosts(_ feed: PostFeed, pageSize: Int? = nil) async throws -> [Lessons.Post] {
        try await PostPaging.collect { next in try await posts(feed, next: next, limit: pageSize) }
    }

    /// The bytes of an uploaded image (a post photo, a profile picture): `GET v1/<path>`, where
    /// `path` is the relative path the server handed out (`uploads/…`, with or without a leading slash).
    public func image(at path: String) async throws -> Data {
        let relative = path.hasPrefix("/") ? path.dropFirst() : path[...]
        let inUploads = relative.hasPrefix(Lessons.Routes.uploadsFolder) ? relative.dropFirst(Lessons.Routes.uploadsFolder.count) : relative
        return try await api.send(Endpoint<Data>(Lessons.Routes.file, String(inUploads)) { $0 })
    }
}
