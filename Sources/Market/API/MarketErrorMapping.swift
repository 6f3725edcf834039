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
        } catch let error as NeighbourhoodError {
            throw Self.abort(error)
        } catch let error as KeywordError {
            throw Self.abort(error)
        } catch let error as OfferError {
            throw Self.abort(error)
        } catch let error as ListingControlError {
            if case let .bumpTooSoon(next) = error { return Self.bumpTooSoon(next) }
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
        case .unknownTag: Abort(.badRequest, reason: "tags: each must be one of \(MannerTag.allCases.map(\.rawValue).joined(separator: ", ")).")
        case .tagDoesNotFit:
            Abort(.badRequest, reason: "tags: praise goes with great or good and complaints with bad; the item's condition and price are the seller's.")
        }
    }

    static func abort(_ error: ListingControlError) -> Abort {
        switch error {
        case .notSeller: Abort(.forbidden, reason: "Only the seller bumps, hides or shows this product.")
        case .bumpTooSoon: Abort(.conflict, reason: Self.bumpTooSoonReason)
        case .notForSale: Abort(.conflict, reason: "Only a product for sale is bumped: this one is reserved or sold.")
        case .hidden: Abort(.conflict, reason: "A hidden product is not bumped: show it first.")
        }
    }

    static let bumpTooSoonReason = "A product is bumped once every \(ProductBumps.intervalDays) days; next_bump_at says from when."

    /// The one refusal whose body says more than its reason: from when the next bump is allowed
    /// (`Market.BumpRefusal`, which reads as the error body too).
    static func bumpTooSoon(_ next: Date) -> Response {
        var headers = HTTPHeaders()
        headers.contentType = .json
        let body = Market.BumpRefusal(reason: bumpTooSoonReason, nextBumpAt: ProductControlsController.time(next))
        return Response(status: .conflict, headers: headers, body: .init(data: (try? JSONEncoder().encode(body)) ?? Data()))
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
