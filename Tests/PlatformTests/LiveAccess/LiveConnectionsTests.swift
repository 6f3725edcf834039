@testable import Platform
import Testing

@Suite struct LiveConnectionsTests {
    @Test func oneAddressHoldsItsShareAndTheInstanceItsTotal() throws {
        let connections = LiveConnections(perClient: 2, total: 3)
        let first = try connections.admit("198.51.100.1").get()
        let second = try connections.admit("198.51.100.1").get()
        #expect(throws: LiveConnections.Refusal.client) { try connections.admit("198.51.100.1").get() }
        let other = try connections.admit("198.51.100.2").get()
        #expect(throws: LiveConnections.Refusal.full) { try connections.admit("198.51.100.3").get() }
        first.release()
        first.release()
        #expect(connections.count() == 2 && connections.count(of: "198.51.100.1") == 1, "a ticket is given back once")
        let third = try connections.admit("198.51.100.3").get()
        withExtendedLifetime((second, other, third)) {}
    }

    @Test func aTicketThatGoesGivesItsPlaceBack() throws {
        let connections = LiveConnections(perClient: 1, total: 10)
        do { _ = try connections.admit("198.51.100.1").get() }
        #expect(connections.count() == 0)
        #expect(throws: Never.self) { try connections.admit("198.51.100.1").get() }
    }

    @Test func theDescriptorsKeepAReserveForTheServersOwnUse() {
        #expect(LiveConnections.budget(forDescriptors: 1024) == 768)
        #expect(LiveConnections.budget(forDescriptors: 256) == 128)
        #expect(LiveConnections.budget(forDescriptors: 65_536) == 49_152)
        #expect(LiveConnections.budget(forDescriptors: 100) == 1)
        let budget = LiveConnections.descriptorBudget()
        #expect(budget.live == LiveConnections.budget(forDescriptors: budget.limit))
    }
}
