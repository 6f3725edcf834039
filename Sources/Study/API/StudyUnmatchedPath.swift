import Vapor

/// The study contract's answer for a path it does not serve. Its clients branch on the status
/// code alone and read no error body: 401 without the `idtoken` header (every study endpoint
/// requires it), 404 with it.
struct StudyUnmatchedPath: AsyncResponder {
    static let tokenHeader = "idtoken"

    func respond(to request: Request) async throws -> Response {
        Response(status: request.headers.contains(name: Self.tokenHeader) ? .notFound : .unauthorized)
    }
}
