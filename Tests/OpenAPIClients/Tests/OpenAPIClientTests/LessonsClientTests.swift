import LessonsAPI
import OpenAPIRuntime
import Testing

@Suite(.enabled(if: RunningSprout.isConfigured)) struct LessonsClientTests {
    @Test func joinsPostsListsAndComments() async throws {
        let url = try RunningSprout.url()
        let key = Credentials([("SesacKey", RunningSprout.devKey)])
        let anonymous = LessonsAPI.Client(serverURL: url, transport: RunningSprout.transport, middlewares: [key])
        let email = "\(RunningSprout.unique("gen-"))@example.com"
        let nick = RunningSprout.unique("g")
        let joined = try await anonymous.postV1UsersJoin(body: .json(.init(email: email, nick: nick, password: "correct-horse-9"))).ok.body.json
        #expect(joined.nick == nick)
        let login = try await anonymous.postV1UsersLogin(body: .json(.init(email: email, password: "correct-horse-9"))).ok.body.json

        let client = LessonsAPI.Client(
            serverURL: url, transport: RunningSprout.transport,
            middlewares: [Credentials([("SesacKey", RunningSprout.devKey), ("Authorization", login.accessToken)])]
        )
        #expect(try await client.getV1UsersMeProfile().ok.body.json.nick == nick)
        let post = try await client.postV1Posts(body: .json(.init(content: "#첼로 레슨", price: 70000, productId: "allforlesson", title: "첼로 첫걸음"))).ok.body.json
        #expect(post.title == "첼로 첫걸음")
        let page = try await client.getV1Posts(query: .init(limit: "5", productId: "allforlesson")).ok.body.json
        #expect(page.data.contains { $0.postId == post.postId })
        let comment = try await client.postV1PostsByPostIdComments(path: .init(postId: post.postId), body: .json(.init(content: "좋아요"))).ok.body.json
        #expect(comment.content == "좋아요")

        let withoutKey = LessonsAPI.Client(serverURL: url, transport: RunningSprout.transport)
        let refused = try await withoutKey.postV1UsersLogin(body: .json(.init(email: email, password: "correct-horse-9")))
        #expect(try !refused.code420.body.json.message.isEmpty)
    }
}
