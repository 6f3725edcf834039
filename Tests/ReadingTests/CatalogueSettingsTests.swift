import Platform
import PlatformCore
@testable import Reading
import Testing

/// Which catalogues search asks comes from the environment; a value that makes no sense stops
/// the start with its name.
@Suite struct CatalogueSettingsTests {
    func settings(_ environment: [String: String]) throws -> CatalogueSettings {
        try ReadingSettings(EnvironmentReader(environment)).catalogues
    }

    @Test func aNewcomerOnlineGetsTheLocalCatalogueThenGoogleAndOpenLibrary() throws {
        let plain = try settings([:])
        #expect(plain.sources == [.local, .google, .openlibrary] && plain.kakao == nil && plain.aladin == nil)
        #expect(plain.google == GoogleBooksCatalogue.Settings(baseURL: "https://www.googleapis.com/books/v1", key: nil, language: nil, perMinute: 60, perDay: 1_000, timeoutSeconds: 3))
        #expect(plain.openLibrary == OpenLibraryCatalogue.Settings(baseURL: "https://openlibrary.org", coversURL: "https://covers.openlibrary.org", perMinute: 60, perDay: 10_000, timeoutSeconds: 3))

        let keyed = try settings(["SPROUT_KAKAO_REST_KEY": "kakao", "SPROUT_ALADIN_TTB_KEY": "ttb", "SPROUT_GOOGLE_BOOKS_KEY": "g", "SPROUT_GOOGLE_BOOKS_LANGUAGE": "ko"])
        #expect(keyed.sources == [.local, .aladin, .kakao, .google, .openlibrary], "a configured key adds its catalogue")
        #expect(keyed.kakao == KakaoBookCatalogue.Settings(baseURL: "https://dapi.kakao.com", key: "kakao", perMinute: 60, perDay: 30_000, timeoutSeconds: 3))
        #expect(keyed.google?.key == "g" && keyed.google?.language == "ko" && keyed.aladin?.perMinute == 60)
    }

    @Test func theListNamesTheCataloguesInOrderEachOnce() throws {
        #expect(try settings(["SPROUT_BOOK_CATALOGUES": "local"]).sources == [.local])
        let named = try settings(["SPROUT_BOOK_CATALOGUES": " Google , LOCAL,google,openlibrary", "SPROUT_GOOGLE_BOOKS_URL": "http://127.0.0.1:8080/books/v1/",
                                  "SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "10", "SPROUT_GOOGLE_BOOKS_PER_MINUTE": "5", "SPROUT_GOOGLE_BOOKS_PER_DAY": "50"])
        #expect(named.sources == [.google, .local, .openlibrary])
        #expect(named.google == GoogleBooksCatalogue.Settings(baseURL: "http://127.0.0.1:8080/books/v1", key: nil, language: nil, perMinute: 5, perDay: 50, timeoutSeconds: 10))
        let kakaoOnly = try settings(["SPROUT_BOOK_CATALOGUES": "kakao", "SPROUT_KAKAO_REST_KEY": "k", "SPROUT_KAKAO_URL": "http://127.0.0.1:9"])
        #expect(kakaoOnly.sources == [.kakao] && kakaoOnly.google == nil && kakaoOnly.openLibrary == nil && kakaoOnly.kakao?.baseURL == "http://127.0.0.1:9")
        #expect(try settings(["SPROUT_BOOK_CATALOGUES": "local", "SPROUT_GOOGLE_BOOKS_URL": "not a url"]).google == nil, "an unused catalogue's settings are not read")
    }

    @Test(arguments: [
        ["SPROUT_BOOK_CATALOGUES": "amazon"],
        ["SPROUT_BOOK_CATALOGUES": ""],
        ["SPROUT_BOOK_CATALOGUES": " , "],
        ["SPROUT_BOOK_CATALOGUES": "google;local"],
        ["SPROUT_BOOK_CATALOGUES": "local,kakao"],
        ["SPROUT_BOOK_CATALOGUES": "aladin"],
        ["SPROUT_GOOGLE_BOOKS_URL": "ftp://books.example/"],
        ["SPROUT_OPEN_LIBRARY_COVERS_URL": "covers"],
        ["SPROUT_BOOK_CATALOGUES": "kakao", "SPROUT_KAKAO_REST_KEY": "k", "SPROUT_KAKAO_URL": "http://"],
        ["SPROUT_GOOGLE_BOOKS_PER_MINUTE": "0"],
        ["SPROUT_OPEN_LIBRARY_PER_DAY": "-1"],
        ["SPROUT_KAKAO_REST_KEY": "k", "SPROUT_KAKAO_PER_DAY": "many"],
        ["SPROUT_ALADIN_TTB_KEY": "ttb", "SPROUT_ALADIN_PER_MINUTE": "99999999999999999999"],
        ["SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "0"],
        ["SPROUT_BOOK_CATALOGUE_TIMEOUT_SECONDS": "301"],
        ["SPROUT_GOOGLE_BOOKS_LANGUAGE": "KO"],
        ["SPROUT_GOOGLE_BOOKS_LANGUAGE": "kor"],
    ])
    func aValueThatMakesNoSenseIsRefused(_ environment: [String: String]) {
        #expect(throws: ConfigError.self) { try settings(environment) }
    }
}
