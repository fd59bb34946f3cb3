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
    /// Whether to mark up the text for a terminal, as compilers do: the position and message bold, the severity
    /// in its colour, the caret and fix-its green.
    public var colours: Bool
    /// What the column after `path:line:` counts. The caret is placed by the finding's own byte column whatever
    /// this is.
    public var columns: ColumnUnit

    public init(colours: Bool = false, columns: ColumnUnit = .char) {
        self.colours = colours
        self.columns = columns
    }

    /// Whether the terminal on `descriptor` shows colours: it is a terminal, not a dumb one, and `NO_COLOR` is not
    /// set (no-color.org).
    public static func coloursShow(on descriptor: Int32) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        return isatty(descriptor) == 1 && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// `diagnostics` formatted in order, each ending in a newline, handed to `write` a batch at a time. The
    /// diagnostics of one file are formatted together, by one printer; the files of a batch on all cores. So a
    /// check that finds a hundred thousand problems neither prints them on one core nor holds all their text.
    public static func write(_ diagnostics: [Diagnostic], batch: Int = 4_096, colours: Bool = false, columns: ColumnUnit = .char,
                             to write: (String) -> Void) {
        for start in stride(from: 0, to: diagnostics.count, by: batch) {
            let slice = diagnostics[start..<min(start + batch, diagnostics.count)]
            // Runs of the same file, so each file's lines are read once.
            var runs: [Range<Int>] = []
            var runStart = slice.startIndex
            for i in slice.indices.dropFirst() where slice[i].file != slice[i - 1].file {
                runs.append(runStart..<i)
                runStart = i
            }
            if runStart < slice.endIndex { runs.append(runStart..<slice.endIndex) }
            let texts = runs.parallelMap { run -> String in
                var printer = DiagnosticPrinter(colours: colours, columns: columns)
                var text = ""
                for diagnostic in slice[run] {
                    text += printer.format(diagnostic)
                    text += "\n"
                }
                return text
            }
            write(texts.joined())
        }
    }

    public mutating func format(_ diagnostic: Diagnostic) -> String {
        let shownColumn = diagnostic.location.map { column(of: $0, in: diagnostic.file, quoting: diagnostic.quoting) }
        var text = Self.header(diagnostic, column: shownColumn, colours: colours)
        if let location = diagnostic.location, let line = sourceLine(diagnostic.file, location.line),
           diagnostic.quoting.map({ Self.line(line, holds: $0, atColumn: location.column) }) ?? true {
            let prefix = line.utf8.prefix(max(0, location.column - 1))
            var shown = String(line)
            var lead = String(decoding: prefix, as: UTF8.self)
            // A line of no more bytes than the width has no more characters either; counting characters costs.
            if line.utf8.count > Self.maximumWidth {
                // A long line (a minified paragraph, thousands of nested quotes, a long address) is shown around
                // the caret only: cut on its bytes when they are all ASCII, each one a character, else on an array
                // of its characters.
                if line.utf8.allSatisfy({ $0 < 0x80 }) {
                    (shown, lead) = Self.around(Array(line.utf8), caret: prefix.count) { String(decoding: $0, as: UTF8.self) }
                } else if line.count > Self.maximumWidth {
                    (shown, lead) = Self.around(Array(line), caret: lead.count) { String($0) }
                }
            }
            var indent = ""
            if lead.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\t") }) {
                indent = String(repeating: " ", count: lead.utf8.count)
            } else {
                for character in lead { indent += character == "\t" ? "\t" : (character.isWideScript ? "  " : " ") }
            }
            text += "\n    \(shown)\n    \(indent)" + (colours ? Style.caret.wrap("^") : "^")
        }
        for fix in diagnostic.fixIts {
            let line = "fix-it: \(fix.summary)"
            text += "\n    " + (colours ? Style.fixIt.wrap(line) : line)
        }
        return text
    }

    /// The terminal's markup (SGR sequences).
    struct Style {
        let code: String
        static let position = Style(code: "1"), message = position
        static let error = Style(code: "1;31"), warning = Style(code: "1;35"), remark = Style(code: "1;36")
        static let caret = Style(code: "1;32"), fixIt = Style(code: "32")

        func wrap(_ text: String) -> String { "\u{1B}[\(code)m\(text)\u{1B}[0m" }
    }

    /// `Diagnostic.formatted` with the column in this printer's unit, marked up for a terminal when `colours`.
    private static func header(_ diagnostic: Diagnostic, column: Int?, colours: Bool) -> String {
        let position = diagnostic.file + (diagnostic.location.map { ":\($0.line):\(column ?? $0.column)" } ?? "") + ":"
        guard colours else { return "\(position) \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.rule.id)]" }
        let severity: Style = switch diagnostic.severity {
        case .error: .error
        case .warning: .warning
        case .note: .remark
        }
        return Style.position.wrap(position) + " " + severity.wrap(diagnostic.severity.rawValue + ":") + " "
            + Style.message.wrap(diagnostic.message) + " [\(diagnostic.rule.id)]"
    }

    /// The column of `location` in `file` counted in `columns`, from the file's line. A column stays in bytes when
    /// the line cannot be read, or (`quoting`) no longer holds what the finding was made on.
    public mutating func column(of location: SourceLocation, in file: String, quoting: String? = nil) -> Int {
        guard columns != .utf8, location.column > 1, let line = sourceLine(file, location.line),
              quoting.map({ Self.line(line, holds: $0, atColumn: location.column) }) ?? true else { return location.column }
        return columns.column(location, in: line)
    }

    /// `units` (a line's characters) cut down to `maximumWidth` around the one at `caret`: what is shown, with `…`
    /// where it was cut, and what stands before the caret.
    private static func around<Units: RandomAccessCollection>(_ units: Units, caret: Int, text: (Units.SubSequence) -> String)
        -> (shown: String, lead: String) where Units.Index == Int {
        let caret = min(caret, units.count)
        let start = max(0, min(caret - maximumWidth / 3, units.count - maximumWidth))
        let end = min(units.count, start + maximumWidth)
        return ((start > 0 ? "…" : "") + text(units[start..<end]) + (end < units.count ? "…" : ""),
                (start > 0 ? " " : "") + text(units[start..<caret]))
    }

    /// Whether `line` holds `text` from byte column `column`.
    private static func line(_ line: Substring, holds text: String, atColumn column: Int) -> Bool {
        let bytes = line.utf8.dropFirst(max(0, column - 1))
        return bytes.starts(with: text.utf8)
    }

    mutating func sourceLine(_ file: String, _ number: Int) -> Substring? {
        if current?.file != file {
            // A file that is not UTF-8 text is shown as far as `content.encoding` points, its first wrong byte,
            // which shows as U+FFFD (as does a NUL, which a terminal would not show).
            let text = FileManager.default.contents(atPath: file).map {
                ContentLoader.decode($0) ?? String(decoding: $0, as: UTF8.self).replacingOccurrences(of: "\0", with: "\u{FFFD}")
            }
            current = (file, text.map { LineTable($0) })
        }
        guard var line = current?.lines?.line(number) else { return nil }
        if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
        return Substring(String(decoding: line, as: UTF8.self))
    }
}

/// `1 note`, `2 notes`; `plural` for a word that does not just add an s (`entries`).
public func counted(_ n: Int, _ word: String, plural: String? = nil) -> String {
    "\(n) \(n == 1 ? word : plural ?? word + "s")"
}

extension SiteReport {
    /// `2 errors, 5 warnings, 3 notes` (or `no problems`).
    /// What a failed run found, and where: `1 error in Content/notes/zh/bad.md; the other 99 notes have none`. A
    /// collection of many notes with one broken note should not read as if every note were broken.
    public var failureSummary: String {
        var erring: [String] = []
        var seen: Set<String> = []
        for diagnostic in diagnostics where diagnostic.severity == .error && seen.insert(diagnostic.file).inserted {
            erring.append(diagnostic.file)
        }
        guard !erring.isEmpty else { return problemSummary }
        let named = erring.prefix(3).joined(separator: ", ") + (erring.count > 3 ? " and \(erring.count - 3) more" : "")
        var summary = "\(problemSummary) in \(erring.count == 1 ? "" : "\(erring.count) files: ")\(named)"
        let notesWithErrors = erring.filter { $0.hasSuffix(".md") }.count
        let fine = max(0, files - notesWithErrors)
        if fine > 0 && notesWithErrors > 0 {
            summary += "; the other \(counted(fine, "note")) \(fine == 1 ? "has" : "have") none"
        }
        return summary
    }

    public var problemSummary: String {
        let c = DiagnosticFormatter.counts(diagnostics)
        if c.errors == 0 && c.warnings == 0 && c.notes == 0 { return "no problems" }
        // Findings of severity `note` are counted as remarks: "Checked 6 notes: 45 notes" read as two counts of notes.
        return [(c.errors, "error"), (c.warnings, "warning"), (c.notes, "remark")]
            .filter { $0.0 > 0 }.map { counted($0.0, $0.1) }.joined(separator: ", ")
    }
}
