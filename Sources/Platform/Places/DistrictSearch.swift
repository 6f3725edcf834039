import Foundation

extension Districts {
    /// The 시/군/구 that answer what a person types, best first and in the table's order among
    /// equals; at most `limit`. "중구" finds all six 중구s (each named by its province, "서울 중구",
    /// "부산 중구"), "부산 중구" or "부산중구" only Busan's, "장안구" or "수원" the districts of 수원시,
    /// "서울" Seoul's; spaces do not matter; an empty query finds nothing.
    public func search(_ query: String, limit: Int) -> [Place] {
        let typed = Self.compact(query)
        guard !typed.isEmpty, limit > 0 else { return [] }
        return places.enumerated()
            .compactMap { index, place in Self.closeness(of: place, to: typed).map { (closeness: $0, index: index) } }
            .sorted { ($0.closeness, $0.index) < ($1.closeness, $1.index) }
            .prefix(limit)
            .map { places[$0.index] }
    }

    /// 0 for a whole name, 1 for a name it begins, 2 for a name holding it.
    private static func closeness(of place: Place, to typed: String) -> Int? {
        let words = names(of: place)
        if words.contains(typed) { return 0 }
        if words.contains(where: { $0.hasPrefix(typed) }) { return 1 }
        if words.contains(where: { $0.contains(typed) }) { return 2 }
        return nil
    }

    /// What a person may call a district, spaces taken out: 수원시장안구, 경기수원시장안구,
    /// 경기도수원시장안구, 수원시, 장안구, 수원, 장안, 경기장안구.
    private static func names(of place: Place) -> [String] {
        let parts = place.district.split(separator: " ").map(String.init)
        let stems = parts.compactMap { part -> String? in
            guard let last = part.last, "시군구".contains(last), part.count > 2 else { return nil }
            return String(part.dropLast())
        }
        let short = shortName(of: place.province)
        return [compact(place.district), compact(place.name), compact(place.province + place.district)] + parts + stems
            + parts.map { short + $0 }
    }

    private static func compact(_ text: String) -> String {
        String(text.precomposedStringWithCanonicalMapping.filter { !$0.isWhitespace })
    }
}
