import Foundation
@testable import Lessons
import Testing

/// `RefundRule`: everything before the first session; afterwards the unused sessions' share of the
/// price (rounded down) less the terms' fee on that share (rounded down), which the teacher never
/// takes when they end the enrolment themselves.
@Suite struct RefundRuleTests {
    struct Row {
        let price: Int, sessions: Int, used: Int, fee: Int, byTeacher: Bool, refund: Int
        let why: String
    }

    static let table: [Row] = [
        Row(price: 200_000, sessions: 4, used: 0, fee: 10, byTeacher: false, refund: 200_000, why: "before the first session: the whole price"),
        Row(price: 200_000, sessions: 4, used: 0, fee: 10, byTeacher: true, refund: 200_000, why: "before the first session, whoever ends it"),
        Row(price: 200_000, sessions: 4, used: 1, fee: 10, byTeacher: false, refund: 135_000, why: "150,000 for three sessions, less 10%"),
        Row(price: 200_000, sessions: 4, used: 1, fee: 10, byTeacher: true, refund: 150_000, why: "the teacher ending it takes no fee"),
        Row(price: 200_000, sessions: 4, used: 2, fee: 10, byTeacher: false, refund: 90_000, why: "100,000 less 10%"),
        Row(price: 200_000, sessions: 4, used: 3, fee: 10, byTeacher: false, refund: 45_000, why: "50,000 less 10%"),
        Row(price: 200_000, sessions: 4, used: 4, fee: 10, byTeacher: false, refund: 0, why: "every session used"),
        Row(price: 200_000, sessions: 4, used: 4, fee: 0, byTeacher: true, refund: 0, why: "every session used, ended by the teacher"),
        Row(price: 200_000, sessions: 4, used: 5, fee: 10, byTeacher: false, refund: 0, why: "more used than sold"),
        Row(price: 90_000, sessions: 4, used: 1, fee: 10, byTeacher: false, refund: 60_750, why: "67,500 less 6,750"),
        Row(price: 90_000, sessions: 4, used: 1, fee: 0, byTeacher: false, refund: 67_500, why: "no fee in the terms"),
        Row(price: 90_000, sessions: 4, used: 1, fee: 100, byTeacher: false, refund: 0, why: "a fee of everything"),
        Row(price: 90_000, sessions: 4, used: 1, fee: 100, byTeacher: true, refund: 67_500, why: "which the teacher still never takes"),
        Row(price: 90_000, sessions: 4, used: 1, fee: 150, byTeacher: false, refund: 0, why: "a fee above 100% counts as 100%"),
        Row(price: 90_000, sessions: 4, used: 1, fee: -20, byTeacher: false, refund: 67_500, why: "a negative fee counts as none"),
        Row(price: 100_000, sessions: 3, used: 1, fee: 10, byTeacher: false, refund: 60_000, why: "floor(200,000 / 3) = 66,666, less floor(6,666.6)"),
        Row(price: 100_000, sessions: 3, used: 1, fee: 10, byTeacher: true, refund: 66_666, why: "the share rounds down"),
        Row(price: 100_000, sessions: 3, used: 2, fee: 15, byTeacher: false, refund: 28_334, why: "33,333 less floor(4,999.95)"),
        Row(price: 999, sessions: 2, used: 1, fee: 10, byTeacher: false, refund: 450, why: "499 less floor(49.9)"),
        Row(price: 7, sessions: 2, used: 1, fee: 50, byTeacher: false, refund: 2, why: "3 less floor(1.5)"),
        Row(price: 1, sessions: 3, used: 1, fee: 50, byTeacher: false, refund: 0, why: "a share below one won"),
        Row(price: 0, sessions: 4, used: 0, fee: 10, byTeacher: false, refund: 0, why: "a free lesson refunds nothing"),
        Row(price: 0, sessions: 4, used: 1, fee: 10, byTeacher: true, refund: 0, why: "a free lesson refunds nothing after a session either"),
        Row(price: -5_000, sessions: 4, used: 0, fee: 10, byTeacher: false, refund: 0, why: "a negative price refunds nothing"),
        Row(price: 50_000, sessions: 0, used: 0, fee: 10, byTeacher: false, refund: 0, why: "no sessions"),
        Row(price: 50_000, sessions: -3, used: 1, fee: 10, byTeacher: false, refund: 0, why: "a negative number of sessions"),
    ]

    @Test func theTable() {
        for row in Self.table {
            let refund = RefundRule.refund(price: row.price, sessions: row.sessions, used: row.used, feePercent: row.fee, endedByTeacher: row.byTeacher)
            #expect(refund == row.refund, "\(row.why): price \(row.price), \(row.used) of \(row.sessions) used, fee \(row.fee)%, teacher \(row.byTeacher)")
        }
    }

    /// Prices no lesson has, and session counts at the edges of `Int`: never a trap, never more than
    /// the price, never negative.
    @Test func absurdNumbersDoNotTrap() {
        let extremes: [(price: Int, sessions: Int, used: Int)] = [
            (.max, 4, 1), (.max, 4, 3), (.max, .max, 1), (.max, .max, .max - 1), (.max, 3, .max), (.max, .max, .max),
            (1, .max, 1), (.max - 1, 7, 2), (.max / 2 + 1, 2, 1), (.max, 1, 1), (.max, 2, .min), (.min, 4, 1), (.max, .min, 1),
        ]
        for (price, sessions, used) in extremes {
            for fee in [0, 10, 50, 100, Int.max, Int.min] {
                for byTeacher in [false, true] {
                    let refund = RefundRule.refund(price: price, sessions: sessions, used: used, feePercent: fee, endedByTeacher: byTeacher)
                    #expect(refund >= 0 && refund <= max(price, 0), "price \(price), \(used) of \(sessions), fee \(fee), teacher \(byTeacher): \(refund)")
                }
            }
        }
        #expect(RefundRule.refund(price: .max, sessions: 4, used: 0, feePercent: 10, endedByTeacher: false) == .max, "nothing used: the price itself")
        #expect(RefundRule.refund(price: .max, sessions: 1, used: 1, feePercent: 10, endedByTeacher: true) == 0)
        // Int.max × 1 still fits: half of it, and the fee on it without overflowing either.
        #expect(RefundRule.refund(price: .max, sessions: 2, used: 1, feePercent: 0, endedByTeacher: true) == 4_611_686_018_427_387_903)
        #expect(RefundRule.refund(price: .max, sessions: 2, used: 1, feePercent: 10, endedByTeacher: false) == 4_150_517_416_584_649_113)
    }

    /// Many seeded random cases: the refund is between nothing and the price; the teacher's is never
    /// less than the student's; one more session used never refunds more; and where the numbers fit
    /// in `Int`, it is exactly floor(price × unused / sessions) less floor(that × fee / 100).
    @Test func propertiesHoldForManyValues() {
        var random = SplitMix64(seed: 0x5EED_0F_5E55_1045)
        var failures: [String] = []
        for round in 0..<20_000 {
            let price: Int = switch round % 10 {
            case 0: Int.max - Int.random(in: 0...1_000_000, using: &random)
            case 1: Int.random(in: -1_000...0, using: &random)
            case 2: Int.random(in: 1...1_000_000_000_000_000, using: &random)
            default: Int.random(in: 1...5_000_000, using: &random)
            }
            let sessions = round % 13 == 0 ? Int.random(in: -2...Int.max, using: &random) : Int.random(in: -2...120, using: &random)
            let used = round % 17 == 0 ? Int.random(in: Int.min...Int.max, using: &random)
                : Int.random(in: -2...(min(max(sessions, 0), 1_000) + 3), using: &random)
            let fee = round % 19 == 0 ? Int.random(in: Int.min...Int.max, using: &random) : Int.random(in: -10...120, using: &random)
            let student = RefundRule.refund(price: price, sessions: sessions, used: used, feePercent: fee, endedByTeacher: false)
            let teacher = RefundRule.refund(price: price, sessions: sessions, used: used, feePercent: fee, endedByTeacher: true)
            let named = "price \(price), \(used) of \(sessions) used, fee \(fee)%"
            if !(0...max(price, 0)).contains(student) || !(0...max(price, 0)).contains(teacher) {
                failures.append("\(named): \(student) / \(teacher) out of 0...price")
            }
            if teacher < student { failures.append("\(named): the teacher's \(teacher) below the student's \(student)") }
            if price > 0, sessions > 0, used <= 0, student != price { failures.append("\(named): \(student) before the first session") }
            if price > 0, sessions > 0, used >= sessions, student != 0 || teacher != 0 { failures.append("\(named): \(student) with nothing left") }
            guard price > 0, price <= 1_000_000_000_000, (1...1_000).contains(sessions), used > 0, used < sessions else { continue }
            let share = price * (sessions - used) / sessions
            let expected = share - share * min(max(fee, 0), 100) / 100
            if student != expected || teacher != share { failures.append("\(named): \(student) / \(teacher), expected \(expected) / \(share)") }
            let later = RefundRule.refund(price: price, sessions: sessions, used: used + 1, feePercent: fee, endedByTeacher: false)
            if later > student { failures.append("\(named): one more used refunds \(later) > \(student)") }
        }
        #expect(failures.isEmpty, "\(failures.count) failures, first: \(failures.prefix(5))")
    }
}

/// A seeded generator (SplitMix64), so a failing case is the same case on every run.
private struct SplitMix64: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
