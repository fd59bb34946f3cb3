import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// `check --fix`'s edits on a file's bytes: only the unambiguous ones, at the places the check read.
@Suite struct FixApplierTests {
    private func edit(_ line: Int, _ column: Int, _ original: String, _ replacement: String, rule: String = "symbol.renamed") -> FixApplier.Edit {
        FixApplier.Edit(Diagnostic.FixIt(at: SourceLocation(line: line, column: column), replacing: original, with: replacement), rule: rule)
    }

    private func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func appliesEditsOnTheirLinesAndBytes() {
        // On line 2, `Compact` starts at byte 10 (after two Chinese characters, a space, a backtick and a dot), and
        // `Regular` at byte 25.
        let before = Array("第一行\n调用 `.Compact` 与 `.Regular`\n".utf8)
        let (after, applied, skipped) = FixApplier.apply([edit(2, 10, "Compact", "compact"), edit(2, 25, "Regular", "regular")], to: before)
        #expect(text(after) == "第一行\n调用 `.compact` 与 `.regular`\n")
        #expect(applied.map(\.fix.replacement) == ["compact", "regular"])
        #expect(skipped.isEmpty)
    }

    @Test func overlappingEditsAreAllLeftOut() {
        let before = Array("a .AllVisiblе b `show(x)`\n".utf8)
        let a = edit(1, 4, "AllVisiblе", "AllVisible", rule: "symbol.confusable")
        let b = edit(1, 4, "AllVisiblе", "allVisible", rule: "symbol.unknown")
        let inside = edit(1, 7, "Visiblе", "Shown")
        let apart = edit(1, 19, "show(x)", "show(_:)")
        let (after, applied, skipped) = FixApplier.apply([a, b, inside, apart], to: before)
        #expect(text(after) == "a .AllVisiblе b `show(_:)`\n")
        #expect(applied == [apart])
        #expect(Set(skipped.map(\.edit)) == [a, b, inside])
        #expect(skipped.allSatisfy { if case .overlaps = $0.reason { true } else { false } })
    }

    @Test func theSameEditTwiceIsMadeOnce() {
        let before = Array("let x = UISplitViewCоntroller()\n".utf8)
        let confusable = edit(1, 9, "UISplitViewCоntroller", "UISplitViewController", rule: "symbol.confusable")
        let unknown = edit(1, 9, "UISplitViewCоntroller", "UISplitViewController", rule: "symbol.unknown")
        let (after, applied, skipped) = FixApplier.apply([confusable, unknown], to: before)
        #expect(text(after) == "let x = UISplitViewController()\n")
        #expect(applied.count == 1 && skipped.isEmpty)
    }

    @Test func editsThatMeetEndToStartAreBothMade() {
        let (after, applied, _) = FixApplier.apply([edit(1, 1, "ab", "AB"), edit(1, 3, "cd", "CD")], to: Array("abcd\n".utf8))
        #expect(text(after) == "ABCD\n" && applied.count == 2)
        // Two insertions at one place have no order to choose.
        let (same, made, left) = FixApplier.apply([edit(1, 3, "", "x"), edit(1, 3, "", "y")], to: Array("abcd\n".utf8))
        #expect(text(same) == "abcd\n" && made.isEmpty && left.count == 2)
    }

    /// A file saved since the check: the text at the range is not what the fix-it replaces, so it is not made.
    @Test func anEditWhoseTextMovedIsNotMade() {
        let (after, applied, skipped) = FixApplier.apply([edit(1, 5, "Compact", "compact")], to: Array("use Regular\n".utf8))
        #expect(text(after) == "use Regular\n" && applied.isEmpty)
        #expect(skipped.map(\.reason) == [.textChanged])
        // A range past the end of the file is no place either.
        #expect(FixApplier.apply([edit(9, 1, "x", "y")], to: Array("x\n".utf8)).skipped.map(\.reason) == [.textChanged])
    }

    /// The check reads a note without its byte-order mark and with `\n` line ends; the file keeps both.
    @Test func keepsTheByteOrderMarkAndLineEnds() {
        let before: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("`.Compact`\r\nand\r`.Regular`\r\n".utf8)
        let (after, applied, _) = FixApplier.apply([edit(1, 3, "Compact", "compact"), edit(3, 3, "Regular", "regular")], to: before)
        #expect(after == [0xEF, 0xBB, 0xBF] + Array("`.compact`\r\nand\r`.regular`\r\n".utf8))
        #expect(applied.count == 2)
        // An original that spans a line end matches the file's `\r\n`.
        let across = Diagnostic.FixIt(range: SourceRange(start: SourceLocation(line: 1, column: 10), end: SourceLocation(line: 2, column: 1)),
                                      original: "`\n", replacement: "` ")
        let joined = FixApplier.apply([FixApplier.Edit(across, rule: "x")], to: before)
        #expect(joined.bytes == [0xEF, 0xBB, 0xBF] + Array("`.Compact` and\r`.Regular`\r\n".utf8))
    }

    @Test func findingsWithSeveralFixItsAreLeftToTheWriter() {
        let file = "Content/notes/en/a.md"
        let one = Diagnostic(SymbolRule.renamed, file: file, at: SourceLocation(line: 1, column: 1), "renamed",
                             fixIts: [Diagnostic.FixIt(at: SourceLocation(line: 1, column: 1), replacing: "a", with: "b")])
        let two = Diagnostic(SymbolRule.unknown, file: file, at: SourceLocation(line: 2, column: 1), "unknown",
                             fixIts: [Diagnostic.FixIt(at: SourceLocation(line: 2, column: 1), replacing: "c", with: "d"),
                                      Diagnostic.FixIt(at: SourceLocation(line: 2, column: 1), replacing: "c", with: "e")])
        let none = Diagnostic(SymbolRule.unknown, file: "Content/notes/en/b.md", at: nil, "no fix-it")
        let grouped = FixApplier.edits(of: [one, two, none])
        #expect(grouped.count == 1 && grouped[0].file == file)
        #expect(grouped[0].edits.map(\.fix.replacement) == ["b"])
        #expect(grouped[0].skipped.map(\.reason) == [.oneOfSeveral(2)])
    }

    /// Fixing the fixed text again finds nothing to change.
    @Test func applyingTwiceChangesNothingTheSecondTime() {
        let before = Array("x `.Compact` y\n".utf8)
        let first = FixApplier.apply([edit(1, 5, "Compact", "compact")], to: before)
        let second = FixApplier.apply([edit(1, 5, "Compact", "compact")], to: first.bytes)
        #expect(text(first.bytes) == "x `.compact` y\n")
        #expect(second.bytes == first.bytes && second.applied.isEmpty)
    }

    @Test func writesAtomicallyKeepingPermissionsAndRefusesAFileSavedMeanwhile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-fix-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("a.md").path
        try Data("use `.Compact`\n".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        let fix = try FixApplier.fix(file: "a.md", path: path, edits: [edit(1, 7, "Compact", "compact")])
        try FixApplier.write(fix, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "use `.compact`\n")
        #expect((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int) == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.md"], "no temporary file left")

        // Saved by an editor between reading and writing: left as the editor wrote it.
        try Data("use `.Compact` now\n".utf8).write(to: URL(fileURLWithPath: path))
        let stale = try FixApplier.fix(file: "a.md", path: path, edits: [edit(1, 7, "Compact", "compact")])
        try Data("use `.Compact` later\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FixApplier.WriteError.changedSinceRead("a.md")) { try FixApplier.write(stale, to: path) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "use `.Compact` later\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["a.md"])
        // Saved after the check began: not even read for fixing.
        #expect(throws: FixApplier.WriteError.changedSinceRead("a.md")) {
            try FixApplier.fix(file: "a.md", path: path, edits: [], checkedAt: Date(timeIntervalSinceNow: -60))
        }
    }
}

@Suite struct UnifiedDiffTests {
    @Test func hunksWithThreeLinesOfContext() {
        let before = (1...12).map { "line \($0)\n" }.joined()
        let after = before.replacingOccurrences(of: "line 2\n", with: "line two\n").replacingOccurrences(of: "line 11\n", with: "line eleven\n")
        let diff = UnifiedDiff.diff(Array(before.utf8), Array(after.utf8), path: "Content/notes/en/a.md")
        #expect(diff == """
        --- a/Content/notes/en/a.md
        +++ b/Content/notes/en/a.md
        @@ -1,5 +1,5 @@
         line 1
        -line 2
        +line two
         line 3
         line 4
         line 5
        @@ -8,5 +8,5 @@
         line 8
         line 9
         line 10
        -line 11
        +line eleven
         line 12

        """)
        #expect(UnifiedDiff.diff(Array(before.utf8), Array(before.utf8), path: "a") == "")
    }

    @Test func aLastLineWithoutANewlineIsMarked() {
        let diff = UnifiedDiff.diff(Array("a\nb".utf8), Array("a\nc".utf8), path: "x.md")
        #expect(diff == "--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n")
    }

    /// `patch` takes the diff and makes the fixed file of the original.
    @Test func patchAppliesIt() throws {
        let patch = URL(fileURLWithPath: "/usr/bin/patch")
        guard FileManager.default.isExecutableFile(atPath: patch.path) else { return }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-diff-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("n"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let before = "标题\n\n" + (1...20).map { "第\($0)行 `.Compact`\n" }.joined()
        let after = before.replacingOccurrences(of: "第3行 `.Compact`", with: "第3行 `.compact`").replacingOccurrences(of: "第20行 `.Compact`", with: "第20行 `.compact`")
        try Data(before.utf8).write(to: folder.appendingPathComponent("n/a.md"))
        let process = Process()
        process.executableURL = patch
        process.arguments = ["-p1", "-s"]
        process.currentDirectoryURL = folder
        let input = Pipe()
        process.standardInput = input
        try process.run()
        input.fileHandleForWriting.write(Data(UnifiedDiff.diff(Array(before.utf8), Array(after.utf8), path: "n/a.md").utf8))
        input.fileHandleForWriting.closeFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: folder.appendingPathComponent("n/a.md"), encoding: .utf8) == after)
    }
}

@Suite struct CheckSelectionTests {
    @Test func namedNotesAreNamedAsFindingsNameThem() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-select-\(UUID().uuidString)")
        let notes = root.appendingPathComponent("Content/notes/zh")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("x\n".utf8).write(to: notes.appendingPathComponent("a.md"))
        try Data("x\n".utf8).write(to: notes.appendingPathComponent("b.png"))
        try Data("x\n".utf8).write(to: root.appendingPathComponent("README.md"))
        let content = root.appendingPathComponent("Content")
        func named(_ paths: [String], from folder: URL = root) throws(CheckSelection.NotANote) -> [String] {
            try CheckSelection.notes(named: paths, content: content, contentDisplay: "Content", workingDirectory: folder)
        }
        #expect(try named(["Content/notes/zh/a.md", "./Content/notes/zh/../zh/a.md", notes.appendingPathComponent("a.md").path])
                == ["Content/notes/zh/a.md"])
        #expect(try named(["a.md"], from: notes) == ["Content/notes/zh/a.md"])
        #expect(throws: CheckSelection.NotANote(path: "README.md", reason: "is not in the notes of the content folder, Content/notes/")) { try named(["README.md"]) }
        #expect(throws: CheckSelection.NotANote(path: "Content/notes/zh/c.md", reason: "does not exist")) { try named(["Content/notes/zh/c.md"]) }
        #expect(throws: CheckSelection.NotANote(path: "Content/notes/zh/b.png", reason: "is not a note: notes are the .md files")) { try named(["Content/notes/zh/b.png"]) }
        #expect(throws: CheckSelection.NotANote(path: "Content/notes/zh", reason: "is a folder; name the notes in it")) { try named(["Content/notes/zh"]) }
    }

    @Test func reportsTheNamedNotesAndWhatStopsEveryBuild() {
        let selection = CheckSelection(minimumSeverity: .warning, notes: ["Content/notes/en/a.md"], contentDisplay: "Content")
        let here = Diagnostic(ImageRule.empty, file: "Content/notes/en/a.md", at: SourceLocation(line: 1, column: 1), "w")
        var remark = here
        remark.severity = .note
        var elsewhere = here
        elsewhere.file = "Content/notes/en/b.md"
        elsewhere.severity = .error
        let template = Diagnostic(TemplateRule.invalid, file: "Templates/note.mustache", at: SourceLocation(line: 1, column: 1), "e")
        var page = Diagnostic(LinkRule.unresolved, file: "public/en/a.html", at: SourceLocation(line: 1, column: 1), "e")
        page.severity = .error
        #expect(selection.includes(here))
        #expect(!selection.includes(remark), "below the minimum severity")
        #expect(!selection.includes(elsewhere), "another note's")
        #expect(selection.includes(template), "a template that does not parse stops every build")
        #expect(!selection.includes(page), "an error in check only")
        #expect(CheckSelection().includes(remark) && CheckSelection().includes(elsewhere))
    }
}
