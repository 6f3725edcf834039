/// A setting whose value Sprout cannot use, named with the value and what it expected.
public enum ConfigError: Error, CustomStringConvertible, Equatable {
    case invalid(name: String, value: String, expected: String)

    public var description: String {
        switch self {
        case let .invalid(name, value, expected): "\(name)=\(value) is not valid: expected \(expected)"
        }
    }
}
