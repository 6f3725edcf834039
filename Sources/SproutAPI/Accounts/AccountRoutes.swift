import Foundation

extension SproutAccount {
    /// Sprout's accounts (`/api/auth`), the sign-in every Sprout API's bearer token comes from.
    public enum Routes {
        public static let all: [AnyAPIRoute] = []
    }
}
