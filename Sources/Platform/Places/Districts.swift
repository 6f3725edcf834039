import Foundation

/// Korea's 시/군/구 with their centre points (the rows of `Places/Data/places.csv` without a 동, see its NOTICE):
/// where a study search is centred without a map, and where an in-person lesson takes place.
public struct Districts: Sendable {
    public struct Place: Sendable, Equatable {
        /// The 행정구역 code, what a form sends and a row keeps.
        public let code: String
        public let province: String
        public let district: String
        public let lat: Double
        public let long: Double

        /// "서울 중구", "부산 중구": see `Districts.name(province:district:)`.
        public var name: String { Districts.name(province: province, district: district) }
    }

    /// In the file's order: provinces as the table lists them, each one's districts together.
    public let places: [Place]
    private let byCode: [String: Place]

    public init() throws {
        try self.init(csv: PlaceTable.bundled())
    }

    /// `csv` in the form of `places.csv`; its 읍·면·동 rows are not districts and are passed over.
    public init(csv: String) throws {
        places = try PlaceTable.rows(csv).filter(\.dong.isEmpty).map { row in
            Place(code: row.code, province: row.province, district: row.district, lat: row.point.lat, long: row.point.long)
        }
        byCode = Dictionary(places.map { ($0.code, $0) }) { first, _ in first }
    }

    public func place(_ code: String?) -> Place? {
        code.flatMap { byCode[$0] }
    }

    /// The provinces in order, each with its districts.
    public var byProvince: [(province: String, places: [Place])] {
        var groups: [(province: String, places: [Place])] = []
        for place in places {
            if groups.last?.province == place.province { groups[groups.count - 1].places.append(place) } else { groups.append((place.province, [place])) }
        }
        return groups
    }

    /// How every page names a 시/군/구: "서울 중구", "부산 중구", the province's short name telling
    /// the 중구s (동구s, 서구s, 고성군s…) apart; 세종특별자치시, its own district, is "세종".
    public static func name(province: String, district: String) -> String {
        let short = shortName(of: province)
        return district == province ? short : "\(short) \(district)"
    }

    /// 서울특별시 → 서울, 충청북도 → 충북, 제주특별자치도 → 제주: the names people say.
    public static func shortName(of province: String) -> String {
        let doubled = ["충청북도": "충북", "충청남도": "충남", "전라북도": "전북", "전라남도": "전남", "경상북도": "경북", "경상남도": "경남"]
        if let short = doubled[province] { return short }
        return String(province.prefix(2))
    }
}
