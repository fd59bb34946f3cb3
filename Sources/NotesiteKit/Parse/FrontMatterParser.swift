import Foundation
import NotesiteMarkdown
import TOMLKit
import Yams

/// Reads a note's front matter into `NoteMetadata`, reporting every problem with its position in the file. YAML,
/// TOML and metadata lines are each read into `MetadataValue`s, which one reading of the keys (`interpret`) turns
/// into the note's metadata, whatever the syntax.
struct FrontMatterParser {
    private var yaml: YAMLSource
    var diagnostics: [Diagnostic] { yaml.diagnostics }
    /// What `lang` may name.
    private let languages: SiteLanguages

    /// For the front matter `split` found. Delimited front matter starts on the file's second line, after the
    /// opening line; metadata lines and YAML without an opening line on the first. Positions never reach past the closing line, so only the note up
    /// to there is kept for column conversion (nothing when the block is not closed: its text is not read).
    init(file: String, split: FrontMatterSplit, languages: SiteLanguages = .builtIn) {
        self.languages = languages
        let text = split.body.base
        yaml = YAMLSource(file: file, fileText: split.isClosed ? String(text[..<split.body.startIndex]) : "",
                          lineOffset: split.textFirstLine - 1)
    }

    /// Parses `split`'s front matter. `fallbackTitle` stands for a missing title (`titleSource` `.fileName`), which
    /// `NoteParser` may then take from the note's first heading. Simple YAML is read by `simpleMetadata(_:)`, any
    /// other by the YAML reader (`readYAML`).
    mutating func parse(_ split: FrontMatterSplit, fallbackTitle: String) -> NoteMetadata {
        guard let syntax = split.syntax else { return NoteMetadata(title: fallbackTitle, titleSource: .fileName) }
        guard split.isClosed else {
            let fence = syntax == .toml ? "+++" : "---"
            report(.unclosed, at: SourceLocation(line: 1, column: 1),
                   "the front matter opened here is never closed; add a line `\(fence)` after its last key")
            return NoteMetadata(title: fallbackTitle, titleSource: .fileName)
        }
        switch syntax {
        case .yaml:
            var text = String(split.text)
            if let simple = Self.simpleMetadata(&text) { return simple }
            return readYAML(text, fallbackTitle: fallbackTitle)
        case .toml:
            return readTOML(String(split.text), fallbackTitle: fallbackTitle)
        case .lines:
            return readLines(split.text, fallbackTitle: fallbackTitle)
        }
    }

    /// What the YAML reader makes of the front matter `text` (the lines between the `---`), with every problem
    /// reported.
    mutating func readYAML(_ text: String, fallbackTitle: String) -> NoteMetadata {
        let fallback = NoteMetadata(title: fallbackTitle, titleSource: .fileName)
        if text.allSatisfy(\.isWhitespace) { return fallback }
        guard let root = yaml.compose(text, rule: FrontMatterRule.invalid, what: "front matter", duplicates: FrontMatterRule.duplicateKey) else {
            return fallback
        }
        guard case .mapping(let entries) = value(of: root).kind else {
            report(.invalid, at: yaml.location(of: root) ?? SourceLocation(line: 2, column: 1),
                   "front matter must be a mapping of keys to values, such as `title: \"My note\"`")
            return fallback
        }
        return interpret(entries, fallbackTitle: fallbackTitle)
    }

    /// A YAML node as a value, with the file positions of it and its parts.
    private func value(of node: Node) -> MetadataValue {
        let at = yaml.location(of: node)
        switch node {
        case .scalar(let scalar):
            // YAML's null (`~`, `null`, nothing), unless quoted.
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return MetadataValue(.null, at: at) }
            return MetadataValue(.text(scalar.string), at: at)
        case .sequence(let sequence):
            return MetadataValue(.list(sequence.map(value(of:))), at: at)
        case .mapping(let mapping):
            return MetadataValue(.mapping(mapping.compactMap { key, value in
                key.string.map { MetadataEntry(key: $0, keyLocation: yaml.location(of: key), value: self.value(of: value)) }
            }), at: at)
        default:
            return MetadataValue(.null, at: at)
        }
    }

    /// What the TOML between `+++` lines says (Hugo's front matter). A parse error is `frontmatter.invalid` at its
    /// line and column. TOML gives no positions for its values: a key's is the line that sets it, found in `text`.
    mutating func readTOML(_ text: String, fallbackTitle: String) -> NoteMetadata {
        let fallback = NoteMetadata(title: fallbackTitle, titleSource: .fileName)
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let at = yaml.location(line: error.source.begin.line + 1, scalarColumn: error.source.begin.column)
            report(.invalid, at: at, "front matter is not valid TOML: \(error.description)")
            return fallback
        } catch {
            report(.invalid, at: SourceLocation(line: 2, column: 1), "front matter is not valid TOML: \(error)")
            return fallback
        }
        let places = Self.tomlKeyPlaces(text)
        var entries: [MetadataEntry] = []
        for (key, item) in table {
            let place = places[key]
            entries.append(MetadataEntry(key: key, keyLocation: place?.key, value: Self.value(of: item, at: place?.value ?? place?.key)))
        }
        // In the order written: the table lists its keys sorted.
        entries.sort { ($0.keyLocation?.line ?? .max) < ($1.keyLocation?.line ?? .max) }
        return interpret(entries, fallbackTitle: fallbackTitle)
    }

    private static func value(of item: TOMLValueConvertible, at: SourceLocation?) -> MetadataValue {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        func day(_ d: TOMLDate) -> String { "\(d.year)-\(two(d.month))-\(two(d.day))" }
        switch item.type {
        case .string: return MetadataValue(.text(item.string ?? ""), at: at)
        case .bool: return MetadataValue(.text(item.bool == true ? "true" : "false"), at: at)
        case .int: return MetadataValue(.text(item.int.map(String.init) ?? ""), at: at)
        case .double: return MetadataValue(.text(item.double.map { "\($0)" } ?? ""), at: at)
        case .date: return MetadataValue(.text(item.date.map(day) ?? ""), at: at)
        case .dateTime:
            // The day as written; the time and offset are not read (see `NoteDate(parsing:)`).
            return MetadataValue(.text(item.dateTime.map { day($0.date) + "T" + two($0.time.hour) + ":" + two($0.time.minute) } ?? ""), at: at)
        case .time: return MetadataValue(.text(item.debugDescription), at: at)
        case .array:
            guard let array = item.array else { return MetadataValue(.null, at: at) }
            var items: [MetadataValue] = []
            for element in array { items.append(value(of: element, at: at)) }
            return MetadataValue(.list(items), at: at)
        case .table:
            guard let table = item.table else { return MetadataValue(.null, at: at) }
            var entries: [MetadataEntry] = []
            for (key, element) in table { entries.append(MetadataEntry(key: key, keyLocation: at, value: value(of: element, at: at))) }
            return MetadataValue(.mapping(entries), at: at)
        }
    }

    private static let keyQuotes = CharacterSet(charactersIn: " \t\"'")

    /// Where each top-level key of TOML `text` is set: the key, and its value (`key = value`), or the table's header
    /// (`[source]`, `[[menu]]`), on the file line after the opening `+++`. A key set in a dotted form
    /// (`params.x = 1`) is placed at its first line.
    static func tomlKeyPlaces(_ text: String) -> [String: (key: SourceLocation, value: SourceLocation)] {
        var places: [String: (key: SourceLocation, value: SourceLocation)] = [:]
        var inTable = false
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fileLine = i + 2
            let indent = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let content = line.dropFirst(indent)
            if content.hasPrefix("[") {
                inTable = true
                let name = content.drop { $0 == "[" }.prefix { $0 != "]" && $0 != "." }.trimmingCharacters(in: Self.keyQuotes)
                let at = SourceLocation(line: fileLine, column: indent + 1)
                if !name.isEmpty, places[name] == nil { places[name] = (at, at) }
                continue
            }
            guard !inTable, let equals = content.firstIndex(of: "="), !content.hasPrefix("#") else { continue }
            let key = content[..<equals].prefix { $0 != "." }.trimmingCharacters(in: Self.keyQuotes)
            guard !key.isEmpty, places[key] == nil else { continue }
            let afterEquals = content[content.index(after: equals)...]
            let spaces = afterEquals.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
            let valueColumn = indent + content.utf8.distance(from: content.startIndex, to: equals) + 1 + spaces + 1
            places[key] = (SourceLocation(line: fileLine, column: indent + 1), SourceLocation(line: fileLine, column: valueColumn))
        }
        return places
    }

    /// What MultiMarkdown's metadata lines say (`FrontMatterSplit.metadataLines`): keys without case, values as
    /// written.
    mutating func readLines(_ text: Substring, fallbackTitle: String) -> NoteMetadata {
        var entries: [MetadataEntry] = []
        var seen: Set<String> = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let (key, value) = FrontMatterSplit.metadataLine(line), seen.insert(key).inserted else { continue }
            let column = line.utf8.distance(from: line.startIndex, to: value.startIndex) + 1
            let at = SourceLocation(line: i + 1, column: column)
            entries.append(MetadataEntry(key: key, keyLocation: SourceLocation(line: i + 1, column: 1),
                                         value: MetadataValue(value.isEmpty ? .null : .text(String(value)), at: at)))
        }
        return interpret(entries, fallbackTitle: fallbackTitle)
    }

    /// The metadata the front matter's `entries` give, whatever their syntax. A key without a value (YAML's null,
    /// as a scaffold leaves `tags:` or `description:`) is as if it were not there.
    mutating func interpret(_ entries: [MetadataEntry], fallbackTitle: String) -> NoteMetadata {
        var metadata = NoteMetadata(title: fallbackTitle, titleSource: .fileName)
        var summaries: [String: String] = [:]
        var author: String?
        var tags: [String] = []
        var langKey: String?
        var reviewedFor: String?
        for entry in entries {
            let key = entry.key
            let at = entry.keyLocation
            let value = entry.value
            let valueAt = value.location ?? at
            switch key {
            case "title":
                guard let s = single(value, key: key) else { break }
                // Spaces alone are no title either: the lists would link the note by an empty line.
                if s.allSatisfy(\.isWhitespace) {
                    report(.invalid, at: valueAt, "`title` is empty; give the note a title")
                } else {
                    metadata.title = s
                    metadata.titleSource = .frontMatter
                }
            case "date":
                guard let s = single(value, key: key) else { break }
                if let date = NoteDate(parsing: s) {
                    metadata.date = date
                } else {
                    report(.invalid, at: valueAt,
                           "`date` is '\(s)', which is not a date; write it as YYYY-MM-DD (or YYYY-MM when only the month is known)")
                }
            case "lang", "language", "locale":
                // `lang` first; another tool's name for it only where it names a language of the site.
                let isOwn = key == "lang"
                guard let s = single(value, key: key, quietly: !isOwn) else { break }
                if let lang = languages.language(tag: s) {
                    if isOwn || langKey == nil {
                        metadata.lang = lang
                        langKey = key
                    }
                } else if isOwn {
                    report(.invalid, at: valueAt, "`lang` is '\(s)'; use one of \(languages.codeList)")
                }
            case "summary", "description", "excerpt":
                if let s = single(value, key: key), !s.allSatisfy(\.isWhitespace) { summaries[key] = s }
            case "translation_key", "translationKey":
                if let s = single(value, key: key) { metadata.translationKey = s }
            case "swift":
                guard let s = single(value, key: key) else { break }
                if NoteMetadata.swiftVersions.contains(s) {
                    metadata.swift = s
                } else {
                    let known = NoteMetadata.swiftVersions.map { "\"\($0)\"" }.joined(separator: ", ")
                    report(.invalid, at: valueAt, "`swift` is '\(s)'; use one of \(known)")
                }
            case "source": metadata.source = source(value, at: at)
            case "status":
                // NSHipster's `status: {swift: 4.2, reviewed: …}`: the Swift its code was last reviewed for, read
                // as `swift` when the note has none. Another tool's key, so a value it cannot use (`n/a`) is passed
                // over.
                if case .mapping(let inner) = value.kind, let swift = inner.last(where: { $0.key == "swift" }),
                   case .text(let version) = swift.value.kind {
                    reviewedFor = NoteMetadata.swiftEra(ofVersion: version)
                }
            case "author", "authors":
                if author == nil { author = Self.names(value) }
            case "tags", "tag", "categories", "category", "keywords":
                tags += Self.list(value)
            case "draft", "published":
                guard let s = single(value, key: key) else { break }
                switch s.lowercased() {
                case "true", "yes", "on": if key == "draft" { metadata.draft = true }
                case "false", "no", "off": if key == "published" { metadata.draft = true }
                default:
                    report(.invalid, at: valueAt, "`\(key)` is '\(s)'; write `\(key): true` or `\(key): false`")
                }
            default:
                if !FrontMatterKeys.isOtherTools(key) { unknownKey(key, at: at) }
            }
        }
        if metadata.swift == nil { metadata.swift = reviewedFor }
        metadata.summary = summaries["summary"] ?? summaries["description"] ?? summaries["excerpt"]
        if let author, metadata.source?.author == nil {
            var source = metadata.source ?? NoteMetadata.Source()
            source.author = author
            metadata.source = source
        }
        var seenTags: Set<String> = []
        metadata.tags = tags.filter { seenTags.insert($0).inserted }
        return metadata
    }

    /// Names as `author` or `authors` gives them: one, a list (joined with commas), or a mapping with a `name`.
    private static func names(_ value: MetadataValue) -> String? {
        switch value.kind {
        case .text(let s):
            let name = s.trimmingWhitespace
            return name.isEmpty ? nil : name
        case .list(let items):
            let all = items.compactMap(names)
            return all.isEmpty ? nil : all.joined(separator: ", ")
        case .mapping(let entries): return entries.first { $0.key == "name" }.flatMap { names($0.value) }
        case .null: return nil
        }
    }

    /// Tags as `tags`, `categories` or `keywords` give them: one, a list, or several in one text with commas
    /// between (`iOS, UIKit`, or `iOS，UIKit` with a Chinese comma).
    private static func list(_ value: MetadataValue) -> [String] {
        switch value.kind {
        case .text(let s):
            return s.split(whereSeparator: { $0 == "," || $0 == "，" }).map { String($0).trimmingWhitespace }.filter { !$0.isEmpty }
        case .list(let items):
            return items.flatMap { item -> [String] in
                if case .text(let s) = item.kind {
                    let tag = s.trimmingWhitespace
                    return tag.isEmpty ? [] : [tag]
                }
                return list(item)
            }
        case .mapping, .null: return []
        }
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
        // A summary of spaces is none, as `interpret` reads it.
        let summary = values["summary"].flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 }
        return NoteMetadata(title: title, date: date, lang: lang, summary: summary, swift: swift,
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

    private mutating func source(_ value: MetadataValue, at: SourceLocation?) -> NoteMetadata.Source? {
        guard case .mapping(let entries) = value.kind else {
            if case .null = value.kind { return nil }
            report(.invalid, at: value.location ?? at,
                   "`source` must be a mapping with `url` and `author`, such as `source: {url: \"https://…\", author: \"…\"}`")
            return nil
        }
        var source = NoteMetadata.Source()
        for entry in entries {
            switch entry.key {
            case "url": source.url = address(entry.value, key: "source.url")
            case "author": source.author = single(entry.value, key: "source.author")
            case "title": source.title = single(entry.value, key: "source.title")
            case "mirror": source.mirror = address(entry.value, key: "source.mirror")
            // Where `notesite import` found the note: read by the next import, not shown on the page.
            case "path", "commit": break
            default:
                var message = "unknown key `\(entry.key)` in `source`"
                if let near = NearMiss.best(for: entry.key, in: NoteMetadata.knownSourceKeys) {
                    message += "; did you mean `\(near)`?"
                } else {
                    message += "; known keys are \(NoteMetadata.knownSourceKeys.map { "`\($0)`" }.joined(separator: ", "))"
                }
                report(.unknownKey, at: entry.keyLocation, message)
            }
        }
        return source
    }

    /// A web address: `example.com/post` would be a link relative to the note's page, which leads nowhere.
    private mutating func address(_ value: MetadataValue, key: String) -> String? {
        guard let text = single(value, key: key) else { return nil }
        let lowered = text.lowercased()
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://") else {
            let suggestion = "https://" + text.drop { $0 == "/" }
            report(.invalid, at: value.location,
                   "`\(key)` is '\(text)', which is not a web address; write it in full, such as '\(suggestion)'")
            return nil
        }
        return text
    }

    /// A value's text; nil for no value, and for a list or a mapping, which is a diagnostic unless `quietly`.
    private mutating func single(_ value: MetadataValue, key: String, quietly: Bool = false) -> String? {
        switch value.kind {
        case .text(let s): return s
        case .null: return nil
        case .list, .mapping:
            if !quietly {
                let what = if case .list = value.kind { "a list" } else { "a mapping" }
                report(.invalid, at: value.location, "`\(key)` must be a single value, not \(what)")
            }
            return nil
        }
    }

    /// A key no known tool defines that is a near miss of one (`titel`): a warning, with that key. Any other is the
    /// note's own (`revisions`, `license(s)`: imported notes keep what their site's layouts read), passed over.
    private mutating func unknownKey(_ key: String, at: SourceLocation?) {
        guard let near = NearMiss.best(for: key, in: FrontMatterKeys.suggestible) else { return }
        report(.unknownKey, at: at, "unknown key `\(key)` in front matter; did you mean `\(near)`?")
    }

    private mutating func report(_ rule: FrontMatterRule, at location: SourceLocation?, _ message: String) {
        yaml.report(rule, at: location, message)
    }
}

/// A front matter value as YAML, TOML or metadata lines write it, with where it stands in the file.
struct MetadataValue {
    enum Kind {
        case text(String)
        /// No value: YAML's `~`, `null` or nothing after the colon.
        case null
        case list([MetadataValue])
        case mapping([MetadataEntry])
    }

    var kind: Kind
    var location: SourceLocation?

    init(_ kind: Kind, at location: SourceLocation?) {
        self.kind = kind
        self.location = location
    }
}

/// One key of a front matter mapping and its value.
struct MetadataEntry {
    var key: String
    var keyLocation: SourceLocation?
    var value: MetadataValue
}

extension SiteLanguages {
    /// The language a front matter's `lang` names: its code, in any case, also with a region or script after a
    /// hyphen or an underscore (`zh-CN`, `en_US`, `zh-Hans`), as other tools write it. A site's code with a region
    /// of its own (`zh-hant`) is matched whole first.
    func language(tag: String) -> Language? {
        let lowered = tag.trimmingWhitespace.lowercased().replacingOccurrences(of: "_", with: "-")
        if let whole = language(code: lowered) { return whole }
        return language(code: String(lowered.prefix { $0 != "-" }))
    }
}
