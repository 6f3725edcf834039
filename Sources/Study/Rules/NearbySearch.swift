import Fluent
import Foundation
import Platform
import SQLKit

/// Finds waiting people near a point through the queue's spatial index (see `CreateQueueEntry`):
/// the index answers the covering boxes, then each candidate's true distance decides.
struct NearbySearch: Sendable {
    /// Metres; the apps show a 700 m × 700 m map region and describe results as "반경 700m".
    let radius: Double
    /// The most people one answer lists, nearest first.
    let limit: Int

    /// A waiting person with what the search lists about them, read in the same query as the
    /// index lookup rather than as profile models: the search is the study server's hottest path
    /// (see bench/RESULTS.md).
    struct Candidate: Sendable {
        let uid: String
        let lat: Double
        let long: Double
        let studylist: [String]
        let nick: String
        let reputation: [Int]
        let comments: [String]
        let gender: Int
        let sesac: Int
        let background: Int

        /// Column by column: `Decodable` row decoding cost more than the query itself.
        init(_ row: any SQLRow) throws {
            uid = try row.decode(column: "uid", as: String.self)
            lat = try row.decode(column: "lat", as: Double.self)
            long = try row.decode(column: "long", as: Double.self)
            studylist = try row.decode(column: "studylist", as: [String].self)
            nick = try row.decode(column: "nick", as: String.self)
            reputation = try row.decode(column: "reputation", as: [Int].self)
            comments = try row.decode(column: "comments", as: [String].self)
            gender = try row.decode(column: "gender", as: Int.self)
            sesac = try row.decode(column: "sesac", as: Int.self)
            background = try row.decode(column: "background", as: Int.self)
        }
    }

    /// The people waiting within the radius, nearest first.
    func waiting(near centre: GeoPoint, excluding uid: String, on db: any Database) async throws -> [Candidate] {
        let sql = try db.sql()
        var found: [Candidate] = []
        for box in GeoBox.covering(centre, radius: radius) {
            found += try await candidates(in: box, on: sql)
        }
        return found
            .filter { $0.uid != uid }
            .compactMap { candidate -> (Candidate, Double)? in
                guard let point = GeoPoint(lat: candidate.lat, long: candidate.long) else { return nil }
                let distance = centre.distance(to: point)
                return distance <= radius ? (candidate, distance) : nil
            }
            .sorted { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0.uid < $1.0.uid) }
            .prefix(limit)
            .map(\.0)
    }

    private static let columns: SQLQueryString = """
        q.uid, q.lat, q.long, q.studylist, p.nick, p.reputation, p.comments, p.gender, p.sesac, p.background
        """

    private func candidates(in box: GeoBox, on sql: any SQLDatabase) async throws -> [Candidate] {
        if sql.dialect.name == "sqlite" {
            // R*Tree stores 32-bit floats rounded outwards; the exact distance filter follows.
            return try await sql.raw("""
                SELECT \(Self.columns) FROM study_queue_rtree r
                JOIN study_queue q ON q.id = r.id JOIN study_profiles p ON p.uid = q.uid
                WHERE r.max_lat >= \(bind: box.minLat) AND r.min_lat <= \(bind: box.maxLat)
                  AND r.max_long >= \(bind: box.minLong) AND r.min_long <= \(bind: box.maxLong)
                """).all().map(Candidate.init)
        }
        return try await sql.raw("""
            SELECT \(Self.columns) FROM study_queue q JOIN study_profiles p ON p.uid = q.uid
            WHERE point(q.long, q.lat) <@ box(point(\(bind: box.minLong), \(bind: box.minLat)), point(\(bind: box.maxLong), \(bind: box.maxLat)))
            """).all().map(Candidate.init)
    }
}
