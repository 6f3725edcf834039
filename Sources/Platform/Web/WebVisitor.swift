import Crypto
import Foundation
import PlatformCore
import Vapor

extension Request {
    /// Who is looking at a page, for counting distinct visitors: the signed-in account, or a
    /// browser that came back with its CSRF cookie (by the cookie's digest, never the token). Nil
    /// for a first request without cookies, which could not be told apart from the next.
    public var webVisitor: String? {
        if let accountID = webAccountID { return "account:" + accountID }
        guard let token = cookies[CSRFMiddleware.cookieName]?.string, !token.isEmpty, token.utf8.count <= 128 else { return nil }
        return "browser:" + Hex.encode(SHA256.hash(data: Data(token.utf8)))
    }
}
