import Vapor

/// The study contract's errors (spec §1): 401 for a bad token, 406 for someone not signed up,
/// 501 for bad or missing parameters, 500 for the server's own failures. Clients branch on the
/// code and read no error body; a short text says what happened for people reading logs. The
/// rules' errors are in Rules/StudyErrors.swift.
struct StudyErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as StudyError {
            switch error {
            case .notSignedUp: return try await StudyReply.text("Not signed up", status: 406).encodeResponse(for: request)
            case let .invalid(field): return try await StudyReply.text("Invalid \(field.rawValue)", status: 501).encodeResponse(for: request)
            }
        } catch let abort as any AbortError where abort.status.code < 500 && abort.status != .unauthorized {
            // A body too large, a malformed request: the client's fault, which this contract numbers 501.
            return try await StudyReply.text(abort.reason, status: 501).encodeResponse(for: request)
        } catch let abort as any AbortError where abort.status == .unauthorized {
            return try await StudyReply.text("Firebase Token Error", status: 401).encodeResponse(for: request)
        } catch {
            request.logger.report(error: error)
            return try await StudyReply.text("Server Error", status: 500).encodeResponse(for: request)
        }
    }
}
