/// How many verification codes may be sent in an hour, to one number and from one client
/// address; 0 turns a limit off. Each code can be a paid SMS, and sending many to numbers an
/// attacker does not own (SMS pumping) costs the operator, so these are counted in the database
/// over a sliding hour, shared by every instance and kept across restarts, rather than in the
/// per-minute, per-process `RateLimiter` buckets.
public struct PhoneCodeLimits: Sendable, Equatable {
    public var perPhonePerHour: Int
    public var perClientPerHour: Int
    /// Codes per hour to anyone: SMS pumping spreads over many numbers and addresses, and each
    /// text costs the operator money.
    public var perHour: Int

    public init(perPhonePerHour: Int, perClientPerHour: Int, perHour: Int = 0) {
        self.perPhonePerHour = perPhonePerHour
        self.perClientPerHour = perClientPerHour
        self.perHour = perHour
    }

    /// `SPROUT_SMS_LIMIT_PHONE`, `SPROUT_SMS_LIMIT_IP`, `SPROUT_SMS_LIMIT_HOUR`.
    public static let standard = PhoneCodeLimits(perPhonePerHour: 5, perClientPerHour: 30, perHour: 500)
    public static let off = PhoneCodeLimits(perPhonePerHour: 0, perClientPerHour: 0, perHour: 0)
}
