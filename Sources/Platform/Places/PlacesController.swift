import OpenAPIDocuments
import SproutAPI
import Vapor

/// `GET /api/places`: the 읍·면·동 that answer what a person types, for every app's 동네 picker.
/// Public data, so no credential; limited per client address like the platform's other routes.
struct PlacesController: Sendable {
    let neighbourhoods: Neighbourhoods

    func register(on routes: DocumentedRoutes) {
        routes.on(Places.Routes.search, doc: .init(
            "Find a 읍·면·동 by name",
            description: "Best first: the 동's name exactly (`망원1동` and `망원제1동` alike), a numbered 동 by its name without the number "
                + "(`망원동` finds 망원제1동 and 망원제2동), then names it begins, then names holding it. A province or district in front "
                + "narrows (`마포구 합정`, `서울 망원`); spaces do not matter. An empty `q` finds nothing.",
            query: [
                .init("q", .string(maxLength: Places.maxQueryLength), "What the person typed, up to \(Places.maxQueryLength) characters"),
                .init("limit", .integer(1...Places.maxLimit), "1 to \(Places.maxLimit); \(Places.defaultLimit) when left out"),
            ],
            responses: [200: "{places}, best first", 400: "q over \(Places.maxQueryLength) characters, or limit not 1 to \(Places.maxLimit)",
                        429: "Too many calls"]
        ), use: search)
    }

    func search(_ req: Request) throws -> Places.SearchResult {
        let query = req.queryValue("q") ?? ""
        guard query.count <= Places.maxQueryLength else {
            throw Abort(.badRequest, reason: "q has at most \(Places.maxQueryLength) characters.")
        }
        let places = neighbourhoods.search(query, limit: try Self.limit(req))
        return Places.SearchResult(places: places.map { place in
            Places.Place(code: place.code, name: place.name, district: place.district, province: place.province, fullName: place.fullName,
                         latitude: place.lat, longitude: place.long)
        })
    }

    /// `limit` from the query: a whole number from 1 to `Places.maxLimit`, or 400.
    static func limit(_ req: Request) throws -> Int {
        guard let text = req.queryValue("limit") else { return Places.defaultLimit }
        guard let limit = Int(text), (1...Places.maxLimit).contains(limit) else {
            throw Abort(.badRequest, reason: "limit is a whole number from 1 to \(Places.maxLimit).")
        }
        return limit
    }
}

/// The place list's API, in the platform document.
public enum PlacesRoutes {
    public static func register(_ platform: PlatformServices, api: DocumentedRoutes) {
        PlacesController(neighbourhoods: platform.neighbourhoods).register(on: api.grouped(platform.ipRateLimit))
    }
}
