/// A command that failed for a reason the operator can fix; `sprout` prints it as one line.
public struct CommandFailure: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
