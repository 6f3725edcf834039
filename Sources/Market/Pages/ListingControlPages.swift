import Platform
import Vapor

/// The seller's controls posted from the product page: bump it (끌올), hide it, show it again.
/// Each returns to the product page, which says what happened; another seller's product is not
/// found, as everywhere on the pages.
struct ListingControlPages: Sendable {
    let bumps: ProductBumps
    let hiding: ProductHiding

    func register(on pages: any RoutesBuilder) {
        pages.post(MarketPaths.bump, use: bump)
        pages.post(MarketPaths.hide) { try await self.setHidden(true, $0) }
        pages.post(MarketPaths.unhide) { try await self.setHidden(false, $0) }
    }

    /// A bump the rule refuses (too soon, reserved, sold, hidden) comes back to the page, whose
    /// controls say why and from when.
    func bump(_ req: Request) async throws -> Response {
        let (id, accountID) = try await seller(req, at: MarketPaths.bump)
        let done: BrowseViews.Done
        do {
            _ = try await bumps.bump(id, by: accountID, on: req.db)
            done = .bumped
        } catch ListingControlError.notSeller {
            throw Abort(.notFound)
        } catch is ListingControlError {
            done = .notBumped
        }
        return req.redirect(to: MarketPaths.product(id, done: done), redirectType: .normal)
    }

    func setHidden(_ hidden: Bool, _ req: Request) async throws -> Response {
        let (id, accountID) = try await seller(req, at: hidden ? MarketPaths.hide : MarketPaths.unhide)
        do {
            _ = try await hiding.setHidden(hidden, id, by: accountID, on: req.db)
        } catch ListingControlError.notSeller {
            throw Abort(.notFound)
        }
        return req.redirect(to: MarketPaths.product(id, done: hidden ? BrowseViews.Done.hid : .unhid), redirectType: .normal)
    }

    /// The product `path` names and the signed-in person, sent to log in first when they are not.
    private func seller(_ req: Request, at path: PagePath<Int>) async throws -> (Int, String) {
        guard let id = path.parameters(in: req) else { throw Abort(.notFound) }
        let (_, account) = try await PageContext.signedIn(req, next: MarketPaths.product.link(id))
        return (id, try account.requireID())
    }
}
