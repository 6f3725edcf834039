import Platform
import Vapor

/// `/reading/settings`: the app's settings tab (its privacy policy and version) as Sprout keeps
/// it: what is stored and where, the way out (export) and erasing the whole reading log.
struct ReadingSettingsPages: Sendable {
    let library: Library
    let erasure: ReadingErasure

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.settings, use: show)
        pages.get(ReadingPaths.erase, use: confirmErase)
        pages.post(ReadingPaths.erase, use: erase)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, _) = try await PageContext.signedIn(req)
        let erased = try req.queryFields(ErasedCount.self).erased.map { max($0, 0) }
        return ReadingSettingsViews.page(context, erased: erased)
    }

    func confirmErase(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let books = try await library.count(of: try account.requireID(), on: req.db)
        return ReadingSettingsViews.confirmErase(context, books: books)
    }

    func erase(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        let erased = try await erasure.eraseEverything(of: try account.requireID(), on: req.db)
        return req.redirect(to: ReadingPaths.settings.link(query: ErasedCount(erased: erased)), redirectType: .normal)
    }
}

/// How many books the erase just took away, which the settings page then says.
struct ErasedCount: Codable {
    var erased: Int?
}
