import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite("Study: requests, matching, dodges and reviews")
struct StudyMatchingTests {
    @Test("a request shows in the other's received tab; accepting matches both")
    func requestAndAccept() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821011110001", nick: "고래밥")
            let b = try await sprout.studyPerson("+821011110002", nick: "새우깡")
            try await sprout.enterQueue(a)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 202, "b is not waiting")
            try await sprout.enterQueue(b)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200, "asking twice is harmless")
            #expect(try await sprout.search(b).fromQueueDBRequested.map(\.uid) == [a.accountID])
            #expect(try await sprout.search(a).fromQueueDBRequested.isEmpty)

            let accepted = try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.accountID)])
            #expect(accepted.status.code == 200 && !accepted.body.string.isEmpty)
            let stateA = try await sprout.queueState(a)
            #expect(stateA.status == 200 && stateA.state == Study.QueueState(dodged: 0, matched: 1, reviewed: 0, matchedNick: "새우깡", matchedUid: b.accountID))
            #expect(try await sprout.queueState(b).state?.matchedNick == "고래밥")
            #expect(try await sprout.search(b).fromQueueDB.isEmpty, "matched people leave the queue")
            #expect(try await sprout.study(.DELETE, "v1/queue", a).status.code == 201, "matched: not waiting")
        }
    }

    @Test("a mutual request matches, whether the client then requests again or accepts")
    func mutualRequest() async throws {
        try await withSprout { sprout in
            let a = try await sprout.studyPerson("+821011110001", nick: "고래밥")
            let b = try await sprout.studyPerson("+821011110002", nick: "새우깡")
            try await sprout.enterQueue(a)
            try await sprout.enterQueue(b)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", b, form: [("otheruid", a.accountID)]).status.code == 201)
            #expect(try await sprout.queueState(a).state?.matched == 1)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", b, form: [("otheruid", a.accountID)]).status.code == 201, "requesting again stays matched")
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", b, form: [("otheruid", a.accountID)]).status.code == 200, "accepting after 201 is 200")
            #expect(try await sprout.queueState(b).state?.matchedUid == a.accountID)
        }
    }

    @Test("accept answers 201, 202 and 203 as the contract numbers them")
    func acceptCodes() async throws {
        try await withSprout { sprout in
            let asker = try await sprout.studyPerson("+821011110001", nick: "요청자")
            let first = try await sprout.studyPerson("+821011110002", nick: "첫째")
            let second = try await sprout.studyPerson("+821011110003", nick: "둘째")
            for person in [asker, first, second] { try await sprout.enterQueue(person) }
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", first, form: [("otheruid", asker.accountID)]).status.code == 202, "never asked")
            for target in [first, second] {
                #expect(try await sprout.study(.POST, "v1/queue/studyrequest", asker, form: [("otheruid", target.accountID)]).status.code == 200)
            }
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", first, form: [("otheruid", asker.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", second, form: [("otheruid", asker.accountID)]).status.code == 201)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", asker, form: [("otheruid", second.accountID)]).status.code == 203)
            _ = try await sprout.study(.DELETE, "v1/queue", second)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", second, form: [("otheruid", first.accountID)]).status.code == 201)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", second, form: [("otheruid", "")]).status.code == 501)
        }
    }

    @Test("two accepts at once on the same pair, and two people accepting the same person, make one match", arguments: 0..<3)
    func races(round: Int) async throws {
        try await withSprout { sprout in
            let asker = try await sprout.studyPerson("+821011110001", nick: "요청자")
            let people = [
                try await sprout.studyPerson("+821011110002", nick: "하나"),
                try await sprout.studyPerson("+821011110003", nick: "둘"),
                try await sprout.studyPerson("+821011110004", nick: "셋"),
            ]
            try await sprout.enterQueue(asker)
            for person in people {
                try await sprout.enterQueue(person)
                _ = try await sprout.study(.POST, "v1/queue/studyrequest", asker, form: [("otheruid", person.accountID)])
            }
            let attempts = people + [people[0], people[0]]
            let codes = try await withThrowingTaskGroup(of: (String, UInt).self) { group in
                for person in attempts {
                    group.addTask { (person.accountID, try await sprout.study(.POST, "v1/queue/studyaccept", person, form: [("otheruid", asker.accountID)]).status.code) }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let partner = try #require(try await sprout.queueState(asker).state?.matchedUid)
            #expect(codes.filter { $0.1 == 200 }.allSatisfy { $0.0 == partner }, "\(codes)")
            #expect(codes.filter { $0.0 != partner }.allSatisfy { $0.1 == 201 }, "\(codes)")
            var matched = 0
            for person in people where try await sprout.queueState(person).state?.matched == 1 { matched += 1 }
            #expect(matched == 1)
        }
    }

    @Test("dodging: 1, 2, then 3 minutes off the queue (203, 204, 205) on the injected clock")
    func dodgePenalties() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await sprout.study(.POST, "v1/queue/dodge", a, form: [("otheruid", "someone-else")]).status.code == 201)
            #expect(try await sprout.study(.POST, "v1/queue/dodge", a, form: [("otheruid", b.accountID)]).status.code == 200)
            #expect(try await sprout.queueState(a).status == 201)
            #expect(try await sprout.queueState(b).state == Study.QueueState(dodged: 1, matched: 1, reviewed: 0, matchedNick: "고래밥", matchedUid: a.accountID))
            #expect(try await sprout.enterQueue(a) == 203)
            sprout.clock.advance(by: 59)
            #expect(try await sprout.enterQueue(a) == 203)
            sprout.clock.advance(by: 2)
            #expect(try await sprout.enterQueue(a) == 200)
            let user = try await sprout.study(.GET, "v1/user", a).decode(Study.User.self)
            #expect(user.dodgeNum == 1 && user.dodgepenalty == 1)

            // The partner ends the cancelled study without a penalty.
            #expect(try await sprout.study(.POST, "v1/queue/dodge", b, form: [("otheruid", a.accountID)]).status.code == 200)
            #expect(try await sprout.enterQueue(b) == 200)

            for (index, (expected, wait)) in [(204, 120.0), (205, 180.0), (205, 180.0)].enumerated() {
                let c = try await sprout.studyPerson("+82102222000\(index)", nick: "상대")
                try await sprout.enterQueue(c)
                _ = try await sprout.study(.POST, "v1/queue/studyrequest", c, form: [("otheruid", a.accountID)])
                #expect(try await sprout.study(.POST, "v1/queue/studyaccept", a, form: [("otheruid", c.accountID)]).status.code == 200)
                #expect(try await sprout.study(.POST, "v1/queue/dodge", a, form: [("otheruid", c.accountID)]).status.code == 200)
                #expect(try await sprout.enterQueue(a) == expected)
                sprout.clock.advance(by: wait - 1)
                #expect(try await sprout.enterQueue(a) == expected)
                sprout.clock.advance(by: 1)
                #expect(try await sprout.enterQueue(a) == 200)
            }
            sprout.clock.advance(by: 24 * 3600)
            // ID tokens last an hour: a day later, `a` signs in again.
            let aNextDay = StudyPerson(token: try await signInByPhone(sprout, phone: a.phone), uid: a.uid, phone: a.phone)
            let d = try await sprout.studyPerson("+821011119999", nick: "다음날")
            try await sprout.enterQueue(d)
            #expect(try await sprout.study(.POST, "v1/queue/studyrequest", d, form: [("otheruid", a.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/studyaccept", aNextDay, form: [("otheruid", d.accountID)]).status.code == 200)
            #expect(try await sprout.study(.POST, "v1/queue/dodge", aNextDay, form: [("otheruid", d.accountID)]).status.code == 200)
            #expect(try await sprout.enterQueue(aNextDay) == 203, "a day later the count starts again")
        }
    }

    @Test("rating adds titles and the comment to the partner and ends my side of the study")
    func rate() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            let six = [("otheruid", b.accountID)] + [1, 0, 1, 0, 0, 1].map { ("reputation", String($0)) } + [("comment", "시간 약속을 잘 지켜요")]
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(a.accountID)", b, form: [("otheruid", a.accountID), ("reputation", "2")]).status.code == 501)
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(b.accountID)", a, form: six).status.code == 200)
            #expect(try await sprout.queueState(a).status == 201)
            #expect(try await sprout.queueState(b).state?.reviewed == 1)
            let rated = try await sprout.study(.GET, "v1/user", b).decode(Study.User.self)
            #expect(rated.reputation == [1, 0, 1, 0, 0, 1, 0, 0, 0])
            #expect(rated.comment == ["시간 약속을 잘 지켜요"])
            #expect(rated.reviewedBefore == [a.accountID])
            let nine = [("otheruid", a.accountID)] + [0, 1, 0, 0, 0, 0, 0, 0, 0].map { ("reputation", String($0)) } + [("comment", "")]
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(a.accountID)", b, form: nine).status.code == 200)
            let other = try await sprout.study(.GET, "v1/user", a).decode(Study.User.self)
            #expect(other.reputation == [0, 1, 0, 0, 0, 0, 0, 0, 0] && other.comment.isEmpty)
            #expect(try await sprout.enterQueue(b) == 200, "ending by review carries no penalty")
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(a.accountID)", b, form: nine).status.code == 501, "no longer my partner")
        }
    }

    @Test("a review's titles sent as one bracketed value are read as the repeated ones, with the same bounds")
    func rateWithOneValue() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            for refused in ["[1, 0, 2, 0, 0, 0, 0, 0]", "[1, 0, 0, 0, 0, 0, 0, 0, 0, 1]", "[1, , 0]", "[one]", "[1, 0"] {
                let form = [("otheruid", b.accountID), ("reputation", refused), ("comment", "")]
                #expect(try await sprout.study(.POST, "v1/queue/rate/\(b.accountID)", a, form: form).status.code == 501, "\(refused)")
            }
            #expect(try await sprout.study(.GET, "v1/user", b).decode(Study.User.self).reputation == Array(repeating: 0, count: 9), "nothing stored")
            let form = [("otheruid", b.accountID), ("reputation", "[1, 0, 0, 1, 0, 0, 0, 0]"), ("comment", "좋아요")]
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(b.accountID)", a, form: form).status.code == 200)
            let rated = try await sprout.study(.GET, "v1/user", b).decode(Study.User.self)
            #expect(rated.reputation == [1, 0, 0, 1, 0, 0, 0, 0, 0] && rated.comment == ["좋아요"])
        }
    }

    @Test("a client that forgets the rate form still ends the study")
    func rateWithoutForm() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await sprout.study(.POST, "v1/queue/rate/\(b.accountID)", a).status.code == 200)
            #expect(try await sprout.queueState(a).status == 201)
        }
    }

    @Test("withdrawing while matched cancels the study for the partner")
    func withdrawWhileMatched() async throws {
        try await withSprout { sprout in
            let (a, b) = try await sprout.matchedPair()
            #expect(try await sprout.study(.POST, "v1/user/withdraw", a).status.code == 200)
            #expect(try await sprout.queueState(b).state?.dodged == 1)
            #expect(try await sprout.study(.POST, "v1/queue/dodge", b, form: [("otheruid", a.accountID)]).status.code == 200)
            #expect(try await sprout.enterQueue(b) == 200)
        }
    }
}
