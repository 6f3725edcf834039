import Platform
import Vapor

extension SproutApplication {
    /// One line for an operator, whatever went wrong at start-up: no stack, no type dump.
    public static func describeStartupError(_ error: any Error) -> String {
        if let error = error as? any DebuggableError { return firstLine(error.reason) }
        return firstLine(String(describing: error))
    }

    private static func firstLine(_ text: String) -> String {
        text.split(separator: "\n").first.map(String.init) ?? text
    }
}
