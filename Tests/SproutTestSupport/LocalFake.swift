/// A local stand-in for an outside provider (Apple's receipt check, Aladin), listening on
/// loopback until it is stopped.
public protocol LocalFake: Sendable {
    func stop() async throws
}

/// Runs `test` with a fresh fake, stopped afterwards whatever happens.
func withLocalFake<Fake: LocalFake, T>(_ make: () async throws -> Fake, _ test: (Fake) async throws -> T) async throws -> T {
    let fake = try await make()
    let outcome: Result<T, any Error>
    do {
        outcome = .success(try await test(fake))
    } catch {
        outcome = .failure(error)
    }
    try await fake.stop()
    return try outcome.get()
}
