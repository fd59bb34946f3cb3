import Foundation
import NotesiteMarkdown

/// Where each key of a TOML document stands, and where its value starts: TOMLKit gives the values without their
/// positions, and a finding in `notesite.toml` names its line and column like every other.
///
/// Keys are named by their dotted path with arrays of tables numbered: `site.title.en`, `languages[1].code`,
/// `check.rules."symbol.unknown"` is `check.rules.symbol.unknown` (a quoted key's dots are its own, so the path's
/// parts are kept as a list). The document is read only for positions, after TOMLKit has parsed it: what it does
/// not understand it skips.
struct TOMLPlaces {
    struct Place {
        var key: SourceLocation
        var value: SourceLocation
        /// The key as written (`"symbol.unknwn"`), for a fix-it that replaces it.
        var written: String
    }

    private(set) var places: [[String]: Place] = [:]

    subscript(path: [String]) -> Place? { places[path] }

    init(_ text: String) {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.document(into: &places)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var i = 0
        var line = 1
        var lineStart = 0
        /// How many of each array of tables were opened, by path.
        var arrayCounts: [[String]: Int] = [:]

        init(bytes: [UInt8]) { self.bytes = bytes }

        var location: SourceLocation { SourceLocation(line: line, column: i - lineStart + 1) }
        var current: UInt8? { i < bytes.count ? bytes[i] : nil }

        mutating func advance() {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
            }
            i += 1
        }

        mutating func skipSpaces() {
            while let c = current, c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") { advance() }
        }

        /// Spaces, line ends and comments.
        mutating func skipBlank() {
            while let c = current {
                if c == UInt8(ascii: " ") || c == UInt8(ascii: "\t") || c == UInt8(ascii: "\n") || c == UInt8(ascii: "\r") {
                    advance()
                } else if c == UInt8(ascii: "#") {
                    while let d = current, d != UInt8(ascii: "\n") { advance() }
                } else {
                    return
                }
            }
        }

        mutating func skipToLineEnd() {
            while let c = current, c != UInt8(ascii: "\n") { advance() }
        }

        mutating func document(into places: inout [[String]: Place]) {
            var table: [String] = []
            while true {
                skipBlank()
                guard let c = current else { return }
                if c == UInt8(ascii: "[") {
                    let isArray = i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "[")
                    let at = location
                    advance()
                    if isArray { advance() }
                    skipSpaces()
                    let keyAt = location
                    let start = i
                    guard let (parts, _) = key() else { skipToLineEnd(); continue }
                    let written = String(decoding: bytes[start..<i], as: UTF8.self).trimmingCharacters(in: .whitespaces)
                    if isArray {
                        arrayCounts[parts, default: 0] += 1
                        table = numberedPath(parts)
                        if places[table] == nil { places[table] = Place(key: keyAt, value: at, written: written) }
                    } else {
                        table = numberedPath(parts)
                        if places[table] == nil { places[table] = Place(key: keyAt, value: at, written: written) }
                    }
                    skipToLineEnd()
                    continue
                }
                keyValue(in: table, into: &places)
                skipToLineEnd()
            }
        }

        /// A path whose parts name arrays of tables already opened, numbered as the last one opened: `[[languages]]`
        /// then `[languages.search]` is `languages[n].search`.
        func numberedPath(_ parts: [String]) -> [String] {
            var out: [String] = []
            var raw: [String] = []
            for part in parts {
                raw.append(part)
                out.append(part)
                if let n = arrayCounts[raw], n > 0 { out.append("[\(n - 1)]") }
            }
            return out
        }

        /// `key = value` below `table`, with the keys of an inline table's value too.
        mutating func keyValue(in table: [String], into places: inout [[String]: Place]) {
            let keyAt = location
            let start = i
            guard let (parts, end) = key() else { return }
            let written = String(decoding: bytes[start..<end], as: UTF8.self)
            skipSpaces()
            guard current == UInt8(ascii: "=") else { return }
            advance()
            skipSpaces()
            let path = table + parts
            if places[path] == nil { places[path] = Place(key: keyAt, value: location, written: written) }
            value(at: path, into: &places)
        }

        /// Skips a value, noting the keys of inline tables and the items of arrays (`path[0]`).
        mutating func value(at path: [String], into places: inout [[String]: Place]) {
            guard let c = current else { return }
            switch c {
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                _ = string()
            case UInt8(ascii: "{"):
                advance()
                while true {
                    skipBlank()
                    guard let d = current else { return }
                    if d == UInt8(ascii: "}") { advance(); return }
                    if d == UInt8(ascii: ",") { advance(); continue }
                    let before = i
                    keyValue(in: path, into: &places)
                    if i == before { advance() }
                }
            case UInt8(ascii: "["):
                advance()
                var n = 0
                while true {
                    skipBlank()
                    guard let d = current else { return }
                    if d == UInt8(ascii: "]") { advance(); return }
                    if d == UInt8(ascii: ",") { advance(); continue }
                    let item = path + ["[\(n)]"]
                    if places[item] == nil { places[item] = Place(key: location, value: location, written: "") }
                    let before = i
                    value(at: item, into: &places)
                    if i == before { advance() }
                    n += 1
                }
            default:
                while let d = current, d != UInt8(ascii: ","), d != UInt8(ascii: "]"), d != UInt8(ascii: "}"),
                      d != UInt8(ascii: "\n"), d != UInt8(ascii: "#") { advance() }
            }
        }

        /// A dotted key; nil when there is none here. Also where the key ends, before any spaces after it.
        mutating func key() -> ([String], Int)? {
            var parts: [String] = []
            var end = i
            while true {
                skipSpaces()
                guard let c = current else { break }
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
                    guard let s = string() else { return nil }
                    parts.append(s)
                } else {
                    let start = i
                    while let d = current, Self.isBare(d) { advance() }
                    guard i > start else { break }
                    parts.append(String(decoding: bytes[start..<i], as: UTF8.self))
                }
                end = i
                skipSpaces()
                guard current == UInt8(ascii: ".") else { break }
                advance()
            }
            return parts.isEmpty ? nil : (parts, end)
        }

        static func isBare(_ c: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(c)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c) || c == UInt8(ascii: "_") || c == UInt8(ascii: "-")
        }

        /// A basic or literal string, one line or many; its text with basic strings' simple escapes undone.
        mutating func string() -> String? {
            guard let quote = current else { return nil }
            let triple = i + 2 < bytes.count && bytes[i + 1] == quote && bytes[i + 2] == quote
            advance()
            if triple { advance(); advance() }
            var out: [UInt8] = []
            while let c = current {
                if quote == UInt8(ascii: "\""), c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    advance()
                    out.append(current!)
                    advance()
                    continue
                }
                if c == quote {
                    if !triple { advance(); return String(decoding: out, as: UTF8.self) }
                    if i + 2 < bytes.count, bytes[i + 1] == quote, bytes[i + 2] == quote {
                        advance(); advance(); advance()
                        return String(decoding: out, as: UTF8.self)
                    }
                }
                if !triple, c == UInt8(ascii: "\n") { return nil }
                out.append(c)
                advance()
            }
            return nil
        }
    }
}
