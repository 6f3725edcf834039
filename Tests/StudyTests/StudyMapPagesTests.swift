import Foundation
import Platform
import PlatformCore
import SproutTestSupport
@testable import Study
import Testing
import Vapor

/// The slippy map an operator may configure: Leaflet's files served by name from its folder, the
/// page's policy opened to the tile server alone, and the radar alone without it.
@Suite struct StudyMapPagesTests {
    /// A stand-in for Debian's `libjs-leaflet` folder, so the test does not depend on the package.
    private func leafletFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("leaflet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("images"), withIntermediateDirectories: true)
        try Data("/* leaflet */ window.L = {};".utf8).write(to: folder.appendingPathComponent("leaflet.js"))
        try Data(".leaflet-container {}".utf8).write(to: folder.appendingPathComponent("leaflet.css"))
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: folder.appendingPathComponent("images/marker-icon.png"))
        try Data("not served".utf8).write(to: folder.appendingPathComponent("secret.txt"))
        return folder.path
    }

    @Test func aConfiguredTileServerPutsTheMapOnTheHomePage() async throws {
        let folder = try leafletFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let environment: [String: String] = [
            "SPROUT_STUDY_MAP_TILES": "https://tiles.example.org/{z}/{x}/{y}.png",
            "SPROUT_STUDY_MAP_ATTRIBUTION": "© \"Tiles\" <b>",
            "SPROUT_LEAFLET_DIR": folder,
        ]
        try await withSprout(configure: { $0.environment = .init(environment) }) { sprout in
            let neighbour = try await sprout.studyPerson("+821030000001", nick: "이웃")
            try await sprout.enterQueue(neighbour, lat: 37.5190, long: 126.8870)
            let browser = try await sprout.studyBrowser(phone: "01030000002", nick: "지도")

            let home = try await browser.web.get("/study")
            let html = String(buffer: home.body)
            #expect(html.contains(#"id="study-map""#))
            #expect(html.contains(#"data-tiles="https://tiles.example.org/{z}/{x}/{y}.png""#))
            #expect(html.contains(#"data-attribution="© &quot;Tiles&quot; &lt;b&gt;""#), "escaped like every attribute")
            // Each marker says what the radar and the list under it say: the distance and the 동.
            #expect(html.contains(#"data-people="[{&quot;label&quot;:&quot;이웃 · 151m · 양평제1동&quot;,&quot;lat&quot;:37.519,&quot;long&quot;:126.887}]""#))
            #expect(html.contains("<title>이웃 · 151m · 양평제1동</title>") && html.contains(#"<span class="whereabouts">151m · 양평제1동</span>"#))
            let policy = try #require(home.headers.first(name: "Content-Security-Policy"))
            #expect(policy.contains("img-src 'self' data: blob: https://tiles.example.org;"))
            #expect(policy.contains("script-src 'self';"), "scripts stay Sprout's own")

            let script = try await browser.web.get("/study/map/leaflet.js")
            #expect(script.status == .ok && String(buffer: script.body) == "/* leaflet */ window.L = {};")
            #expect(try await browser.web.get("/study/map/images/marker-icon.png").status == .ok)
            for path in ["/study/map/secret.txt", "/study/map/..%2Fsecret.txt", "/study/map/images/../secret.txt", "/study/map/leaflet.min.js"] {
                #expect(try await browser.web.get(path).status == .notFound, "\(path)")
            }
        }
    }

    @Test func withoutTilesTheRadarStandsAlone() async throws {
        try await withSprout { sprout in
            let browser = try await sprout.studyBrowser(phone: "01030000003", nick: "레이더")
            let home = try await browser.web.get("/study")
            #expect(!String(buffer: home.body).contains("study-map"))
            #expect(String(buffer: home.body).contains("<svg"))
            #expect(home.headers.first(name: "Content-Security-Policy")?.contains("img-src 'self' data: blob:;") == true)
            #expect(try await browser.web.get("/study/map/leaflet.js").status == .notFound)
        }
    }

    @Test func aBadMapSettingStopsStartUpNamingTheVariable() throws {
        let folder = try leafletFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (tiles, leaflet, variable) in [
            ("https://tiles.example.org/{z}/{x}.png", folder, "SPROUT_STUDY_MAP_TILES"),
            ("ftp://tiles.example.org/{z}/{x}/{y}.png", folder, "SPROUT_STUDY_MAP_TILES"),
            ("{z}/{x}/{y}", folder, "SPROUT_STUDY_MAP_TILES"),
            ("https://tiles.example.org/{z}/{x}/{y}.png", folder + "/missing", "SPROUT_LEAFLET_DIR"),
        ] {
            #expect {
                try StudyMap.configured(EnvironmentReader(["SPROUT_STUDY_MAP_TILES": tiles, "SPROUT_LEAFLET_DIR": leaflet]))
            } throws: { error in
                guard case let ConfigError.invalid(name, _, _) = error else { return false }
                return name == variable
            }
        }
        #expect(try StudyMap.configured(EnvironmentReader([:])) == nil)
        let map = try #require(try StudyMap.configured(EnvironmentReader(["SPROUT_STUDY_MAP_TILES": "http://127.0.0.1:8081/{z}/{x}/{y}.png", "SPROUT_LEAFLET_DIR": folder])))
        #expect(map.tileOrigin == "http://127.0.0.1:8081")
    }
}
