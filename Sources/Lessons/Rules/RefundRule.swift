/// How much ending an enrolment refunds, the one rule the lesson page, the API and the gateway
/// call share. Korean practice for private lessons (학원법 시행령 별표 4 in spirit): everything
/// before the first session; afterwards the unused sessions' share of the price, less the fee the
/// terms stated, which the teacher never takes when they end it themselves.
enum RefundRule {
    /// - Parameters:
    ///   - used: sessions taken or forfeited.
    ///   - feePercent: 0 to 100.
    static func refund(price: Int, sessions: Int, used: Int, feePercent: Int, endedByTeacher: Bool) -> Int {
        guard price > 0, sessions > 0 else { return 0 }
        guard used > 0 else { return price }
        let unused = max(0, sessions - used)
        // price × unused can exceed Int for a price no lesson has; it then refunds nothing rather than trap.
        let (product, overflow) = price.multipliedReportingOverflow(by: unused)
        guard !overflow else { return 0 }
        let share = product / sessions
        let fee = endedByTeacher ? 0 : share / 100 * min(max(feePercent, 0), 100) + share % 100 * min(max(feePercent, 0), 100) / 100
        return share - fee
    }
}
