import Foundation
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

@Suite("Study: the queue and nearby search")
struct StudyQueueTests {
    @Test("waiting, the state while waiting, stopping, and the normal state's 201")
    func waitAndStop() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            let normal = try await sprout.study(.GET, "v1/queue/myQueueState", person)
            #expect(normal.status.code == 201)
            #expect(!normal.body.string.isEmpty)
            #expect((try? normal.decode(Study.QueueState.self)) == nil, "a 201 body must not decode as a state")

            #expect(try await sprout.enterQueue(person) == 200)
            let waiting = try await sprout.study(.GET, "v1/queue/myQueueState", person)
            #expect(waiting.status.code == 200)
            let state = try waiting.jsonObject()
            #expect(state["matched"] as? Int == 0 && state["dodged"] as? Int == 0 && state["reviewed"] as? Int == 0)
            #expect(state["matchedNick"] as? String == "" && state["matchedUid"] as? String == "")

            let stopped = try await sprout.study(.DELETE, "v1/queue", person)
            #expect(stopped.status.code == 200 && !stopped.body.string.isEmpty)
            #expect(try await sprout.study(.DELETE, "v1/queue", person).status.code == 201)
            #expect(try await sprout.queueState(person).status == 201)
        }
    }

    @Test("study tags: at most 8 of 1 to 8 characters; none means anything")
    func tags() async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            let watcher = try await sprout.studyPerson("+821087654321", nick: "구경꾼")
            #expect(try await sprout.enterQueue(person, tags: (1...9).map { "t\($0)" }) == 501)
            #expect(try await sprout.enterQueue(person, tags: ["아홉글자짜리태그요"]) == 501)
            #expect(try await sprout.enterQueue(person, tags: [""]) == 501)
            #expect(try await sprout.queueState(person).status == 201, "refused entries change nothing")
            #expect(try await sprout.enterQueue(person, tags: []) == 200)
            #expect(try await sprout.search(watcher).fromQueueDB.first?.studylist == ["anything"])
            #expect(try await sprout.enterQueue(person, tags: ["swift", "swift", "알고리즘"]) == 200)
            #expect(try await sprout.search(watcher).fromQueueDB.first?.studylist == ["swift", "알고리즘"])
        }
    }

    @Test("coordinates outside the globe or not numbers are 501", arguments: [
        ("91", "126.9"), ("-90.5", "0"), ("37.5", "180.1"), ("nan", "1"), ("inf", "1"), ("1e308", "1"), ("", "126.9"), ("37.5", "동쪽"),
    ])
    func badCoordinates(lat: String, long: String) async throws {
        try await withSprout { sprout in
            let person = try await sprout.studyPerson("+821012345678", nick: "새싹")
            let form = [("lat", lat), ("long", long), ("studylist", "swift")]
            #expect(try await sprout.study(.POST, "v1/queue", person, form: form).status.code == 501)
            #expect(try await sprout.study(.POST, "v1/queue/search", person, form: Array(form.prefix(2))).status.code == 501)
        }
    }

    @Test("search finds people waiting within 700 m with every field, and not further away")
    func nearby() async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyPerson("+821000000001", nick: "나")
            let near = try await sprout.studyPerson("+821000000002", nick: "근처", gender: 0)
            let far = try await sprout.studyPerson("+821000000003", nick: "먼곳")
            // 0.006° of latitude is about 667 m; 0.0065° about 723 m.
            try await sprout.enterQueue(near, lat: 37.517819 + 0.006, tags: ["swift", "ios"])
            try await sprout.enterQueue(far, lat: 37.517819 - 0.0065)
            try await sprout.enterQueue(me)
            let response = try await sprout.study(.POST, "v1/queue/search", me, form: [("lat", "37.517819"), ("long", "126.886145")])
            let json = try response.jsonObject()
            let first = try #require((json["fromQueueDB"] as? [[String: Any]])?.first)
            #expect(Set(first.keys) == ["uid", "nick", "lat", "long", "reputation", "studylist", "reviews", "gender", "type", "sesac", "background"])
            let result = try response.decode(Study.SearchResult.self)
            #expect(result.fromQueueDB.map(\.nick) == ["근처"], "me excluded, 723 m away excluded")
            #expect(result.fromQueueDB.first?.gender == 0)
            #expect(result.fromQueueDBRequested.isEmpty)
            #expect(result.fromRecommend.contains("ios") && result.fromRecommend.contains("swift"))
            #expect(!result.fromRecommend.contains("anything"))
        }
    }

    @Test("a search is read the same from every way clients write it", arguments: [
        ("application/x-www-form-urlencoded", "lat=37.517819&long=126.886145"),
        ("application/x-www-form-urlencoded", "lat=+37%2E517819+&long=%20126.886145"),
        ("application/x-www-form-urlencoded", "lat=37.517819\n&long=126.886145"),
        ("application/json; charset=utf-8", #"{"lat": 37.517819, "long": "126.886145"}"#),
        ("application/json", "\n\t {\"lat\":37.517819,\"long\":126.886145}"),
        ("application/json", "lat=37.517819&long=126.886145"),
    ])
    func searchBodies(contentType: String, body: String) async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyPerson("+821000000001", nick: "나")
            let near = try await sprout.studyPerson("+821000000002", nick: "근처")
            try await sprout.enterQueue(near, lat: 37.517819 + 0.001)
            let headers = ["Content-Type": contentType, "idtoken": "  \(me.token) "]
            let response = try await sprout.send(.POST, "v1/queue/search", headers: headers, body: body)
            #expect(response.status.code == 200, "\(response.body.string)")
            #expect(try response.decode(Study.SearchResult.self).fromQueueDB.map(\.nick) == ["근처"])
        }
    }

    @Test("search works across the antimeridian and at the poles", arguments: [
        (-16.5, 179.9995, -16.5, -179.9995),
        (89.9999, 0.0, 89.9999, 180.0),
        (-89.9995, 45.0, -89.9999, -135.0),
        (0.0, -180.0, 0.0, 179.999),
    ])
    func edgesOfTheMap(myLat: Double, myLong: Double, theirLat: Double, theirLong: Double) async throws {
        try await withSprout { sprout in
            let me = try await sprout.studyPerson("+821000000001", nick: "나")
            let them = try await sprout.studyPerson("+821000000002", nick: "그들")
            try await sprout.enterQueue(them, lat: theirLat, long: theirLong)
            #expect(try await sprout.search(me, lat: myLat, long: myLong).fromQueueDB.map(\.nick) == ["그들"])
        }
    }

    @Test("the radius is configurable")
    func radius() async throws {
        try await withSprout(configure: { $0.environment = .init(["SPROUT_STUDY_RADIUS": "2000"]) }) { sprout in
            let me = try await sprout.studyPerson("+821000000001", nick: "나")
            let them = try await sprout.studyPerson("+821000000002", nick: "그들")
            try await sprout.enterQueue(them, lat: 37.517819 + 0.015)
            #expect(try await sprout.search(me).fromQueueDB.map(\.nick) == ["그들"])
        }
    }

    @Test("reported by three people who studied with them: the queue answers 201; strangers' reports do not count")
    func reported() async throws {
        try await withSprout { sprout in
            let target = try await sprout.studyPerson("+821000000009", nick: "문제")
            let form = { (other: StudyPerson) in [("otheruid", other.accountID), ("reportedReputation", "1"), ("reportedReputation", "0"), ("comment", "지각")] }
            for index in 1...3 {
                let stranger = try await sprout.studyPerson("+82100000010\(index)", nick: "남\(index)")
                #expect(try await sprout.study(.POST, "v1/user/report", stranger, form: form(target)).status.code == 200, "kept for the operator")
            }
            #expect(try await sprout.enterQueue(target) == 200, "three strangers cannot bar anyone")
            _ = try await sprout.study(.DELETE, "v1/queue", target)
            #expect(try await sprout.study(.GET, "v1/user", target).decode(Study.User.self).reportedNum == 0)

            for index in 1...3 {
                let partner = try await sprout.studyPerson("+82100000000\(index)", nick: "신고\(index)")
                try await sprout.enterQueue(target)
                try await sprout.enterQueue(partner, lat: 37.5185)
                #expect(try await sprout.study(.POST, "v1/queue/studyrequest", partner, form: [("otheruid", target.accountID)]).status.code == 200)
                #expect(try await sprout.study(.POST, "v1/queue/studyaccept", target, form: [("otheruid", partner.accountID)]).status.code == 200)
                for (me, other) in [(target, partner), (partner, target)] {
                    #expect(try await sprout.study(.POST, "v1/queue/rate/\(other.accountID)", me).status.code == 200)
                }
                #expect(try await sprout.study(.POST, "v1/user/report", partner, form: form(target)).status.code == 200)
                #expect(try await sprout.study(.POST, "v1/user/report", partner, form: form(target)).status.code == 201, "once per reporter")
                #expect(try await sprout.enterQueue(target) == (index < 3 ? 200 : 201))
                _ = try await sprout.study(.DELETE, "v1/queue", target)
            }
            let user = try await sprout.study(.GET, "v1/user", target).decode(Study.User.self)
            #expect(user.reportedNum == 3 && user.reportedUser.count == 3)
        }
    }
}
