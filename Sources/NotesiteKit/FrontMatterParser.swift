import NotesiteMarkdown
import Yams

/// Reads a note's front matter into `NoteMetadata`, reporting every problem with its position in the file.
struct FrontMatterParser {
    let file: String
    /// The whole note, to turn YAML's character columns into the UTF-8 columns diagnostics use.
    let lines: [Substring]
    var diagnostics: [Diagnostic] = []

    init(file: String, text: String) {
        self.file = file
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// Parses `split`'s YAML. `fallbackTitle` stands in for a missing title so the rest of the note can be checked.
    mutating func parse(_ split: FrontMatterSplit, fallbackTitle: String) -> NoteMetadata {
        var metadata = NoteMetadata(title: fallbackTitle)
        guard split.hasFrontMatter else {
            report(.error, "frontmatter.missing", at: SourceLocation(line: 1, column: 1),
                   "the note has no front matter; start the file with a `---` line, then `title:`, `date:` and `lang:`, then `---`")
            return metadata
        }
        guard split.isClosed else {
            report(.error, "frontmatter.unclosed", at: SourceLocation(line: 1, column: 1),
                   "the front matter opened here is never closed; add a line `---` after its last key")
            return metadata
        }
        let root: Node?
        do {
            root = try Yams.compose(yaml: String(split.yaml))
        } catch {
            reportYAMLError(error)
            return metadata
        }
        guard let mapping = root?.mapping else {
            let where_ = root?.mark.map(location(of:)) ?? SourceLocation(line: 2, column: 1)
            report(.error, "frontmatter.invalid", at: where_,
                   "front matter must be a mapping of keys to values, such as `title: \"My note\"`")
            return metadata
        }
        var seen: Set<String> = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            seen.insert(key)
            let at = keyNode.mark.map(location(of:))
            switch key {
            case "title":
                if let s = string(value, key: key), !s.isEmpty { metadata.title = s } else if value.scalar != nil {
                    report(.error, "frontmatter.invalid", at: at, "`title` is empty; give the note a title")
                }
            case "date":
                guard let s = string(value, key: key) else { break }
                if let date = NoteDate(parsing: s) {
                    metadata.date = date
                } else {
                    report(.error, "frontmatter.invalid", at: value.mark.map(location(of:)) ?? at,
                           "`date` is '\(s)', which is not a date; write it as YYYY-MM-DD (or YYYY-MM when only the month is known)")
                }
            case "lang":
                guard let s = string(value, key: key) else { break }
                if let lang = Language(rawValue: s) {
                    metadata.lang = lang
                } else {
                    report(.error, "frontmatter.invalid", at: value.mark.map(location(of:)) ?? at,
                           "`lang` is '\(s)'; use one of \(Language.codeList)")
                }
            case "summary": metadata.summary = string(value, key: key)
            case "translation_key": metadata.translationKey = string(value, key: key)
            case "swift":
                guard let s = string(value, key: key) else { break }
                if NoteMetadata.swiftVersions.contains(s) {
                    metadata.swift = s
                } else {
                    report(.error, "frontmatter.invalid", at: value.mark.map(location(of:)) ?? at,
                           "`swift` is '\(s)'; use one of \(NoteMetadata.swiftVersions.map { "\"\($0)\"" }.joined(separator: ", "))")
                }
            case "source": metadata.source = source(value, at: at)
            default:
                unknownKey(key, known: NoteMetadata.knownKeys, at: at, in: "front matter")
            }
        }
        for key in NoteMetadata.requiredKeys where !seen.contains(key) {
            let example = key == "date" ? "date: 2024-01-31" : key == "lang" ? "lang: en" : "title: \"…\""
            report(.error, "frontmatter.missing-field", at: SourceLocation(line: 1, column: 1),
                   "front matter has no `\(key)`; add a line such as `\(example)`")
        }
        return metadata
    }

    private mutating func source(_ node: Node, at: SourceLocation?) -> NoteMetadata.Source? {
        guard let mapping = node.mapping else {
            report(.error, "frontmatter.invalid", at: node.mark.map(location(of:)) ?? at,
                   "`source` must be a mapping with `url` and `author`, such as `source: {url: \"https://…\", author: \"…\"}`")
            return nil
        }
        var source = NoteMetadata.Source()
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else { continue }
            let keyAt = keyNode.mark.map(location(of:))
            switch key {
            case "url": source.url = string(value, key: "source.url")
            case "author": source.author = string(value, key: "source.author")
            case "title": source.title = string(value, key: "source.title")
            case "mirror": source.mirror = string(value, key: "source.mirror")
            default: unknownKey(key, known: NoteMetadata.knownSourceKeys, at: keyAt, in: "`source`")
            }
        }
        return source
    }

    /// A scalar's text; anything else is a diagnostic.
    private mutating func string(_ node: Node, key: String) -> String? {
        if let scalar = node.scalar {
            if scalar.tag == Tag(.null) && (scalar.string == "" || scalar.string == "~" || scalar.string == "null") {
                report(.error, "frontmatter.invalid", at: node.mark.map(location(of:)), "`\(key)` has no value; write one after the colon")
                return nil
            }
            return scalar.string
        }
        let kind = node.sequence != nil ? "a list" : "a mapping"
        report(.error, "frontmatter.invalid", at: node.mark.map(location(of:)),
               "`\(key)` must be a single value, not \(kind)")
        return nil
    }

    private mutating func unknownKey(_ key: String, known: [String], at: SourceLocation?, in place: String) {
        var message = "unknown key `\(key)` in \(place)"
        if let near = NearMiss.best(for: key, in: known) {
            message += "; did you mean `\(near)`?"
        } else {
            message += "; known keys are \(known.map { "`\($0)`" }.joined(separator: ", "))"
        }
        report(.warning, "frontmatter.unknown-key", at: at, message)
    }

    private mutating func reportYAMLError(_ error: Error) {
        guard let yaml = error as? YamlError else {
            report(.error, "frontmatter.invalid", at: SourceLocation(line: 2, column: 1), "front matter is not valid YAML: \(error)")
            return
        }
        switch yaml {
        case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _), .composer(_, let problem, let mark, _):
            let at = location(of: mark)
            var hint = Self.hint(for: problem)
            if hint.isEmpty, at.line <= lines.count, lines[at.line - 1].contains("\t") {
                hint = "; indent with spaces, not tabs"
            }
            report(.error, "frontmatter.invalid", at: at, "front matter is not valid YAML: \(problem)\(hint)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            report(.error, "frontmatter.invalid", at: location(of: context.mark),
                   "front matter sets \(duplicates.map { "`\($0)`" }.joined(separator: ", ")) more than once; keep one")
        default:
            report(.error, "frontmatter.invalid", at: SourceLocation(line: 2, column: 1), "front matter is not valid YAML: \(yaml)")
        }
    }

    private static func hint(for problem: String) -> String {
        if problem.contains("tab") { return "; indent with spaces, not tabs" }
        if problem.contains("quoted scalar") { return "; close the quote" }
        if problem.contains("mapping values are not allowed") { return "; quote a value that contains ': '" }
        return ""
    }

    /// YAML counts lines from the first line after `---` and columns in characters; diagnostics count file lines
    /// and UTF-8 bytes.
    private func location(of mark: Mark) -> SourceLocation {
        let line = mark.line + 1
        guard line >= 1, line <= lines.count else { return SourceLocation(line: line, column: mark.column) }
        let scalars = lines[line - 1].unicodeScalars
        var bytes = 0
        for (i, scalar) in scalars.enumerated() where i < mark.column - 1 {
            bytes += UTF8.width(scalar)
        }
        return SourceLocation(line: line, column: bytes + 1)
    }

    private mutating func report(_ severity: Diagnostic.Severity, _ rule: String, at location: SourceLocation?, _ message: String) {
        diagnostics.append(Diagnostic(severity, rule, file: file, at: location, message))
    }
}
