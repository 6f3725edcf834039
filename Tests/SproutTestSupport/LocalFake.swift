/// A local stand-in for an outside provider (Apple's receipt check, Aladin), listening on
/// loopback until it is stopped. A fake that awaits nothing answers in a synchronous handler,
/// on the event loop: an async one waits its turn on the concurrency pool behind every other
/// running test's work, and under the whole suite's load a Google Books lookup waited there past
/// its 60-second deadline.
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
