import Dispatch
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Notes that the fuzz harness in `Fuzz/` (`make fuzz`) found to break the note path, each reduced to the smallest
/// text that shows the problem. Every note is parsed on its own thread with a deadline, so a parse that never ends
/// fails its test instead of stopping the suite.
@Suite struct FuzzRegressionTests {
    /// Strikethrough (`~~a~~`, and GFM's single `~a~`) made cmark-gfm loop for ever, and a closing `~~` with no
    /// opener (`a~~ b`) made it read a freed delimiter and crash: the extension had been made to forget that it owns
    /// `~`, and cmark-gfm's emphasis pass neither moves past nor keeps a delimiter that no extension owns.
    @Test(arguments: [
        ("~~gone~~ and kept\n", ["gone"], "gone and kept"),
        ("~a~\n", ["a"], "a"),
        ("## ~~Old~~ New\n", ["Old"], "Old New"),
        ("| a |\n| - |\n| ~~b~~ |\n", ["b"], "ab"),
        ("a~~ b\n", [], "a~~ b"),
        ("~~a\n", [], "~~a"),
    ])
    func strikethroughEndsAndKeepsItsText(body: String, struck: [String], text: String) throws {
        let note = try #require(parseWithDeadline(frontMatter + body), "the parse of \(body.debugDescription) did not end")
        var found: [String] = []
        note.document.forEach { node in
            if case .strikethrough = node.kind { found.append(node.plainText) }
        }
        #expect(found == struck)
        #expect(note.document.plainText == text)
    }

    /// After a code span or inline HTML that wraps onto the next line, every later inline of the paragraph had the
    /// line the span started on and a column counted on from there, past the end of that line, so diagnostics and
    /// reference links pointed at the wrong place: cmark-gfm counts those line breaks only when asked for source
    /// positions.
    @Test(arguments: [
        ("`\n` `UINavigationController`\n", 8, 3),
        ("See `a\nb` and `show(_:sender:)`.\n", 8, 8),
        ("A <span\nclass=\"x\"> `UISplitViewController`\n", 8, 12),
    ])
    func inlineAfterAWrappedSpanKeepsItsPlace(body: String, line: Int, column: Int) throws {
        let note = try #require(parseWithDeadline(frontMatter + body))
        var spans: [NotesiteMarkdown.SourceLocation] = []
        note.document.forEach { node in
            if case .code = node.kind { spans.append(node.range.start) }
        }
        #expect(spans.last == NotesiteMarkdown.SourceLocation(line: line, column: column))
    }

    private let frontMatter = "---\ntitle: \"Strikethrough\"\ndate: 2024-01-31\nlang: en\n---\n\n"
}

/// Parses `text` as `notes/en/fuzz.md` on a thread of its own; nil when the parse has not ended after `seconds`.
private func parseWithDeadline(_ text: String, seconds: Double = 20) -> Note? {
    let result = ParseResult()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
        result.note = NoteParser.parse(SourceFile(path: "notes/en/fuzz.md", displayPath: "notes/en/fuzz.md", text: text)).note
        done.signal()
    }
    guard done.wait(timeout: .now() + seconds) == .success else { return nil }
    return result.note
}

/// Written once by the parsing thread before it signals, read only after the wait: the semaphore orders the two.
private final class ParseResult: @unchecked Sendable {
    var note: Note?
}
