import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite struct ReadingPagesTests {
    /// A browser signed up on the web, and the same account's API token.
    func signedIn(_ sprout: TestSprout) async throws -> (WebClient, Reader) {
        let browser = WebClient(sprout)
        let csrf = try await browser.csrfToken(from: "/signup")
        try await browser.post("/signup", form: ["name": "Mina", "email": "mina@sprout.test", "password": "long-password"], csrf: csrf)
        let login = try await sprout.send(.POST, "api/auth/login", json: SproutAccount.LoginRequest(email: "mina@sprout.test", password: "long-password"))
        let session = try login.decode(SproutAccount.Session.self)
        return (browser, Reader(accountID: session.userID, token: session.accessToken))
    }

    @Test func theHubLinksToTheShelves() async throws {
        try await withReadingSprout { sprout in
            let hub = String(buffer: try await WebClient(sprout).get("/").body)
            #expect(hub.contains(#"href="/reading""#))
            #expect(!hub.contains("준비 중"), "every app is built")
            let anonymous = try await WebClient(sprout).get("/reading")
            #expect(anonymous.status.code == 303 && anonymous.headers.first(name: .location) == "/login?next=/reading")
        }
    }

    @Test func shelvesListTheReadersBooksByStatusAndSearch() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            let empty = String(buffer: try await browser.get("/reading").body)
            #expect(empty.contains(#"id="reading-empty""#))

            try await sprout.addBook(Reading.NewBook(title: "채식주의자", author: "한강", cover: "https://image.example/a.jpg?x=1&y=2", status: .read), by: reader)
            try await sprout.addBook(Reading.NewBook(title: "<script>alert(1)</script>", author: "\"quoted\""), by: reader)
            try await sprout.addBook(Reading.NewBook(title: "Not mine"), by: try await sprout.reader("other"))

            let all = String(buffer: try await browser.get("/reading").body)
            #expect(all.contains("채식주의자") && all.contains("&lt;script&gt;") && !all.contains("<script>alert"))
            #expect(all.contains(#"src="https://image.example/a.jpg?x=1&amp;y=2""#))
            #expect(!all.contains("Not mine"))
            let read = String(buffer: try await browser.get("/reading?status=read").body)
            #expect(read.contains("채식주의자") && !read.contains("&lt;script&gt;"))
            #expect(read.contains(#"class="current" data-shelf="read""#))
            let searched = String(buffer: try await browser.get("/reading?q=%ED%95%9C%EA%B0%95").body)
            #expect(searched.contains("채식주의자") && !searched.contains("&lt;script&gt;"))
            #expect(searched.contains(#"href="/reading?status=to-read&amp;q=%ED%95%9C%EA%B0%95""#), "tabs keep the search")
            let forgiving = try await browser.get("/reading?status=nope&sort=best&q=" + String(repeating: "a", count: 5000))
            #expect(forgiving.status.code == 200)
        }
    }

    @Test func shelvesSortAsTheAppDidAndTheOrderStaysAcrossTabs() async throws {
        try await withReadingSprout { sprout in
            let (browser, reader) = try await signedIn(sprout)
            for (title, pages) in [("나무", 120), ("가방", 640), ("다리", 300)] {
                try await sprout.addBook(Reading.NewBook(title: title, pages: pages), by: reader)
                sprout.clock.advance(by: 60)
            }
            func order(_ query: String) async throws -> [String] {
                let html = String(buffer: try await browser.get("/reading" + query).body)
                return ["나무", "가방", "다리"].sorted { (html.range(of: ">\($0)<")?.lowerBound ?? html.endIndex) < (html.range(of: ">\($1)<")?.lowerBound ?? html.endIndex) }
            }
            #expect(try await order("") == ["다리", "가방", "나무"], "newest first")
            #expect(try await order("?sort=title") == ["가방", "나무", "다리"])
            #expect(try await order("?sort=pages") == ["가방", "다리", "나무"], "thickest first")
            let page = String(buffer: try await browser.get("/reading?sort=pages").body)
            #expect(page.contains(#"<option value="pages" selected"#))
            #expect(page.contains(#"href="/reading?status=to-read&amp;sort=pages""#), "tabs keep the order")
            #expect(try await order("?sort=nope") == ["다리", "가방", "나무"], "an unknown order is the default")
        }
    }
}
