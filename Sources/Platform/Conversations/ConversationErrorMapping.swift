import SproutAPI
import Vapor

/// The messenger's, the appointments', the notifications', the push registry's and the reports'
/// errors in Sprout's own API shape. The messenger's errors are in ConversationError.swift; the
/// others beside their rules in Appointments/, Notifications/, Push/ and Reports/.
struct ConversationErrorMiddleware: AsyncMiddleware {
    func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch let error as ConversationError {
            throw Self.abort(error)
        } catch let error as AppointmentError {
            throw Self.abort(error)
        } catch NotificationError.unknownKind {
            throw Abort(.badRequest, reason: "Unknown notification kind.")
        } catch NotificationError.invalidPaging {
            throw Abort(.badRequest, reason: Self.pagingReason)
        } catch let error as PushSubscriptionError {
            throw Self.abort(error)
        } catch let abort as any AbortError where abort.status == .unprocessableEntity {
            // An empty or unreadable body is the client's mistake, as any other bad body: 400.
            throw Abort(.badRequest, reason: "The body is not the JSON this route reads.")
        } catch let error as ReportError {
            switch error {
            case .unknownReason: throw Abort(.badRequest, reason: "Unknown reason: use prohibited, fraud, spam, abusive or other.")
            case let .noteTooLong(maximum): throw Abort(.badRequest, reason: "A note has at most \(maximum) characters.")
            }
        }
    }

    static func abort(_ error: PushSubscriptionError) -> Abort {
        switch error {
        case .badEndpoint: Abort(.badRequest, reason: "endpoint must be a push service's URL.")
        case .endpointNotAllowed: Abort(.badRequest, reason: "This server does not push to that host.")
        case .badKeys: Abort(.badRequest, reason: "keys.p256dh must be a P-256 public key and keys.auth 16 bytes, both base64url.")
        case .badDeviceToken: Abort(.badRequest, reason: "fcm_token must be 1 to 4,096 printable characters.")
        case .nothingToSubscribe: Abort(.badRequest, reason: "Send a browser's endpoint and keys, or fcm_token.")
        case .notFound: Abort(.notFound, reason: "No such subscription of yours.")
        }
    }

    /// A stranger's conversation or appointment is not found, whether or not it exists.
    static func abort(_ error: AppointmentError) -> Abort {
        switch error {
        case .notFound: Abort(.notFound, reason: "No such conversation or appointment of yours.")
        case .ownProposal: Abort(.forbidden, reason: "The other side answers a proposal; cancel your own instead.")
        case .closed: Abort(.conflict, reason: "The appointment is no longer open to this: answered, replaced, cancelled or past, or the study it was for ended.")
        case .invalidTime(.unreadable):
            Abort(.unprocessableEntity, reason: "starts_at must be an ISO 8601 time (2026-12-03T19:00:00+09:00) or a Korean local time (2026-12-03T19:00).")
        case .invalidTime(.past): Abort(.unprocessableEntity, reason: "starts_at has passed.")
        case let .invalidTime(.tooFar(days)): Abort(.unprocessableEntity, reason: "starts_at must be within \(days) days.")
        case .invalidPlace(.empty): Abort(.unprocessableEntity, reason: "place is required.")
        case let .invalidPlace(.tooLong(maximum)): Abort(.unprocessableEntity, reason: "place has at most \(maximum) characters.")
        case .invalidPlace(.controlCharacters): Abort(.unprocessableEntity, reason: "place cannot hold control characters or line breaks.")
        case .blocked: Abort(.forbidden, reason: "One of you blocked the other.")
        }
    }

    static let pagingReason = "before must be a positive id and limit 1 to \(Conversations.maxPageSize)."

    static func abort(_ error: ConversationError) -> Abort {
        switch error {
        case .unknownApp: Abort(.badRequest, reason: "Conversations are about market products or lessons.")
        case .unknownSubject: Abort(.notFound, reason: "No such thing to talk about.")
        case .withYourself: Abort(.forbidden, reason: "Nobody talks with themselves here.")
        case .blocked: Abort(.forbidden, reason: "One of you blocked the other.")
        case .notFound: Abort(.notFound, reason: "No such conversation.")
        case .emptyText: Abort(.badRequest, reason: "A message needs text.")
        case let .textTooLong(maximum): Abort(.badRequest, reason: "A message has at most \(maximum) characters.")
        case .controlCharacters: Abort(.badRequest, reason: "A message cannot hold control characters.")
        case .invalidPaging: Abort(.badRequest, reason: pagingReason)
        case let .photo(refusal): Abort(.badRequest, reason: "photo: \(refusal.englishReason)")
        case .foreignFiles: Abort(.badRequest, reason: "files must be paths a photo upload answered.")
        }
    }
}
