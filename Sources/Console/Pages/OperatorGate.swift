import Platform
import Vapor

/// Lets only operators through. Everyone else, signed in or not, gets the 404 any unknown path
/// gets, so nobody learns the console is there.
struct OperatorGate: AsyncMiddleware {
    let operators: Operators

    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        guard let accountID = request.webAccountID, try await operators.isOperator(accountID, on: request.db),
              let account = try await Account.find(accountID, on: request.db), account.disabledAt == nil
        else { throw Abort(.notFound) }
        return try await next.respond(to: request)
    }
}

extension Request {
    /// The operator on the console's pages (`OperatorGate` let them through).
    func consoleActor() async throws -> (PageContext, ConsoleActor) {
        let context = try await PageContext.load(for: self)
        guard let account = context.account, let id = account.id else { throw Abort(.notFound) }
        return (context, ConsoleActor(accountID: id, name: account.email ?? account.displayName))
    }
}
