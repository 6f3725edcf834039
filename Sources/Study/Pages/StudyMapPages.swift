import Vapor

/// Serves Leaflet's files from the folder Debian installed them in, by a fixed list of names,
/// so no path from a request ever reaches the file system.
struct StudyMapPages: Sendable {
    let map: StudyMap

    func register(on pages: any RoutesBuilder) {
        pages.get(StudyPaths.leafletFile, use: leafletFile)
    }

    func leafletFile(_ req: Request) async throws -> Response {
        let name = StudyPaths.leafletFile.parameters(in: req) ?? ""
        guard StudyMap.leafletFiles.contains(name) else { throw Abort(.notFound) }
        let response = try await req.fileio.asyncStreamFile(at: map.leafletDirectory + "/" + name)
        response.headers.replaceOrAdd(name: .cacheControl, value: "public, max-age=86400")
        return response
    }
}
