import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// One diagnostic with a fix-it, in every output format.
@Suite struct DiagnosticFormatterTests {
    private let diagnostic = Diagnostic(
        SymbolRule.malformed, file: "Content/notes/zh/a.md", at: SourceLocation(line: 31, column: 66),
        "`show(_:sender)` cannot be a Swift name: every argument label ends with a colon",
        fixIts: [Diagnostic.FixIt(at: SourceLocation(line: 31, column: 66), replacing: "show(_:sender)", with: "show(_:sender:)")])

    @Test func text() {
        #expect(diagnostic.formatted == "Content/notes/zh/a.md:31:66: error: `show(_:sender)` cannot be a Swift name: every argument label ends with a colon [symbol.malformed]")
        var printer = DiagnosticPrinter()
        #expect(printer.format(diagnostic).hasSuffix("fix-it: replace 'show(_:sender)' with 'show(_:sender:)'"))
    }

    /// For a terminal the same text, marked up: without its SGR sequences it is the plain text, character for
    /// character, so the caret stays under its column.
    @Test func colouredTextIsThePlainTextMarkedUp() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-colour-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data("第一行\n调用 `show(_:sender)` 方法\n".utf8).write(to: file)
        var found = diagnostic
        found.file = file.path
        found.location = SourceLocation(line: 2, column: 8)
        var plain = DiagnosticPrinter(), coloured = DiagnosticPrinter(colours: true)
        let text = plain.format(found), marked = coloured.format(found)
        #expect(marked.contains("\u{1B}[1;31merror:\u{1B}[0m") && marked.contains("\u{1B}[1;32m^\u{1B}[0m"))
        #expect(marked.contains("\u{1B}[32mfix-it: replace 'show(_:sender)' with 'show(_:sender:)'\u{1B}[0m"))
        #expect(marked.replacing(/\x{1B}\[[0-9;]*m/, with: "") == text)
        #expect(text.contains("\n    调用 `show(_:sender)` 方法\n         ^"))
        var remark = found
        remark.severity = .note
        #expect(coloured.format(remark).contains("\u{1B}[1;36mnote:\u{1B}[0m"))
    }

    @Test func aLongSourceLineIsShownAroundTheCaret() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-long-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let line = String(repeating: "> ", count: 2_000) + "deep"
        try Data(("title\n" + line + "\n").utf8).write(to: file)
        var printer = DiagnosticPrinter()
        let text = printer.format(Diagnostic(ContentRule.tooDeep, file: file.path, at: SourceLocation(line: 2, column: 199), "too deep"))
        let lines = text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1].count <= DiagnosticPrinter.maximumWidth + 6)
        #expect(lines[1].hasPrefix("    …> > ") && lines[1].hasSuffix("…"))
        // The caret stands under the same character as in the full line: the 100th quote mark.
        let caret = try #require(lines[2].firstIndex(of: "^"))
        let shown = lines[1]
        let offset = lines[2].distance(from: lines[2].startIndex, to: caret)
        #expect(shown[shown.index(shown.startIndex, offsetBy: offset)] == ">")
    }

    /// A long line of ASCII (cut on its bytes) and one with Chinese before the same address (cut on its
    /// characters) are shown around the caret alike, the caret under the same character of the address.
    @Test func aLongAddressIsCutTheSameWithOrWithoutWideTextBeforeIt() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-address-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let address = "https://github.com/owner/repo/blob/main/" + (0..<60).map { "part\($0)/" }.joined() + "image.png"
        let ascii = "See ![](\(address)) here."
        let wide = "收起与展开 ![](\(address)) here."
        try Data((ascii + "\n" + wide + "\n").utf8).write(to: file)
        var printer = DiagnosticPrinter()
        for (number, line, prefix) in [(1, ascii, "See "), (2, wide, "收起与展开 ")] {
            for offset in [5, 200, address.utf8.count - 3] {
                // The column (in bytes) of the `offset`th character of the address.
                let column = prefix.utf8.count + "![](".utf8.count + offset
                let text = printer.format(Diagnostic(ImageRule.githubBlob, file: file.path, at: SourceLocation(line: number, column: column), "w"))
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
                #expect(lines.count == 3)
                let shown = lines[1].dropFirst(4), caretLine = lines[2].dropFirst(4)
                #expect(shown.count <= DiagnosticPrinter.maximumWidth + 2, "\(line)")
                // Wide characters take two columns in the caret line, everything else one.
                var columns = 0
                var atCaret: Character?
                for character in shown {
                    if columns == caretLine.count - 1 { atCaret = character; break }
                    columns += character.isWideScript ? 2 : 1
                }
                let addressStart = address.index(address.startIndex, offsetBy: offset - 1)
                #expect(atCaret == address[addressStart], "line \(number), character \(offset)")
            }
        }
    }

    @Test func theCaretLineComesFromItsOwnFileAndLineWhateverTheLineEndings() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-lines-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let crlf = folder.appendingPathComponent("crlf.md"), lf = folder.appendingPathComponent("lf.md")
        try Data("---\r\ntitle: A\r\n---\r\n\r\nCall `show(_:sender)` here.\r\n".utf8).write(to: crlf)
        try Data("first\nsecond `x`\n".utf8).write(to: lf)
        var printer = DiagnosticPrinter()
        let first = printer.format(Diagnostic(SymbolRule.malformed, file: crlf.path, at: SourceLocation(line: 5, column: 7), "bad"))
        #expect(first.split(separator: "\n").dropFirst().first == "    Call `show(_:sender)` here.")
        #expect(first.hasSuffix("\n          ^"))
        let second = printer.format(Diagnostic(SymbolRule.unknown, file: lf.path, at: SourceLocation(line: 2, column: 8), "w"))
        #expect(second.split(separator: "\n").dropFirst().first == "    second `x`")
        // Back to the first file: read again, not mixed up with the second.
        let again = printer.format(Diagnostic(SymbolRule.malformed, file: crlf.path, at: SourceLocation(line: 2, column: 1), "t"))
        #expect(again.split(separator: "\n").dropFirst().first == "    title: A")
    }

    @Test func manyDiagnosticsAreWrittenInTheirOrderWhateverTheBatches() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-many-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var diagnostics: [Diagnostic] = []
        for (n, text) in ["a `b` c\n\tтекст `d`\n", "收起 `e`\nplain\n", "x\n"].enumerated() {
            let file = folder.appendingPathComponent("\(n).md")
            try Data(text.utf8).write(to: file)
            for line in 1...2 {
                diagnostics.append(Diagnostic(SymbolRule.unknown, file: file.path, at: SourceLocation(line: line, column: 3 + n), "w\(n)\(line)"))
            }
        }
        diagnostics.append(Diagnostic(RunRule.failed, file: "gone.md", at: nil, "no file"))
        var printer = DiagnosticPrinter()
        let expected = diagnostics.map { printer.format($0) + "\n" }.joined()
        #expect(expected.contains("\n    \tтекст `d`\n    \t ^") && expected.contains("\n    收起 `e`\n      ^"))
        for batch in [1, 2, 3, 5, 100] {
            var written: [String] = []
            DiagnosticPrinter.write(diagnostics, batch: batch) { written.append($0) }
            #expect(written.joined() == expected, "batch \(batch)")
            #expect(written.count == (diagnostics.count + batch - 1) / batch)
        }
    }

    @Test func aLongListIsSortedForDisplayAsTheComparisonOrdersIt() {
        // Files (some Cyrillic and Chinese), positions and rules drawn from small sets so that many tie, findings
        // without a position, and a message that records each one's place: ties must keep the order they came in.
        var generator = SystemRandomNumberGenerator()
        let files = ["notes/ru/свора.md", "notes/zh/收起.md", "notes/en/a.md", "public/reference/UIFont.html", "data/symbols.yml"]
        let rules = [LinkRule.unresolved.rule, ImageRule.githubBlob.rule, SymbolRule.unknown.rule]
        for count in [65, 1_000] {
            let list = (0..<count).map { i in
                Diagnostic(.warning, rules.randomElement(using: &generator)!, file: files.randomElement(using: &generator)!,
                           at: Int.random(in: 0..<5, using: &generator) == 0 ? nil
                               : SourceLocation(line: Int.random(in: 1...4, using: &generator), column: Int.random(in: 1...3, using: &generator)),
                           "finding \(i)")
            }
            let expected = list.enumerated().sorted { a, b in
                if [Diagnostic].displayOrder(a.element, b.element) { return true }
                if [Diagnostic].displayOrder(b.element, a.element) { return false }
                return a.offset < b.offset
            }.map(\.element.message)
            #expect(list.sortedForDisplay().map(\.message) == expected)
        }
    }

    @Test func json() throws {
        let text = DiagnosticFormatter.json([diagnostic], files: 6)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let first = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(first["id"] as? String == "symbol.malformed")
        #expect(first["severity"] as? String == "error")
        #expect(first["line"] as? Int == 31 && first["column"] as? Int == 66)
        let fix = try #require((first["fixits"] as? [[String: Any]])?.first)
        #expect(fix["replacement"] as? String == "show(_:sender:)")
        #expect(fix["endColumn"] as? Int == 80)
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 1, "warnings": 0, "notes": 0, "files": 6])
    }

    @Test func sarif() throws {
        let text = DiagnosticFormatter.sarif([diagnostic])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["symbol.malformed"])
        #expect((rules.first?["shortDescription"] as? [String: String])?["text"] == "An API name reference cannot be right.")
        #expect((rules.first?["defaultConfiguration"] as? [String: String])?["level"] == "error")
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        #expect(result["level"] as? String == "error")
        let region = ((((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?["region"]) as? [String: Int]
        #expect(region == ["startLine": 31, "startColumn": 66])
        let replacement = (((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.first
        #expect((replacement?["insertedContent"] as? [String: String])?["text"] == "show(_:sender:)")
    }

    /// A file is a URI in SARIF: a relative path percent-encoded against `%SRCROOT%`, the working folder; an
    /// absolute one a `file:` URI. A space, `#` or `%` in a name stays part of it.
    @Test func sarifNamesFilesByPercentEncodedURIs() throws {
        let findings = ["notes/en/split view #2.md", "/srv/notes/100% done.md", "notes/zh/收起.md"].map { file in
            Diagnostic(LinkRule.unresolved, file: file, at: SourceLocation(line: 1, column: 1), "x")
        }
        let text = DiagnosticFormatter.sarif(findings, root: "/home/me/my notes")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let base = try #require((run["originalUriBaseIds"] as? [String: [String: String]])?["%SRCROOT%"])
        #expect(base["uri"] == "file:///home/me/my%20notes/")
        let artifacts = try #require(run["results"] as? [[String: Any]]).map { result in
            (((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"]) as? [String: String]
        }
        #expect(artifacts[0] == ["uri": "notes/en/split%20view%20%232.md", "uriBaseId": "%SRCROOT%"])
        #expect(artifacts[1] == ["uri": "file:///srv/notes/100%25%20done.md"])
        #expect(artifacts[2] == ["uri": "notes/zh/%E6%94%B6%E8%B5%B7.md", "uriBaseId": "%SRCROOT%"])
        // Each decodes to the name it encodes.
        #expect(URL(string: artifacts[0]!["uri"]!, relativeTo: URL(string: base["uri"]!))?.path == "/home/me/my notes/notes/en/split view #2.md")
    }

    /// SARIF counts columns in UTF-16 code units (and says so); notesite counts bytes of UTF-8. On a line of
    /// Russian, Chinese and an emoji (two units, four bytes) the same place has three different numbers.
    @Test func sarifColumnsAreUTF16CodeUnitsOfTheLine() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-sarif-\(UUID().uuidString).md")
        defer { try? FileManager.default.removeItem(at: file) }
        let line = "Мы 分栏 😀 `.AllVisible`"
        try Data(("title\n" + line + "\n").utf8).write(to: file)
        let bytes = Array(line.utf8).firstIndex(of: UInt8(ascii: "`"))! + 1
        let renamed = Diagnostic(.note, SymbolRule.renamed, file: file.path, at: SourceLocation(line: 2, column: bytes), "renamed",
                                 fixIts: [Diagnostic.FixIt(at: SourceLocation(line: 2, column: bytes + 1), replacing: ".AllVisible", with: ".allVisible")])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(DiagnosticFormatter.sarif([renamed]).utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        #expect(run["columnKind"] as? String == "utf16CodeUnits")
        let result = try #require((run["results"] as? [[String: Any]])?.first)
        let region = ((((result["locations"] as? [[String: Any]])?.first?["physicalLocation"]) as? [String: Any])?["region"]) as? [String: Int]
        // "Мы 分栏 😀 " is 9 UTF-16 units (the emoji two), 17 bytes.
        #expect(bytes == 18)
        #expect(region == ["startLine": 2, "startColumn": 10])
        let replacement = (((result["fixes"] as? [[String: Any]])?.first?["artifactChanges"] as? [[String: Any]])?.first?["replacements"] as? [[String: Any]])?.first
        let deleted = try #require(replacement?["deletedRegion"] as? [String: Int])
        #expect(deleted["startColumn"] == 11 && deleted["endColumn"] == 22)
    }

    /// Each rule that fired is listed once, sorted by id, with the catalogue's description and its own default
    /// level, which a finding's level may differ from (check raises broken links to errors).
    @Test func sarifRulesCarryTheirDescriptionAndDefaultLevel() throws {
        let findings = [
            Diagnostic(.error, LinkRule.unresolved, file: "a.md", at: SourceLocation(line: 1, column: 1), "x"),
            Diagnostic(TemplateRule.invalid, file: "Templates/note.mustache", at: nil, "y"),
            Diagnostic(LinkRule.unresolved, file: "b.md", at: nil, "z"),
            Diagnostic(SymbolRule.unchecked, file: "data/symbols.yml", at: nil, "w"),
        ]
        let object = try #require(try JSONSerialization.jsonObject(with: Data(DiagnosticFormatter.sarif(findings).utf8)) as? [String: Any])
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        #expect(rules.map { $0["id"] as? String } == ["link.unresolved", "symbol.unchecked", "template.invalid"])
        #expect(rules.map { ($0["shortDescription"] as? [String: String])?["text"] } == [
            LinkRule.unresolved.summary, SymbolRule.unchecked.summary, TemplateRule.invalid.summary,
        ])
        #expect(rules.map { ($0["defaultConfiguration"] as? [String: String])?["level"] } == ["warning", "note", "error"])
        #expect(rules.allSatisfy { ($0["shortDescription"] as? [String: String])?["text"] != $0["id"] as? String })
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["level"] as? String } == ["error", "error", "warning", "note"])
    }

    @Test func github() {
        #expect(DiagnosticFormatter.github([diagnostic]) ==
            "::error file=Content/notes/zh/a.md,line=31,col=66,title=symbol.malformed::`show(_:sender)` cannot be a Swift name: every argument label ends with a colon%0Afix-it: replace 'show(_:sender)' with 'show(_:sender:)'\n")
    }

    @Test func duplicateSlugs() {
        func note(_ path: String) -> Note {
            NoteParser.parse(SourceFile(path: path, displayPath: path, text: "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n")).note!
        }
        let found = SiteIndex.duplicateSlugs(in: [note("notes/en/a.md"), note("notes/en/b.md"), note("notes/en/a.md")])
        #expect(found.map(\.rule) == [ContentRule.duplicateSlug.rule])
    }
}
