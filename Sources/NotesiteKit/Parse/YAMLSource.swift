import NotesiteMarkdown
import Yams

/// A YAML text with the means to report problems at file positions: Yams counts characters from the YAML's first
/// line, diagnostics count UTF-8 bytes from the file's first line.
struct YAMLSource {
    let file: String
    private let lines: [Substring]
    /// The file line of the YAML's first line, minus one (front matter starts on line 2).
    private let lineOffset: Int
    var diagnostics: [Diagnostic] = []

    init(file: String, fileText: String, lineOffset: Int = 0) {
        self.file = file
        // Split on the bytes: a split on `Character`s read the symbol list one grapheme at a time (a fixed cost of
        // every build, larger than the rest of reading the list), and took a CRLF, one grapheme, for no break at all.
        self.lines = fileText.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { Substring($0) }
        self.lineOffset = lineOffset
    }

    /// Composes `yaml` into a node tree, or records why it cannot be read.
    ///
    /// `duplicates`: the rule of a key that a mapping sets twice, when the last is to be read as Jekyll reads it
    /// (imported posts repeat keys: NSHipster's `revisions` list one date twice), rather than the YAML being
    /// unreadable (`rule`). The earlier entry is then left out, with a finding whose fix-it deletes it.
    mutating func compose(_ yaml: String, rule: some RuleSet, what: String, duplicates: (any RuleSet)? = nil) -> Node? {
        var yaml = yaml
        var leftOut: [Diagnostic] = []
        // Each pass leaves out one entry: a bound, for a key whose entry cannot be found.
        for _ in 0...Self.mostDuplicates {
            do {
                // UTF-8 named here: Yams' default reads the process environment on every call (a lookup that showed
                // in profiles), and prints to standard output when `YAMS_DEFAULT_ENCODING` is set.
                // The basic resolver tags every plain scalar as a string. Notes and data are read as text
                // (`scalar.string`, with YAML's null spelled out in `string(_:key:rule:)`), never by resolved tag;
                // the default resolver matched each scalar against seven regular expressions, again every time a
                // key was hashed, which made the front matter of a four-line note cost as much as reading its file.
                let root = try Yams.compose(yaml: yaml, .basic, .default, .utf8)
                diagnostics += leftOut
                return root
            } catch YamlError.duplicatedKeysInMapping(let keys, let context) where duplicates != nil && leftOut.count < Self.mostDuplicates {
                guard let key = keys.first, let entry = Self.entry(at: context.mark, in: yaml) else {
                    report(rule, at: location(of: context.mark), Self.setTwice(keys, what: what))
                    return nil
                }
                let start = SourceLocation(line: entry.lines.lowerBound + 1 + lineOffset, column: 1)
                let deletion = Diagnostic.FixIt(range: SourceRange(start: start, end: SourceLocation(line: start.line + entry.lines.count, column: 1)),
                                                original: entry.text, replacement: "")
                leftOut.append(Diagnostic(duplicates!, file: file, at: location(of: context.mark),
                                          "\(what) sets `\(key)` again further on, and only the last is read (as Jekyll reads it); delete one of them",
                                          fixIts: [deletion]))
                var lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
                for line in entry.lines { lines[line] = "" }
                yaml = lines.joined(separator: "\n")
            } catch {
                reportUnreadable(error, rule: rule, what: what)
                return nil
            }
        }
        return nil
    }

    /// The most entries `compose` leaves out of one text.
    private static let mostDuplicates = 50

    private static func setTwice(_ keys: [String], what: String) -> String {
        "\(what) sets \(keys.map { "`\($0)`" }.joined(separator: ", ")) more than once; keep one"
    }

    /// The lines (numbered from 0) of the block mapping entry whose key is at `mark`, and their text with each
    /// line's end: the key's line and the lines of its value, more indented than the key or, for a list written
    /// under it, at its indent. Nil when the key shares its line with anything before it (a flow mapping, a list's
    /// `- `).
    static func entry(at mark: Mark, in yaml: String) -> (lines: Range<Int>, text: String)? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        let first = mark.line - 1
        guard first >= 0, first < lines.count else { return nil }
        let indent = mark.column - 1
        let keyLine = lines[first].unicodeScalars
        guard keyLine.count > indent, keyLine.prefix(indent).allSatisfy({ $0 == " " }) else { return nil }
        func indentation(_ line: Substring) -> Int { line.prefix { $0 == " " }.count }
        var end = first + 1
        while end < lines.count {
            let line = lines[end]
            let rest = line.dropFirst(indentation(line))
            let inValue = rest.isEmpty || indentation(line) > indent
                || (indentation(line) == indent && (rest == "-" || rest.hasPrefix("- ")))
            guard inValue else { break }
            end += 1
        }
        // Blank lines after the value are the next entry's.
        while end > first + 1, lines[end - 1].allSatisfy({ $0 == " " }) { end -= 1 }
        return (first..<end, lines[first..<end].map { $0 + "\n" }.joined())
    }

    /// Records why `compose` could not read its text.
    private mutating func reportUnreadable(_ error: any Error, rule: some RuleSet, what: String) {
        guard let error = error as? YamlError else {
            report(rule, at: SourceLocation(line: lineOffset + 1, column: 1), "\(what) is not valid YAML: \(error)")
            return
        }
        switch error {
        case .scanner(let context, let problem, let mark, _), .parser(let context, let problem, let mark, _),
             .composer(let context, let problem, let mark, _):
            // "End of stream while scanning a quoted scalar" is reported where the stream ends; the place to
            // fix is where the scalar began, which the context holds.
            let atEnd = problem.contains("end of stream")
            let at = location(of: atEnd ? (context?.mark ?? mark) : mark)
            let problem = context.map { "\(problem) \($0.text)" } ?? problem
            var hint = Self.hint(for: problem)
            if hint.isEmpty, at.line >= 1, at.line <= lines.count, lines[at.line - 1].contains("\t") {
                hint = "; indent with spaces, not tabs"
            }
            report(rule, at: at, "\(what) is not valid YAML: \(problem)\(hint)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            report(rule, at: location(of: context.mark), Self.setTwice(duplicates, what: what))
        default:
            report(rule, at: SourceLocation(line: lineOffset + 1, column: 1), "\(what) is not valid YAML: \(error)")
        }
    }

    private static func hint(for problem: String) -> String {
        if problem.contains("tab") { return "; indent with spaces, not tabs" }
        if problem.contains("quoted scalar") { return "; close the quote" }
        if problem.contains("mapping values are not allowed") { return "; quote a value that contains ': '" }
        return ""
    }

    /// The file position of a Yams mark.
    func location(of mark: Mark) -> SourceLocation {
        location(line: mark.line + lineOffset, scalarColumn: mark.column)
    }

    /// The file position of a column counted in Unicode scalars, as Yams and TOML's parser count them, on file line
    /// `line`.
    func location(line: Int, scalarColumn: Int) -> SourceLocation {
        guard line >= 1, line <= lines.count else { return SourceLocation(line: line, column: scalarColumn) }
        var bytes = 0
        for (i, scalar) in lines[line - 1].unicodeScalars.enumerated() where i < scalarColumn - 1 {
            bytes += UTF8.width(scalar)
        }
        return SourceLocation(line: line, column: bytes + 1)
    }

    func location(of node: Node?) -> SourceLocation? {
        node?.mark.map(location(of:))
    }

    /// A scalar's text; a list or mapping where a single value belongs is a diagnostic.
    mutating func string(_ node: Node?, key: String, rule: some RuleSet) -> String? {
        guard let node else { return nil }
        if let scalar = node.scalar {
            // YAML's null (`~`, `null`, nothing), unless quoted.
            if scalar.style == .plain, ["", "~", "null", "Null", "NULL"].contains(scalar.string) { return nil }
            return scalar.string
        }
        report(rule, at: location(of: node), "`\(key)` must be a single value, not \(node.sequence != nil ? "a list" : "a mapping")")
        return nil
    }

    /// A finding of `rule`, with the rule's own severity.
    mutating func report(_ rule: some RuleSet, at location: SourceLocation?, _ message: String) {
        diagnostics.append(Diagnostic(rule, file: file, at: location, message))
    }
}
