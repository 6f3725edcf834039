import OpenAPIDocuments
import SproutAPI
import Vapor

/// Where phone sign-in lives and how its paths answer: its own OpenAPI document, its routes
/// behind Google's error shape and the per-address request limit, and mount points that answer
/// unknown paths under its three prefixes with Google's 404.
public enum PhoneAuthRoutes {
    public static func document() -> APIDocument {
        APIDocument(
            name: "phone-auth", title: "Phone sign-in (Firebase Auth emulator REST)",
            summary: "The Firebase Auth REST paths SeSAC Study's apps use through `useEmulator`: send a code, sign in, look up, refresh.",
            errors: .json(PhoneAuthErrorReply.Body.self)
        )
    }

    public static func mountPoints() -> [MountPoint] {
        PhoneAuth.Routes.mountPoints.map { MountPoint($0, middleware: [PhoneAuthErrorMiddleware()], error: PhoneAuthErrorReply.notFound) }
    }

    public static func register(_ phoneSignIn: PhoneSignIn, on routes: any RoutesBuilder, document: APIDocument, ipRateLimit: RateLimitMiddleware) {
        PhoneAuthController(phoneSignIn: phoneSignIn)
            .register(on: DocumentedRoutes(routes, document: document).grouped(PhoneAuthErrorMiddleware(), ipRateLimit))
    }
}
