import Foundation
import Platform
import Vapor

/// `sprout reports`: what people reported on the web, one line per reported thing, the most
/// reported first, with its page so the operator can open it.
struct ReportsCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    let platform: PlatformServices
    let help = "List reported listings and lessons: reports, app, page, reasons, latest report and notes."

    func run(using context: CommandContext, signature: Signature) async throws {
        let cases = try await ReportDesk(clock: platform.clock).cases(on: context.application.db)
        guard !cases.isEmpty else {
            context.console.info("No reports.")
            return
        }
        let formatter = ISO8601DateFormatter()
        for found in cases {
            let reasons = found.reasons.sorted { ($0.value, $1.key.rawValue) > ($1.value, $0.key.rawValue) }.map { "\($0.key.rawValue)×\($0.value)" }
            let notes = found.notes.map { $0.replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "\t", with: " ") }
            context.console.print(([String(found.count), found.app, found.path, reasons.joined(separator: ","), formatter.string(from: found.latest)] + notes)
                .joined(separator: "\t"))
        }
    }
}
