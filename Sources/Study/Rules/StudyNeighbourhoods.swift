import Foundation

/// Korea's 시/군/구 with their centre points (`Seed/neighbourhoods.csv`, see its NOTICE): where
/// the search can be centred by choosing a place, for a browser that will not share its location
/// and a server without map tiles.
struct StudyNeighbourhoods: Sendable {
    struct Place: Sendable, Equatable {
        /// The 행정구역 code, what the page's choice sends.
        let code: String
        let province: String
        let district: String
        let lat: Double
        let long: Double
    }

    /// In the file's order: provinces as the table lists them, each one's districts together.
    let places: [Place]
    private let byCode: [String: Place]

    init() throws {
        guard let url = Bundle.module.url(forResource: "neighbourhoods", withExtension: "csv", subdirectory: "Seed") else {
            throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Seed/neighbourhoods.csv"])
        }
        try self.init(csv: String(contentsOf: url, encoding: .utf8))
    }

    init(csv: String) throws {
        places = try csv.split(separator: "\n").dropFirst().map { line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 5, let lat = Double(fields[3]), let long = Double(fields[4]) else {
                throw CocoaError(.fileReadCorruptFile, userInfo: [NSLocalizedDescriptionKey: "neighbourhoods.csv: \(line)"])
            }
            return Place(code: fields[0], province: fields[1], district: fields[2], lat: lat, long: long)
        }
        byCode = Dictionary(places.map { ($0.code, $0) }) { first, _ in first }
    }

    func place(_ code: String?) -> Place? {
        code.flatMap { byCode[$0] }
    }

    /// The provinces in order, each with its districts.
    var byProvince: [(province: String, places: [Place])] {
        var groups: [(province: String, places: [Place])] = []
        for place in places {
            if groups.last?.province == place.province { groups[groups.count - 1].places.append(place) } else { groups.append((place.province, [place])) }
        }
        return groups
    }
}
