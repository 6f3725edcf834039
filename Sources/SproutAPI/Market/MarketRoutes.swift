import Foundation

extension Market {
    /// The open-market contract (`/api/products`) and Sprout's market API (`/api/market`).
    public enum Routes {
        public static let all: [AnyAPIRoute] = []
    }
}
