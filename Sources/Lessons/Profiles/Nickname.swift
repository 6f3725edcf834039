/// The contract's nickname rules: not empty, no whitespace anywhere (402), unique (409).
enum Nickname {
    /// Nicks are copied into every post and comment of a page and carry a unique index: bounded,
    /// beyond any name the apps' join screens let people type.
    static let maxLength = 30
    /// `phoneNum` (the lessons app's role flag, a real number in its siblings) and `birthDay`.
    static let maxOtherFieldLength = 30

    /// The contract's 400 message when `nick`, `phoneNum` or `birthDay` is longer than allowed.
    static func tooLong(nick: String?, phoneNum: String?, birthDay: String?) -> String? {
        if let nick, nick.count > maxLength { return "닉네임은 \(maxLength)자 이하로 입력해주세요." }
        if [phoneNum, birthDay].contains(where: { ($0?.count ?? 0) > maxOtherFieldLength }) {
            return "phoneNum과 birthDay는 \(maxOtherFieldLength)자 이하로 입력해주세요."
        }
        return nil
    }

    static func containsWhitespace(_ nick: String) -> Bool {
        nick.contains(where: \.isWhitespace)
    }
}
