/// The contract's nickname rules: not empty, no whitespace anywhere (402), unique (409).
enum Nickname {
    static func containsWhitespace(_ nick: String) -> Bool {
        nick.contains(where: \.isWhitespace)
    }
}
