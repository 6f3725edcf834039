import Foundation
@testable import Platform
@testable import PlatformCore
import Testing

@Suite struct NowAndThenTests {
    @Test func dueOnceAnIntervalWhoeverAsks() {
        let gate = NowAndThen(every: 3600)
        let start = Date(timeIntervalSince1970: 1_767_225_600)
        #expect(gate.isDue(at: start))
        #expect(!gate.isDue(at: start), "asked again at once")
        #expect(!gate.isDue(at: start.addingTimeInterval(3599)))
        #expect(gate.isDue(at: start.addingTimeInterval(3600)))
        #expect(!gate.isDue(at: start.addingTimeInterval(3601)), "the next is an interval after the last that was due")
    }
}
