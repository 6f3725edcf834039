import Fluent
import Foundation
import Platform
import SproutAPI
import Vapor

/// The teacher's pages (spec §6): open a lesson, edit and delete their own, "my lessons" and
/// "reviews on my lessons". Only teachers get in, and only the lesson's teacher changes it.
struct TeacherPages: Sendable {
    let board: PostBoard
    let uploads: PostUploads
    let uploadBodyLimit: ByteCount

    func register(on pages: any RoutesBuilder) {
        pages.get(LessonsPaths.open, use: openForm)
        pages.post(LessonsPaths.open, upTo: uploadBodyLimit, use: open)
        pages.get(LessonsPaths.edit, use: editForm)
        pages.post(LessonsPaths.edit, upTo: uploadBodyLimit, use: edit)
        pages.get(LessonsPaths.delete, use: confirmDelete)
        pages.post(LessonsPaths.delete, use: delete)
        pages.get(LessonsPaths.myLessons, use: mine)
        pages.get(LessonsPaths.myReviews, use: reviews)
    }

    // MARK: Open and edit

    func openForm(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        return LessonFormPage.render(visitor.context, mode: .open, draft: Lessons.LessonDraft(), errors: [:])
    }

    func open(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: LessonsPaths.open.link)
        let (draft, uploads) = try Self.submission(req)
        let files: [String]
        switch try await checkAndStore(draft, uploads: uploads, by: visitor.accountID, context: visitor.context, on: req.db) {
        case let .stored(paths): files = paths
        case let .refused(errors): return LessonFormPage.render(visitor.context, mode: .open, draft: draft, errors: errors, status: .badRequest)
        }
        do {
            let post = try await board.create(by: visitor.accountID, draft.request(files: files), on: req.db)
            return req.redirect(to: LessonsPaths.lesson.link(post.postID), redirectType: .normal)
        } catch {
            await self.uploads.discard(files, on: req.db)
            throw error
        }
    }

    func editForm(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req, LessonsPaths.edit.parameters(in: req) ?? "")
        return LessonFormPage.render(visitor.context, mode: .edit(post), draft: Lessons.LessonDraft(editing: post), errors: [:])
    }

    /// New photos replace the old ones; none chosen keeps them as they are.
    func edit(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.edit.parameters(in: req) ?? ""
        let (visitor, post) = try await ownLesson(req, postID, next: LessonsPaths.edit.link(postID))
        let (draft, uploads) = try Self.submission(req)
        var files = post.files
        switch try await checkAndStore(draft, uploads: uploads, by: visitor.accountID, context: visitor.context, on: req.db) {
        case let .stored(paths): if !uploads.isEmpty { files = paths }
        case let .refused(errors): return LessonFormPage.render(visitor.context, mode: .edit(post), draft: draft, errors: errors, status: .badRequest)
        }
        do {
            let request = draft.request(files: files)
            _ = try await board.update(post.postID, by: visitor.accountID, request, on: req.db)
        } catch {
            if !uploads.isEmpty { await self.uploads.discard(files, on: req.db) }
            throw error
        }
        return req.redirect(to: LessonsPaths.lesson.link(post.postID), redirectType: .normal)
    }

    enum Outcome {
        case stored([String])
        case refused([Lessons.LessonDraft.Field: String])
    }

    /// Checks the draft, then stores the photos: nothing is stored for a draft with errors.
    private func checkAndStore(_ draft: Lessons.LessonDraft, uploads: [Data], by accountID: String, context: PageContext, on db: any Database) async throws -> Outcome {
        let violations = draft.violations
        guard violations.isEmpty else { return .refused(violations.mapValues { context.pick(ko: $0.message.ko, en: $0.message.en) }) }
        do {
            return .stored(try await self.uploads.store(uploads, by: accountID, on: db))
        } catch {
            guard let refusal = PhotoRefusal(error) else { throw error }
            return .refused([.photos: refusal.message(context)])
        }
    }

    /// The form as posted: its text fields as a draft, and the chosen photos (a browser sends an
    /// empty file part when none is chosen).
    static func submission(_ req: Request) throws -> (Lessons.LessonDraft, [Data]) {
        let parts = try req.multipartParts()
        func text(_ field: Lessons.LessonDraft.Field) -> String {
            parts.first { $0.name == LessonFormPage.name(field) }?.text ?? ""
        }
        let uploads = parts.filter { $0.name == LessonFormPage.name(.photos) && $0.body.readableBytes > 0 }.map { Data(buffer: $0.body) }
        let draft = Lessons.LessonDraft(
            title: text(.title), price: text(.price), instrument: text(.instrument), region: text(.region),
            lessonType: text(.lessonType), introduction: text(.introduction), photoCount: uploads.count
        )
        return (draft, uploads)
    }

    // MARK: Delete

    func confirmDelete(_ req: Request) async throws -> Response {
        let (visitor, post) = try await ownLesson(req, LessonsPaths.delete.parameters(in: req) ?? "")
        return TeacherViews.confirmDelete(visitor.context, post: post)
    }

    func delete(_ req: Request) async throws -> Response {
        let postID = LessonsPaths.delete.parameters(in: req) ?? ""
        let (visitor, post) = try await ownLesson(req, postID, next: LessonsPaths.lesson.link(postID))
        try await board.delete(post.postID, by: visitor.accountID, on: req.db)
        return req.redirect(to: LessonsPaths.myLessons.link, redirectType: .normal)
    }

    /// The teacher and their lesson `postID`; another teacher's lesson is refused, unchanged.
    private func ownLesson(_ req: Request, _ postID: String, next: String? = nil) async throws -> (LessonsVisitor, Lessons.Post) {
        let visitor = try await LessonsVisitor.requireTeacher(req, next: next)
        let post = try await board.lesson(postID, shownTo: visitor.accountID, on: req.db)
        guard post.creator.userID == visitor.accountID else { throw PageExit(TeacherViews.othersLesson(visitor.context, post: post)) }
        return (visitor, post)
    }

    // MARK: Lists

    /// "나의 레슨 관리": the teacher's lessons, newest first, with edit and delete.
    func mine(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: visitor.accountID, viewer: visitor.accountID)
        let page = try await PagedPosts.load(query, page: try req.queryFields(ListPage.self).number, reader: board.reader, on: req.db)
        return TeacherViews.myLessons(visitor.context, page: page)
    }

    static let reviewedLessonsLimit = 100

    /// "레슨 수강 후기": every review on the teacher's lessons, newest first (spec §6 flattens them).
    func reviews(_ req: Request) async throws -> Response {
        let visitor = try await LessonsVisitor.requireTeacher(req)
        let query = PostQuery(productID: Lessons.ProductID.lesson, creatorID: visitor.accountID, viewer: visitor.accountID)
        let lessons = try await PagedPosts.load(query, page: 1, size: Self.reviewedLessonsLimit, reader: board.reader, on: req.db).posts
        let reviews = lessons.flatMap { lesson in lesson.comments.map { (lesson: lesson, review: $0) } }
            .sorted { $0.review.createdAt > $1.review.createdAt }
        return TeacherViews.reviews(visitor.context, reviews: reviews)
    }
}
