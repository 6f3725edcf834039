import Foundation

// The lesson domain on top of generic posts, spec §4: which post fields mean what, the picker
// values, the home categories and curations. Shared by the server, the web pages and the apps.

extension Lessons {
    /// The `product_id` values Sprout's own apps use. Clients of the shared contract pick their own;
    /// a build of the published app points its hidden `ProductId` constants at these.
    public enum ProductID {
        public static let lesson = "allforlesson"
        public static let community = "allforlesson_community"
    }

    /// `content4` values that put a lesson on the home screen (spec §4.1).
    public enum Curation: String, CaseIterable, Sendable {
        case popular = "allforlesson_popular"
        case interesting = "allforlesson_interesting"

        public var title: (ko: String, en: String) {
            switch self {
            case .popular: ("실시간 인기 레슨", "Popular right now")
            case .interesting: ("이걸 배워? 흥미돋는 레슨!", "Lessons you didn't know you wanted")
            }
        }
    }

    /// `content1`: the subject, one of the app's 18 picker values, stored in Korean.
    public enum Instrument: String, CaseIterable, Sendable, Codable {
        case piano = "피아노", voice = "성악", composition = "클래식 작곡", violin = "바이올린", viola = "비올라"
        case cello = "첼로", doubleBass = "콘트라베이스", flute = "플룻", oboe = "오보에", clarinet = "클라리넷"
        case bassoon = "바순", trumpet = "트럼펫", trombone = "트롬본", tuba = "튜바", horn = "호른"
        case saxophone = "색소폰", percussion = "타악기", harp = "하프"

        public var english: String {
            switch self {
            case .piano: "Piano"
            case .voice: "Voice"
            case .composition: "Classical composition"
            case .violin: "Violin"
            case .viola: "Viola"
            case .cello: "Cello"
            case .doubleBass: "Double bass"
            case .flute: "Flute"
            case .oboe: "Oboe"
            case .clarinet: "Clarinet"
            case .bassoon: "Bassoon"
            case .trumpet: "Trumpet"
            case .trombone: "Trombone"
            case .tuba: "Tuba"
            case .horn: "Horn"
            case .saxophone: "Saxophone"
            case .percussion: "Percussion"
            case .harp: "Harp"
            }
        }
    }

    /// The 8 home tiles (spec §4.1); `all` has no instruments of its own.
    public enum InstrumentGroup: String, CaseIterable, Sendable, Codable {
        case all, strings, woodwinds, brass, piano, voice, composition, other

        public var instruments: [Instrument] {
            switch self {
            case .all: Instrument.allCases
            case .strings: [.violin, .viola, .cello, .doubleBass]
            case .woodwinds: [.flute, .oboe, .clarinet, .bassoon]
            case .brass: [.trumpet, .trombone, .tuba, .horn, .saxophone]
            case .piano: [.piano]
            case .voice: [.voice]
            case .composition: [.composition]
            case .other: [.percussion, .harp]
            }
        }

        public var title: (ko: String, en: String) {
            switch self {
            case .all: ("전체보기", "All")
            case .strings: ("현악기", "Strings")
            case .woodwinds: ("목관악기", "Woodwinds")
            case .brass: ("금관악기", "Brass")
            case .piano: ("피아노", "Piano")
            case .voice: ("성악", "Voice")
            case .composition: ("클래식작곡", "Composition")
            case .other: ("그 외", "Other")
            }
        }

        /// The published app matches by substring of `content1`, so a post whose subject is not
        /// one of the picker values can still land in a group; Sprout does the same.
        public func contains(subject: String?) -> Bool {
            guard self != .all else { return true }
            guard let subject else { return false }
            return instruments.contains { subject.contains($0.rawValue) }
        }
    }

    /// `content2`: one of the app's 15 regions.
    public enum Region: String, CaseIterable, Sendable, Codable {
        case seoul = "서울", gyeonggi = "경기", incheon = "인천", daejeon = "대전", chungcheong = "충청", sejong = "세종"
        case gwangju = "광주", jeonnam = "전남", jeonbuk = "전북", gangwon = "강원", daegu = "대구", ulsan = "울산"
        case busan = "부산", gyeongnam = "경남", gyeongbuk = "경북"

        public var english: String {
            switch self {
            case .seoul: "Seoul"
            case .gyeonggi: "Gyeonggi"
            case .incheon: "Incheon"
            case .daejeon: "Daejeon"
            case .chungcheong: "Chungcheong"
            case .sejong: "Sejong"
            case .gwangju: "Gwangju"
            case .jeonnam: "South Jeolla"
            case .jeonbuk: "North Jeolla"
            case .gangwon: "Gangwon"
            case .daegu: "Daegu"
            case .ulsan: "Ulsan"
            case .busan: "Busan"
            case .gyeongnam: "South Gyeongsang"
            case .gyeongbuk: "North Gyeongsang"
            }
        }
    }

    /// `content3`: hobby (취미) or entrance exam (입시).
    public enum LessonType: String, CaseIterable, Sendable, Codable {
        case hobby = "취미"
        case entranceExam = "입시"

        public var english: String { self == .hobby ? "Hobby" : "Entrance exam" }
    }

    /// The Hashtag tab's fixed suggestions (spec §6).
    public static let hashtagSuggestions: [String] =
        ["개인레슨", "그룹레슨", "입시레슨", "취미레슨", "예중", "예고", "음대입시"]
        + Instrument.allCases.map { $0.rawValue.replacingOccurrences(of: " ", with: "") }
        + ["실내악", "조성진", "손열음"]
}
