import Vapor

/// What the market's rules refuse becomes, on a page, the status browsers know, which
/// `PageErrorMiddleware` shows as a page in the person's language. Someone else's product is
/// "not found" there, so other vendors' products cannot be probed.
struct MarketPageErrors: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as ProductError {
            switch error {
            case .notFound, .notOwner: throw Abort(.notFound)
            case .invalid, .images: throw Abort(.badRequest)
            }
        } catch let error as VendorError {
            throw Abort(error == .alreadyAVendor || error == .nameTaken ? .conflict : .badRequest)
        }
    }
}
