import Platform
import PlatformCore
import SproutAPI
import Vapor

/// `sprout curation set POST_ID popular|interesting|none` and `sprout curation list`: the
/// operator's say over the lessons home screen's two curated sections.
struct CurationCommands {
    let curation = LessonCuration()

    var group: any AsyncCommandGroup {
        CurationGroup(commands: ["set": SetCurationCommand(curation: curation), "list": ListCurationCommand(curation: curation)])
    }

    /// The operator's words for the sections, beside the tags the app compares.
    static let sections: [String: Lessons.Curation] = ["popular": .popular, "interesting": .interesting]

    static func word(for section: Lessons.Curation) -> String {
        sections.first { $0.value == section }?.key ?? section.rawValue
    }
}

private struct CurationGroup: AsyncCommandGroup {
    let commands: [String: any AnyAsyncCommand]
    let help = "Place lessons in the home screen's curated sections (popular, interesting)."
}

private struct SetCurationCommand: AsyncCommand {
    struct Signature: CommandSignature {
        @Argument(name: "post", help: "The lesson's post id.")
        var postID: String
        @Argument(name: "section", help: "popular, interesting, or none to take the lesson out.")
        var section: String
    }

    let curation: LessonCuration
    let help = "Put a lesson into a curated section, or take it out with none."

    func run(using context: CommandContext, signature: Signature) async throws {
        let section: Lessons.Curation?
        switch signature.section.lowercased() {
        case "none": section = nil
        case let word:
            guard let named = CurationCommands.sections[word] else {
                throw CommandFailure("the section must be popular, interesting or none, not \(signature.section)")
            }
            section = named
        }
        do {
            try await curation.place(signature.postID, in: section, on: context.application.db)
        } catch let error as CurationError {
            throw CommandFailure(error.description)
        }
        context.console.info(section.map { "Lesson \(signature.postID) is in \(CurationCommands.word(for: $0))." } ?? "Lesson \(signature.postID) is in no curated section.")
    }
}

private struct ListCurationCommand: AsyncCommand {
    struct Signature: CommandSignature {}

    let curation: LessonCuration
    let help = "List the curated lessons: section, post id, title."

    func run(using context: CommandContext, signature: Signature) async throws {
        for placement in try await curation.placements(on: context.application.db) {
            context.console.print("\(CurationCommands.word(for: placement.section))\t\(placement.postID)\t\(placement.title)")
        }
    }
}
