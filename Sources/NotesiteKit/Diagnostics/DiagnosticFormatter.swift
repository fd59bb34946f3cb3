import Foundation
import NotesiteMarkdown

/// Writes diagnostics for machines: JSON, SARIF 2.1.0 (code-scanning tools), and GitHub workflow commands.
/// (Text for people is `DiagnosticPrinter`.)
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

public enum DiagnosticFormatter {
    /// `{"diagnostics": [...], "summary": {"errors", "warnings", "notes", "files"}, "columnUnit"}`, keys in a fixed
    /// order. Columns, the findings' and their fix-its', count `columns`, which `columnUnit` names.
    public static func json(_ diagnostics: [Diagnostic], files: Int, columns: ColumnUnit = .char) -> String {
        var lines = DiagnosticPrinter(columns: columns)
        var out = "{\n  \"diagnostics\": ["
        for (i, d) in diagnostics.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"id\": \(JSON.string(d.rule.id)), \"severity\": \(JSON.string(d.severity.rawValue)), \"file\": \(JSON.string(d.file)), "
            let column = d.location.map { "\(lines.column(of: $0, in: d.file, quoting: d.quoting))" } ?? "null"
            out += "\"line\": \(d.location.map { "\($0.line)" } ?? "null"), \"column\": \(column), "
            out += "\"message\": \(JSON.string(d.message)), \"fixits\": ["
            out += d.fixIts.map { fix in
                "{\"replacement\": \(JSON.string(fix.replacement)), \"original\": \(JSON.string(fix.original)), "
                    + "\"line\": \(fix.range.start.line), \"column\": \(lines.column(of: fix.range.start, in: d.file)), "
                    + "\"endLine\": \(fix.range.end.line), \"endColumn\": \(lines.column(of: fix.range.end, in: d.file))}"
            }.joined(separator: ", ")
            out += "]}"
        }
        out += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        let c = counts(diagnostics)
        out += "  \"summary\": {\"errors\": \(c.errors), \"warnings\": \(c.warnings), \"notes\": \(c.notes), \"files\": \(files)},\n"
        out += "  \"columnUnit\": \(JSON.string(columns.rawValue))\n}\n"
        return out
    }

    /// SARIF 2.1.0, one run, with the rules that fired (each with its description and default level) and a fix
    /// per fix-it. Columns are counted in UTF-16 code units there by default (the run says so in `columnKind`, whose
    /// only other value is Unicode code points, `char`), where notesite counts bytes of UTF-8: each is converted on
    /// its line of the file, which is read for it (a column of a file that cannot be read stays as it is).
    ///
    /// Each file is a URI: a relative path percent-encoded against `%SRCROOT%`, which the run names as the working
    /// folder (`root`), so that a code-scanning upload places it in the repository; an absolute path as a `file:`
    /// URI. A space, `#` or `%` in a path then stays part of the name.
    public static func sarif(_ diagnostics: [Diagnostic], columns: ColumnUnit = .utf16, toolVersion: String = NotesiteVersion.current,
                             root: String = FileManager.default.currentDirectoryPath) -> String {
        precondition(columns.sarifColumnKind != nil, "SARIF counts columns in UTF-16 code units or code points")
        var lines = DiagnosticPrinter(columns: columns)
        func column(_ file: String, _ location: SourceLocation) -> Int {
            lines.column(of: location, in: file)
        }
        let rules = Set(diagnostics.map(\.rule)).sorted { $0.id < $1.id }
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
        out += "    \"tool\": {\"driver\": {\"name\": \"notesite\", \"version\": \(JSON.string(toolVersion)), \"rules\": ["
        out += rules.map { rule in
            "{\"id\": \(JSON.string(rule.id)), \"shortDescription\": {\"text\": \(JSON.string(rule.summary))}, "
                + "\"defaultConfiguration\": {\"level\": \(JSON.string(rule.severity.rawValue))}}"
        }.joined(separator: ", ")
        out += "]}},\n    \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": \(JSON.string(fileURI(root.hasSuffix("/") ? root : root + "/")))}},"
        out += "\n    \"columnKind\": \"\(columns.sarifColumnKind!)\",\n    \"results\": ["
        for (i, d) in diagnostics.enumerated() {
            out += i == 0 ? "\n      " : ",\n      "
            let level = d.severity == .note ? "note" : d.severity.rawValue
            out += "{\"ruleId\": \(JSON.string(d.rule.id)), \"level\": \"\(level)\", \"message\": {\"text\": \(JSON.string(d.message))}, "
            var region = ""
            if let l = d.location { region = ", \"region\": {\"startLine\": \(l.line), \"startColumn\": \(lines.column(of: l, in: d.file, quoting: d.quoting))}" }
            let artifact = d.file.hasPrefix("/") ? "{\"uri\": \(JSON.string(fileURI(d.file)))}"
                : "{\"uri\": \(JSON.string(percentEncodedPath(d.file))), \"uriBaseId\": \"%SRCROOT%\"}"
            out += "\"locations\": [{\"physicalLocation\": {\"artifactLocation\": \(artifact)\(region)}}]"
            if !d.fixIts.isEmpty {
                let fixes = d.fixIts.map { fix -> String in
                    let start = column(d.file, fix.range.start), end = column(d.file, fix.range.end)
                    var text = "{\"description\": {\"text\": \(JSON.string("Replace '\(fix.original)' with '\(fix.replacement)'"))}, "
                    text += "\"artifactChanges\": [{\"artifactLocation\": \(artifact), \"replacements\": [{\"deletedRegion\": "
                    text += "{\"startLine\": \(fix.range.start.line), \"startColumn\": \(start), "
                    text += "\"endLine\": \(fix.range.end.line), \"endColumn\": \(end)}, "
                    text += "\"insertedContent\": {\"text\": \(JSON.string(fix.replacement))}}]}]}"
                    return text
                }
                out += ", \"fixes\": [" + fixes.joined(separator: ", ") + "]"
            }
            out += "}"
        }
        out += diagnostics.isEmpty ? "]\n  }]\n}\n" : "\n    ]\n  }]\n}\n"
        return out
    }

    /// `path` with every byte that may not stand in a URI's path percent-encoded (a space, `#`, `?`, `%`, and
    /// anything not ASCII, as UTF-8); its `/` stay.
    static func percentEncodedPath(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The `file:` URI of the absolute path `path`.
    static func fileURI(_ path: String) -> String {
        "file://" + percentEncodedPath(path)
    }

    /// One `::error file=…,line=…,col=…,title=…::message` line per diagnostic, for GitHub Actions annotations.
    public static func github(_ diagnostics: [Diagnostic], columns: ColumnUnit = .char) -> String {
        var lines = DiagnosticPrinter(columns: columns)
        return diagnostics.map { d in
            let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            var properties = ["file=\(escapeProperty(d.file))"]
            if let l = d.location { properties += ["line=\(l.line)", "col=\(lines.column(of: l, in: d.file, quoting: d.quoting))"] }
            properties.append("title=\(escapeProperty(d.rule.id))")
            var message = d.message
            for fix in d.fixIts { message += "\nfix-it: \(fix.summary)" }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
    }

    /// How many annotations of each kind (error, warning, notice) GitHub shows for one step; it drops the rest.
    public static let githubAnnotationLimit = 10

    /// The findings GitHub would show as annotations, at most `limit` of each severity (the first in display
    /// order), and the ones left over, for the step summary (`githubStepSummary`); both in display order.
    public static func githubAnnotated(_ diagnostics: [Diagnostic], limit: Int = githubAnnotationLimit)
        -> (annotated: [Diagnostic], leftOut: [Diagnostic]) {
        var taken: [Diagnostic.Severity: Int] = [:]
        var annotated: [Diagnostic] = [], leftOut: [Diagnostic] = []
        for d in diagnostics {
            if taken[d.severity, default: 0] < limit {
                taken[d.severity, default: 0] += 1
                annotated.append(d)
            } else {
                leftOut.append(d)
            }
        }
        return (annotated, leftOut)
    }

    /// Markdown for `$GITHUB_STEP_SUMMARY`: one line per severity with its count and how many of them are
    /// annotations, then a table (place, severity, rule, message) of the findings that are not.
    public static func githubStepSummary(_ diagnostics: [Diagnostic], leftOut: [Diagnostic], columns: ColumnUnit = .char) -> String {
        var out = "### notesite check\n\n"
        let all = counts(diagnostics), over = counts(leftOut)
        if diagnostics.isEmpty { out += "No problems.\n" }
        for (found, notShown, word) in [(all.errors, over.errors, "error"), (all.warnings, over.warnings, "warning"), (all.notes, over.notes, "remark")]
        where found > 0 {
            out += "- \(counted(found, word))" + (notShown > 0 ? ": \(found - notShown) annotated, \(notShown) listed below" : ", all annotated") + "\n"
        }
        guard !leftOut.isEmpty else { return out }
        out += "\n| place | severity | rule | message |\n| --- | --- | --- | --- |\n"
        var lines = DiagnosticPrinter(columns: columns)
        for d in leftOut {
            let place = d.file + (d.location.map { ":\($0.line):\(lines.column(of: $0, in: d.file, quoting: d.quoting))" } ?? "")
            let severity = d.severity == .note ? "remark" : d.severity.rawValue
            out += "| \(tableCell("`" + place + "`")) | \(severity) | `\(d.rule.id)` | \(tableCell(d.message)) |\n"
        }
        return out
    }

    /// Text that stays in one cell of a Markdown table: no line breaks, `|` escaped.
    private static func tableCell(_ text: String) -> String {
        text.replacingOccurrences(of: "\r", with: "").replacingOccurrences(of: "\n", with: " ").replacingOccurrences(of: "|", with: "\\|")
    }

    static func counts(_ diagnostics: [Diagnostic]) -> (errors: Int, warnings: Int, notes: Int) {
        var c = (errors: 0, warnings: 0, notes: 0)
        for d in diagnostics {
            switch d.severity {
            case .error: c.errors += 1
            case .warning: c.warnings += 1
            case .note: c.notes += 1
            }
        }
        return c
    }

    private static func escapeData(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    private static func escapeProperty(_ s: String) -> String {
        escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

public enum NotesiteVersion {
    public static let current = "0.1.0"
}
