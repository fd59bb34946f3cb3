import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Columns in each unit, and the formats that print them.
@Suite struct ColumnUnitTests {
    /// `中文𠮷 x`: two characters of three bytes, one of four (past U+FFFF: two UTF-16 units), a space, then `x`.
    @Test func countsEachUnit() {
        let line = "中文𠮷 x".utf8
        #expect(ColumnUnit.utf8.column(12, in: line) == 12)
        #expect(ColumnUnit.char.column(12, in: line) == 5)
        #expect(ColumnUnit.utf16.column(12, in: line) == 6)
        // The end of the line, and past it (a range that takes in the line end), one unit a byte.
        #expect(ColumnUnit.char.column(13, in: line) == 6 && ColumnUnit.char.column(14, in: line) == 7)
        #expect(ColumnUnit.utf16.column(1, in: line) == 1)
        #expect(ColumnUnit.char.column(4, in: "abcdef".utf8) == 4)
    }

    private func note(_ text: String) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-columns-\(UUID().uuidString).md")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// The finding's column and its fix-it's range in the same unit, in every format; the caret under the
    /// character in text whatever the unit.
    @Test func everyFormatCountsTheSameUnit() throws {
        let file = try note("第一行\n中文𠮷 `.Compact`\n")
        defer { try? FileManager.default.removeItem(at: file) }
        // `Compact` starts at byte 14 of line 2: 3 + 3 + 4 + 1 + 2 (backtick, dot) bytes before it; six
        // characters, seven UTF-16 units.
        let at = SourceLocation(line: 2, column: 14)
        let finding = Diagnostic(.warning, SymbolRule.renamed, file: file.path, at: at, "renamed",
                                 fixIts: [Diagnostic.FixIt(at: at, replacing: "Compact", with: "compact")])
        for (unit, start, end) in [(ColumnUnit.utf8, 14, 21), (.char, 7, 14), (.utf16, 8, 15)] {
            var printer = DiagnosticPrinter(columns: unit)
            let text = printer.format(finding)
            #expect(text.hasPrefix("\(file.path):2:\(start): warning:"), "\(unit)")
            // Wide characters take two cells: nine before the caret.
            #expect(text.contains("\n    中文𠮷 `.Compact`\n    \(String(repeating: " ", count: 9))^"), "\(unit): \(text)")
            let json = DiagnosticFormatter.json([finding], files: 1, columns: unit)
            #expect(json.contains("\"line\": 2, \"column\": \(start), "), "\(unit)")
            #expect(json.contains("\"line\": 2, \"column\": \(start), \"endLine\": 2, \"endColumn\": \(end)}"), "\(unit)")
            #expect(json.contains("\"columnUnit\": \"\(unit.rawValue)\""))
            #expect(DiagnosticFormatter.github([finding], columns: unit).contains(",line=2,col=\(start),"), "\(unit)")
            if unit != .utf8 {
                let sarif = DiagnosticFormatter.sarif([finding], columns: unit)
                #expect(sarif.contains("\"startLine\": 2, \"startColumn\": \(start)}"), "\(unit)")
                #expect(sarif.contains("\"startLine\": 2, \"startColumn\": \(start), \"endLine\": 2, \"endColumn\": \(end)}"), "\(unit)")
                #expect(sarif.contains("\"columnKind\": \"\(unit == .utf16 ? "utf16CodeUnits" : "unicodeCodePoints")\""))
            }
        }
        // The defaults: characters, and UTF-16 in SARIF.
        var printer = DiagnosticPrinter()
        #expect(printer.format(finding).hasPrefix("\(file.path):2:7: "))
        #expect(DiagnosticFormatter.sarif([finding]).contains("\"startColumn\": 8}"))
    }

    @Test func gitHubAnnotatesTenOfEachSeverityAndSummarisesTheRest() {
        func finding(_ severity: Diagnostic.Severity, _ line: Int) -> Diagnostic {
            Diagnostic(severity, ImageRule.empty, file: "Content/notes/en/a.md", at: SourceLocation(line: line, column: 1), "finding | \(line)\nmore")
        }
        let all = (1...3).map { finding(.error, $0) } + (4...15).map { finding(.warning, $0) } + (16...40).map { finding(.note, $0) }
        let (annotated, leftOut) = DiagnosticFormatter.githubAnnotated(all)
        #expect(annotated.map(\.location!.line) == Array(1...13) + Array(16...25))
        #expect(leftOut.map(\.location!.line) == [14, 15] + Array(26...40))
        let summary = DiagnosticFormatter.githubStepSummary(all, leftOut: leftOut)
        #expect(summary.contains("- 3 errors, all annotated\n- 12 warnings: 10 annotated, 2 listed below\n- 25 remarks: 10 annotated, 15 listed below\n"), "\(summary)")
        #expect(summary.contains("| place | severity | rule | message |\n| --- | --- | --- | --- |\n| `Content/notes/en/a.md:14:1` | warning | `image.empty` | finding \\| 14 more |\n"), "\(summary)")
        #expect(summary.split(separator: "\n").filter { $0.hasPrefix("| `") }.count == 17)
        #expect(DiagnosticFormatter.githubStepSummary([], leftOut: []).contains("No problems."))
    }
}
