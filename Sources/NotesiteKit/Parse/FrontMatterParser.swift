import NotesiteMarkdown
import Yams

/// Reads a note's front matter into `NoteMetadata`, reporting every problem with its position in the file.
struct FrontMatterParser {
    private var yaml: YAMLSource
    var diagnostics: [Diagnostic] { yaml.diagnostics }

    /// For the front matter `split` found. The YAML starts on the file's second line, after the opening `---`, and
    /// positions never reach past the closing line, so only the note up to there is kept for column conversion
    /// (nothing when the block is not closed: its YAML is not read).
    init(file: String, split: FrontMatterSplit) {
        let text = split.body.base
        yaml = YAMLSource(file: file, fileText: split.isClosed ? String(text[..<split.body.startIndex]) : "", lineOffset: 1)
    }

    /// Parses `split`'s YAML. `fallbackTitle` stands in for a missing title so the rest of the note can be checked.
    /// Simple front matter is read by `simpleMetadata(_:)`, any other by the YAML reader (`readYAML`).
    mutating func parse(_ split: FrontMatterSplit, fallbackTitle: String) -> NoteMetadata {
        let metadata = NoteMetadata(title: fallbackTitle)
        guard split.hasFrontMatter else {
            report(.missing, at: SourceLocation(line: 1, column: 1),
                   "the note has no front matter; start the file with a `---` line, then `title:`, `date:` and `lang:`, then `---`")
            return metadata
        }
        guard split.isClosed else {
            report(.unclosed, at: SourceLocation(line: 1, column: 1),
                   "the front matter opened here is never closed; add a line `---` after its last key")
            return metadata
        }
        var text = String(split.yaml)
        if let simple = Self.simpleMetadata(&text) { return simple }
        return readYAML(text, fallbackTitle: fallbackTitle)
    }

    /// What the YAML reader makes of the front matter `text` (the lines between the `---`), with every problem
    /// reported.
    mutating func readYAML(_ text: String, fallbackTitle: String) -> NoteMetadata {
        var metadata = NoteMetadata(title: fallbackTitle)
        if text.allSatisfy(\.isWhitespace) {
            missingFields(seen: [])
            return metadata
        }
        guard let root = yaml.compose(text, rule: FrontMatterRule.invalid, what: "front matter") else { return metadata }
        guard let mapping = root.mapping else {
            report(.invalid, at: yaml.location(of: root) ?? SourceLocation(line: 2, column: 1),
                   "front matter must be a mapping of keys to values, such as `title: \"My note\"`")
            return metadata
        }
        var seen: Set<String> = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            seen.insert(key)
            let at = yaml.location(of: keyNode)
            let valueAt = yaml.location(of: value) ?? at
            switch key {
            case "title":
                if let s = string(value, key: key) {
                    // Spaces alone are no title either: the lists would link the note by an empty line.
                    if s.allSatisfy(\.isWhitespace) {
                        report(.invalid, at: valueAt, "`title` is empty; give the note a title")
                    } else {
                        metadata.title = s
                    }
                }
            case "date":
                guard let s = string(value, key: key) else { break }
                if let date = NoteDate(parsing: s) {
                    metadata.date = date
                } else {
                    report(.invalid, at: valueAt,
                           "`date` is '\(s)', which is not a date; write it as YYYY-MM-DD (or YYYY-MM when only the month is known)")
                }
            case "lang":
                guard let s = string(value, key: key) else { break }
                if let lang = Language(rawValue: s) {
                    metadata.lang = lang
                } else {
                    report(.invalid, at: valueAt, "`lang` is '\(s)'; use one of \(Language.codeList)")
                }
            case "summary": metadata.summary = string(value, key: key)
            case "translation_key": metadata.translationKey = string(value, key: key)
            case "swift":
                guard let s = string(value, key: key) else { break }
                if NoteMetadata.swiftVersions.contains(s) {
                    metadata.swift = s
                } else {
                    let known = NoteMetadata.swiftVersions.map { "\"\($0)\"" }.joined(separator: ", ")
                    report(.invalid, at: valueAt, "`swift` is '\(s)'; use one of \(known)")
                }
            case "source": metadata.source = source(value, at: at)
            default:
                unknownKey(key, known: NoteMetadata.knownKeys, at: at, in: "front matter")
            }
        }
        missingFields(seen: seen)
        return metadata
    }

    /// The metadata of front matter made only of lines `key: value`, with keys that take a single text and values
    /// plain or in double quotes, and nothing to report: read from the bytes, for what the YAML reader would make
    /// of it. nil for anything else (comments, single quotes, escapes, flow or nested values, an indented or
    /// continued line, characters YAML reads as line breaks or refuses, a problem to report), which the YAML reader
    /// then reads. A note's four lines cost the reader about 120,000 instructions. Whatever it reads, it reads as
    /// `readYAML` does: FrontMatterFastPathTests holds the two together on generated front matter.
    static func simpleMetadata(_ yaml: inout String) -> NoteMetadata? {
        var values: [String: String] = [:]
        let simple = yaml.withUTF8 { bytes -> Bool in
            var start = 0
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                if end == start { continue }
                var i = start
                while i < end, (bytes[i] >= 0x61 && bytes[i] <= 0x7A) || bytes[i] == 0x5F { i += 1 }
                guard i > start, i + 1 < end, bytes[i] == UInt8(ascii: ":"), bytes[i + 1] == 0x20 else { return false }
                let key = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 2
                while i < end, bytes[i] == 0x20 { i += 1 }
                guard i < end, let value = simpleValue(UnsafeBufferPointer(rebasing: bytes[i..<end])),
                      values.updateValue(value, forKey: key) == nil else { return false }
            }
            return true
        }
        guard simple, let title = values["title"], let dateText = values["date"], let langText = values["lang"],
              !title.allSatisfy(\.isWhitespace), let date = NoteDate(parsing: dateText), let lang = Language(rawValue: langText),
              values.keys.allSatisfy(["title", "date", "lang", "summary", "translation_key", "swift"].contains)
        else { return nil }
        let swift = values["swift"]
        if let swift, !NoteMetadata.swiftVersions.contains(swift) { return nil }
        return NoteMetadata(title: title, date: date, lang: lang, summary: values["summary"], swift: swift,
                            translationKey: values["translation_key"])
    }

    /// A value of one line, `"…"` without `"` or `\\` inside, or plain: starting with a letter, a digit or a
    /// non-ASCII character, and holding only those, spaces inside and `-_.,()?/+'`. nil for anything else,
    /// or YAML's null.
    private static func simpleValue(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let first = bytes.first, let last = bytes.last else { return nil }
        var inner = bytes
        if first == UInt8(ascii: "\"") {
            guard bytes.count >= 2, last == UInt8(ascii: "\"") else { return nil }
            inner = UnsafeBufferPointer(rebasing: bytes.dropFirst().dropLast())
        } else {
            let isAlphanumeric = { (b: UInt8) in (b | 0x20 >= 0x61 && b | 0x20 <= 0x7A) || (b >= 0x30 && b <= 0x39) }
            guard isAlphanumeric(first) || first >= 0x80, last != 0x20 else { return nil }
            for b in bytes where b < 0x80 && !isAlphanumeric(b) && !" -_.,()?/+'".utf8.contains(b) { return nil }
            if ["null", "Null", "NULL"].contains(where: { bytes.elementsEqual($0.utf8) }) { return nil }
        }
        var k = 0
        while k < inner.count {
            let b = inner[k]
            if b < 0x80 {
                // Controls, DEL, and in quotes the two bytes that end or escape.
                if b < 0x20 || b == 0x7F || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") { return nil }
            } else if k + 1 < inner.count {
                let next = inner[k + 1]
                // U+0080–U+009F (C1 controls and NEL), U+2028 and U+2029 (line breaks to YAML), U+FEFF,
                // U+FFFE and U+FFFF.
                if b == 0xC2, next < 0xA0 { return nil }
                if k + 2 < inner.count {
                    let third = inner[k + 2]
                    if b == 0xE2, next == 0x80, third == 0xA8 || third == 0xA9 { return nil }
                    if b == 0xEF, (next == 0xBB && third == 0xBF) || (next == 0xBF && third >= 0xBE) { return nil }
                }
            }
            k += 1
        }
        return String(decoding: inner, as: UTF8.self)
    }

    private mutating func source(_ node: Node, at: SourceLocation?) -> NoteMetadata.Source? {
        guard let mapping = node.mapping else {
            report(.invalid, at: yaml.location(of: node) ?? at,
                   "`source` must be a mapping with `url` and `author`, such as `source: {url: \"https://…\", author: \"…\"}`")
            return nil
        }
        var source = NoteMetadata.Source()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            switch key {
            case "url": source.url = address(value, key: "source.url")
            case "author": source.author = string(value, key: "source.author")
            case "title": source.title = string(value, key: "source.title")
            case "mirror": source.mirror = address(value, key: "source.mirror")
            default: unknownKey(key, known: NoteMetadata.knownSourceKeys, at: yaml.location(of: keyNode), in: "`source`")
            }
        }
        return source
    }

    /// A web address: `example.com/post` would be a link relative to the note's page, which leads nowhere.
    private mutating func address(_ node: Node, key: String) -> String? {
        guard let text = string(node, key: key) else { return nil }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            let suggestion = "https://" + text.drop { $0 == "/" }
            report(.invalid, at: yaml.location(of: node),
                   "`\(key)` is '\(text)', which is not a web address; write it in full, such as '\(suggestion)'")
            return nil
        }
        return text
    }

    /// A scalar's text; an empty value, a list or a mapping is a diagnostic.
    private mutating func string(_ node: Node, key: String) -> String? {
        let value = yaml.string(node, key: key, rule: FrontMatterRule.invalid)
        if value == nil, node.scalar != nil {
            report(.invalid, at: yaml.location(of: node), "`\(key)` has no value; write one after the colon")
        }
        return value
    }

    private mutating func missingFields(seen: Set<String>) {
        for key in NoteMetadata.requiredKeys where !seen.contains(key) {
            let example = key == "date" ? "date: 2024-01-31" : key == "lang" ? "lang: en" : "title: \"…\""
            report(.missingField, at: SourceLocation(line: 1, column: 1),
                   "front matter has no `\(key)`; add a line such as `\(example)`")
        }
    }

    private mutating func unknownKey(_ key: String, known: [String], at: SourceLocation?, in place: String) {
        var message = "unknown key `\(key)` in \(place)"
        if let near = NearMiss.best(for: key, in: known) {
            message += "; did you mean `\(near)`?"
        } else {
            message += "; known keys are \(known.map { "`\($0)`" }.joined(separator: ", "))"
        }
        report(.unknownKey, at: at, message)
    }

    private mutating func report(_ rule: FrontMatterRule, at location: SourceLocation?, _ message: String) {
        yaml.report(rule, at: location, message)
    }
}
