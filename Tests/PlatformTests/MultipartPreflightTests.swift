import Foundation
import Platform
import PlatformCore
import PropertyBased
import Testing
import Vapor

/// `MultipartPreflight` must refuse every body that would trap MultipartKit's parser, and only
/// those: a real client's body (Korean file names included) always passes.
@Suite struct MultipartPreflightTests {
    /// Pieces a hostile or clumsy client puts together: delimiters, line ends, header names and
    /// values, bytes ≥ 0x80 (alone and as UTF-8 Korean), and the characters the parser keys on.
    static let fragments: [[UInt8]] = [
        "--B", "\r\n", "\r", "\n", "--", "-", ":", " ", "Content-Disposition", "Content-Type",
        ": form-data; name=\"images\"; filename=\"사진.jpg\"", ": image/jpeg", "name", "v", "\"", "[", "\u{7f}",
    ].map { Array($0.utf8) } + [[0x80], [0xff], [0xc3], [0x00], Array("사".utf8)]

    static let bodies = Gen<Int?>.element(of: fragments.indices).array(of: 0...40)
        .map { indices in ByteBuffer(bytes: indices.compactMap { $0 }.flatMap { fragments[$0] }) }

    @Test func aNonASCIIByteInAPartHeaderNameIsRefused() {
        #expect(!MultipartPreflight.isSafe(ByteBuffer(bytes: Array("--B\r\n".utf8) + [0x80] + Array("\r\n\r\nv\r\n--B--".utf8)), boundary: "B"))
        #expect(!MultipartPreflight.isSafe(ByteBuffer(string: "--B\r\nContent-Type: a\r\n사: b\r\n\r\nv\r\n--B--"), boundary: "B"))
        #expect(!MultipartPreflight.isSafe(ByteBuffer(string: "x\r\n--B\r\n\r\nv\r\n--B\r\n이름: v\r\n\r\n\r\n--B--"), boundary: "B"), "in a later part too")
    }

    @Test func anEmptyBoundaryIsRefused() {
        #expect(!MultipartPreflight.isSafe(ByteBuffer(string: "--\r\n\r\nv\r\n----"), boundary: ""))
    }

    @Test func realClientBodiesPassAndParse() throws {
        var body = Array("--B\r\nContent-Disposition: form-data; name=\"images\"; filename=\"도토리 사진.jpg\"\r\nContent-Type: image/jpeg\r\n\r\n".utf8)
        body += [0xff, 0xd8, 0x80, 0x0d, 0x0a, 0xff] + Array("\r\n--B\r\nContent-Disposition: form-data; name=\"params\"\r\n\r\n{\"name\":\"의자\"}\r\n--B--\r\n".utf8)
        #expect(MultipartPreflight.isSafe(ByteBuffer(bytes: body), boundary: "B"))
        let parser = MultipartParser(boundary: "B")
        var names: [String] = []
        parser.onHeader = { name, value in names.append("\(name)=\(value)") }
        try parser.execute(body)
        #expect(names.first == "Content-Disposition=form-data; name=\"images\"; filename=\"도토리 사진.jpg\"")
    }

    @Test func everyBodyItPassesTheParserReadsWithoutTrapping() async {
        await propertyCheck(count: 3000, input: Self.bodies) { body in
            guard MultipartPreflight.isSafe(body, boundary: "B") else { return }
            // Were the preflight wrong, this line would trap and the test process would stop.
            _ = try? MultipartParser(boundary: "B").execute(body)
        }
    }

    @Test func onlyNonASCIIBytesMakeABodyUnsafe() async {
        await propertyCheck(count: 3000, input: Self.bodies) { body in
            let ascii = body.readableBytesView.map { $0 >= 0x80 ? UInt8(ascii: "a") : $0 }
            #expect(MultipartPreflight.isSafe(ByteBuffer(bytes: ascii), boundary: "B"))
        }
    }
}
