import Foundation
import NotesiteMarkdown

/// Writes diagnostics for machines: JSON, SARIF 2.1.0 (code-scanning tools), and GitHub workflow commands.
/// (Text for people is `DiagnosticPrinter`.)
public enum DiagnosticFormat: String, CaseIterable, Sendable {
    case text, json, sarif, github
}

public enum DiagnosticFormatter {
    /// `{"diagnostics": [...], "summary": {"errors", "warnings", "notes", "files"}}`, keys in a fixed order.
    public static func json(_ diagnostics: [Diagnostic], files: Int) -> String {
        var out = "{\n  \"diagnostics\": ["
        for (i, d) in diagnostics.enumerated() {
            out += i == 0 ? "\n    " : ",\n    "
            out += "{\"id\": \(JSON.string(d.rule.id)), \"severity\": \(JSON.string(d.severity.rawValue)), \"file\": \(JSON.string(d.file)), "
            out += "\"line\": \(d.location.map { "\($0.line)" } ?? "null"), \"column\": \(d.location.map { "\($0.column)" } ?? "null"), "
            out += "\"message\": \(JSON.string(d.message)), \"fixits\": ["
            out += d.fixIts.map { fix in
                "{\"replacement\": \(JSON.string(fix.replacement)), \"original\": \(JSON.string(fix.original)), "
                    + "\"line\": \(fix.range.start.line), \"column\": \(fix.range.start.column), "
                    + "\"endLine\": \(fix.range.end.line), \"endColumn\": \(fix.range.end.column)}"
            }.joined(separator: ", ")
            out += "]}"
        }
        out += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        let c = counts(diagnostics)
        out += "  \"summary\": {\"errors\": \(c.errors), \"warnings\": \(c.warnings), \"notes\": \(c.notes), \"files\": \(files)}\n}\n"
        return out
    }

    /// SARIF 2.1.0, one run, with the rules that fired (each with its description and default level) and a fix
    /// per fix-it. Columns are counted in UTF-16 code units there (the run says so in `columnKind`), where notesite
    /// counts bytes of UTF-8: each is converted on its line of the file, which is read for it (a column of a file
    /// that cannot be read stays as it is).
    public static func sarif(_ diagnostics: [Diagnostic], toolVersion: String = NotesiteVersion.current) -> String {
        var lines = DiagnosticPrinter()
        func column(_ file: String, _ location: SourceLocation) -> Int {
            guard location.column > 1, let line = lines.sourceLine(file, location.line) else { return location.column }
            let before = line.utf8.prefix(location.column - 1)
            guard before.count == location.column - 1 else { return location.column }
            return Substring(before).utf16.count + 1
        }
        let rules = Set(diagnostics.map(\.rule)).sorted { $0.id < $1.id }
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [{\n"
        out += "    \"tool\": {\"driver\": {\"name\": \"notesite\", \"version\": \(JSON.string(toolVersion)), \"rules\": ["
        out += rules.map { rule in
            "{\"id\": \(JSON.string(rule.id)), \"shortDescription\": {\"text\": \(JSON.string(rule.summary))}, "
                + "\"defaultConfiguration\": {\"level\": \(JSON.string(rule.severity.rawValue))}}"
        }.joined(separator: ", ")
        out += "]}},\n    \"columnKind\": \"utf16CodeUnits\",\n    \"results\": ["
        for (i, d) in diagnostics.enumerated() {
            out += i == 0 ? "\n      " : ",\n      "
            let level = d.severity == .note ? "note" : d.severity.rawValue
            out += "{\"ruleId\": \(JSON.string(d.rule.id)), \"level\": \"\(level)\", \"message\": {\"text\": \(JSON.string(d.message))}, "
            var region = ""
            if let l = d.location { region = ", \"region\": {\"startLine\": \(l.line), \"startColumn\": \(column(d.file, l))}" }
            let artifact = "{\"uri\": \(JSON.string(d.file))}"
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

    /// One `::error file=…,line=…,col=…,title=…::message` line per diagnostic, for GitHub Actions annotations.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { d in
            let command = d.severity == .error ? "error" : d.severity == .warning ? "warning" : "notice"
            var properties = ["file=\(escapeProperty(d.file))"]
            if let l = d.location { properties += ["line=\(l.line)", "col=\(l.column)"] }
            properties.append("title=\(escapeProperty(d.rule.id))")
            var message = d.message
            for fix in d.fixIts { message += "\nfix-it: replace '\(fix.original)' with '\(fix.replacement)'" }
            return "::\(command) \(properties.joined(separator: ","))::\(escapeData(message))\n"
        }.joined()
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
