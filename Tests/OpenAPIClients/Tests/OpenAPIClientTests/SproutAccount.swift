import PlatformAPI

/// A fresh Sprout account through the generated platform client, for the APIs that take its
/// bearer token (market, reading).
enum SproutAccount {
    static func accessToken() async throws -> String {
        let client = PlatformAPI.Client(serverURL: try RunningSprout.url(), transport: RunningSprout.transport)
        let email = "\(RunningSprout.unique("gen-"))@example.com"
        return try await client.postApiAuthJoin(body: .json(.init(email: email, name: RunningSprout.unique("g"), password: "correct-horse-9"))).ok.body.json.accessToken
    }

    static func bearer() async throws -> Credentials {
        Credentials([("Authorization", "Bearer \(try await accessToken())")])
    }
}
