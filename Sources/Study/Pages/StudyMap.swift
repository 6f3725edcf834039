import Foundation
import Platform
import PlatformCore

/// The slippy map an operator may put on the home page instead of the radar: tiles from the
/// server they name, drawn by Leaflet from Debian's `libjs-leaflet` (served by Sprout, never a
/// CDN). Without `SPROUT_STUDY_MAP_TILES` the home page shows only the radar, which needs no
/// network.
///
/// | variable | default | meaning |
/// |---|---|---|
/// | `SPROUT_STUDY_MAP_TILES` | *(unset)* | a tile URL template, `https://tile.example.org/{z}/{x}/{y}.png` |
/// | `SPROUT_STUDY_MAP_ATTRIBUTION` | `© OpenStreetMap contributors` | the credit the tile server asks for |
/// | `SPROUT_LEAFLET_DIR` | `/usr/share/javascript/leaflet` | where `libjs-leaflet` put `leaflet.js` |
struct StudyMap: Sendable {
    let tiles: String
    let attribution: String
    /// `https://tile.example.org`: what the page's Content-Security-Policy lets images come from.
    let tileOrigin: String
    let leafletDirectory: String

    /// The files of Leaflet a page needs, by the name they are served under.
    static let leafletFiles = [
        "leaflet.js", "leaflet.css",
        "images/marker-icon.png", "images/marker-icon-2x.png", "images/marker-shadow.png",
        "images/layers.png", "images/layers-2x.png",
    ]

    static func configured(_ environment: EnvironmentReader) throws -> StudyMap? {
        guard let tiles = environment.string("SPROUT_STUDY_MAP_TILES") else { return nil }
        let expected = "an http(s) URL template with {z}, {x} and {y}"
        guard let url = URL(string: tiles.replacingOccurrences(of: "{", with: "%7B").replacingOccurrences(of: "}", with: "%7D")),
              let scheme = url.scheme, ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
              ["{z}", "{x}", "{y}"].allSatisfy(tiles.contains)
        else { throw ConfigError.invalid(name: "SPROUT_STUDY_MAP_TILES", value: tiles, expected: expected) }
        let directory = environment.string("SPROUT_LEAFLET_DIR") ?? "/usr/share/javascript/leaflet"
        guard FileManager.default.isReadableFile(atPath: directory + "/leaflet.js") else {
            throw ConfigError.invalid(name: "SPROUT_LEAFLET_DIR", value: directory, expected: "Leaflet's folder (apt-get install libjs-leaflet)")
        }
        return StudyMap(
            tiles: tiles, attribution: environment.string("SPROUT_STUDY_MAP_ATTRIBUTION") ?? "© OpenStreetMap contributors",
            tileOrigin: "\(scheme)://\(host)" + (url.port.map { ":\($0)" } ?? ""), leafletDirectory: directory
        )
    }
}
