import Platform
import PlatformCore
@testable import Reading
import Testing

/// Aladin's settings come from the environment, and a value that makes no sense stops the start
/// with its name, instead of a catalogue that never waits or waits forever.
@Suite struct ReadingSettingsTests {
    static let key = ["SPROUT_ALADIN_TTB_KEY": "ttb-key"]

    @Test func aladinWaitsThreeSecondsUnlessTold() throws {
        #expect(try ReadingSettings(EnvironmentReader(Self.key)).aladin?.timeoutSeconds == 3)
        let told = Self.key.merging(["SPROUT_ALADIN_TIMEOUT_SECONDS": "20"]) { $1 }
        #expect(try ReadingSettings(EnvironmentReader(told)).aladin?.timeoutSeconds == 20)
    }

    @Test(arguments: ["0", "301", "-1", "2.5", "three", "99999999999999999999"])
    func aTimeoutOutsideOneToThreeHundredSecondsIsRefused(_ value: String) {
        let environment = Self.key.merging(["SPROUT_ALADIN_TIMEOUT_SECONDS": value]) { $1 }
        #expect(throws: ConfigError.self) { try ReadingSettings(EnvironmentReader(environment)) }
    }

    @Test(arguments: ["notaurl", "ftp://aladin.example/", "http://"])
    func anAladinAddressThatIsNoWebAddressIsRefused(_ value: String) {
        let environment = Self.key.merging(["SPROUT_ALADIN_URL": value]) { $1 }
        #expect(throws: ConfigError.self) { try ReadingSettings(EnvironmentReader(environment)) }
    }
}
