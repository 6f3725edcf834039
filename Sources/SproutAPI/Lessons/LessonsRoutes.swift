import Foundation

extension Lessons {
    /// The LSLP contract (`/v1`), as its published clients call it.
    public enum Routes {
        public static let all: [AnyAPIRoute] = []
    }
}
