import Foundation

/// The rows of `Places/Data/places.csv` (see its NOTICE): every 시/군/구, its `dong` empty, and
/// every 읍·면·동, each with its centre. `Districts` reads the first kind, `Neighbourhoods` the second.
struct PlaceTable {
    struct Row {
        let code: String
        let province: String
        let district: String
        /// Empty on a 시/군/구's own row.
        let dong: String
        let point: GeoPoint
    }

    static let header = "code,province,district,dong,latitude,longitude"

    /// What a broken file says, by line, so that start-up names it.
    struct Malformed: Error, CustomStringConvertible {
        let description: String

        init(line: Int, _ problem: String) {
            description = "places.csv line \(line): \(problem)"
        }

        init(missing file: String) {
            description = "\(file) is not in the platform's bundle"
        }
    }

    /// The file bundled with the platform.
    static func bundled() throws -> String {
        guard let url = Bundle.module.url(forResource: "places", withExtension: "csv", subdirectory: "Data") else {
            throw Malformed(missing: "Places/Data/places.csv")
        }
        return try String(contentsOf: url, encoding: .utf8)
    }

    /// Every row in the file's order; a header other than `header`, a row without its six fields,
    /// a name or code left empty, a code used twice or a point off the globe is refused.
    static func rows(_ csv: String) throws -> [Row] {
        let lines = csv.split(whereSeparator: \.isNewline)
        guard lines.first.map(String.init) == header else { throw Malformed(line: 1, "the header is not \(header)") }
        var codes = Set<String>()
        return try lines.dropFirst().enumerated().map { offset, line in
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 6 else { throw Malformed(line: offset + 2, "\(fields.count) fields, not 6") }
            guard !fields[0].isEmpty, !fields[1].isEmpty, !fields[2].isEmpty else {
                throw Malformed(line: offset + 2, "code, province and district are needed")
            }
            guard codes.insert(fields[0]).inserted else { throw Malformed(line: offset + 2, "code \(fields[0]) is on an earlier row too") }
            guard let lat = Double(fields[4]), let long = Double(fields[5]), let point = GeoPoint(lat: lat, long: long) else {
                throw Malformed(line: offset + 2, "latitude and longitude must be a point on Earth")
            }
            return Row(code: fields[0], province: fields[1], district: fields[2], dong: fields[3], point: point)
        }
    }
}
