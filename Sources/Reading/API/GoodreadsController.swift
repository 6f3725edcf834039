import OpenAPIDocuments
import Platform
import SproutAPI
import Vapor

/// `/api/reading/import/goodreads` and `/api/reading/export/goodreads.csv`: the library in and out
/// as Goodreads' CSV export, which most reading apps exchange.
struct GoodreadsController: Sendable {
    let libraryImport: LibraryImport
    let libraryExport: LibraryExport

    func register(on routes: DocumentedRoutes) {
        routes.on(Reading.Routes.importGoodreads, body: .collect(maxSize: ByteCount(value: Reading.ImportRules.bodyBytes)), doc: .init(
            "Import a Goodreads export",
            description: "The CSV as the body (`text/csv`), or as the file part of a `multipart/form-data` form. Each row is a book; its review becomes a memo. Rows that break a rule or are already in the library are skipped and reported; the rest are taken together or not at all.",
            body: .file(["text/csv"], or: .multipart([.init("file", required: true, .file, "The Goodreads CSV")])),
            responses: LibraryController.signedIn.merging([
                200: "{imported: [{row, id, title}], skipped: [{row, title, reason, detail}]}", 400: "No file in the form",
                409: "The library changed during the import (nothing imported)", 413: "Larger than 16 MiB",
                422: "Not a Goodreads CSV, not UTF-8, or more than 20,000 books (nothing imported)",
            ]) { $1 }
        ), use: importGoodreads)
        routes.onResponse(Reading.Routes.exportGoodreads, doc: .init(
            "Export as Goodreads CSV",
            description: "Goodreads' columns and quirks (`=\"…\"` ISBN cells, `yyyy/MM/dd` days, shelves), plus a Date Started column; memos, oldest first, as the review.",
            responses: LibraryController.signedIn.merging([200: "The library as Goodreads CSV"]) { $1 }, responseContent: "text/csv"
        ), use: exportGoodreads)
    }

    func importGoodreads(_ req: Request) async throws -> Reading.ImportReport {
        let accountID = try req.authenticatedAccountID
        let bytes: ByteBuffer
        if req.headers.contentType == .formData {
            let parts = try req.multipartParts()
            guard let file = parts.first(where: { $0.filename != nil }) ?? parts.first(where: { $0.name == "file" }) else {
                throw ReadingError.badQuery("The form has no file part.")
            }
            bytes = file.body
        } else {
            bytes = req.body.data ?? ByteBuffer()
        }
        guard let text = bytes.getString(at: bytes.readerIndex, length: bytes.readableBytes, encoding: .utf8) else {
            throw ReadingError.unreadableImport(.notCSV)
        }
        return try await libraryImport.goodreads(text, for: accountID, on: req.db)
    }

    func exportGoodreads(_ req: Request) async throws -> Response {
        Self.download(try await libraryExport.goodreads(for: try req.authenticatedAccountID, on: req.db))
    }

    /// The export as a file to save, for the API and the page alike.
    static func download(_ csv: String) -> Response {
        var headers = HTTPHeaders()
        headers.replaceOrAdd(name: .contentType, value: "text/csv; charset=utf-8")
        headers.replaceOrAdd(name: .contentDisposition, value: #"attachment; filename="goodreads_library_export.csv""#)
        return Response(status: .ok, headers: headers, body: .init(string: csv))
    }
}
