import Platform
import SproutAPI
import Vapor

/// `/reading/transfer`: the library in and out as a Goodreads export, for people coming from
/// Goodreads, StoryGraph or another app, or keeping a copy.
struct ReadingTransferPages: Sendable {
    let libraryImport: LibraryImport
    let libraryExport: LibraryExport

    func register(on pages: any RoutesBuilder) {
        pages.get(ReadingPaths.transfer, use: show)
        pages.post(ReadingPaths.transfer, upTo: ByteCount(value: Reading.ImportRules.bodyBytes), use: importFile)
        pages.get(ReadingPaths.export, use: export)
    }

    func show(_ req: Request) async throws -> Response {
        let (context, _) = try await PageContext.signedIn(req)
        return ReadingTransferViews.page(context, outcome: nil)
    }

    func importFile(_ req: Request) async throws -> Response {
        let (context, account) = try await PageContext.signedIn(req)
        let file = try? req.multipartParts().first { $0.filename != nil && $0.body.readableBytes > 0 }
        guard let body = file?.body, let text = body.getString(at: body.readerIndex, length: body.readableBytes, encoding: .utf8) else {
            return ReadingTransferViews.page(context, outcome: .refused(.notCSV), status: .unprocessableEntity)
        }
        do {
            let report = try await libraryImport.goodreads(text, for: try account.requireID(), on: req.db)
            return ReadingTransferViews.page(context, outcome: .imported(report))
        } catch let ReadingError.unreadableImport(problem) {
            return ReadingTransferViews.page(context, outcome: .refused(problem), status: .unprocessableEntity)
        } catch ReadingError.libraryChangedDuringImport {
            return ReadingTransferViews.page(context, outcome: .raced, status: .conflict)
        }
    }

    func export(_ req: Request) async throws -> Response {
        let (_, account) = try await PageContext.signedIn(req)
        return GoodreadsController.download(try await libraryExport.goodreads(for: try account.requireID(), on: req.db))
    }
}
