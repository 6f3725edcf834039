import Foundation
import Synchronization
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A long-lived response as it arrives: the status and headers first, then the body's bytes in
/// chunks cut wherever the network cut them.
public struct EventSourceResponse: Sendable {
    /// The HTTP status.
    public var status: Int
    /// Names in lower case.
    public var headers: [String: String]
    /// Ends when the server closes the response; throws when the connection fails. Ending the
    /// iteration (or dropping the stream) closes the connection.
    public var body: AsyncThrowingStream<Data, any Error>

    /// A response; `headers` with names in lower case.
    public init(status: Int, headers: [String: String] = [:], body: AsyncThrowingStream<Data, any Error>) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Opens the streaming responses `LiveEventStream` reads. `URLSessionEventSourceConnector` talks to a
/// real server; tests hand the stream scripted chunks instead.
public protocol EventSourceConnector: Sendable {
    /// Sends `request` and answers once the response's head has arrived.
    func open(_ request: HTTPRequest) async throws -> EventSourceResponse
}

/// Streams a response through a `URLSession` data delegate, chunk by chunk, on Apple platforms and
/// on Linux. (`URLSession.bytes(for:)` would be shorter, but FoundationNetworking on Linux has no
/// `AsyncBytes`; the delegate calls are there on both.)
public struct URLSessionEventSourceConnector: EventSourceConnector {
    /// How long the connection may stay silent before it counts as dropped. The server writes a
    /// comment every 20 seconds, so a live stream is never silent this long.
    public var idleTimeout: TimeInterval

    /// - Parameter idleTimeout: seconds of silence after which the stream counts as dropped.
    public init(idleTimeout: TimeInterval = 60) {
        self.idleTimeout = idleTimeout
    }

    public func open(_ request: HTTPRequest) async throws -> EventSourceResponse {
        var urlRequest = URLRequest(url: request.url)
        urlRequest.httpMethod = request.method.rawValue
        for header in request.headers {
            urlRequest.addValue(header.value, forHTTPHeaderField: header.name)
        }
        urlRequest.httpBody = request.body
        let configuration = URLSessionConfiguration.default
        configuration.timeoutIntervalForRequest = idleTimeout
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        let delegate = StreamingDelegate()
        // One session per stream: a session keeps its delegate until it is invalidated, which the
        // delegate does when the task ends.
        let session = URLSession(configuration: configuration, delegate: delegate, delegateQueue: nil)
        let task = session.dataTask(with: urlRequest)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                delegate.start(task, answering: continuation)
            }
        } onCancel: {
            task.cancel()
        }
    }
}

/// Hands the response over when its head arrives, then each chunk of its body.
private final class StreamingDelegate: NSObject, URLSessionDataDelegate, Sendable {
    private let head = Mutex<CheckedContinuation<EventSourceResponse, any Error>?>(nil)
    /// Held only until handed over, so that the reader dropping it closes the connection.
    private let body: Mutex<AsyncThrowingStream<Data, any Error>?>
    private let chunks: AsyncThrowingStream<Data, any Error>.Continuation

    override init() {
        let (body, chunks) = AsyncThrowingStream<Data, any Error>.makeStream()
        self.body = Mutex(body)
        self.chunks = chunks
        super.init()
    }

    func start(_ task: URLSessionDataTask, answering continuation: CheckedContinuation<EventSourceResponse, any Error>) {
        head.withLock { $0 = continuation }
        chunks.onTermination = { _ in task.cancel() }
        task.resume()
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
                    completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void) {
        answer(with: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        // Where the head was not announced on its own, it is known by the first bytes.
        if let response = dataTask.response { answer(with: response) }
        chunks.yield(data)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        if let response = task.response, error == nil { answer(with: response) }
        let failure = error.map { SproutError.transport($0.localizedDescription) }
        if let waiting = head.withLock({ $0.take() }) {
            waiting.resume(throwing: failure ?? SproutError.transport("no response"))
        }
        chunks.finish(throwing: failure)
        session.finishTasksAndInvalidate()
    }

    private func answer(with response: URLResponse) {
        guard let waiting = head.withLock({ $0.take() }), let body = body.withLock({ $0.take() }) else { return }
        guard let http = response as? HTTPURLResponse else {
            waiting.resume(throwing: SproutError.transport("not an HTTP response"))
            return
        }
        var headers: [String: String] = [:]
        for (name, value) in http.allHeaderFields {
            if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
        }
        waiting.resume(returning: EventSourceResponse(status: http.statusCode, headers: headers, body: body))
    }
}
