import Fluent
import Foundation
import Media
import Platform
import SproutAPI

/// A lesson marketplace worth opening on a new install: teachers across instruments and regions,
/// lessons with photos and hashtags, the two curated home sections, reviews, bookmarks, a paid
/// lesson, follows and a few community posts.
struct LessonsDemoData {
    let platform: PlatformServices
    let board: PostBoard
    let uploads: PostUploads
    let sandbox: SandboxGateway?
    let desk: PaymentDesk
    let follows: Follows

    /// Teachers besides `teacher@sprout.local`: (nick, email).
    static let teachers = [("김선율", "violin.kim"), ("박하모니", "piano.park"), ("이소리", "voice.lee")]

    /// title, instrument, region, type, price, introduction, curation
    static let lessons: [(String, Lessons.Instrument, Lessons.Region, Lessons.LessonType, Int, String, Lessons.Curation?)] = [
        ("왕초보 바이올린 1:1", .violin, .seoul, .hobby, 50_000, "활 잡는 법부터 차근차근 알려드려요. #바이올린 #취미레슨 #개인레슨", .popular),
        ("예고 입시 바이올린", .violin, .seoul, .entranceExam, 120_000, "예고·예중 입시곡 집중 지도. #예고 #입시레슨 #바이올린", nil),
        ("직장인 저녁 피아노", .piano, .gyeonggi, .hobby, 45_000, "퇴근 후 가볍게 치는 가요 반주와 클래식 소품. #피아노 #취미레슨", .popular),
        ("음대 입시 피아노 실기", .piano, .seoul, .entranceExam, 150_000, "음대입시 실기곡 분석과 무대 연습. #음대입시 #피아노 #입시레슨", nil),
        ("성악 발성 기초", .voice, .busan, .hobby, 55_000, "호흡과 공명부터 시작하는 성악 발성. #성악 #취미레슨", .popular),
        ("첼로 앙상블 클래스", .cello, .daejeon, .hobby, 40_000, "4명이 함께하는 첼로 그룹레슨. #첼로 #그룹레슨 #실내악", .interesting),
        ("비올라로 시작하는 현악", .viola, .incheon, .hobby, 48_000, "바이올린보다 따뜻한 소리, 비올라의 매력. #비올라 #취미레슨", .interesting),
        ("콘트라베이스 재즈 워킹", .doubleBass, .seoul, .hobby, 60_000, "클래식 베이스 주자가 알려주는 워킹 베이스. #콘트라베이스 #개인레슨", .interesting),
        ("플룻 입문 8주 과정", .flute, .gwangju, .hobby, 42_000, "소리 내기부터 쉬운 명곡까지. #플룻 #취미레슨", nil),
        ("오보에 리드 만들기", .oboe, .daegu, .hobby, 70_000, "직접 리드를 깎아 보는 특별한 시간. #오보에 #개인레슨", .interesting),
        ("클라리넷 예중 입시", .clarinet, .gyeonggi, .entranceExam, 110_000, "예중 입시 준비반. #클라리넷 #예중 #입시레슨", nil),
        ("바순과 친해지기", .bassoon, .sejong, .hobby, 65_000, "낮고 익살스러운 목관악기, 바순. #바순 #취미레슨", nil),
        ("트럼펫 하이톤 트레이닝", .trumpet, .ulsan, .hobby, 50_000, "무리 없이 고음 내는 법. #트럼펫 #개인레슨", nil),
        ("트롬본 슬라이드 기초", .trombone, .chungcheong, .hobby, 45_000, "포지션 익히기와 립 슬러. #트롬본 #취미레슨", nil),
        ("튜바 오케스트라 파트 연습", .tuba, .jeonbuk, .entranceExam, 90_000, "오케스트라 발췌곡 중심. #튜바 #음대입시", nil),
        ("호른 음정 잡기", .horn, .gangwon, .hobby, 52_000, "손 위치와 음정 교정. #호른 #개인레슨", nil),
        ("색소폰 가요 연주", .saxophone, .gyeongnam, .hobby, 40_000, "알토 색소폰으로 좋아하는 노래를. #색소폰 #취미레슨", .popular),
        ("타악기 마림바 입문", .percussion, .jeonnam, .hobby, 55_000, "말렛 잡는 법과 4도 화음. #타악기 #취미레슨", .interesting),
        ("하프 체험 레슨", .harp, .seoul, .hobby, 80_000, "47현 그랜드 하프를 직접 연주해 봐요. #하프 #개인레슨", .interesting),
        ("클래식 작곡 화성학", .composition, .seoul, .entranceExam, 130_000, "화성학과 대위법, 작곡과 입시 대비. #클래식작곡 #음대입시", nil),
        ("조성진처럼 쇼팽 치기", .piano, .busan, .hobby, 70_000, "쇼팽 녹턴 한 곡 완성반. #피아노 #조성진 #취미레슨", .popular),
        ("성악 음대 입시", .voice, .daegu, .entranceExam, 140_000, "이탈리아 가곡과 오페라 아리아. #성악 #음대입시", nil),
        ("실내악 트리오 코칭", .cello, .gyeongbuk, .hobby, 75_000, "피아노 트리오 팀 코칭. #실내악 #그룹레슨 #첼로", nil),
        ("손열음 스타일 테크닉", .piano, .seoul, .entranceExam, 160_000, "빠른 패시지와 페달링. #피아노 #손열음 #예고", nil),
    ]

    static let reviews = ["설명이 정말 친절해요!", "한 달 만에 첫 곡을 완성했어요.", "시간 약속을 잘 지켜 주세요.", "입시 준비에 큰 도움이 됐습니다.", "Great teacher, very patient."]

    static let community: [(String, String)] = [
        ("연습실 추천해 주세요", "강남 근처 피아노 연습실 아시는 분? #연습실 #피아노"),
        ("바이올린 줄 교체 주기", "취미로 하는데 줄은 얼마나 자주 바꾸시나요? #바이올린"),
        ("입시 곡 고민", "예고 입시곡으로 모차르트 협주곡 vs 비오티, 어떤 게 나을까요? #예고 #입시레슨"),
        ("오늘 첫 레슨 후기", "첼로 첫 레슨! 생각보다 무거웠지만 재밌었어요. #첼로 #취미레슨"),
        ("중고 악기 살 때 팁", "현악기 중고로 살 때 꼭 봐야 할 것들 정리했어요. #현악기"),
    ]

    func load(on db: any Database, demo: DemoAccounts) async throws {
        for account in demo.accounts {
            let teaches = account.email?.hasPrefix("teacher") == true
            try await LessonsProfile(
                accountID: try account.requireID(), nick: account.displayName.filter { !$0.isWhitespace },
                phoneNum: teaches ? "1" : "0", birthDay: "", role: teaches ? .teacher : .student
            ).create(on: db)
        }
        var teachers = demo.accounts.filter { $0.email?.hasPrefix("teacher") == true }.compactMap(\.id)
        for (nick, local) in Self.teachers {
            let account = try await platform.accounts.register(email: "\(local)@sprout.local", password: demo.password, displayName: nick, on: db)
            let id = try account.requireID()
            try await LessonsProfile(accountID: id, nick: nick, phoneNum: "1", birthDay: "", role: .teacher).create(on: db)
            teachers.append(id)
        }
        let learners = demo.accounts.filter { $0.email?.hasPrefix("teacher") != true }.compactMap(\.id)

        var posted: [Lessons.Post] = []
        for (index, lesson) in Self.lessons.enumerated() {
            let photos = try (0..<(1 + index % 2)).map { try DemoPhoto.jpeg(seed: 200 + index * 5 + $0) }
            let stored = try await uploads.store(photos, by: teachers[index % teachers.count], on: db)
            let draft = Lessons.LessonDraft(
                title: lesson.0, price: String(lesson.4), instrument: lesson.1.rawValue, region: lesson.2.rawValue,
                lessonType: lesson.3.rawValue, introduction: lesson.5
            )
            let post = try await board.create(by: teachers[index % teachers.count], draft.request(files: stored), on: db)
            if let section = lesson.6 { try await LessonCuration().place(post.postID, in: section, on: db) }
            posted.append(post)
        }
        // A review comes from a buyer, so each reviewer pays first (where the sandbox gateway is on).
        for (index, post) in posted.enumerated() where index % 3 != 2 {
            for (offset, learner) in learners.enumerated() where (index + offset) % 2 == 0 {
                try await pay(for: post, by: learner, on: db)
                _ = try await board.comment(on: post.postID, by: learner, content: Self.reviews[(index + offset) % Self.reviews.count],
                                            rating: ReviewRating(rawValue: 5 - (index + offset) % 3), on: db)
            }
        }
        for learner in learners {
            for post in posted.prefix(4) { _ = try await board.setLike(.like2, on: post.postID, by: learner, to: true, on: db) }
            for teacher in teachers.prefix(2) { _ = try await follows.follow(teacher, by: learner, on: db) }
        }
        if let student = learners.last, let lesson = posted.first, !(try await board.post(lesson.postID, shownTo: nil, on: db)).buyers.contains(student) {
            try await pay(for: lesson, by: student, on: db)
        }
        for (index, item) in Self.community.enumerated() {
            let author = index % 2 == 0 ? learners[index % learners.count] : teachers[index % teachers.count]
            let post = try await board.create(by: author, Lessons.PostRequest(title: item.0, content: item.1, productID: Lessons.ProductID.community), on: db)
            _ = try await board.comment(on: post.postID, by: teachers[(index + 1) % teachers.count], content: "좋은 질문이에요!", on: db)
        }
    }

    private func pay(for lesson: Lessons.Post, by buyer: String, on db: any Database) async throws {
        guard let sandbox else { return }
        let payment = try await sandbox.checkout(lesson, amount: lesson.price, by: buyer, outcome: .paid, on: db)
        _ = try await desk.validate(impUID: payment.impUID, postID: lesson.postID, clientPrice: nil, buyer: buyer, on: db)
    }
}
