import Foundation

extension Market {
    /// A field of the product form, named as the contract names it.
    public enum Field: String, Sendable, CaseIterable, Hashable {
        case images, name, description, price, currency
        case discountedPrice = "discounted_price"
        case stock
    }

    /// What is wrong with one field.
    public enum Violation: Sendable, Equatable {
        case required
        case tooShort(minimum: Int)
        case tooLong(maximum: Int)
        case tooFew(minimum: Int)
        case tooMany(maximum: Int)
        case negative
        /// Above `ProductRules.largestNumber`.
        case tooLarge(maximum: Double)
        case notANumber
        case discountAbovePrice
        case unknownCurrency
        /// A photo the server refused, and why.
        case photo(PhotoRefusal)
    }

    /// A product as a form holds it: text as typed, so the rules can tell empty from zero.
    public struct ProductDraft: Sendable, Equatable {
        public var name: String
        public var description: String
        public var price: String
        public var currency: String
        public var discountedPrice: String
        public var stock: String
        public var imageCount: Int

        public init(name: String = "", description: String = "", price: String = "", currency: String = Currency.krw.rawValue, discountedPrice: String = "", stock: String = "", imageCount: Int = 0) {
            self.name = name
            self.description = description
            self.price = price
            self.currency = currency
            self.discountedPrice = discountedPrice
            self.stock = stock
            self.imageCount = imageCount
        }
    }

    /// The product rules, shared by the server, the web form and the SDK's form view model so
    /// the three cannot drift. `contract` is what the server enforces on the API (the published
    /// clients check little: one-letter names and empty descriptions exist in real data);
    /// `dotori` is Dotori Market's stricter form, which the web app and view models use.
    public struct ProductRules: Sendable {
        public var name: ClosedRange<Int>
        public var description: ClosedRange<Int>
        public var images: ClosedRange<Int>
        public var requiresStock: Bool

        /// The largest price, discount or stock a product may hold: every client decodes it
        /// exactly (Double and Int alike) and arithmetic on it cannot overflow an Int.
        public static let largestNumber: Double = 999_999_999_999_999

        public static let contract = ProductRules(name: 1...100, description: 0...1000, images: 1...5, requiresStock: false)
        public static let dotori = ProductRules(name: 3...100, description: 10...1000, images: 1...5, requiresStock: true)

        /// Every violation, by field. `checkImages` is false for edits, which cannot change images.
        public func violations(of draft: ProductDraft, checkImages: Bool = true) -> [Field: Violation] {
            var found: [Field: Violation] = [:]
            let name = draft.name.trimmingCharacters(in: .whitespacesAndNewlines)
            if name.isEmpty { found[.name] = .required }
            else if name.count < self.name.lowerBound { found[.name] = .tooShort(minimum: self.name.lowerBound) }
            else if name.count > self.name.upperBound { found[.name] = .tooLong(maximum: self.name.upperBound) }

            let description = draft.description.trimmingCharacters(in: .whitespacesAndNewlines)
            if description.count < self.description.lowerBound {
                found[.description] = description.isEmpty ? .required : .tooShort(minimum: self.description.lowerBound)
            } else if draft.description.count > self.description.upperBound {
                found[.description] = .tooLong(maximum: self.description.upperBound)
            }

            if checkImages {
                if draft.imageCount < images.lowerBound { found[.images] = .tooFew(minimum: images.lowerBound) }
                else if draft.imageCount > images.upperBound { found[.images] = .tooMany(maximum: images.upperBound) }
            }

            if Currency(rawValue: draft.currency) == nil { found[.currency] = .unknownCurrency }

            let price = Self.number(draft.price)
            switch price {
            case .none: found[.price] = .required
            case .some(nil): found[.price] = .notANumber
            case let .some(value?) where value < 0: found[.price] = .negative
            case let .some(value?) where value > Self.largestNumber: found[.price] = .tooLarge(maximum: Self.largestNumber)
            default: break
            }

            switch Self.number(draft.discountedPrice) {
            case .some(nil): found[.discountedPrice] = .notANumber
            case let .some(value?) where value < 0: found[.discountedPrice] = .negative
            case let .some(value?) where value > Self.largestNumber: found[.discountedPrice] = .tooLarge(maximum: Self.largestNumber)
            case let .some(value?):
                if case let .some(price?) = price, value > price { found[.discountedPrice] = .discountAbovePrice }
            case .none: break
            }

            switch Self.number(draft.stock) {
            case .none where requiresStock: found[.stock] = .required
            case .some(nil): found[.stock] = .notANumber
            case let .some(value?) where value < 0: found[.stock] = .negative
            case let .some(value?) where value.rounded() != value: found[.stock] = .notANumber
            case let .some(value?) where value > Self.largestNumber: found[.stock] = .tooLarge(maximum: Self.largestNumber)
            default: break
            }
            return found
        }

        /// nil when empty; .some(nil) when not a number.
        static func number(_ text: String) -> Double?? {
            let trimmed = MoneyInput.normalized(text)
            guard !trimmed.isEmpty else { return .none }
            guard let value = Double(trimmed), value.isFinite else { return .some(nil) }
            return .some(value)
        }
    }
}
