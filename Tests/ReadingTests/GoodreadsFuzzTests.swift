import Foundation
import PropertyBased
@testable import Reading
import SproutAPI
import SproutTestSupport
import Testing
import Vapor

/// Whatever a file holds, reading it never traps, and an import answers 200 or 422 and changes
/// nothing when it refuses.
@Suite struct GoodreadsFuzzTests {
    /// The pieces a Goodreads file, a spreadsheet's re-save or a hostile upload is made of.
    static let fragments: [String] = [
        GoodreadsFiles.header, "\r\n", "\n", "\r", ",", "\"", "\"\"", "=\"", "=\"\"", "Title", "Date Read", "ISBN13",
        "9788936434816", "0441172717", "2024/02/30", "2024/1/5", "read", "currently-reading", "to-read", "5", "-1",
        "99999999999999999999", "1e3", "채식주의자", "<br/>", "&amp;", "\u{FEFF}", "\u{0}", " ", "가\u{301}",
    ]
    static let files = Gen<Int?>.element(of: fragments.indices).array(of: 0...60).map { $0.compactMap { $0 }.map { fragments[$0] }.joined() }

    @Test func readingAnyTextNeverTraps() async {
        await propertyCheck(count: 3000, input: Self.files) { text in
            // Were the reader to trap, the test process would stop here.
            if let rows = try? GoodreadsCSV.read(text) {
                #expect(rows.count <= Reading.ImportRules.rows)
            }
        }
    }

    @Test func anImportOfAnyTextAnswers200Or422() async throws {
        try await withReadingSprout { sprout in
            let reader = try await sprout.reader()
            var statuses: [UInt: Int] = [:]
            await propertyCheck(count: 150, input: Self.files) { text in
                let before = try await sprout.library(of: reader).count
                let response = try await sprout.send(.POST, "api/reading/import/goodreads", headers: reader.headers, body: text)
                statuses[response.status.code, default: 0] += 1
                #expect(response.status.code == 200 || response.status.code == 422, "\(text.prefix(120))")
                if response.status.code != 200 {
                    #expect(try await sprout.library(of: reader).count == before, "a refused file changes nothing")
                }
            }
            #expect(statuses[200, default: 0] > 0 && statuses[422, default: 0] > 0, "both outcomes were reached: \(statuses)")
        }
    }
}
