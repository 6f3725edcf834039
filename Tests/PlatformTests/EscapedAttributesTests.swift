import Foundation
import Platform
import Plot
import Testing

/// Pages write attribute values through Plot's helpers and never escape by hand; with Platform
/// imported every helper escapes.
@Suite struct EscapedAttributesTests {
    static let hostile = #""><script>&'"#
    static let escaped = "&quot;&gt;&lt;script&gt;&amp;&#39;"

    @Test func everyAttributeHelperAPageUsesEscapes() {
        let h = Self.hostile
        let nodes: [Node<HTML.BodyContext>] = [
            .div(.id(h)), .div(.class(h)), .div(.data(named: "x", value: h)), .div(.title(h)), .div(.attribute(named: "aria-label", value: h)),
            .div(.style(h)), .a(.href(h)), .img(.src(h)), .img(.alt(text: h)), .img(.attribute(named: "loading", value: h)),
            .form(.action(path: h)), .input(.name(h)), .input(.value(h)), .input(.placeholder(text: h)), .input(.attribute(named: "list", value: h)),
            .textarea(.placeholder(text: h)), .textarea(.name(h)), .label(.for(field: h)), .select(.option(.value(h))),
            .button(.value(h)), .button(.name(h)), .form(.input(.value(h))),
        ]
        for node in nodes {
            let html = node.render()
            #expect(html.contains(Self.escaped) && !html.contains("<script>"), "\(html)")
        }
    }

    @Test func plainValuesAreWrittenAsTheyAre() {
        #expect(Node<HTML.BodyContext>.a(.href("/lessons/list?group=strings"), .text("x")).render() == #"<a href="/lessons/list?group=strings">x</a>"#)
    }

    /// Plot's helpers for one concrete context cannot be outranked by Platform's escaping ones, so
    /// no source may call them: the labelled versions (`.alt(text:)`, …) escape.
    @Test func noSourceCallsPlotsUnescapedConcreteHelpers() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
        let raw = /\.(alt|placeholder|action|for|content|ariaLabel|ariaControls|datetime|label)\((?!text:|path:|field:|\.|\))/
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
        var found: [String] = []
        for case let file as URL in files where file.pathExtension == "swift" && file.lastPathComponent != "EscapedAttributes.swift" {
            for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(raw) {
                found.append("\(file.lastPathComponent):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
