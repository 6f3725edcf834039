import NIOCore
import Vapor

/// MultipartKit 4.7.1's parser (the version this machine resolves) indexes a 128-entry table with
/// every byte of a part-header name, so a single byte ≥ 0x80 there traps and stops the whole
/// process; it also traps on an empty boundary. No input may do that, so every multipart body is
/// walked through the parser's own states first (preamble, part headers, body, boundary,
/// epilogue), collecting nothing, and refused before the parser sees it when a header name would
/// hold a non-ASCII byte. Header values pass untouched: Korean file names in
/// `Content-Disposition` keep working exactly as the published clients send them.
///
/// The walk follows `MultipartParser.swift` of that version state for state; where the parser
/// throws a syntax error it stops reading, so the walk stops too and lets the parser answer.
public enum MultipartPreflight {
    private enum State {
        case preamble(matched: Int)
        case preHeaders(sawCR: Bool)
        case headerName(isEmpty: Bool)
        case headerValue
        case postHeaderValue
        case postHeaders
        case body
        case boundary(matched: Int)
    }

    /// Refuses with the 400 every multipart reader answers when the parser could trap on `body`.
    static func requireSafe(_ body: ByteBuffer, boundary: String) throws {
        guard isSafe(body, boundary: boundary) else { throw malformed }
    }

    /// What a multipart body the parser cannot read is answered with.
    static let malformed = Abort(.badRequest, reason: "The multipart body is malformed.")

    /// True when the parser can read `body` without trapping (it may still find it malformed).
    public static func isSafe(_ body: ByteBuffer, boundary: String) -> Bool {
        guard !boundary.isEmpty else { return false }
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var state = State.preamble(matched: 0)
        let bytes = body.readableBytesView
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if case .body = state {
                // A part's content is most of the body: skip to the next possible delimiter at once.
                guard let cr = bytes[index...].firstIndex(of: delimiter[0]) else { return true }
                index = cr
            }
            let byte = bytes[index]
            index += 1
            switch state {
            case let .preamble(matched):
                let next = if matched == 0, byte == delimiter[2] { 3 }
                    else if byte == delimiter[matched] { matched + 1 }
                    else if matched > 0, byte == delimiter[0] { 1 }
                    else { 0 }
                state = next >= delimiter.count ? .preHeaders(sawCR: false) : .preamble(matched: next)
            case let .preHeaders(sawCR):
                if !sawCR, byte == .cr { state = .preHeaders(sawCR: true) }
                else if sawCR, byte == .lf { state = .headerName(isEmpty: true) }
                else { return true }
            case let .headerName(isEmpty):
                if byte == .colon, !isEmpty { state = .headerValue }
                else if byte == .cr, isEmpty { state = .postHeaders }
                else if byte >= 0x80 { return false }
                else if byte.isTokenCharacter { state = .headerName(isEmpty: false) }
                else { return true }
            case .headerValue:
                if byte == .cr { state = .postHeaderValue }
            case .postHeaderValue:
                guard byte == .lf else { return true }
                state = .headerName(isEmpty: true)
            case .postHeaders:
                guard byte == .lf else { return true }
                state = .body
            case .body:
                if byte == delimiter[0] { state = .boundary(matched: 1) }
            case let .boundary(matched):
                if matched >= delimiter.count {
                    if byte == .cr { state = .preHeaders(sawCR: true) } else { return true }
                } else if byte == delimiter[matched] {
                    state = .boundary(matched: matched + 1)
                } else if byte == delimiter[0] {
                    state = .boundary(matched: 1)
                } else {
                    state = .body
                }
            }
        }
        return true
    }
}

extension UInt8 {
    fileprivate static let cr = UInt8(ascii: "\r")
    fileprivate static let lf = UInt8(ascii: "\n")
    fileprivate static let colon = UInt8(ascii: ":")

    /// RFC 9110 `tchar`: the characters a header field name is made of.
    fileprivate var isTokenCharacter: Bool {
        switch self {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
