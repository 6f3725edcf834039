@testable import Platform
import Testing

/// Which files a page links, by where it is.
@Suite struct WebAssetCatalogTests {
    @Test func aPageGetsThePlatformsFilesAndThoseOfTheAppItIsIn() {
        var catalog = WebAssets.Catalog()
        for module in ["platform", "market", "study", "reading", "lessons"] {
            var links = WebAssets.Links()
            links.stylesheets = ["/assets/\(module)/\(module).css"]
            links.scripts = ["/assets/\(module)/\(module).js"]
            catalog.byModule[module] = links
        }
        let cases: [(String, [String])] = [
            ("/", ["platform"]), ("/login", ["platform"]), ("/inbox/abc", ["platform"]), ("/study", ["platform", "study"]),
            ("/study/matched", ["platform", "study"]), ("/reading/stats", ["platform", "reading"]), ("/market", ["platform", "market"]),
            ("/lessons/list", ["platform", "lessons"]), ("/studying", ["platform"]), ("/platform", ["platform"]), ("//market", ["platform", "market"]),
        ]
        for (path, modules) in cases {
            let links = catalog.links(forPageAt: path)
            #expect(links.stylesheets == modules.map { "/assets/\($0)/\($0).css" }, "\(path)")
            #expect(links.scripts == modules.map { "/assets/\($0)/\($0).js" }, "\(path)")
        }
    }
}
