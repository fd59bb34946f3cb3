import Foundation
import NotesiteMarkdown
import Mustache

/// The Mustache templates of `Templates/` and the static files beside them (`Templates/assets/`).
public struct TemplateSet: Sendable {
    /// Templates every site needs.
    public static let required = ["home", "language", "note", "search", "not-found"]
    /// Templates a site with reference data (`Content/data/`) needs too.
    public static let referenceTemplates = ["reference-index", "reference-page", "collapse-table"]

    let library: MustacheLibrary
    /// The chrome's words in each language (`strings.yml`).
    public let strings: Strings
    let names: Set<String>
    /// Files under `assets/`, as paths below the templates folder, copied to the output unchanged.
    let assets: [String]
    let root: URL

    /// Loads every `*.mustache` file below `folder`; a template that does not parse stops the run, with its position.
    public init(folder: URL, displayPath: String) throws {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: folder.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw NotesiteError.folderMissing(role: "templates", path: displayPath)
        }
        var library = MustacheLibrary()
        var names: Set<String> = []
        var assets: [String] = []
        var texts: [(path: String, text: String)] = []
        let base = folder.standardizedFileURL.path
        let enumerator = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            if relative.hasPrefix("assets/") {
                if !url.lastPathComponent.hasPrefix(".") { assets.append(relative) }
                continue
            }
            guard url.pathExtension == "mustache" else { continue }
            // Partials sit beside the page templates; every page template reads strings.yml through `t`.
            let name = String(relative.dropLast(".mustache".count))
            guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                throw NotesiteError.unreadable(path: "\(displayPath)/\(relative)", reason: "not readable UTF-8 text")
            }
            do {
                try library.register(text, named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw NotesiteError.templates(
                    "\(displayPath)/\(relative):\(error.context.lineNumber):\(error.context.columnNumber): error: the template does not parse: \(error.error) [template.invalid]")
            }
            names.insert(name)
            texts.append(("\(displayPath)/\(relative)", text))
        }
        let missing = Self.required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw NotesiteError.templates("\(displayPath): error: the templates folder has no \(missing.map { "\($0).mustache" }.joined(separator: ", ")) [template.missing]")
        }
        self.names = names
        self.library = library
        self.strings = try Strings.load(folder.appendingPathComponent("strings.yml"), displayPath: "\(displayPath)/strings.yml")
        var diagnostics: [Diagnostic] = []
        for template in texts.sorted(by: { $0.path < $1.path }) {
            diagnostics += try Self.lint(template.text, path: template.path, partials: names, strings: Set(strings.all(for: .en).keys))
        }
        self.diagnostics = diagnostics
        self.assets = assets.sorted()
        self.root = folder
    }

    /// Warnings about the templates: variables no page provides (they would render as nothing).
    public let diagnostics: [Diagnostic]

    /// The names a page's context provides (see `PageRenderer` and `ReferenceSite`); `t.<key>` reads strings.yml.
    static let variables: Set<String> = [
        "alternates", "author", "body", "calledWhen", "code", "collapseTableHref", "container", "count", "current",
        "date", "dateText", "declaration", "deprecated", "diagrams", "entries", "events", "favicon", "feedHref",
        "groups", "hasMentions", "hasNeighbours", "hasTOC", "hasTranslations", "homeHref", "href", "hreflang",
        "htmlLang", "id", "introduced", "isDelegate", "isTranslation", "kind", "label", "languageIndex",
        "languageName", "languages", "mentions", "mirror", "name", "next", "note", "noteCount", "notes", "page",
        "pageTitle", "pages", "previous", "referenceHref", "replacement", "replacementNote", "returns", "root",
        "script", "searchHref", "section", "slug", "source", "spellings", "stylesheet", "sub", "summary", "svg",
        "swift", "t", "table", "text", "title", "toc", "translations", "url",
    ]

    /// Checks one template's tags: a partial that does not exist stops the run (`template.missing-partial`); a
    /// variable no page provides, or a `t.` key strings.yml lacks, is a warning (`template.unknown-variable`).
    static func lint(_ text: String, path: String, partials: Set<String>, strings: Set<String>) throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let bytes = Array(text.utf8)
        var line = 1
        var lineStart = 0
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "\n") {
                line += 1
                lineStart = i + 1
                i += 1
                continue
            }
            guard bytes[i] == UInt8(ascii: "{"), bytes[i + 1] == UInt8(ascii: "{") else { i += 1; continue }
            let start = i
            var j = i + 2
            var sigil: UInt8 = 0
            if j < bytes.count, [UInt8(ascii: "{"), UInt8(ascii: "&"), UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"),
                                 UInt8(ascii: ">"), UInt8(ascii: "!"), UInt8(ascii: "=")].contains(bytes[j]) {
                sigil = bytes[j]
                j += 1
            }
            var end = j
            while end + 1 < bytes.count, !(bytes[end] == UInt8(ascii: "}") && bytes[end + 1] == UInt8(ascii: "}")) { end += 1 }
            let name = String(decoding: bytes[j..<min(end, bytes.count)], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            let location = SourceLocation(line: line, column: start - lineStart + 1)
            i = end + 2
            switch sigil {
            case UInt8(ascii: "!"), UInt8(ascii: "/"), UInt8(ascii: "="):
                continue
            case UInt8(ascii: ">"):
                if !partials.contains(name) {
                    throw NotesiteError.templates("\(path):\(location.line):\(location.column): error: the partial '\(name)' does not exist; add \(name).mustache beside the templates or correct the name [template.missing-partial]")
                }
            default:
                guard name != "." else { continue }
                let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
                guard let first = parts.first else { continue }
                if !variables.contains(first) {
                    let nearest = NearMiss.best(for: first, in: Array(variables).sorted()).map { " (did you mean '\($0)'?)" } ?? ""
                    diagnostics.append(Diagnostic(.warning, "template.unknown-variable", file: path, at: location,
                                                  "no page provides '\(first)', so it renders as nothing\(nearest); correct the name"))
                } else if first == "t", parts.count == 2, !strings.contains(parts[1]) {
                    let nearest = NearMiss.best(for: parts[1], in: Array(strings).sorted()).map { " (did you mean 't.\($0)'?)" } ?? ""
                    diagnostics.append(Diagnostic(.warning, "template.unknown-variable", file: path, at: location,
                                                  "strings.yml has no '\(parts[1])', so it renders as nothing\(nearest); add it to strings.yml or correct the name"))
                }
            }
        }
        return diagnostics
    }

    /// Stops the run when one of `required` is missing.
    func require(_ required: [String], displayPath: String) throws {
        let missing = required.filter { !names.contains($0) }
        guard missing.isEmpty else {
            throw NotesiteError.templates("\(displayPath): error: the templates folder has no \(missing.map { "\($0).mustache" }.joined(separator: ", ")) [template.missing]")
        }
    }

    func render(_ name: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: name) ?? ""
    }
}
