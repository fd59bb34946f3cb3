import Foundation
import Testing
import NotesiteTestSupport

/// `notesite check` as an editor, a pre-commit hook and a CI job run it: named notes, a minimum severity, columns
/// in each unit, GitHub's annotations and step summary, and `--fix`.
@Suite struct CheckCommandTests {
    private let cli = CommandLineTests()

    /// A scratch project with the repository's templates and these notes (path under `Content/notes/` → text);
    /// `symbols`: with the repository's symbol lists, so API names are checked.
    private func project(_ notes: [String: String], symbols: Bool = false) throws -> URL {
        let root = try cli.project()
        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/notes/en/hello.md"))
        for (path, text) in notes {
            let file = root.appendingPathComponent("Content/notes/" + path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
        }
        if symbols {
            let data = root.appendingPathComponent("Content/data")
            try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
            let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            for name in ["symbols.yml", "sdk-symbols.tsv"] {
                try FileManager.default.copyItem(at: repository.appendingPathComponent("Content/data/" + name), to: data.appendingPathComponent(name))
            }
        }
        return root
    }

    private func header(_ title: String, lang: String = "en", swift: String? = nil) -> String {
        "---\ntitle: \(title)\ndate: 2024-01-02\nlang: \(lang)\n" + (swift.map { "swift: \"\($0)\"\n" } ?? "") + "---\n\n"
    }

    private func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent("Content/notes/" + path), encoding: .utf8)
    }

    @Test func checksOnlyTheNamedNotesAgainstTheWholeSite() throws {
        let root = try project([
            "en/a.md": header("A") + "See [the heading](b.md#some-heading).\n\n![]()\n",
            "en/b.md": header("B") + "## Some heading\n\n[x](missing.md)\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let all = try cli.notesite(["check"], in: root)
        #expect(all.status == 1 && all.stderr.contains("Content/notes/en/b.md:9:1: error:"))

        // a.md's link to b.md's heading resolves; b.md's broken link is not a.md's finding.
        let a = try cli.notesite(["check", "Content/notes/en/a.md"], in: root)
        #expect(a.status == 0, "\(a.stderr)")
        #expect(a.stderr.contains("Content/notes/en/a.md:9:1: warning: the image has no address"))
        #expect(!a.stderr.contains("b.md") && !a.stderr.contains("link.anchor-missing"), "\(a.stderr)")
        #expect(!a.stderr.contains("symbol.unchecked"), "a remark about the data, not the note")
        #expect(a.stdout == "Checked 1 of 2 notes: 1 warning.\n")

        // Named as a pre-commit hook or a shell in another folder names them: absolute, or relative to there.
        let b = try cli.notesite(["check", root.appendingPathComponent("Content/notes/en/b.md").path], in: root)
        #expect(b.status == 1 && b.stderr.contains("Content/notes/en/b.md:9:1: error: the link points to 'missing.md'"))
        #expect(!b.stderr.contains("a.md"))
        let inside = try cli.notesite(["check", "--content", "../..", "b.md", "./a.md"], in: root.appendingPathComponent("Content/notes/en"))
        #expect(inside.status == 1, "\(inside.stderr)")
        #expect(inside.stderr.contains("../../notes/en/b.md:9:1: error:") && inside.stderr.contains("../../notes/en/a.md:9:1: warning:"), "\(inside.stderr)")
        #expect(inside.stdout == "Checked 2 of 2 notes: 1 error, 1 warning.\n")

        // What is not a note of the content folder is bad usage, named.
        try Data("# Notes\n".utf8).write(to: root.appendingPathComponent("README.md"))
        for (path, reason) in [("README.md", "is not in the notes of the content folder, Content/notes/"),
                               ("Templates/note.mustache", "is not in the notes of the content folder, Content/notes/"),
                               ("Content/notes/en", "is a folder; name the notes in it")] {
            let bad = try cli.notesite(["check", "Content/notes/en/a.md", path], in: root)
            #expect(bad.status == 64, "\(bad.stderr)")
            #expect(bad.stderr.contains("'\(path)' \(reason)"), "\(bad.stderr)")
        }
        let missing = try cli.notesite(["check", "Content/notes/en/gone.md"], in: root)
        #expect(missing.status == 64 && missing.stderr.contains("'Content/notes/en/gone.md' does not exist"))

        // A data file that does not read stops every build: reported whatever notes are named.
        let data = root.appendingPathComponent("Content/data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try Data("entries: [\n".utf8).write(to: data.appendingPathComponent("symbols.yml"))
        let broken = try cli.notesite(["check", "Content/notes/en/a.md"], in: root)
        #expect(broken.status == 1, "\(broken.stderr)")
        #expect(broken.stderr.contains("Content/data/symbols.yml:"), "\(broken.stderr)")
    }

    @Test func reportsOnlyFindingsAtTheMinimumSeverity() throws {
        // An error (a broken link), a warning (an empty image), and a remark (no symbol list to check names with).
        let root = try project(["en/a.md": header("A") + "[x](missing.md)\n\n![]()\n"])
        defer { try? FileManager.default.removeItem(at: root) }
        let everything = try cli.notesite(["check"], in: root)
        #expect(everything.stdout == "Checked 1 note: 1 error, 1 warning, 1 remark.\n")
        #expect(everything.stderr.contains(" note: "))

        let warnings = try cli.notesite(["check", "--min-severity", "warning"], in: root)
        #expect(warnings.status == 1)
        #expect(warnings.stdout == "Checked 1 note: 1 error, 1 warning.\n")
        #expect(!warnings.stderr.contains(" note: ") && warnings.stderr.contains(" warning: "))

        let errors = try cli.notesite(["check", "--min-severity", "error", "--format", "json"], in: root)
        #expect(errors.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(errors.stdout.utf8)) as? [String: Any])
        #expect((object["diagnostics"] as? [[String: Any]])?.map { $0["id"] as? String } == ["link.unresolved"])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary["errors"] == 1 && summary["warnings"] == 0 && summary["notes"] == 0)

        // Without the error: the warning does not fail the run, unless warnings are errors, and then it is shown.
        try Data((header("A") + "![]()\n").utf8).write(to: root.appendingPathComponent("Content/notes/en/a.md"))
        let quiet = try cli.notesite(["check", "--min-severity", "error"], in: root)
        #expect(quiet.status == 0 && quiet.stderr.isEmpty && quiet.stdout == "Checked 1 note: no problems.\n")
        let strict = try cli.notesite(["check", "--min-severity", "error", "--warnings-as-errors"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Content/notes/en/a.md:7:1: warning:") && strict.stdout == "Checked 1 note: 1 warning.\n")
        #expect(try cli.notesite(["check", "--min-severity", "remark"], in: root).status == 64)
    }

    /// A link after `中文𠮷 ` (two characters of three bytes, one of four, which is two UTF-16 units, and a space):
    /// its address, after `[乙](`, starts at byte 18, character 9, UTF-16 unit 10.
    @Test func countsColumnsInTheUnitAsked() throws {
        let root = try project([
            "zh/a.md": header("甲", lang: "zh") + "中文𠮷 [乙](b.html)\n",
            "zh/b.md": header("乙", lang: "zh") + "正文。\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let place = "Content/notes/zh/a.md:7:"
        for (unit, start, end) in [("char", 9, 15), ("utf16", 10, 16), ("utf8", 18, 24)] {
            let text = try cli.notesite(["check", "--column-unit", unit], in: root)
            #expect(text.stderr.contains("\(place)\(start): error: the link points to 'b.html'"), "\(unit): \(text.stderr)")
            // The caret under the address's first letter either way: wide characters take two columns.
            #expect(text.stderr.contains("\n    中文𠮷 [乙](b.html)\n    \(String(repeating: " ", count: 12))^\n"), "\(text.stderr)")

            let json = try cli.notesite(["check", "--format", "json", "--column-unit", unit], in: root)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            let finding = try #require((object["diagnostics"] as? [[String: Any]])?.first { $0["id"] as? String == "link.unresolved" })
            #expect(finding["column"] as? Int == start, "\(unit)")
            let fix = try #require((finding["fixits"] as? [[String: Any]])?.first)
            #expect(fix["column"] as? Int == start && fix["endColumn"] as? Int == end, "\(unit)")
            #expect(object["columnUnit"] as? String == unit)

            let github = try cli.notesite(["check", "--format", "github", "--column-unit", unit], in: root, environment: ["GITHUB_STEP_SUMMARY": ""])
            #expect(github.stdout.contains("::error file=\(place.dropLast().replacingOccurrences(of: ":7", with: "")),line=7,col=\(start),"), "\(github.stdout)")
        }
        // The defaults: characters in text, UTF-16 in SARIF.
        #expect(try cli.notesite(["check"], in: root).stderr.contains("\(place)9: error:"))
        let sarif = try cli.notesite(["check", "--format", "sarif"], in: root)
        #expect(sarif.stdout.contains("\"startLine\": 7, \"startColumn\": 10}") && sarif.stdout.contains("\"columnKind\": \"utf16CodeUnits\""), "\(sarif.stdout)")
        let points = try cli.notesite(["check", "--format", "sarif", "--column-unit", "char"], in: root)
        #expect(points.stdout.contains("\"startColumn\": 9}") && points.stdout.contains("\"columnKind\": \"unicodeCodePoints\""))
        let bytes = try cli.notesite(["check", "--format", "sarif", "--column-unit", "utf8"], in: root)
        #expect(bytes.status == 64 && bytes.stderr.contains("SARIF counts columns in UTF-16 code units"))
    }

    @Test func gitHubGetsTenAnnotationsOfEachSeverityAndTheRestInTheStepSummary() throws {
        // 12 broken links (errors), 14 empty images (warnings), 1 remark (no symbol list).
        let body = (1...12).map { "[x](missing\($0).md)\n\n" }.joined() + (1...14).map { _ in "![]()\n\n" }.joined()
        let root = try project(["en/a.md": header("A") + body])
        defer { try? FileManager.default.removeItem(at: root) }
        let summaryFile = root.appendingPathComponent("step-summary.md")
        try Data("Earlier step\n".utf8).write(to: summaryFile)
        let result = try cli.notesite(["check", "--format", "github"], in: root, environment: ["GITHUB_STEP_SUMMARY": summaryFile.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::error ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::warning ") }.count == 10)
        #expect(lines.filter { $0.hasPrefix("::notice ") }.count == 1)
        #expect(lines.count == 21)
        #expect(result.stderr.isEmpty, "\(result.stderr)")
        let summary = try String(contentsOf: summaryFile, encoding: .utf8)
        #expect(summary.hasPrefix("Earlier step\n### notesite check\n"), "appended: \(summary)")
        #expect(summary.contains("- 12 errors: 10 annotated, 2 listed below\n- 14 warnings: 10 annotated, 4 listed below\n- 1 remark, all annotated\n"), "\(summary)")
        let rows = summary.split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == 6)
        // The first ten of each are annotated; the table lists the 11th and 12th link and the last 4 images.
        #expect(rows.first?.hasPrefix("| `Content/notes/en/a.md:27:1` | error | `link.unresolved` | the link points to 'missing11.md'") == true, "\(rows)")
        #expect(rows.last?.hasPrefix("| `Content/notes/en/a.md:57:1` | warning | `image.empty` |") == true, "\(rows)")

        // Outside GitHub Actions, what was left out is counted on standard error.
        let local = try cli.notesite(["check", "--format", "github"], in: root, environment: ["GITHUB_STEP_SUMMARY": ""])
        #expect(local.stdout == result.stdout)
        #expect(local.stderr.contains("6 findings left out: GitHub shows 10 annotations of each severity"), "\(local.stderr)")
    }

    @Test func fixAppliesTheUnambiguousFixItsOnceAndLeavesOverlapsAlone() throws {
        // Line 8: a link to a note's page and an old era's spelling; line 10: a heading without its space; line 13:
        // a look-alike Cyrillic letter in Swift 2's spelling; line 14: a look-alike letter in a misspelled name,
        // whose two findings offer two different edits of it.
        let a = header("A", swift: "5") + """
        See [B](b.html) and `UISplitViewController.DisplayMode.AllVisible`.

        #Calls

        ```swift
        split.preferredDisplayMode = .AllVisiblе
        let y = UINavigationCоntroler()
        ```

        """
        let root = try project(["en/a.md": a, "en/b.md": header("B") + "Text.\n"], symbols: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let file = root.appendingPathComponent("Content/notes/en/a.md")
        chmod(file.path, 0o600)
        let overlap = """
        Content/notes/en/a.md:14:9: not fixed: 'UINavigationCоntroler' → 'UINavigationControler': it overlaps 'UINavigationCоntroler' → 'UINavigationController' at 14:9; choose one by hand [symbol.confusable]
        Content/notes/en/a.md:14:9: not fixed: 'UINavigationCоntroler' → 'UINavigationController': it overlaps 'UINavigationCоntroler' → 'UINavigationControler' at 14:9; choose one by hand [symbol.unknown]

        """

        let dry = try cli.notesite(["check", "--fix", "--dry-run"], in: root)
        #expect(try read(root, "en/a.md") == a, "a dry run writes nothing")
        #expect(dry.status == 1, "the link to b.html is still there: \(dry.stderr)")
        #expect(dry.stdout.hasPrefix("""
        --- a/Content/notes/en/a.md
        +++ b/Content/notes/en/a.md
        @@ -5,11 +5,11 @@
         swift: "5"
         ---
         
        -See [B](b.html) and `UISplitViewController.DisplayMode.AllVisible`.
        +See [B](b.md) and `UISplitViewController.DisplayMode.allVisible`.
         
        -#Calls
        +# Calls
         
         ```swift
        -split.preferredDisplayMode = .AllVisiblе
        +split.preferredDisplayMode = .AllVisible
         let y = UINavigationCоntroler()
         ```

        """ + overlap + """
        Would fix 4 findings in 1 note; 2 fix-its left to apply by hand.
        Checked 2 notes: 1 error,
        """), "\(dry.stdout)")

        let fixed = try cli.notesite(["check", "--fix"], in: root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        // The look-alike letter put right leaves Swift 2's spelling, which the next round puts right.
        #expect(fixed.stdout.hasPrefix("""
        Content/notes/en/a.md:8:9: 'b.html' → 'b.md' [link.unresolved]
        Content/notes/en/a.md:8:22: 'UISplitViewController.DisplayMode.AllVisible' → 'UISplitViewController.DisplayMode.allVisible' [symbol.renamed]
        Content/notes/en/a.md:10:1: '#' → '# ' [markdown.heading-no-space]
        Content/notes/en/a.md:13:31: 'AllVisiblе' → 'AllVisible' [symbol.confusable]
        Content/notes/en/a.md:13:31: 'AllVisible' → 'allVisible' [symbol.renamed]

        """ + overlap + "Fixed 5 findings in 1 note; 2 fix-its left to apply by hand.\nChecked 2 notes: 3 warnings.\n"), "\(fixed.stdout)")
        let after = a.replacingOccurrences(of: "b.html", with: "b.md").replacingOccurrences(of: "DisplayMode.AllVisible", with: "DisplayMode.allVisible")
            .replacingOccurrences(of: "#Calls", with: "# Calls").replacingOccurrences(of: ".AllVisiblе", with: ".allVisible")
        #expect(try read(root, "en/a.md") == after)
        #expect((try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted() == ["a.md", "b.md"])

        let again = try cli.notesite(["check", "--fix"], in: root)
        #expect(again.status == 0)
        #expect(again.stdout == overlap + "Fixed nothing; 2 fix-its left to apply by hand.\nChecked 2 notes: 3 warnings.\n", "\(again.stdout)")
        #expect(try read(root, "en/a.md") == after)

        // Only the named notes' findings are fixed, and only those reported.
        try Data((header("B") + "[A](a.html)\n\n#Title\n").utf8).write(to: root.appendingPathComponent("Content/notes/en/b.md"))
        let named = try cli.notesite(["check", "--fix", "--min-severity", "error", "Content/notes/en/b.md"], in: root)
        #expect(named.stdout.hasPrefix("Content/notes/en/b.md:7:5: 'a.html' → 'a.md' [link.unresolved]\nFixed 1 finding in 1 note.\n"), "\(named.stdout)")
        #expect(try read(root, "en/b.md") == header("B") + "[A](a.md)\n\n#Title\n")
        #expect(try read(root, "en/a.md") == after)
    }

    /// The VS Code problem matcher reads every finding with a place, at the place in UTF-16 units; the pre-commit
    /// hook passes notes and nothing else.
    @Test func theEditorFilesReadTheOutput() throws {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: repository.appendingPathComponent("docs/editors/vscode-tasks.json"))) as? [String: Any])
        let all = try #require(tasks["tasks"] as? [[String: Any]])
        #expect(all.count == 3)
        for task in all {
            #expect((task["args"] as? [String])?.starts(with: ["check"]) == true && (task["args"] as? [String])?.contains("utf16") == true)
        }
        let pattern = try #require(((all[0]["problemMatcher"] as? [String: Any])?["pattern"] as? [String: Any])?["regexp"] as? String)
        let matcher = try NSRegularExpression(pattern: pattern)

        let root = try project([
            "zh/a.md": header("甲", lang: "zh") + "中文𠮷 [乙](b.html)\n\n![]()\n",
            "zh/b.md": header("乙", lang: "zh") + "正文。\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try cli.notesite(["check", "--column-unit", "utf16"], in: root, environment: ["NO_COLOR": "1"])
        var matched: [[String]] = []
        for line in result.stderr.split(separator: "\n").map(String.init) {
            guard let match = matcher.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) else { continue }
            matched.append((1...6).map { String(line[Range(match.range(at: $0), in: line)!]) })
        }
        #expect(matched == [
            ["Content/notes/zh/a.md", "7", "10", "error", "the link points to 'b.html', the page the site makes of a note; link the note's own file, 'b.md', which works on the site, on GitHub and in editors", "link.unresolved"],
            ["Content/notes/zh/a.md", "9", "1", "warning", "the image has no address; put the image file beside the note and write its name in the parentheses, or remove the image", "image.empty"],
        ], "\(result.stderr)")

        let hooks = try String(contentsOf: repository.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        #expect(hooks.contains("- id: notesite-check\n") && hooks.contains("  entry: notesite check\n") && hooks.contains("  pass_filenames: true\n"))
        let files = try #require(hooks.split(separator: "\n").first { $0.hasPrefix("  files: ") }?.dropFirst("  files: ".count))
        let notes = try NSRegularExpression(pattern: String(files))
        func passes(_ path: String) -> Bool { notes.firstMatch(in: path, range: NSRange(path.startIndex..., in: path)) != nil }
        #expect(passes("Content/notes/zh/uisplitviewcontroller-reference.md") && passes("notes/en/a/b.md"))
        #expect(!passes("README.md") && !passes("Content/notes/en/image.png") && !passes("docs/editors.md") && !passes("Content/data/x.md"))
    }
}
