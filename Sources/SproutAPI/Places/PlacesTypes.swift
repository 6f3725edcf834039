import Foundation

/// Korea's 읍·면·동 (`GET /api/places`): the place list a person's 동네 is chosen from, shared by
/// every app.
public enum Places {
    /// The most places one answer lists.
    public static let maxLimit = 50
    /// How many places an answer lists when the query does not say.
    public static let defaultLimit = 20
    /// The longest query, in characters.
    public static let maxQueryLength = 40

    /// One 읍·면·동 and its centre.
    public struct Place: Codable, Sendable, Equatable {
        /// The 행정구역 code, e.g. "1144069000": what the other APIs take and answer.
        public var code: String
        /// The 동 as the official table writes it: 망원제1동.
        public var name: String
        /// 마포구.
        public var district: String
        /// 서울특별시.
        public var province: String
        /// "서울 마포구 망원제1동".
        public var fullName: String
        public var latitude: Double
        public var longitude: Double

        public init(code: String, name: String, district: String, province: String, fullName: String, latitude: Double, longitude: Double) {
            self.code = code
            self.name = name
            self.district = district
            self.province = province
            self.fullName = fullName
            self.latitude = latitude
            self.longitude = longitude
        }

        enum CodingKeys: String, CodingKey {
            case code, name, district, province, fullName = "full_name", latitude, longitude
        }
    }

    /// The places that match, best first: the 동's name exactly, then those it begins, then those
    /// holding it.
    public struct SearchResult: Codable, Sendable, Equatable {
        public var places: [Place]

        public init(places: [Place]) {
            self.places = places
        }
    }
}
