import Foundation
import NotesiteMarkdown

/// Prints diagnostics as compilers do: the `path:line:col: severity: message [rule]` line, the source line with a
/// caret under the column, and any fix-its.
public struct DiagnosticPrinter {
    /// The last file a line was shown from, and its lines (nil when it could not be read). Diagnostics come sorted
    /// by file, so one file at a time is enough, and a check of a large site does not end up holding every note.
    private var current: (file: String, lines: LineTable?)?
    /// Source lines longer than this many characters are cut down to the part around the caret.
    static let maximumWidth = 120

    public init() {}

    public mutating func format(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.formatted
        if let location = diagnostic.location, let line = sourceLine(diagnostic.file, location.line) {
            let prefix = line.utf8.prefix(max(0, location.column - 1))
            var shown = String(line)
            var lead = String(decoding: prefix, as: UTF8.self)
            if line.count > Self.maximumWidth {
                // A long line (a minified paragraph, thousands of nested quotes) is shown around the caret only.
                let characters = Array(line)
                let caret = min(lead.count, characters.count)
                let start = max(0, min(caret - Self.maximumWidth / 3, characters.count - Self.maximumWidth))
                let end = min(characters.count, start + Self.maximumWidth)
                shown = (start > 0 ? "…" : "") + String(characters[start..<end]) + (end < characters.count ? "…" : "")
                lead = (start > 0 ? " " : "") + String(characters[start..<caret])
            }
            let indent = lead.map { $0 == "\t" ? "\t" : ($0.isWideScript ? "  " : " ") }.joined()
            text += "\n    \(shown)\n    \(indent)^"
        }
        for fix in diagnostic.fixIts {
            text += "\n    fix-it: replace '\(fix.original)' with '\(fix.replacement)'"
        }
        return text
    }

    private mutating func sourceLine(_ file: String, _ number: Int) -> Substring? {
        if current?.file != file {
            let text = FileManager.default.contents(atPath: file).flatMap(ContentLoader.decode)
            current = (file, text.map { LineTable($0) })
        }
        guard var line = current?.lines?.line(number) else { return nil }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return Substring(String(decoding: line, as: UTF8.self))
    }
}

extension SiteReport {
    /// `2 errors, 5 warnings, 3 notes` (or `no problems`).
    public var problemSummary: String {
        let c = DiagnosticFormatter.counts(diagnostics)
        if c.errors == 0 && c.warnings == 0 && c.notes == 0 { return "no problems" }
        func plural(_ n: Int, _ word: String) -> String? { n == 0 ? nil : "\(n) \(word)\(n == 1 ? "" : "s")" }
        return [plural(c.errors, "error"), plural(c.warnings, "warning"), plural(c.notes, "note")]
            .compactMap { $0 }.joined(separator: ", ")
    }
}
