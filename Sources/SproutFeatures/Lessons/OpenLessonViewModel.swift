import Foundation
import Observation
import SproutAPI
import SproutKit

/// Opening a lesson, or editing one (spec §6, "레슨 개설하기" and "레슨 정보 수정"). Teachers only.
/// Unlike the published app, which sent "Untitled", 0 and "" for whatever was left empty, the
/// form checks each field with `Lessons.LessonDraft` and sends nothing while any is wrong.
/// Photos are uploaded first, then the lesson is created (or saved) with their paths.
@MainActor @Observable
public final class OpenLessonViewModel {
    public enum Mode: Sendable, Equatable {
        case create
        case edit(postID: String)
    }

    public enum Access: Sendable, Equatable {
        /// The role is not known yet.
        case checking
        case allowed
        /// A student: the form is not for them.
        case refused
    }

    /// A photo of the lesson: one already on the server (editing), or one just picked.
    public enum Photo: Sendable, Equatable {
        case uploaded(path: String)
        case picked(ImageUpload)
    }

    public enum Route: Sendable, Equatable {
        case created(postID: String)
        case updated(postID: String)
    }

    public static let refusal = "레슨은 선생님만 개설할 수 있어요."

    // MARK: Outputs
    public let mode: Mode
    public private(set) var draft: Lessons.LessonDraft
    public private(set) var photos: [Photo]
    public private(set) var fieldErrors: [Lessons.LessonDraft.Field: Lessons.LessonDraft.Violation] = [:]
    public private(set) var access: Access = .checking
    public private(set) var isSubmitting = false
    public private(set) var alert: String?
    public private(set) var route: Route?

    let lessons: any LessonsService
    /// Kept on edit: the form has no field for it, and saving must not take a lesson off the home screen.
    let curation: Lessons.Curation?
    private var showsErrors = false

    public init(lessons: any LessonsService, editing lesson: Lessons.Post? = nil) {
        self.lessons = lessons
        if let lesson {
            mode = .edit(postID: lesson.postID)
            draft = Lessons.LessonDraft(editing: lesson)
            photos = lesson.files.map { .uploaded(path: $0) }
            curation = lesson.content4.flatMap(Lessons.Curation.init(rawValue:))
        } else {
            mode = .create
            draft = Lessons.LessonDraft()
            photos = []
            curation = nil
        }
    }

    // MARK: Inputs

    /// Looks the role up; a student is refused before typing anything.
    public func viewDidAppear() async {
        await checkAccess()
    }

    public func titleChanged(_ text: String) { update { $0.title = text } }
    public func priceChanged(_ text: String) { update { $0.price = text } }
    public func instrumentPicked(_ instrument: Lessons.Instrument) { update { $0.instrument = instrument.rawValue } }
    public func regionPicked(_ region: Lessons.Region) { update { $0.region = region.rawValue } }
    public func lessonTypePicked(_ type: Lessons.LessonType) { update { $0.lessonType = type.rawValue } }
    public func introductionChanged(_ text: String) { update { $0.introduction = text } }

    /// Adds photos up to the limit and says so when some did not fit.
    public func photosPicked(_ picked: [ImageUpload]) {
        let room = max(Lessons.LessonDraft.maxPhotos - photos.count, 0)
        if picked.count > room { alert = Lessons.LessonDraft.Violation.tooMany(max: Lessons.LessonDraft.maxPhotos).message.ko }
        photos += picked.prefix(room).map(Photo.picked)
        update { $0.photoCount = photos.count }
    }

    public func photoRemoved(at index: Int) {
        guard photos.indices.contains(index) else { return }
        photos.remove(at: index)
        update { $0.photoCount = photos.count }
    }

    public func submitTapped() async {
        showsErrors = true
        fieldErrors = draft.violations
        guard fieldErrors.isEmpty, !isSubmitting else { return }
        isSubmitting = true
        defer { isSubmitting = false }
        if access == .checking { await checkAccess() }
        guard access == .allowed else {
            if access == .refused { alert = Self.refusal }
            return
        }
        do {
            let files = try await uploadPickedPhotos()
            let request = draft.request(files: files, curation: curation)
            switch mode {
            case .create:
                route = .created(postID: try await lessons.createPost(request).postID)
            case let .edit(postID):
                route = .updated(postID: try await lessons.updatePost(id: postID, request).postID)
            }
        } catch {
            alert = LessonsAlert.message(for: error, fallback: mode == .create ? "레슨을 개설하지 못했어요. 다시 시도해 주세요." : "레슨을 수정하지 못했어요. 다시 시도해 주세요.")
        }
    }

    public func alertDismissed() { alert = nil }
    public func routeHandled() { route = nil }

    // MARK: Helpers

    private func checkAccess() async {
        do {
            access = LessonsRole(phoneNum: try await lessons.myProfile().phoneNum) == .teacher ? .allowed : .refused
            if access == .refused { alert = Self.refusal }
        } catch {
            alert = LessonsAlert.message(for: error, fallback: LessonsAlert.network)
        }
    }

    /// Uploads the picked photos in one call and remembers their paths, so a retry after a failed
    /// create does not upload them again. Answers every photo's path, in order.
    private func uploadPickedPhotos() async throws -> [String] {
        let picked = photos.compactMap { photo -> ImageUpload? in
            if case let .picked(upload) = photo { return upload }
            return nil
        }
        if !picked.isEmpty {
            var paths = try await lessons.uploadFiles(picked).makeIterator()
            photos = photos.map { photo in
                guard case .picked = photo, let path = paths.next() else { return photo }
                return .uploaded(path: path)
            }
        }
        return photos.compactMap { photo in
            if case let .uploaded(path) = photo { return path }
            return nil
        }
    }

    private func update(_ change: (inout Lessons.LessonDraft) -> Void) {
        change(&draft)
        if showsErrors { fieldErrors = draft.violations }
    }
}
