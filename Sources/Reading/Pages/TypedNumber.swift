import Foundation

/// A whole number typed into a page's field, read as people type it ("1,216", " 12 "): a field
/// left empty holds none, and anything that is not a whole number of at most nine digits is
/// refused (the initialiser fails) rather than guessed at.
struct TypedNumber {
    let value: Int?

    init?(_ typed: String?) {
        let text = (typed ?? "").filter { $0 != "," }.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else {
            value = nil
            return
        }
        guard text.count <= 9, let number = Int(text) else { return nil }
        value = number
    }
}
