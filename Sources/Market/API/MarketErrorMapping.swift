import Platform
import SproutAPI
import Vapor

/// The market's errors on the wire: `{ "error": true, "reason": … }` (the only error body any
/// generation of the server is known to have sent), with 400 for bad input and credentials and
/// 404 for unknown products, the codes clients of the contract have seen. The open-market
/// contract and Sprout's `/api/market` endpoints share this shape, so one mapping serves both;
/// the rules' errors it maps are in Rules/MarketErrors.swift.
struct MarketErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as VendorError {
            throw Abort(.badRequest, reason: Self.reason(error))
        } catch let error as TradeError {
            throw Self.abort(error)
        } catch let error as ProductError {
            switch error {
            case .notFound: throw Abort(.notFound, reason: "No such product.")
            case .notOwner: throw Abort(.badRequest, reason: "This product belongs to another vendor.")
            case let .invalid(violations): throw Abort(.badRequest, reason: Self.reason(violations))
            case let .images(refusal): throw Abort(.badRequest, reason: "images: \(refusal.englishReason)")
            }
        } catch let abort as any AbortError where [413, 415, 422].contains(abort.status.code) {
            throw Abort(.badRequest, reason: abort.status.code == 413 ? "The request is too large." : abort.reason)
        }
    }

    static func abort(_ error: TradeError) -> Abort {
        switch error {
        case .notSeller: Abort(.forbidden, reason: "Only the seller closes this product's trade.")
        case .buyerNeverAsked: Abort(.badRequest, reason: "That person never wrote to you about this product.")
        case .notSoldToABuyer: Abort(.conflict, reason: "The product is not sold to a buyer here.")
        case .notAParty: Abort(.forbidden, reason: "Only the seller and the buyer review this trade.")
        case .alreadyReviewed: Abort(.conflict, reason: "You reviewed this trade already.")
        case .unknownRating: Abort(.badRequest, reason: "rating must be great, good or bad.")
        case let .reviewTooLong(maximum): Abort(.badRequest, reason: "A review has at most \(maximum) characters.")
        }
    }

    static func reason(_ error: VendorError) -> String {
        switch error {
        case .alreadyAVendor: "This account is already a vendor."
        case .nameTaken: "That vendor name is taken."
        case .invalidName: "A vendor name has 2 to 30 characters."
        case .unknownIdentifier: "The identifier header does not name a vendor."
        case .wrongSecret: "The secret is wrong."
        }
    }

    static func reason(_ violations: [Market.Field: Market.Violation]) -> String {
        violations.sorted { $0.key.rawValue < $1.key.rawValue }
            .map { "\($0.key.rawValue): \(String(describing: $0.value))" }
            .joined(separator: ", ")
    }
}
