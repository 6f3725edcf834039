import SproutAPI

/// Which nicknames the server refuses with 202 ("해당 닉네임은 사용할 수 없습니다"): names that
/// impersonate the operator and common Korean and English insults. An operator adds their own
/// with `SPROUT_STUDY_FORBIDDEN_NICKS` (comma-separated, matched case-insensitively as parts).
struct NicknamePolicy: Sendable {
    static let defaultForbidden = [
        "admin", "관리자", "운영자", "운영진", "sprout", "새싹스터디",
        "시발", "씨발", "ㅅㅂ", "병신", "ㅂㅅ", "개새끼", "fuck", "shit",
    ]

    let forbidden: [String]

    init(extra: [String] = []) {
        forbidden = (Self.defaultForbidden + extra).map { $0.lowercased() }.filter { !$0.isEmpty }
    }

    func isUsable(_ nick: String) -> Bool {
        let folded = nick.lowercased().filter { !$0.isWhitespace }
        return !forbidden.contains { folded.contains($0) }
    }
}
