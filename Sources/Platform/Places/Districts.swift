import Foundation

/// Korea's 시/군/구 with their centre points (`Places/Data/neighbourhoods.csv`, see its NOTICE):
/// where a study search is centred without a map, and where an in-person lesson takes place.
public struct Districts: Sendable {
    public struct Place: Sendable, Equatable {
        /// The 행정구역 code, what a form sends and a row keeps.
        public let code: String
        public let province: String
        public let district: String
        public let lat: Double
        public let long: Double

        /// "서울 중구", "부산 중구": the province's short name tells the three 중구s apart.
        public var name: String { "\(Districts.shortName(of: province)) \(district)" }
    }

    /// In the file's order: provinces as the table lists them, each one's districts together.
    public let places: [Place]
    private let byCode: [String: Place]

    public init() throws {
        guard let url = Bundle.module.url(forResource: "neighbourhoods", withExtension: "csv", subdirectory: "Data") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Places/Data/neighbourhoods.csv"])
        }
        try self.init(csv: String(contentsOf: url, encoding: .utf8))
    }

    public init(csv: String) throws {
        places = try csv.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let lat = Double(fields[3]), let long = Double(fields[4]) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "neighbourhoods.csv: \(line)"])
            }
            return Place(code: fields[0], province: fields[1], district: fields[2], lat: lat, long: long)
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

    /// 서울특별시 → 서울, 충청북도 → 충북, 제주특별자치도 → 제주: the names people say.
    public static func shortName(of province: String) -> String {
        let doubled = ["충청북도": "충북", "충청남도": "충남", "전라북도": "전북", "전라남도": "전남", "경상북도": "경북", "경상남도": "경남"]
        if let short = doubled[province] { return short }
        return String(province.prefix(2))
    }
}
