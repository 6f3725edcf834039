import Foundation
import Platform
import PlatformCore

/// The reading module's settings, from the environment.
struct ReadingSettings: Sendable {
    /// `SPROUT_READING_TIME_ZONE`: where readers' days begin and end, for sessions across
    /// midnight, the calendar and streaks (an IANA name; Asia/Seoul, the app's home, by default).
    let timeZone: TimeZone
    let timeZoneName: String
    /// `SPROUT_ALADIN_TTB_KEY` makes Aladin's catalogue available (`SPROUT_ALADIN_URL` points
    /// elsewhere, `SPROUT_ALADIN_DAILY_LIMIT` is the calls a day the key allows, 5,000 by default,
    /// `SPROUT_ALADIN_PER_MINUTE` the calls in any minute, 60 by default;
    /// `SPROUT_ALADIN_TIMEOUT_SECONDS` how long a reader waits for it, 3 by default).
    let aladin: AladinCatalogue.Settings?
    /// Where book search and the lists come from: `CatalogueSettings`.
    let catalogues: CatalogueSettings

    init(_ environment: EnvironmentReader) throws {
        let name = environment.string("SPROUT_READING_TIME_ZONE") ?? "Asia/Seoul"
        guard let zone = TimeZone(identifier: name) else {
            throw ConfigError.invalid(name: "SPROUT_READING_TIME_ZONE", value: name, expected: "an IANA time zone such as Asia/Seoul")
        }
        timeZone = zone
        timeZoneName = name
        if let key = environment.string("SPROUT_ALADIN_TTB_KEY"), !key.isEmpty {
            let url = (try environment.httpURL("SPROUT_ALADIN_URL") ?? "http://www.aladin.co.kr/ttb/api") + "/"
            let limitText = environment.string("SPROUT_ALADIN_DAILY_LIMIT") ?? "5000"
            guard let limit = Int(limitText), limit > 0 else {
                throw ConfigError.invalid(name: "SPROUT_ALADIN_DAILY_LIMIT", value: limitText, expected: "a whole number of calls above 0")
            }
            let timeoutText = environment.string("SPROUT_ALADIN_TIMEOUT_SECONDS") ?? "3"
            guard let timeout = Int64(timeoutText), (1...300).contains(timeout) else {
                throw ConfigError.invalid(name: "SPROUT_ALADIN_TIMEOUT_SECONDS", value: timeoutText, expected: "a whole number of seconds from 1 to 300")
            }
            aladin = AladinCatalogue.Settings(key: key, baseURL: url, dailyLimit: limit,
                                              perMinute: try CatalogueSettings.calls(environment, "SPROUT_ALADIN_PER_MINUTE", default: 60), timeoutSeconds: timeout)
        } else {
            aladin = nil
        }
        catalogues = try CatalogueSettings(environment, aladin: aladin)
    }
}

/// Which catalogues book search asks, and how to reach each.
///
/// `SPROUT_BOOK_CATALOGUES` names them, comma-separated, from `local`, `google`, `openlibrary`,
/// `kakao` and `aladin`. The local catalogue's hits come first wherever `local` is named; the
/// outside catalogues follow, merged by ISBN in the order named (the first one's description of a
/// book wins). Left out, `local` means outside catalogues only, and a search fails (503) when they
/// do; named alone, it means offline. One outside catalogue alone is asked directly, every time
/// (Aladin alone is how Sprout worked before the others). The lists come from Aladin when it is
/// named, else from the local catalogue. By default: `local`, then `aladin` when
/// `SPROUT_ALADIN_TTB_KEY` is set, `kakao` when `SPROUT_KAKAO_REST_KEY` is set, then `google` and
/// `openlibrary`, which need no key: a newcomer who is online finds most books, and offline the
/// local catalogue answers.
///
/// - `SPROUT_GOOGLE_BOOKS_URL` (`https://www.googleapis.com/books/v1`), `SPROUT_GOOGLE_BOOKS_KEY`
///   (optional: a Google Cloud API key raises the day's allowance), `SPROUT_GOOGLE_BOOKS_LANGUAGE`
///   (optional: only books in that ISO 639-1 language, `ko`), `SPROUT_GOOGLE_BOOKS_PER_MINUTE` (60)
///   and `SPROUT_GOOGLE_BOOKS_PER_DAY` (1,000, the allowance of a key).
/// - `SPROUT_OPEN_LIBRARY_URL` (`https://openlibrary.org`), `SPROUT_OPEN_LIBRARY_COVERS_URL`
///   (`https://covers.openlibrary.org`), `SPROUT_OPEN_LIBRARY_PER_MINUTE` (60),
///   `SPROUT_OPEN_LIBRARY_PER_DAY` (10,000).
/// - `SPROUT_KAKAO_URL` (`https://dapi.kakao.com`), `SPROUT_KAKAO_REST_KEY` (the app's REST API
///   key, required when `kakao` is named), `SPROUT_KAKAO_PER_MINUTE` (60), `SPROUT_KAKAO_PER_DAY`
///   (30,000).
/// - `SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS` (3, from 1 to 300): how long a search waits for
///   Google Books, Open Library and Kakao (Aladin has its own).
struct CatalogueSettings: Sendable {
    enum Source: String, CaseIterable, Sendable {
        case local, google, openlibrary, kakao, aladin
    }

    /// Each once, in the order named.
    let sources: [Source]
    /// Each present when its source is named.
    let google: GoogleBooksCatalogue.Settings?
    let openLibrary: OpenLibraryCatalogue.Settings?
    let kakao: KakaoBookCatalogue.Settings?
    let aladin: AladinCatalogue.Settings?

    init(_ environment: EnvironmentReader, aladin aladinSettings: AladinCatalogue.Settings?) throws {
        let kakaoKey = environment.string("SPROUT_KAKAO_REST_KEY")
        var defaults: [Source] = [.local]
        if aladinSettings != nil { defaults.append(.aladin) }
        if kakaoKey != nil { defaults.append(.kakao) }
        sources = try Self.sources(environment, defaults: defaults + [.google, .openlibrary])
        let timeoutText = environment.string("SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS") ?? "3"
        guard let timeout = Int64(timeoutText), (1...300).contains(timeout) else {
            throw ConfigError.invalid(name: "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS", value: timeoutText, expected: "a whole number of seconds from 1 to 300")
        }
        if sources.contains(.google) {
            google = GoogleBooksCatalogue.Settings(
                baseURL: try environment.httpURL("SPROUT_GOOGLE_BOOKS_URL") ?? "https://www.googleapis.com/books/v1",
                key: environment.string("SPROUT_GOOGLE_BOOKS_KEY"), language: try Self.language(environment),
                perMinute: try Self.calls(environment, "SPROUT_GOOGLE_BOOKS_PER_MINUTE", default: 60),
                perDay: try Self.calls(environment, "SPROUT_GOOGLE_BOOKS_PER_DAY", default: 1_000), timeoutSeconds: timeout
            )
        } else {
            google = nil
        }
        if sources.contains(.openlibrary) {
            openLibrary = OpenLibraryCatalogue.Settings(
                baseURL: try environment.httpURL("SPROUT_OPEN_LIBRARY_URL") ?? "https://openlibrary.org",
                coversURL: try environment.httpURL("SPROUT_OPEN_LIBRARY_COVERS_URL") ?? "https://covers.openlibrary.org",
                perMinute: try Self.calls(environment, "SPROUT_OPEN_LIBRARY_PER_MINUTE", default: 60),
                perDay: try Self.calls(environment, "SPROUT_OPEN_LIBRARY_PER_DAY", default: 10_000), timeoutSeconds: timeout
            )
        } else {
            openLibrary = nil
        }
        if sources.contains(.kakao) {
            guard let kakaoKey else {
                throw ConfigError.invalid(name: "SPROUT_KAKAO_REST_KEY", value: "", expected: "the Kakao app's REST API key, since SPROUT_BOOK_CATALOGUES names kakao")
            }
            kakao = KakaoBookCatalogue.Settings(
                baseURL: try environment.httpURL("SPROUT_KAKAO_URL") ?? "https://dapi.kakao.com", key: kakaoKey,
                perMinute: try Self.calls(environment, "SPROUT_KAKAO_PER_MINUTE", default: 60),
                perDay: try Self.calls(environment, "SPROUT_KAKAO_PER_DAY", default: 30_000), timeoutSeconds: timeout
            )
        } else {
            kakao = nil
        }
        if sources.contains(.aladin) && aladinSettings == nil {
            throw ConfigError.invalid(name: "SPROUT_ALADIN_TTB_KEY", value: "", expected: "Aladin's TTB key, since SPROUT_BOOK_CATALOGUES names aladin")
        }
        aladin = sources.contains(.aladin) ? aladinSettings : nil
    }

    private static func sources(_ environment: EnvironmentReader, defaults: [Source]) throws -> [Source] {
        let name = "SPROUT_BOOK_CATALOGUES"
        let expected = "a comma-separated list of local, google, openlibrary, kakao and aladin"
        if environment.isSetEmpty(name) { throw ConfigError.invalid(name: name, value: "", expected: expected) }
        guard let text = environment.string(name) else { return defaults }
        var sources: [Source] = []
        for word in text.split(separator: ",") {
            guard let source = Source(rawValue: word.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw ConfigError.invalid(name: name, value: text, expected: expected)
            }
            if !sources.contains(source) { sources.append(source) }
        }
        guard !sources.isEmpty else { throw ConfigError.invalid(name: name, value: text, expected: expected) }
        return sources
    }

    /// A number of calls a provider allows, in a minute or a day.
    static func calls(_ environment: EnvironmentReader, _ name: String, default value: Int) throws -> Int {
        let text = environment.string(name) ?? String(value)
        guard let calls = Int(text), (1...10_000_000).contains(calls) else {
            throw ConfigError.invalid(name: name, value: text, expected: "a whole number of calls from 1 to 10,000,000")
        }
        return calls
    }

    private static func language(_ environment: EnvironmentReader) throws -> String? {
        guard let code = environment.string("SPROUT_GOOGLE_BOOKS_LANGUAGE") else { return nil }
        guard code.count == 2, code.allSatisfy({ $0.isASCII && $0.isLowercase }) else {
            throw ConfigError.invalid(name: "SPROUT_GOOGLE_BOOKS_LANGUAGE", value: code, expected: "a two-letter ISO 639-1 code such as ko")
        }
        return code
    }
}
