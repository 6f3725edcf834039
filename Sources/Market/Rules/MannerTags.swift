/// 매너 칭찬, as Karrot's trade reviews give them: what went well with a `great` or `good` trade,
/// or, with a `bad` one, its opposite. The item's condition and its price are the seller's, so
/// those are given only to a seller.
enum MannerTag: String, CaseIterable, Sendable {
    case punctual, kind, responsive
    case asDescribed = "as_described"
    case fairPrice = "fair_price"
    case notPunctual = "not_punctual"
    case unkind
    case slowToReply = "slow_to_reply"
    case notAsDescribed = "not_as_described"
    case overpriced

    var isPraise: Bool {
        switch self {
        case .punctual, .kind, .responsive, .asDescribed, .fairPrice: true
        case .notPunctual, .unkind, .slowToReply, .notAsDescribed, .overpriced: false
        }
    }

    /// Said only of the seller: the item and its price.
    var isAboutTheItem: Bool {
        [.asDescribed, .fairPrice, .notAsDescribed, .overpriced].contains(self)
    }

    var words: (ko: String, en: String) {
        switch self {
        case .punctual: ("시간 약속을 잘 지켜요", "Punctual")
        case .kind: ("친절하고 매너가 좋아요", "Kind and polite")
        case .responsive: ("응답이 빨라요", "Replies quickly")
        case .asDescribed: ("상품 상태가 설명한 것과 같아요", "The item was as described")
        case .fairPrice: ("좋은 상품을 저렴하게 판매해요", "A good item at a fair price")
        case .notPunctual: ("시간 약속을 안 지켜요", "Not punctual")
        case .unkind: ("불친절해요", "Unfriendly")
        case .slowToReply: ("응답이 느려요", "Slow to reply")
        case .notAsDescribed: ("상품 상태가 설명과 달라요", "The item was not as described")
        case .overpriced: ("상품에 비해 가격이 비싸요", "Overpriced for the item")
        }
    }

    /// The tags a review of this rating may give, of the seller or of the buyer.
    static func choices(for rating: TradeRating, aboutSeller: Bool) -> [MannerTag] {
        allCases.filter { $0.isPraise == (rating != .bad) && (aboutSeller || !$0.isAboutTheItem) }
    }

    /// The tags sent with a review, each once, in their own order: every code must name a tag
    /// (`TradeError.unknownTag`) that this rating of this side may give (`TradeError.tagDoesNotFit`).
    static func checked(_ codes: [String], rating: TradeRating, aboutSeller: Bool) throws -> [MannerTag] {
        var chosen = Set<MannerTag>()
        for code in codes {
            guard let tag = MannerTag(rawValue: code) else { throw TradeError.unknownTag }
            guard choices(for: rating, aboutSeller: aboutSeller).contains(tag) else { throw TradeError.tagDoesNotFit }
            chosen.insert(tag)
        }
        return allCases.filter(chosen.contains)
    }

    /// How many times each tag was given, most given first (ties in the tags' own order); a tag
    /// nobody gave is left out.
    static func tally(_ given: [MannerTag]) -> [(tag: MannerTag, count: Int)] {
        let counted = allCases.map { tag in (tag: tag, count: given.filter { $0 == tag }.count) }.filter { $0.count > 0 }
        return counted.enumerated().sorted { ($0.element.count, $1.offset) > ($1.element.count, $0.offset) }.map { $0.element }
    }

    /// As `market_trade_reviews.tags` keeps them.
    static func stored(_ tags: [MannerTag]) -> String {
        tags.map(\.rawValue).joined(separator: ",")
    }

    /// What a stored review gave; a code no longer known is left out.
    static func read(_ stored: String) -> [MannerTag] {
        stored.split(separator: ",").compactMap { MannerTag(rawValue: String($0)) }
    }
}
