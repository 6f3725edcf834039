import Foundation
import SproutAPI

/// The SeSAC Study contract (spec §1–3): every call carries `idtoken: <ID token>` (no `Bearer`),
/// bodies are form-urlencoded with repeated keys and no brackets (`StudyForm`), and answers are
/// read by status code. Business results, 201–205 included, come back as typed outcomes; only a
/// 401 that survives one refresh, 406 where it is not an outcome, 500, 501, other statuses and
/// transport failures throw (`SproutError`).
///
/// A 401 refreshes the ID token once through `session` (concurrent 401s share the refresh) and
/// retries the call once, as the published clients did with `getIDTokenForcingRefresh(true)`.
public struct StudyClient: Sendable {
    /// Builds the requests (`idtoken` header, form bodies) and sends them.
    public let api: APIClient
    /// The phone sign-in every call carries.
    public let session: StudySession
    let refresher: StudySession.Refresher

    /// - Parameters:
    ///   - baseURL: the server root (`http://127.0.0.1:8080`); paths start with `v1/`.
    ///   - session: the phone sign-in; `PhoneAuthClient.signIn` answers the tokens to put in it.
    ///   - phoneAuth: where ID tokens are refreshed; by default Sprout's token endpoint on `baseURL`.
    public init(
        baseURL: URL, transport: any Transport = URLSessionTransport(), session: StudySession = StudySession(),
        phoneAuth: PhoneAuthClient? = nil
    ) {
        api = APIClient(baseURL: baseURL, contract: .study, transport: transport, authorizationHeader: { ("idtoken", $0) })
        self.session = session
        refresher = (phoneAuth ?? PhoneAuthClient(emulatorHost: baseURL, transport: transport)).refresher
    }

    /// Keeps a phone sign-in's tokens for the calls that follow.
    public func signIn(_ tokens: StudyTokens) async {
        await session.signIn(tokens)
    }

    /// Forgets the sign-in. The contract has no logout call: the apps only cleared their storage.
    public func signOut() async {
        await session.signOut()
    }

    // MARK: User, spec §2

    /// `GET v1/user`: 200 with the User JSON, or 406 when the sign-in has no study account yet.
    public func user() async throws -> Study.UserOutcome {
        let response = try await exchange(Study.Routes.user)
        switch response.status {
        case 200: return .signedUp(try Self.decode(Study.User.self, response))
        case Study.CommonStatus.notSignedUp.rawValue: return .notSignedUp
        default: throw Self.failure(response)
        }
    }

    /// `POST v1/user`. Sprout answers the User JSON with its 200; an answer that is not JSON (the
    /// original server's) is followed by `GET v1/user`, as the published clients did.
    public func signUp(_ signup: Study.Signup) async throws -> Study.SignupOutcome {
        let response = try await exchange(Study.Routes.signUp, form: signup.form)
        switch try Self.status(Study.SignupStatus.self, response) {
        case .created:
            if let user = try? Self.decode(Study.User.self, response) { return .created(user) }
            guard case let .signedUp(user) = try await user() else { throw SproutError.decoding("signed up, yet GET v1/user answers 406") }
            return .created(user)
        case .alreadySignedUp: return .alreadySignedUp
        case .unusableNick: return .unusableNick
        }
    }

    /// `POST v1/user/withdraw`; a withdrawn account is also signed out here.
    public func withdraw() async throws -> Study.WithdrawOutcome {
        let response = try await exchange(Study.Routes.withdraw)
        switch response.status {
        case 200:
            await session.signOut()
            return .withdrawn
        case Study.CommonStatus.notSignedUp.rawValue: return .notSignedUp
        default: throw Self.failure(response)
        }
    }

    /// `PUT v1/user/mypage`: searchable, the partner age range, gender and frequent study.
    public func updateMyPage(_ page: Study.MyPage) async throws {
        try Self.expectOK(try await exchange(Study.Routes.updateMyPage, form: page.form))
    }

    /// `PUT v1/user/update_fcm_token`: apps call it at launch when the User JSON's `FCMtoken`
    /// differs from the device's.
    public func updateFCMToken(_ token: String) async throws {
        try Self.expectOK(try await exchange(Study.Routes.updateFCMToken, form: StudyForm([("FCMtoken", token)])))
    }

    /// `POST v1/user/report` (`otheruid`, `reportedReputation` repeated, `comment`).
    /// - Parameter reasons: one 0/1 per reputation title, in `Study.ReputationTitle` order.
    public func report(_ otheruid: String, reasons: [Int], comment: String) async throws -> Study.ReportOutcome {
        let form = StudyForm([("otheruid", otheruid)] + reasons.map { ("reportedReputation", String($0)) } + [("comment", comment)])
        return try Self.status(Study.ReportOutcome.self, try await exchange(Study.Routes.report, form: form))
    }

    // MARK: Queue, spec §3

    /// `POST v1/queue`: 200 waiting, 201 barred after three reports, 203–205 dodge penalties.
    public func enterQueue(_ entry: Study.QueueEntry) async throws -> Study.QueueEntryStatus {
        try Self.status(Study.QueueEntryStatus.self, try await exchange(Study.Routes.enterQueue, form: entry.form))
    }

    /// `DELETE v1/queue`: 200 stopped; 201 not waiting (already stopped, or matched meanwhile:
    /// read `queueState()` to tell which).
    public func stopSearching() async throws -> Study.StopSearchingStatus {
        try Self.status(Study.StopSearchingStatus.self, try await exchange(Study.Routes.stopSearching))
    }

    /// `POST v1/queue/search`: people waiting near (`lat`, `long`), those who asked me, and
    /// recommended tags.
    public func search(lat: Double, long: Double) async throws -> Study.SearchResult {
        let response = try await exchange(Study.Routes.search, form: StudyForm([("lat", String(lat)), ("long", String(long))]))
        try Self.expectOK(response)
        return try Self.decode(Study.SearchResult.self, response)
    }

    /// `GET v1/queue/myQueueState`: 201 normal; 200 waiting or matched. `matchedNick` and
    /// `matchedUid` may be absent, null or `""` while waiting (spec, disagreement 5).
    public func queueState() async throws -> Study.QueueStateOutcome {
        let response = try await exchange(Study.Routes.queueState)
        switch try Self.status(Study.QueueStateStatus.self, response) {
        case .normal:
            return .normal
        case .state:
            let state = try Self.decode(LenientQueueState.self, response)
            guard state.matched == 1 else { return .waiting }
            return .matched(nick: state.matchedNick ?? "", uid: state.matchedUid ?? "", dodged: state.dodged == 1, reviewed: state.reviewed == 1)
        }
    }

    /// `POST v1/queue/studyrequest`: 200 sent; 201 they had asked me, so we are matched now;
    /// 202 they stopped waiting.
    public func requestStudy(with otheruid: String) async throws -> Study.StudyRequestStatus {
        try Self.status(Study.StudyRequestStatus.self, try await exchange(Study.Routes.requestStudy, form: StudyForm([("otheruid", otheruid)])))
    }

    /// `POST v1/queue/studyaccept`: 200 matched; 201 they matched elsewhere; 202 they stopped
    /// waiting; 203 I am already matched (someone accepted my request first).
    public func acceptStudy(with otheruid: String) async throws -> Study.StudyAcceptStatus {
        try Self.status(Study.StudyAcceptStatus.self, try await exchange(Study.Routes.acceptStudy, form: StudyForm([("otheruid", otheruid)])))
    }

    /// `POST v1/queue/dodge`: cancels the study with my partner; 201 when `otheruid` is not my partner.
    public func dodge(_ otheruid: String) async throws -> Study.DodgeStatus {
        try Self.status(Study.DodgeStatus.self, try await exchange(Study.Routes.dodge, form: StudyForm([("otheruid", otheruid)])))
    }

    /// `POST v1/queue/rate/{otheruid}`, with the uid in the path and in the form.
    public func rate(_ rating: Study.Rating) async throws {
        try Self.expectOK(try await exchange(Study.Routes.rate, rating.otheruid, form: rating.form))
    }

    // MARK: Sending

    /// Sends the signed-in call `route` defines for `parameters` and returns the answer whatever
    /// its status, after refreshing the ID token and retrying once when the first answer is 401.
    public func exchange<Parameters, Answer>(
        _ route: APIRoute<Parameters, NoBody, Answer>, _ parameters: Parameters, query: [(name: String, value: String)] = []
    ) async throws -> HTTPResponse {
        try await exchange(Endpoint<Data>(route, parameters, query: query) { $0 })
    }

    /// Sends the signed-in call `route` defines for `parameters`, with its `form`; see above.
    public func exchange<Parameters, Answer>(
        _ route: APIRoute<Parameters, FormFields, Answer>, _ parameters: Parameters, form: StudyForm
    ) async throws -> HTTPResponse {
        try await exchange(Endpoint<Data>(route, parameters, body: .form(form.pairs.map { (name: $0.0, value: $0.1) })) { $0 })
    }

    /// The call `route` defines, which has no path parameters and no body.
    public func exchange<Answer>(_ route: APIRoute<Void, NoBody, Answer>) async throws -> HTTPResponse {
        try await exchange(route, ())
    }

    /// The call `route` defines, which has no path parameters, with its `form`.
    public func exchange<Answer>(_ route: APIRoute<Void, FormFields, Answer>, form: StudyForm) async throws -> HTTPResponse {
        try await exchange(route, (), form: form)
    }

    private func exchange(_ endpoint: Endpoint<Data>) async throws -> HTTPResponse {
        guard let token = await session.tokens?.idToken else { throw SproutError.notSignedIn }
        let first = try await api.transmit(endpoint, accessToken: token)
        guard first.status == Study.CommonStatus.invalidToken.rawValue else { return first }
        let fresh = try await session.credential(replacing: token, using: refresher)
        return try await api.transmit(endpoint, accessToken: fresh)
    }

    static func status<Status: RawRepresentable<Int>>(_ type: Status.Type, _ response: HTTPResponse) throws -> Status {
        guard let status = Status(rawValue: response.status) else { throw failure(response) }
        return status
    }

    static func expectOK(_ response: HTTPResponse) throws {
        guard response.status == 200 else { throw failure(response) }
    }

    static func failure(_ response: HTTPResponse) -> SproutError {
        SproutError.from(status: response.status, body: response.body, contract: .study)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, _ response: HTTPResponse) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: response.body)
        } catch {
            throw SproutError.decoding(String(describing: error))
        }
    }

    /// The state as any server generation sent it: the partner fields absent while waiting.
    private struct LenientQueueState: Decodable {
        var dodged: Int?
        var matched: Int
        var reviewed: Int?
        var matchedNick: String?
        var matchedUid: String?
    }
}
