import Foundation
import SproutAPI
import SproutKit

/// What the study screens ask of the server. `StudyClient` is the real one; tests hand the view
/// models a stand-in.
public protocol StudyService: Sendable {
    /// Keeps a phone sign-in's tokens for the calls that follow.
    func signIn(_ tokens: StudyTokens) async
    func signOut() async

    func user() async throws -> Study.UserOutcome
    func signUp(_ signup: Study.Signup) async throws -> Study.SignupOutcome
    func withdraw() async throws -> Study.WithdrawOutcome
    func updateMyPage(_ page: Study.MyPage) async throws

    func enterQueue(_ entry: Study.QueueEntry) async throws -> Study.QueueEntryStatus
    func stopSearching() async throws -> Study.StopSearchingStatus
    func search(lat: Double, long: Double) async throws -> Study.SearchResult
    func queueState() async throws -> Study.QueueStateOutcome
    func requestStudy(with otheruid: String) async throws -> Study.StudyRequestStatus
    func acceptStudy(with otheruid: String) async throws -> Study.StudyAcceptStatus
    func dodge(_ otheruid: String) async throws -> Study.DodgeStatus
    func rate(_ rating: Study.Rating) async throws

    func sendChat(_ text: String, to uid: String) async throws -> StudyClient.ChatSendOutcome
    func chats(with uid: String, after lastchatDate: String) async throws -> [Study.Chat]

    func shopInfo() async throws -> Study.User
    func buy(receipt: String, product: String) async throws -> Study.ShopPurchaseStatus
    func chooseItems(sesac: Int, background: Int) async throws -> Study.ShopItemStatus
}

extension StudyClient: StudyService {}

/// The phone sign-in service. `PhoneAuthClient` is the real one.
public protocol PhoneAuthService: Sendable {
    /// Sends an SMS code to `phoneNumber` (E.164) and answers the session to verify it in.
    func sendVerificationCode(to phoneNumber: String) async throws -> String
    func signIn(sessionInfo: String, code: String) async throws -> PhoneAuthClient.SignedIn
}

extension PhoneAuthClient: PhoneAuthService {}

/// The chat's live channel. `StudySocket` is the real one.
public protocol StudyRealtime: Sendable {
    func events() async -> AsyncStream<StudySocket.Event>
    func connect() async
    func disconnect() async
}

extension StudySocket: StudyRealtime {}
