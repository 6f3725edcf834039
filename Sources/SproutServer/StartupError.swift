import Platform
import Vapor

extension SproutApplication {
    /// One line for an operator, whatever went wrong at start-up: no stack, no type dump.
    public static func describeStartupError(_ error: any Error) -> String {
        if let error = error as? any DebuggableError { return firstLine(error.reason) }
        if let error = error as? StartupStep.Failed { return error.description }
        return firstLine(String(describing: error))
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? text
    }
}

/// A step of start-up, named in words when it fails: "Loading the demo data failed: this email
/// is already registered", never a bare enum case.
enum StartupStep {
    struct Failed: Error, CustomStringConvertible {
        let step: String
        let underlying: any Error

        var description: String { "\(step) failed: \(SproutApplication.describeStartupError(underlying))" }
    }

    static func run<T>(_ step: String, _ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let failed as Failed {
            throw failed
        } catch {
            throw Failed(step: step, underlying: error)
        }
    }
}
