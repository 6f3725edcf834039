/// What kind of thing a listing sells, as Korean second-hand markets group them. The market's API
/// contract has no category, so the web sets and filters it; API listings are `other`.
enum ProductCategory: String, CaseIterable, Sendable {
    case digital, furniture, living, clothing, books, hobby, sports, beauty, kids, other

    /// A form's choice: none is `other`; a value that names no category is refused (nil).
    init?(choice: String) {
        guard !choice.isEmpty else { self = .other; return }
        self.init(rawValue: choice)
    }
}
