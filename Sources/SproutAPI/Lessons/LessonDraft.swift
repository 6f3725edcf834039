import Foundation

// The open-lesson form's rules, shared by the web page and the app's view model so both reject
// the same things. The API itself stays as permissive as the original (spec §6: the published
// app sends "Untitled", 0 and "" rather than validating).

extension Lessons {
    public struct LessonDraft: Sendable, Equatable {
        public enum Field: String, Sendable, CaseIterable {
            case title, price, instrument, region, lessonType, introduction, photos
        }

        public enum Violation: Sendable, Equatable {
            case required, tooLong(max: Int), notANumber, outOfRange(ClosedRange<Int>), tooMany(max: Int)

            public var message: (ko: String, en: String) {
                switch self {
                // The market's form says the same things the same way.
                case .required: ("필수 입력 항목이에요.", "This is required.")
                case let .tooLong(max): ("\(max)자 이하로 입력해 주세요.", "Use at most \(max) characters.")
                case .notANumber: ("숫자로 입력해 주세요.", "Enter a number.")
                case let .outOfRange(range): ("\(range.lowerBound)원에서 \(range.upperBound)원 사이로 입력해 주세요.", "Between \(range.lowerBound) and \(range.upperBound) won.")
                case let .tooMany(max): ("사진은 \(max)장까지 올릴 수 있어요.", "At most \(max) photos.")
                }
            }
        }

        public static let maxTitleLength = 60
        public static let maxIntroductionLength = 2000
        public static let maxPhotos = 3
        public static let priceRange = 0...10_000_000

        public var title: String
        public var price: String
        public var instrument: String
        public var region: String
        public var lessonType: String
        public var introduction: String
        public var photoCount: Int

        public init(title: String = "", price: String = "", instrument: String = "", region: String = "", lessonType: String = "", introduction: String = "", photoCount: Int = 0) {
            self.title = title
            self.price = price
            self.instrument = instrument
            self.region = region
            self.lessonType = lessonType
            self.introduction = introduction
            self.photoCount = photoCount
        }

        public init(editing post: Post) {
            self.init(title: post.title, price: String(post.price), instrument: post.content1 ?? "", region: post.content2 ?? "",
                      lessonType: post.content3 ?? "", introduction: post.content ?? "", photoCount: post.files.count)
        }

        public var violations: [Field: Violation] {
            var found: [Field: Violation] = [:]
            let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if title.isEmpty { found[.title] = .required } else if title.count > Self.maxTitleLength { found[.title] = .tooLong(max: Self.maxTitleLength) }
            if MoneyInput.normalized(price).isEmpty {
                found[.price] = .required
            } else if let value = MoneyInput.whole(price) {
                if !Self.priceRange.contains(value) { found[.price] = .outOfRange(Self.priceRange) }
            } else {
                found[.price] = .notANumber
            }
            if Instrument(rawValue: instrument) == nil { found[.instrument] = .required }
            if Region(rawValue: region) == nil { found[.region] = .required }
            if LessonType(rawValue: lessonType) == nil { found[.lessonType] = .required }
            let introduction = introduction.trimmingCharacters(in: .whitespacesAndNewlines)
            if introduction.isEmpty { found[.introduction] = .required } else if introduction.count > Self.maxIntroductionLength {
                found[.introduction] = .tooLong(max: Self.maxIntroductionLength)
            }
            if photoCount > Self.maxPhotos { found[.photos] = .tooMany(max: Self.maxPhotos) }
            return found
        }

        /// The create/edit body for a valid draft; `files` are the uploaded photo paths.
        public func request(files: [String], curation: Curation? = nil) -> PostRequest {
            PostRequest(
                title: title.trimmingCharacters(in: .whitespacesAndNewlines), price: MoneyInput.whole(price) ?? 0,
                content: introduction.trimmingCharacters(in: .whitespacesAndNewlines), content1: instrument, content2: region,
                content3: lessonType, content4: curation?.rawValue ?? "", content5: "", productID: ProductID.lesson, files: files
            )
        }
    }
}
