import PropertyBased
import Testing
@testable import NotesiteKit

/// The front matter's fast path, `FrontMatterParser.simpleMetadata`, against the YAML reader (`readYAML`): for any
/// front matter, the fast path either declines (nil) or gives what the reader gives, and the reader reports
/// nothing. So a note reads the same whichever path takes it.
@Suite struct FrontMatterFastPathTests {
    /// How each path reads the front matter `yaml`.
    struct Readings {
        /// What the YAML reader makes of it, and what it reports.
        var byYAML: NoteMetadata
        var yamlDiagnostics: [Diagnostic]
        /// What the parse makes of it (the fast path where it takes it), and what it reports.
        var parsed: NoteMetadata
        var parseDiagnostics: [Diagnostic]
        /// The fast path's reading; nil where it declines.
        var fast: NoteMetadata?
    }

    static func readings(_ yaml: String) throws -> Readings {
        let split = FrontMatterSplit("---\n" + yaml + "\n---\nbody\n")
        try #require(split.isClosed && split.text == yaml + "\n", "\(yaml.debugDescription) is not one block")
        var reader = FrontMatterParser(file: "x.md", split: split)
        let byYAML = reader.readYAML(String(split.text), fallbackTitle: "x")
        var parser = FrontMatterParser(file: "x.md", split: split)
        let parsed = parser.parse(split, fallbackTitle: "x")
        var text = String(split.text)
        return Readings(byYAML: byYAML, yamlDiagnostics: reader.diagnostics, parsed: parsed,
                        parseDiagnostics: parser.diagnostics, fast: FrontMatterParser.simpleMetadata(&text))
    }

    /// The property: the fast path gives the reader's metadata where the reader reports nothing, or declines;
    /// and the parse, whichever path it takes, gives what the reader gives. Whether the fast path took it.
    @discardableResult
    static func check(_ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Bool {
        let r = try readings(yaml)
        if let fast = r.fast {
            #expect(fast == r.byYAML, "the fast path read \(yaml.debugDescription) otherwise", sourceLocation: sourceLocation)
            #expect(r.yamlDiagnostics.isEmpty, "the fast path read \(yaml.debugDescription), which the reader reports: \(r.yamlDiagnostics.map(\.formatted))",
                    sourceLocation: sourceLocation)
        }
        #expect(r.parsed == r.byYAML, "\(yaml.debugDescription)", sourceLocation: sourceLocation)
        #expect(r.parseDiagnostics == r.yamlDiagnostics, "\(yaml.debugDescription)", sourceLocation: sourceLocation)
        return r.fast != nil
    }

    // MARK: Generated front matter

    /// One of `options`, shrinking towards the first.
    static func pick(_ options: [String]) -> Generator<String, Shrink.Integer<Int>> {
        Gen.int(in: 0...(options.count - 1)).map { options[$0] }
    }

    /// Pieces of values: what matters to YAML (quotes, `:`, `#`, `\`, flow and block indicators, tabs, line breaks
    /// YAML knows beyond `\n`, a byte order mark, controls, its nulls, numbers and booleans) and what does not
    /// (letters, digits, Chinese, Russian, other scripts, combining marks).
    static let pieces = [
        "a", "Z", "7", " ", "  ", "\"", "'", ":", ": ", " #", "#", "\\", "\\n", "\t", "-", "- ", "_", ".", ",", ", ", "(",
        ")", "?", "? ", "/", "+", "[", "]", "{", "}", "&", "*", "!", "|", ">", "%", "@", "`", "~", "=",
        "null", "Null", "NULL", "true", "false", "yes", "No", "on", "3", "4.2", "5", "-1", "1e3", "0x1F", ".5", "2020-01-02",
        "收起与展开", "分", "：", "，", "（", "Разделённый вид", "ж", "Ё", "é", "ß", "ﬁ", "\u{A0}", "\u{3000}", "\u{85}",
        "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{9F}", "\u{7F}", "\u{1B}", "\r", "\u{FFFE}", "\u{1F600}", "e\u{301}",
    ]

    /// Pieces the fast path may well take, and a few that it must not: text made of them is taken often enough
    /// that what the fast path takes is tried on many values.
    static let quietPieces = [
        "a", "Z", "7", " ", "-", "_", ".", ",", "(", ")", "?", "/", "+", "'", "3", "4.2", "true", "null", "No", "1e3",
        "2020-01-02", "收起与展开", "分", "：", "Разделённый вид", "Ё", "é", "ß", "ﬁ", "\u{A0}", "\u{3000}", "\u{1F600}",
        "e\u{301}", "#", ":", "\"", "\\", "~", "\u{85}", "\u{2028}",
    ]

    /// Whole values that mean something to one key or another.
    static let words = [
        "Note 12", "Разделённый вид, часть 2 (iOS 9)", "收起与展开", "2017-01-13", "2016-03", "en", "zh", "ru", "3", "4.2",
        "5", "collapse", "it's", "https://example.com/post", "2017-02-25 21:26:00", "2023-02-29", "2015-1-8", "de", "EN",
        "5.0", "true", "~", "", "a: b", "a #b", "C#", "x:y",
    ]

    /// A value the fast path may take: a word or quiet pieces, plain or in double quotes.
    static let quietValue = zip(Gen.bool(0.5), pick(quietPieces).array(of: 1...4), pick(words), Gen.bool(0.5))
        .map { isWord, pieces, word, quoted -> String in
            let text = isWord ? word : pieces.joined()
            return quoted ? "\"\(text)\"" : text
        }

    /// How a value is written.
    static let styles = ["plain", "double", "single", "flow list", "block list", "flow mapping", "nothing"]

    /// Any value: pieces of any kind or a word, written in any style, with spaces, a tab or a comment around it.
    static let wildValue = zip(
        Gen.bool(0.5), pick(pieces).array(of: 0...6), pick(words), pick(styles), pick(["", " ", "  ", "\t"]),
        pick(["", " ", "\t", "  # note"])
    ).map { isWord, pieces, word, style, before, after -> String in
        let text = isWord ? word : pieces.joined()
        let written = switch style {
        case "plain": text
        case "double": "\"\(text)\""
        case "single": "'\(text)'"
        case "flow list": "[\(text), \(word)]"
        case "block list": "\n  - \(text)\n  - \(word)"
        case "flow mapping": "{url: \(text)}"
        default: ""
        }
        return before + written + after
    }

    /// Mostly a quiet value, now and then a wild one.
    static let value = zip(Gen.bool(0.8), quietValue, wildValue).map { quiet, a, b in quiet ? a : b }

    /// A line `key: value`: mostly a key the front matter knows and `: `, now and then a key it does not or
    /// nearly knows, or another separator.
    static let line = zip(
        Gen.bool(0.85), pick(["summary", "translation_key", "swift", "title", "date", "lang"]),
        pick(["tags", "source", "titel", "Title", "x_y", "a b", "description", "author", "draft", "published",
              "categories", "layout", "language", "translationKey", "ms.topic", "excerpt"]), Gen.bool(0.85), pick([":", ":  ", " : ", ":\t"]), value
    ).map { known, key, unknown, colon, separator, value in
        (known ? key : unknown) + (colon ? ": " : separator) + value
    }

    /// A line of another shape: blank, a comment, indented, a list, a mapping, a directive.
    static let otherLine = pick([
        "", "   ", "# a comment", "  indented: x", "tags: [a, b]", "source:\n  url: https://example.com\n  author: x",
        "- item", "...x", "%YAML 1.2",
    ])

    /// Front matter: a title, a date and a language, mostly written as the fast path takes them, then up to three
    /// generated lines (which replace the line of the same key, or now and then come beside it) and now and then a
    /// line of another shape, in an order of their own.
    static let frontMatter = zip(
        value, zip(Gen.bool(0.85), pick(["2020-01-02", "\"2017-01-13\"", "2016-03"]),
                   pick(["'2020-01-02'", "2017-02-25 21:26:00", "2023-02-29", "2020-01-02 # day"])),
        zip(Gen.bool(0.85), pick(["en", "zh", "ru", "\"zh\""]), pick(["'ru'", "de", "EN", "[en]"])),
        line.array(of: 0...3), zip(Gen.bool(0.2), otherLine), Gen.int(in: 0...1000), Gen.bool(0.85)
    ).map { title, date, lang, lines, other, order, replace -> String in
        var result = ["title: " + title, "date: " + (date.0 ? date.1 : date.2), "lang: " + (lang.0 ? lang.1 : lang.2)]
        if replace {
            func key(_ line: String) -> Substring { line.prefix { $0 != ":" && $0 != " " } }
            let keys = Set(lines.map(key))
            result.removeAll { keys.contains(key($0)) }
        }
        for (k, added) in (lines + (other.0 ? [other.1] : [])).enumerated() {
            result.insert(added, at: (order / (k + 1) + k) % (result.count + 1))
        }
        return result.joined(separator: "\n")
    }

    /// Generated front matter: the fast path declines it or reads it as the reader does. Both happen often
    /// enough to say something: a property that held only because the fast path always declined would say nothing.
    @Test func theFastPathReadsWhatItTakesAsTheYAMLReaderDoes() async throws {
        var taken = 0
        var declined = 0
        await propertyCheck(count: 4000, input: Self.frontMatter) { yaml in
            if try Self.check(yaml) { taken += 1 } else { declined += 1 }
        }
        #expect(taken > 200 && declined > 200, "taken \(taken), declined \(declined)")
    }

    /// One value at a time, among lines the fast path takes: every value it takes, for every key, it reads as the
    /// reader does.
    @Test func everyValueTheFastPathTakesIsReadAsTheYAMLReaderReadsIt() async throws {
        var taken = 0
        var declined = 0
        let keys = Self.pick(["title", "summary", "translation_key", "swift", "lang", "date"])
        await propertyCheck(count: 4000, input: keys, Self.value) { key, value in
            let others = ["title: \"T\"", "date: 2020-01-02", "lang: en"].filter { !$0.hasPrefix(key + ":") }
            if try Self.check((others + ["\(key): \(value)"]).joined(separator: "\n")) { taken += 1 } else { declined += 1 }
        }
        #expect(taken > 200 && declined > 200, "taken \(taken), declined \(declined)")
    }

    // MARK: Examples

    /// The benchmark's and `notesite new`'s shapes take the fast path.
    @Test func theCommonShapesTakeTheFastPath() throws {
        var benchmark = "title: \"Note 12\"\ndate: \"2017-01-13\"\nlang: zh"
        #expect(FrontMatterParser.simpleMetadata(&benchmark) == NoteMetadata(
            title: "Note 12", date: NoteDate(year: 2017, month: 1, day: 13), lang: .zh))
        var plain = "title: Разделённый вид, часть 2 (iOS 9)\ndate: 2016-03\nlang: ru\n\nswift: \"4.2\"\nsummary: 一句话"
        #expect(FrontMatterParser.simpleMetadata(&plain)?.title == "Разделённый вид, часть 2 (iOS 9)")
        #expect(FrontMatterParser.simpleMetadata(&plain)?.swift == "4.2")
        #expect(try Self.check("title: \"Note 12\"\ndate: \"2017-01-13\"\nlang: zh"))
        #expect(try Self.check("title: 收起与展开\ndate: 2017-02-25\nlang: zh\nsummary: \"一句话：两种状态\"\ntranslation_key: collapse"))
    }

    /// Shapes the fast path must decline, each read by the reader: a comment, a value YAML reads as something
    /// other than its text, a key with a problem to report.
    @Test(arguments: [
        "title: a #b\ndate: 2020-01-02\nlang: en", "title: \"T\"\ndate: 2020-01-02\nlang: en\n# note",
        "title: 'It''s'\ndate: 2020-01-02\nlang: en", "title: T\ndate: 2020-01-02\nlang: en\ntags: [a, b]",
        "title: T\ndate: 2020-01-02\nlang: en\nsummary: null", "title: T\ndate: 2020-01-02\nlang: en\nswift: 6",
        "title: \"a\\tb\"\ndate: 2020-01-02\nlang: en", "title: T\ndate: 2017-02-25 21:26:00\nlang: en",
        "title: T\ndate: 2020-01-02\nlang: en\ntitle: U", "title: \"\u{2028}\"\ndate: 2020-01-02\nlang: en",
        "title: T \ndate: 2020-01-02\nlang: en", "title:  \"   \"\ndate: 2020-01-02\nlang: en",
    ])
    func theFastPathDeclines(yaml: String) throws {
        #expect(try !Self.check(yaml))
    }
}
