import Plot
import Vapor

/// The web app's languages: Korean first (the apps' users), English beside it.
public enum WebLanguage: String, Sendable, CaseIterable {
    case ko, en

    public static let cookieName = "sprout-lang"

    /// The language cookie set by the visible switch wins; otherwise the browser's
    /// `Accept-Language` order; otherwise Korean.
    public static func preferred(by req: Request) -> WebLanguage {
        if let chosen = req.cookies[cookieName]?.string, let language = WebLanguage(rawValue: chosen) {
            return language
        }
        let ranked = req.headers.first(name: .acceptLanguage)?
            .split(separator: ",")
            .map { entry -> (tag: String, q: Double) in
                let parts = entry.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
                let q = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
                return (parts.first?.lowercased() ?? "", q)
            }
            .sorted { $0.q > $1.q } ?? []
        for entry in ranked {
            if let language = WebLanguage(rawValue: String(entry.tag.prefix(2))) { return language }
        }
        return .ko
    }

    var plotLanguage: Plot.Language { self == .ko ? .korean : .english }

    /// Picks the text for this language; strings stay next to the page that shows them.
    public func pick(ko: String, en: String) -> String { self == .ko ? ko : en }
}

extension Request {
    public var language: WebLanguage { WebLanguage.preferred(by: self) }
}
