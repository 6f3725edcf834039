import Foundation
import SproutAPI
import SproutFeatures
import SproutKit
import Synchronization

/// A scripted study server and phone sign-in for view-model tests: each call answers what the
/// test set, records itself by name, and throws when its name is in `failures`. `queueStates`
/// answers in turn, the last one repeating.
actor FakeStudy: StudyService, PhoneAuthService {
    var userOutcome: Study.UserOutcome = .signedUp(FakeStudy.me)
    var signupOutcomes: [Study.SignupOutcome] = [.created(FakeStudy.me)]
    var queueEntry: Study.QueueEntryStatus = .waiting
    var stop: Study.StopSearchingStatus = .stopped
    var searchResult = Study.SearchResult(fromQueueDB: [], fromQueueDBRequested: [], fromRecommend: [])
    var queueStates: [Study.QueueStateOutcome] = [.normal]
    var requestStatus: Study.StudyRequestStatus = .sent
    var acceptStatus: Study.StudyAcceptStatus = .matched
    var withdrawOutcome: Study.WithdrawOutcome = .withdrawn
    var chatSendOutcome: StudyClient.ChatSendOutcome = .studyOver
    /// What each history fetch answers, in turn, the last one repeating.
    var chatHistories: [[Study.Chat]] = [[]]
    /// The shop: what `shopInfo` answers (a purchase granted adds to it), and the answers to
    /// purchases and choices.
    var shopUser = FakeStudy.me
    var purchaseStatus: Study.ShopPurchaseStatus = .granted
    var choiceStatus: Study.ShopItemStatus = .saved
    var signedIn = PhoneAuthClient.SignedIn(idToken: "id", refreshToken: "refresh", expiresIn: 3600, localId: "uid-me", isNewUser: false,
                                           phoneNumber: "+821012345678")
    var failures: [String: any Error] = [:]
    private(set) var calls: [String] = []
    private(set) var signups: [Study.Signup] = []
    private(set) var entries: [Study.QueueEntry] = []
    private(set) var pages: [Study.MyPage] = []
    private(set) var tokens: StudyTokens?

    static let me = user(uid: "uid-me", nick: "새싹이")

    static func user(uid: String, nick: String, gender: Int = 1) -> Study.User {
        Study.User(id: "id-\(uid)", uid: uid, phoneNumber: "+821012345678", email: "\(uid)@sprout.test", fcmToken: "", nick: nick,
                   birth: "1998-03-01T00:00:00.000Z", gender: gender, study: "Swift", comment: [], reputation: Array(repeating: 0, count: 9),
                   sesac: 0, sesacCollection: [0], background: 0, backgroundCollection: [0], purchaseToken: [], transactionId: [],
                   reviewedBefore: [], reportedNum: 0, reportedUser: [], dodgepenalty: 0, dodgeNum: 0, ageMin: 20, ageMax: 40, searchable: 1,
                   createdAt: "2022-11-20T12:34:56.789Z")
    }

    static func person(_ uid: String, gender: Int = 0, studies: [String] = []) -> Study.QueueUser {
        Study.QueueUser(uid: uid, nick: "nick-\(uid)", lat: 37.5, long: 126.9, reputation: Array(repeating: 0, count: 9), studylist: studies,
                        reviews: [], gender: gender, sesac: 0, background: 0)
    }

    // MARK: Scripting

    func set(user: Study.UserOutcome) { userOutcome = user }
    func set(signups: [Study.SignupOutcome]) { signupOutcomes = signups }
    func set(queueEntry: Study.QueueEntryStatus) { self.queueEntry = queueEntry }
    func set(stop: Study.StopSearchingStatus) { self.stop = stop }
    func set(search: Study.SearchResult) { searchResult = search }
    func set(states: [Study.QueueStateOutcome]) { queueStates = states }
    func set(request: Study.StudyRequestStatus) { requestStatus = request }
    func set(accept: Study.StudyAcceptStatus) { acceptStatus = accept }
    func set(withdraw: Study.WithdrawOutcome) { withdrawOutcome = withdraw }
    func set(chatSend: StudyClient.ChatSendOutcome) { chatSendOutcome = chatSend }
    func set(histories: [[Study.Chat]]) { chatHistories = histories }
    func set(shopUser: Study.User) { self.shopUser = shopUser }
    func set(purchase: Study.ShopPurchaseStatus) { purchaseStatus = purchase }
    func set(choice: Study.ShopItemStatus) { choiceStatus = choice }
    func fail(_ call: String, with error: any Error) { failures[call] = error }
    func succeed(_ call: String) { failures[call] = nil }
    func forgetCalls() { calls = [] }

    private func record(_ call: String, _ detail: String = "") throws {
        calls.append(detail.isEmpty ? call : "\(call)(\(detail))")
        if let error = failures[call] { throw error }
    }

    // MARK: PhoneAuthService

    func sendVerificationCode(to phoneNumber: String) async throws -> String {
        try record("sendVerificationCode", phoneNumber)
        return "session-\(calls.count)"
    }

    func signIn(sessionInfo: String, code: String) async throws -> PhoneAuthClient.SignedIn {
        try record("phoneSignIn", "\(sessionInfo),\(code)")
        return signedIn
    }

    // MARK: StudyService

    func signIn(_ tokens: StudyTokens) async {
        calls.append("signIn(\(tokens.uid))")
        self.tokens = tokens
    }

    func signOut() async {
        calls.append("signOut")
        tokens = nil
    }

    func user() async throws -> Study.UserOutcome {
        try record("user")
        return userOutcome
    }

    func signUp(_ signup: Study.Signup) async throws -> Study.SignupOutcome {
        try record("signUp", signup.nick)
        signups.append(signup)
        return signupOutcomes.count > 1 ? signupOutcomes.removeFirst() : signupOutcomes[0]
    }

    func withdraw() async throws -> Study.WithdrawOutcome {
        try record("withdraw")
        return withdrawOutcome
    }

    func updateMyPage(_ page: Study.MyPage) async throws {
        try record("updateMyPage")
        pages.append(page)
    }

    func enterQueue(_ entry: Study.QueueEntry) async throws -> Study.QueueEntryStatus {
        try record("enterQueue", entry.studylist.joined(separator: ","))
        entries.append(entry)
        return queueEntry
    }

    func stopSearching() async throws -> Study.StopSearchingStatus {
        try record("stopSearching")
        return stop
    }

    func search(lat: Double, long: Double) async throws -> Study.SearchResult {
        try record("search", "\(lat),\(long)")
        return searchResult
    }

    func queueState() async throws -> Study.QueueStateOutcome {
        try record("queueState")
        return queueStates.count > 1 ? queueStates.removeFirst() : queueStates[0]
    }

    func requestStudy(with otheruid: String) async throws -> Study.StudyRequestStatus {
        try record("requestStudy", otheruid)
        return requestStatus
    }

    func acceptStudy(with otheruid: String) async throws -> Study.StudyAcceptStatus {
        try record("acceptStudy", otheruid)
        return acceptStatus
    }

    func rate(_ rating: Study.Rating) async throws {
        try record("rate", "\(rating.otheruid),\(rating.reputation.map(String.init).joined()),\(rating.comment)")
    }

    func dodge(_ otheruid: String) async throws -> Study.DodgeStatus {
        try record("dodge", otheruid)
        return .cancelled
    }

    func sendChat(_ text: String, to uid: String) async throws -> StudyClient.ChatSendOutcome {
        try record("sendChat", "\(uid),\(text)")
        return chatSendOutcome
    }

    func chats(with uid: String, after lastchatDate: String) async throws -> [Study.Chat] {
        try record("chats", "\(uid),\(lastchatDate)")
        return chatHistories.count > 1 ? chatHistories.removeFirst() : chatHistories[0]
    }

    func shopInfo() async throws -> Study.User {
        try record("shopInfo")
        return shopUser
    }

    func buy(receipt: String, product: String) async throws -> Study.ShopPurchaseStatus {
        try record("buy", "\(receipt),\(product)")
        if purchaseStatus == .granted, let item = Study.ShopCatalogue.item(productID: product) {
            switch item.kind {
            case .face: shopUser.sesacCollection.append(item.index)
            case .background: shopUser.backgroundCollection.append(item.index)
            }
        }
        return purchaseStatus
    }

    func chooseItems(sesac: Int, background: Int) async throws -> Study.ShopItemStatus {
        try record("chooseItems", "\(sesac),\(background)")
        return choiceStatus
    }
}

