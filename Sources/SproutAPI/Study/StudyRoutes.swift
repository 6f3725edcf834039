import Foundation

extension Study {
    /// The study contract (`/v1/user`, `/v1/queue`, `/v1/chat`), as its published clients call it.
    public enum Routes {
        public static let all: [AnyAPIRoute] = []
    }
}
