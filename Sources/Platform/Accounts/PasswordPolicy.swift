/// The rule for passwords of Sprout's own accounts (`/api/auth/join` and the web's sign-up):
/// at least eight characters, and not one of the passwords that top every breach list, which
/// are the first an attacker tries. The legacy contracts keep what their published clients send.
public enum PasswordPolicy {
    public static let minimumLength = 8

    public enum Problem: Error, Equatable, Sendable {
        case tooShort
        case common
    }

    public static func problem(with password: String) -> Problem? {
        if password.count < minimumLength { return .tooShort }
        if common.contains(password.lowercased()) { return .common }
        return nil
    }

    /// Eight characters or more, lowercased: the head of the public breach-frequency lists
    /// (shorter ones are refused by length already), with the Korean keyboard's favourites.
    static let common: Set<String> = [
        "password", "password1", "password12", "password123", "password1234", "passw0rd", "p@ssw0rd", "p@ssword",
        "12345678", "123456789", "1234567890", "0123456789", "11111111", "00000000", "88888888", "12341234",
        "87654321", "987654321", "11223344", "12121212", "123123123", "147258369", "123qweasd", "1q2w3e4r",
        "1q2w3e4r5t", "1qaz2wsx", "qwer1234", "qwerty123", "qwertyui", "qwertyuiop", "asdfghjk", "asdf1234",
        "zxcvbnm1", "iloveyou", "iloveyou1", "sunshine", "princess", "football", "baseball", "superman",
        "starwars", "whatever", "trustno1", "welcome1", "welcome123", "letmein1", "abcd1234", "abc12345",
        "abcdefgh", "aa123456", "a1234567", "computer", "internet", "michelle", "jennifer", "1234qwer",
        "admin123", "administrator", "changeme", "qazwsxedc", "dragon12", "monkey12", "master12", "shadow12",
        "sprout-demo", "sproutdemo", "q1w2e3r4", "q1w2e3r4t5", "zaq12wsx", "!qaz2wsx", "qwe12345", "12qwaszx",
    ]
}
