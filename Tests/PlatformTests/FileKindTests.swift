import Foundation
import Media
import Platform
import Testing

@Suite struct FileKindTests {
    @Test func recognisesImagesByTheirBytes() {
        #expect(FileKind(sniffing: [0xFF, 0xD8, 0xFF, 0xE0, 0, 0]) == .jpeg)
        #expect(FileKind(sniffing: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]) == .png)
        #expect(FileKind(sniffing: Array("GIF89a....".utf8)) == .gif)
        #expect(FileKind(sniffing: Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(FileKind(sniffing: [0, 0, 0, 0x18] + Array("ftypheic".utf8)) == .heic)
    }

    @Test func refusesEverythingElse() {
        #expect(FileKind(sniffing: Array("<html><script>".utf8)) == nil)
        #expect(FileKind(sniffing: Array("%PDF-1.7".utf8)) == nil)
        #expect(FileKind(sniffing: [0xFF, 0xD8]) == nil)
        #expect(FileKind(sniffing: []) == nil)
    }
}
