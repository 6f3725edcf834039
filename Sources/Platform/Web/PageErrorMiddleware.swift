import Plot
import Vapor

/// Errors on web pages come back as pages, in the person's language, with the same status a
/// client would see (404, 403 for a form without its CSRF token, 400 for a body too large).
/// Anything unexpected is logged with the request id and shown as a plain 500 page.
public struct PageErrorMiddleware: AsyncMiddleware {
    public init() {}

    public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
        do {
            return try await next.respond(to: request)
        } catch {
            let status: HTTPResponseStatus
            if let abort = error as? any AbortError {
                status = abort.status == .payloadTooLarge ? .badRequest : abort.status
            } else {
                request.logger.error("page failed", metadata: ["error": .string(String(reflecting: error))])
                status = .internalServerError
            }
            let context = (try? await PageContext.load(for: request))
                ?? PageContext(language: request.language, csrfToken: request.csrfToken, account: nil, path: request.url.path, assets: request.webAssetLinks, now: request.pageClock.now(), origin: request.pageOrigin)
            let (title, message) = Self.text(for: status, context)
            let page = PageLayout.render(title: title, context: context, status: status, .group(
                .h1(.id("error-title"), .text(title)),
                .p(.class("hint"), .text(message)),
                .p(.a(.class("button secondary"), .href(PlatformPaths.hub.link), .text(context.pick(ko: "처음으로", en: "Back to the start"))))
            ))
            if let retryAfter = (error as? any AbortError)?.headers.first(name: "Retry-After") {
                page.headers.replaceOrAdd(name: "Retry-After", value: retryAfter)
            }
            return page
        }
    }

    static func text(for status: HTTPResponseStatus, _ context: PageContext) -> (String, String) {
        switch status.code {
        case 404: (context.pick(ko: "페이지를 찾을 수 없어요", en: "Page not found"),
                   context.pick(ko: "주소가 바뀌었거나 지워진 것 같아요.", en: "It may have moved or been deleted."))
        case 403: (context.pick(ko: "요청을 처리할 수 없어요", en: "This request was refused"),
                   context.pick(ko: "페이지를 새로 고친 뒤 다시 시도해 주세요.", en: "Reload the page and try again."))
        case 429: (context.pick(ko: "잠시 후 다시 시도해 주세요", en: "Please wait a moment"),
                   context.pick(ko: "시도가 너무 많았어요. 조금 기다린 뒤 다시 해 주세요.", en: "There were too many attempts. Wait a little and try again."))
        case 400: (context.pick(ko: "보낸 내용을 읽을 수 없어요", en: "The request could not be read"),
                   context.pick(ko: "파일이 너무 크거나 형식이 맞지 않아요.", en: "A file may be too large or in the wrong format."))
        default: (context.pick(ko: "문제가 생겼어요", en: "Something went wrong"),
                  context.pick(ko: "잠시 뒤 다시 시도해 주세요.", en: "Please try again in a moment."))
        }
    }
}
