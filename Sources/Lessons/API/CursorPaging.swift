import Platform
import Vapor

/// The `next` and `limit` query values of the contract's lists.
struct CursorPaging {
    let cursor: Int?
    let limit: Int

    /// `next` empty or absent starts at the newest; "0" (the end marker) gives an empty last page.
    /// `limit` empty or absent, or larger than the cap, is the cap: the published app sends
    /// `limit=99999999` or `limit=` and expects everything, so a huge limit is not an error.
    init(_ req: Request) throws {
        let next = (req.queryValue("next") ?? "").trimmingWhitespace()
        if next.isEmpty {
            cursor = nil
        } else if let value = Int(next), value >= 0 {
            cursor = value
        } else {
            throw LessonsError.invalidValue("next 값이 올바르지 않습니다.")
        }
        let limitText = (req.queryValue("limit") ?? "").trimmingWhitespace()
        if limitText.isEmpty {
            limit = PostListing.maxLimit
        } else if limitText.allSatisfy(\.isASCIIDigit), let first = limitText.first, first != "0" || limitText.count == 1 {
            let value = Int(limitText) ?? Int.max
            guard value > 0 else { throw LessonsError.invalidValue("limit은 1 이상이어야 합니다.") }
            limit = min(value, PostListing.maxLimit)
        } else {
            throw LessonsError.invalidValue("limit 값이 올바르지 않습니다.")
        }
    }
}

private extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
