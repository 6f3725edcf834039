import Foundation

/// Finds 읍·면·동 the way people type them: "망원1동" for 망원제1동 (the table writes a 제 before a
/// 동's number that nobody types), "망원동" for every numbered 망원 동, a province or district in
/// front to narrow ("서울 망원", "마포구합정"), spaces anywhere.
struct PlaceSearch: Sendable {
    /// How well a place answers a query, best first.
    enum Closeness: Int, Comparable {
        /// The 동's name.
        case exact
        /// A numbered 동 or 본동 by its name without the number: "망원동" for 망원제1동.
        case family
        case prefix
        case contains
        /// Only a province or district was typed, and the place is in it.
        case within

        static func < (a: Closeness, b: Closeness) -> Bool { a.rawValue < b.rawValue }
    }

    private struct Name: Sendable {
        let written: String
        let compared: String
        /// "망원동" for 망원제1동, 망원제2동 and a 망원본동; nil for a 동 that has no number.
        let family: String?

        init(_ written: String) {
            self.written = written
            compared = PlaceSearch.compared(written)
            family = PlaceSearch.family(of: compared).map { $0 + "동" }
        }

        func closeness(to rest: String) -> Closeness? {
            if rest == compared { return .exact }
            if rest == family { return .family }
            if compared.hasPrefix(rest) || written.hasPrefix(rest) { return .prefix }
            if compared.contains(rest) || written.contains(rest) { return .contains }
            return nil
        }
    }

    /// One 시/군/구 and the words that narrow a query to it.
    private struct District: Sendable {
        /// 서울특별시, 서울, 서울시.
        let provinceWords: [String]
        /// 마포구, 마포; 수원시장안구, 수원시, 장안구, 수원, 장안.
        let districtWords: [String]
        /// Indices into `names`, in the table's order.
        var members: [Int]

        /// The query with what names this district taken off its front, each with whether something was.
        func rests(of typed: String) -> [(text: String, narrowed: Bool)] {
            var rests = [(text: typed, narrowed: false)]
            for word in provinceWords where typed.hasPrefix(word) { rests.append((String(typed.dropFirst(word.count)), true)) }
            for rest in rests {
                for word in districtWords where rest.text.hasPrefix(word) { rests.append((String(rest.text.dropFirst(word.count)), true)) }
            }
            return rests
        }
    }

    private let names: [Name]
    private let districts: [District]

    init(_ places: [Neighbourhoods.Place]) {
        names = places.map { Name($0.name) }
        var districts: [District] = []
        var byDistrict: [String: Int] = [:]
        for (index, place) in places.enumerated() {
            let key = place.province + "," + place.district
            if let known = byDistrict[key] {
                districts[known].members.append(index)
            } else {
                byDistrict[key] = districts.count
                districts.append(District(
                    provinceWords: Self.words(province: place.province), districtWords: Self.words(district: place.district), members: [index]
                ))
            }
        }
        self.districts = districts
    }

    /// The indices of the places that answer `query`, best first and in the table's order among
    /// equals; at most `limit`.
    func indices(matching query: String, limit: Int) -> [Int] {
        let typed = Self.compared(String(query.precomposedStringWithCanonicalMapping.filter { !$0.isWhitespace }))
        guard !typed.isEmpty, limit > 0 else { return [] }
        var found: [(closeness: Closeness, index: Int)] = []
        for district in districts {
            let rests = district.rests(of: typed)
            for index in district.members {
                if let best = rests.compactMap({ closeness(of: index, to: $0) }).min() { found.append((best, index)) }
            }
        }
        return found.sorted { ($0.closeness, $0.index) < ($1.closeness, $1.index) }.prefix(limit).map { $0.index }
    }

    private func closeness(of index: Int, to rest: (text: String, narrowed: Bool)) -> Closeness? {
        guard !rest.text.isEmpty else { return rest.narrowed ? .within : nil }
        return names[index].closeness(to: rest.text)
    }

    /// "망원제1동" → "망원1동", "면목제3.8동" → "면목3.8동": a 제 between a name and its number dropped.
    static func compared(_ text: String) -> String {
        let characters = Array(text)
        var kept = ""
        for (index, character) in characters.enumerated() {
            let afterName = index > 0 && !characters[index - 1].isWholeNumber
            let beforeNumber = index + 1 < characters.count && characters[index + 1].isASCII && characters[index + 1].isWholeNumber
            if character == "제", afterName, beforeNumber { continue }
            kept.append(character)
        }
        return kept
    }

    /// "망원1동", "중계2.3동", "잠실본동" → "망원", "중계", "잠실".
    static func family(of compared: String) -> String? {
        guard compared.hasSuffix("동") else { return nil }
        let stem = compared.dropLast()
        var base = stem.hasSuffix("본") ? stem.dropLast() : stem
        while let last = base.last, last.isASCII, last.isWholeNumber || last == "." { base = base.dropLast() }
        return base.count < stem.count && !base.isEmpty ? String(base) : nil
    }

    private static func words(province: String) -> [String] {
        let short = Districts.shortName(of: province)
        return unique([province, short] + (province.hasSuffix("시") ? [short + "시"] : []))
    }

    private static func words(district: String) -> [String] {
        let parts = district.split(separator: " ").map(String.init)
        let stems = parts.compactMap { part -> String? in
            guard let last = part.last, "시군구".contains(last), part.count > 2 else { return nil }
            return String(part.dropLast())
        }
        return unique([parts.joined()] + parts + stems)
    }

    private static func unique(_ words: [String]) -> [String] {
        var seen = Set<String>()
        return words.filter { seen.insert($0).inserted }
    }
}
