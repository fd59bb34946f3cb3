import Foundation
import Yams

/// One note's text taken apart for importing: its front matter (YAML, TOML or none) and its body, which is written
/// again byte for byte after the front matter notesite needs.
struct NoteConversion {
    enum FrontMatterStyle: Equatable {
        case none, yaml, toml
        /// A `---` line that opens front matter no line closes: the file cannot be split into the two.
        case unclosed
    }

    let style: FrontMatterStyle
    /// The line end the file uses (`\r\n` when its first line ends so), for the lines added to its front matter.
    let lineEnd: String
    /// YAML: the lines between the opening and the closing line, each with its line end, as written.
    let yamlLines: Substring
    /// YAML: the closing line (`---` or `...`) as written, without its line end.
    let closingLine: Substring
    /// Everything after the front matter, as written.
    let body: Substring
    /// TOML front matter, as read.
    let toml: TOMLFrontMatter?
    /// The top-level keys the front matter has.
    let keys: Set<String>
    /// The values notesite reads that the front matter gives, as written.
    let title: String?
    let date: String?
    let lang: String?
    /// `source.path`, `source.url` and `source.commit`, when `source` is a mapping.
    let sourcePath: String?
    let sourceURL: String?
    let sourceCommit: String?
    /// Why the YAML front matter cannot be read, when it cannot.
    let yamlProblem: String?

    /// `text`: the file's text, without a byte-order mark.
    init(_ text: String) {
        // `\r\n` is one `Character`.
        let firstLineEnd = text.firstIndex { $0 == "\n" || $0 == "\r\n" }
        lineEnd = firstLineEnd.map { text[$0] == "\r\n" ? "\r\n" : "\n" } ?? "\n"
        var toml: TOMLFrontMatter?
        var yamlLines: Substring = ""
        var closingLine: Substring = ""
        var body = Substring(text)
        var style = FrontMatterStyle.none
        // The first line says which front matter the note has: `---` YAML, `+++` TOML (Hugo's).
        let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        // `FrontMatterSplit` reads `\n` line ends; a file with `\r\n` is split as the same lines of its `\n` copy.
        let split = firstLine == "---" ? FrontMatterSplit(lineEnd == "\r\n" ? text.replacingOccurrences(of: "\r\n", with: "\n") : text) : nil
        if firstLine == "+++" {
            if let (tomlText, tomlBody) = TOMLFrontMatter.split(text) {
                style = .toml
                toml = TOMLFrontMatter(tomlText)
                body = tomlBody
            } else {
                style = .unclosed
            }
        } else if let split, !(split.hasFrontMatter && split.isClosed) {
            style = .unclosed
        } else if let split {
            style = .yaml
            let lines = Self.lineStarts(text, count: split.bodyFirstLine)
            yamlLines = text[lines[1]..<lines[split.bodyFirstLine - 2]]
            closingLine = text[lines[split.bodyFirstLine - 2]..<lines[split.bodyFirstLine - 1]]
            while let last = closingLine.last, last == "\n" || last == "\r\n" || last == "\r" { closingLine = closingLine.dropLast() }
            body = text[lines[split.bodyFirstLine - 1]...]
        }
        self.style = style
        self.yamlLines = yamlLines
        self.closingLine = closingLine
        self.body = body
        self.toml = toml

        var keys: Set<String> = []
        var values: [String: String] = [:]
        var source: (path: String?, url: String?, commit: String?) = (nil, nil, nil)
        var problem: String?
        switch style {
        case .yaml:
            let yaml = String(yamlLines).replacingOccurrences(of: "\r\n", with: "\n")
            do {
                if let root = try Yams.compose(yaml: yaml) {
                    if let mapping = root.mapping {
                        for (key, value) in mapping {
                            guard let key = key.string else { continue }
                            keys.insert(key)
                            if let scalar = value.scalar { values[key] = scalar.string }
                            if key == "source", let inner = value.mapping {
                                source = (inner["path"]?.scalar?.string, inner["url"]?.scalar?.string, inner["commit"]?.scalar?.string)
                            }
                        }
                    } else {
                        problem = "it is not a mapping of keys to values"
                    }
                }
            } catch {
                problem = Self.firstLine(of: "\(error)")
                // The keys as lines that start with one, so that none is written twice.
                for line in yaml.split(separator: "\n") {
                    guard let colon = line.firstIndex(of: ":"), let first = line.first, first.isLetter || first == "_" else { continue }
                    keys.insert(String(line[..<colon]).trimmingCharacters(in: .whitespaces))
                }
            }
        case .toml:
            for (key, value) in toml?.pairs ?? [] {
                keys.insert(key)
                switch value {
                case .string(let text), .bare(let text): values[key] = text
                case .list: break
                }
            }
        case .none, .unclosed: break
        }
        func nonEmpty(_ key: String) -> String? {
            values[key].flatMap { $0.trimmingCharacters(in: .whitespaces).isEmpty ? nil : $0 }
        }
        title = nonEmpty("title")
        date = nonEmpty("date")
        lang = nonEmpty("lang")
        (sourcePath, sourceURL, sourceCommit) = source
        self.keys = keys
        yamlProblem = problem
    }

    /// What the importer adds to the front matter: only keys the note does not have.
    struct Additions: Equatable {
        var title: String?
        var date: NoteDate?
        var lang: Language?
        var draft = false
        var source: (path: String, url: String?, commit: String?)?

        static func == (a: Additions, b: Additions) -> Bool {
            a.title == b.title && a.date == b.date && a.lang == b.lang && a.draft == b.draft
                && a.source?.path == b.source?.path && a.source?.url == b.source?.url && a.source?.commit == b.source?.commit
        }

        /// The YAML lines, each ending in `lineEnd`.
        func lines(lineEnd: String) -> String {
            var out = ""
            if let title { out += "title: \(YAMLScalar.quoted(title))\(lineEnd)" }
            if let date { out += "date: \(date)\(lineEnd)" }
            if let lang { out += "lang: \(lang.rawValue)\(lineEnd)" }
            if draft { out += "draft: true\(lineEnd)" }
            if let source {
                out += "source:\(lineEnd)"
                out += "  path: \(YAMLScalar.quoted(source.path))\(lineEnd)"
                if let url = source.url { out += "  url: \(YAMLScalar.quoted(url))\(lineEnd)" }
                if let commit = source.commit { out += "  commit: \(YAMLScalar.quoted(commit))\(lineEnd)" }
            }
            return out
        }
    }

    /// The note as the importer writes it: YAML front matter (the note's own lines as written, or its TOML's
    /// pairs as YAML) with `additions` after them, then the body as written.
    func text(adding additions: Additions) -> String {
        var out = "---" + lineEnd
        switch style {
        case .yaml:
            out += yamlLines
            // A last line without its line end (`---\na: b---`) cannot be; the split ends every line.
            out += additions.lines(lineEnd: lineEnd)
            out += closingLine + lineEnd
        case .toml:
            out += (toml?.yamlLines(lineEnd: lineEnd) ?? []).joined()
            out += additions.lines(lineEnd: lineEnd)
            out += "---" + lineEnd
        case .none, .unclosed:
            out += additions.lines(lineEnd: lineEnd)
            out += "---" + lineEnd
        }
        return out + body
    }

    /// Where each of the first `count` lines of `text` starts, and where the one after them does (or the text's
    /// end).
    private static func lineStarts(_ text: String, count: Int) -> [String.Index] {
        var starts = [text.startIndex]
        var index = text.startIndex
        while starts.count < count, index < text.endIndex {
            if text[index] == "\n" || text[index] == "\r\n" { starts.append(text.index(after: index)) }
            index = text.index(after: index)
        }
        while starts.count < count { starts.append(text.endIndex) }
        return starts
    }

    private static func firstLine(of text: String) -> String {
        String(text.split(separator: "\n").first ?? "").trimmingCharacters(in: .whitespaces)
    }
}
