import Foundation
import Platform
import Plot
import SproutAPI

/// The home "map" without a map: the search circle drawn as a radar, with each waiting person
/// a dot at their bearing and distance from the centre. Drawn on the server as inline SVG, so it
/// needs no tiles, no script and no network.
enum StudyRadar {
    struct Blip: Equatable {
        let person: Study.QueueUser
        /// In the SVG's box, -100…100 on each axis; north is up.
        let x: Double
        let y: Double
        /// How far and in which 동: the same words the map, the list and the result cards use.
        let whereabouts: StudyPlaces.Whereabouts

        /// "새우깡 · 650m · 망원제2동".
        var label: String { "\(person.nick) · \(whereabouts.text)" }
    }

    /// The dot's distance from the centre is to the ring's edge (90) as metres are to the radius.
    static func blips(_ people: [Study.QueueUser], centre: GeoPoint, radius: Double, places: StudyPlaces) -> [Blip] {
        people.compactMap { person in
            guard let point = GeoPoint(lat: person.lat, long: person.long), radius > 0,
                  let whereabouts = places.whereabouts(of: person, from: centre)
            else { return nil }
            let scaled = min(whereabouts.metres / radius, 1) * 90
            let angle = bearing(from: centre, to: point)
            return Blip(person: person, x: scaled * sin(angle), y: -scaled * cos(angle), whereabouts: whereabouts)
        }
    }

    /// Initial great-circle bearing in radians, clockwise from north.
    static func bearing(from a: GeoPoint, to b: GeoPoint) -> Double {
        let φ1 = a.lat * .pi / 180, φ2 = b.lat * .pi / 180, Δλ = (b.long - a.long) * .pi / 180
        return atan2(sin(Δλ) * cos(φ2), cos(φ1) * sin(φ2) - sin(φ1) * cos(φ2) * cos(Δλ))
    }

    static func svg(_ blips: [Blip], radius: Double, _ context: PageContext) -> Node<HTML.BodyContext> {
        let rings: [Node<HTML.BodyContext>] = [30.0, 60, 90].map { ring in
            element("circle", ["class": "radar-ring", "cx": "0", "cy": "0", "r": number(ring)])
        }
        let dots: [Node<HTML.BodyContext>] = blips.map { blip in
            .element(named: "g", nodes: [
                .attribute(named: "class", value: "radar-person gender-\(blip.person.gender)"),
                .attribute(named: "data-uid", value: blip.person.uid),
                .element(named: "title", nodes: [.text(blip.label)]),
                element("circle", ["cx": number(blip.x), "cy": number(blip.y), "r": "5"]),
                .element(named: "text", nodes: [
                    .attribute(named: "x", value: number(blip.x)), .attribute(named: "y", value: number(blip.y - 8)),
                    .attribute(named: "text-anchor", value: "middle"), .text(blip.person.nick),
                ]),
            ])
        }
        let within = DistanceText.text(metres: radius)
        let label = context.pick(ko: "반경 \(within) 안에 기다리는 새싹 \(blips.count)명", en: "\(blips.count) people waiting within \(within)")
        return .element(named: "svg", nodes: [
            .attribute(named: "id", value: "radar"),
            .attribute(named: "viewBox", value: "-100 -100 200 200"),
            .attribute(named: "role", value: "img"),
            .attribute(named: "aria-label", value: label),
            .attribute(named: "data-count", value: String(blips.count)),
        ] + rings + [
            element("line", ["class": "radar-axis", "x1": "-90", "y1": "0", "x2": "90", "y2": "0"]),
            element("line", ["class": "radar-axis", "x1": "0", "y1": "-90", "x2": "0", "y2": "90"]),
            .element(named: "text", nodes: [.attribute(named: "class", value: "radar-north"), .attribute(named: "x", value: "0"),
                                            .attribute(named: "y", value: "-92"), .attribute(named: "text-anchor", value: "middle"), .text("N")]),
            element("circle", ["class": "radar-centre", "cx": "0", "cy": "0", "r": "4"]),
        ] + dots)
    }

    private static func element(_ name: String, _ attributes: KeyValuePairs<String, String>) -> Node<HTML.BodyContext> {
        .element(named: name, nodes: attributes.map { .attribute(named: $0.key, value: $0.value) })
    }

    private static func number(_ value: Double) -> String {
        String(format: "%.1f", value)
    }
}
