/// Compares secrets in time that depends only on their length, so a caller cannot learn how many
/// leading characters of a guess were right.
public func constantTimeEquals(_ a: String, _ b: String) -> Bool {
    let a = Array(a.utf8), b = Array(b.utf8)
    guard a.count == b.count else { return false }
    return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
}
