import Foundation
import NotesiteMarkdown
import TOMLKit

extension SiteConfig {
    /// The file a project's settings are in, at its root beside `Content/`.
    public static let fileName = "notesite.toml"

    /// Reads `url`; no file there is every default. A file that is not TOML keeps every default, with the parse
    /// error at its line and column; a setting with a wrong value keeps its default, with a `config.invalid` error;
    /// an unknown key is a `config.unknown-key` warning with the nearest known key as a fix-it.
    /// Throws only when the file is there but cannot be read.
    public static func load(_ url: URL, displayPath: String) throws -> SiteConfig {
        let text: String
        switch ContentLoader.contents(ofFile: url.path) {
        case .failure(let failure) where failure.code == ENOENT:
            return SiteConfig()
        case .failure(let failure):
            throw NotesiteError.unreadable(path: displayPath, reason: failure.reason)
        case .success(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                var config = SiteConfig()
                config.file = displayPath
                config.diagnostics = [Diagnostic(ConfigRule.invalid, file: displayPath, at: nil, "the file is not UTF-8 text; save it as UTF-8")]
                return config
            }
            text = decoded
        }
        return parse(text, displayPath: displayPath)
    }

    /// The settings `text` gives, read as `load` reads a file.
    public static func parse(_ text: String, displayPath: String) -> SiteConfig {
        var reader = ConfigReader(text: text, file: displayPath)
        var config = reader.read()
        config.file = displayPath
        config.diagnostics = reader.diagnostics.sortedForDisplay()
        return config
    }
}

/// Reads one `notesite.toml`: TOMLKit parses it, `TOMLPlaces` says where each key is, and every key is checked
/// against the settings notesite knows.
struct ConfigReader {
    let text: String
    let file: String
    private let lines: [Substring]
    private var places: TOMLPlaces
    private(set) var diagnostics: [Diagnostic] = []

    init(text: String, file: String) {
        self.text = text
        self.file = file
        lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        places = TOMLPlaces(text)
    }

    static let topKeys = ["site", "languages", "menu", "swift", "check"]
    static let siteKeys = ["title", "description", "author", "base_url"]
    static let languageKeys = ["code", "name", "english_name", "dir", "html_lang", "search"]
    static let menuKeys = ["label", "url"]
    static let swiftKeys = ["default_era"]
    static let checkKeys = ["rules"]
    /// `default_era`'s values besides the Swift versions a note's `swift:` takes.
    static let inferEra = "infer"

    mutating func read() -> SiteConfig {
        var config = SiteConfig()
        let table: TOMLTable
        do {
            table = try TOMLTable(string: text)
        } catch let error as TOMLParseError {
            let line = max(1, error.source.begin.line)
            report(.invalid, at: SourceLocation(line: line, column: byteColumn(line: line, scalarColumn: error.source.begin.column)),
                   "the file is not valid TOML: \(error.description); every setting keeps its default until it is")
            return config
        } catch {
            report(.invalid, at: SourceLocation(line: 1, column: 1), "the file is not valid TOML: \(error)")
            return config
        }
        checkKeys(of: table, at: [], known: Self.topKeys, what: "a setting")

        // Languages first: the per-language tables name them.
        if let item = table["languages"] {
            if let languages = readLanguages(item) { config.languages = languages }
        }
        if let site = self.table(table["site"], at: ["site"]) {
            checkKeys(of: site, at: ["site"], known: Self.siteKeys, what: "a setting of [site]")
            config.title = words(site["title"], at: ["site", "title"], languages: config.languages) ?? config.title
            config.description = words(site["description"], at: ["site", "description"], languages: config.languages) ?? config.description
            if let item = site["author"] { config.author = string(item, at: ["site", "author"]) }
            if let item = site["base_url"], let url = string(item, at: ["site", "base_url"]) {
                if let problem = Self.baseURLProblem(url) {
                    report(.invalid, at: valueAt(["site", "base_url"]), "`base_url` is '\(url)': \(problem)")
                } else {
                    config.baseURL = url
                }
            }
        }
        if let item = table["menu"] { config.menu = readMenu(item, languages: config.languages) }
        if let swift = self.table(table["swift"], at: ["swift"]) {
            checkKeys(of: swift, at: ["swift"], known: Self.swiftKeys, what: "a setting of [swift]")
            if let item = swift["default_era"], let era = string(item, at: ["swift", "default_era"]) {
                if era == Self.inferEra {
                    config.defaultSwiftEra = nil
                } else if NoteMetadata.swiftVersions.contains(era) {
                    config.defaultSwiftEra = era
                } else {
                    report(.invalid, at: valueAt(["swift", "default_era"]),
                           "`default_era` is '\(era)'; use \"\(Self.inferEra)\" (from each note's code and date) or a Swift version: \(NoteMetadata.swiftVersions.joined(separator: ", "))")
                }
            }
        }
        if let check = self.table(table["check"], at: ["check"]) {
            checkKeys(of: check, at: ["check"], known: Self.checkKeys, what: "a setting of [check]")
            if let rules = self.table(check["rules"], at: ["check", "rules"]) {
                config.rules = readRules(rules)
            }
        }
        return config
    }

    // MARK: Sections

    private mutating func readLanguages(_ item: TOMLValueConvertible) -> SiteLanguages? {
        guard let array = item.array else {
            report(.invalid, at: valueAt(["languages"]), "`languages` must be a list of tables, one `[[languages]]` with a `code` each")
            return nil
        }
        var languages: [Language] = []
        for (n, element) in array.enumerated() {
            let path = ["languages", "[\(n)]"]
            guard let entry = element.table else {
                report(.invalid, at: valueAt(path), "each of `languages` must be a table with a `code`, such as `{ code = \"ja\" }`")
                continue
            }
            checkKeys(of: entry, at: path, known: Self.languageKeys, what: "a setting of a language")
            guard let codeItem = entry["code"] else {
                report(.invalid, at: valueAt(path), "this language has no `code`; add one, such as `code = \"ja\"`: it names the notes' folder, notes/ja/")
                continue
            }
            guard let code = string(codeItem, at: path + ["code"]) else { continue }
            guard Language.isValidCode(code) else {
                report(.invalid, at: valueAt(path + ["code"]),
                       "`code` is '\(code)'; a code is 2 to 8 lowercase ASCII letters, optionally with a region or script after a hyphen (`ja`, `pt-br`, `zh-hant`)",
                       fix: code.lowercased() != code && Language.isValidCode(code.lowercased()) ? code.lowercased() : nil)
                continue
            }
            if languages.contains(where: { $0.code == code }) {
                report(.invalid, at: valueAt(path + ["code"]), "the language '\(code)' is listed twice; remove one")
                continue
            }
            var direction: Language.Direction?
            if let item = entry["dir"], let word = string(item, at: path + ["dir"]) {
                direction = Language.Direction(rawValue: word)
                if direction == nil { report(.invalid, at: valueAt(path + ["dir"]), "`dir` is '\(word)'; use \"ltr\" (left to right) or \"rtl\" (right to left)") }
            }
            var tokenizer: Language.Tokenizer?
            if let item = entry["search"], let word = string(item, at: path + ["search"]) {
                tokenizer = Language.Tokenizer(rawValue: word)
                if tokenizer == nil {
                    report(.invalid, at: valueAt(path + ["search"]),
                           "`search` is '\(word)'; use \"bigram\" (pairs of characters, for Han, Kana and Hangul) or \"words\" (words between spaces)")
                }
            }
            let name = entry["name"].flatMap { string($0, at: path + ["name"]) }
            let englishName = entry["english_name"].flatMap { string($0, at: path + ["english_name"]) }
            let htmlLang = entry["html_lang"].flatMap { string($0, at: path + ["html_lang"]) }
            languages.append(Language(code: code, nativeName: name, englishName: englishName, htmlLang: htmlLang,
                                      direction: direction, tokenizer: tokenizer))
        }
        guard !languages.isEmpty else {
            if !array.isEmpty { return nil }
            report(.invalid, at: valueAt(["languages"]), "`languages` is empty; list at least one, or leave it out for zh, ru and en")
            return nil
        }
        return SiteLanguages(languages)
    }

    private mutating func readMenu(_ item: TOMLValueConvertible, languages: SiteLanguages) -> [SiteConfig.MenuEntry] {
        guard let array = item.array else {
            report(.invalid, at: valueAt(["menu"]), "`menu` must be a list of tables, one `[[menu]]` with a `label` and a `url` each")
            return []
        }
        var entries: [SiteConfig.MenuEntry] = []
        for (n, element) in array.enumerated() {
            let path = ["menu", "[\(n)]"]
            guard let entry = element.table else {
                report(.invalid, at: valueAt(path), "each of `menu` must be a table with a `label` and a `url`")
                continue
            }
            checkKeys(of: entry, at: path, known: Self.menuKeys, what: "a setting of a menu entry")
            let label = words(entry["label"], at: path + ["label"], languages: languages)
            let url = entry["url"].flatMap { string($0, at: path + ["url"]) }
            guard let label, !label.isEmpty, let url, !url.isEmpty else {
                let missing = [label?.isEmpty == false ? nil : "`label`", url?.isEmpty == false ? nil : "`url`"].compactMap { $0 }
                report(.invalid, at: valueAt(path), "this menu entry has no \(missing.joined(separator: " and ")); give it both, such as `label = \"About\"` and `url = \"en/about.html\"`")
                continue
            }
            entries.append(SiteConfig.MenuEntry(label: label, url: url))
        }
        return entries
    }

    private mutating func readRules(_ rules: TOMLTable) -> RuleSeverities {
        var severities = RuleSeverities()
        let ids = RuleCatalog.all.map(\.id)
        for key in rules.keys.sorted(by: { order(["check", "rules", $0], ["check", "rules", $1]) }) {
            let path = ["check", "rules", key]
            guard RuleCatalog.rule(id: key) != nil else {
                unknown(key, at: path, known: ids, what: "a rule (`notesite check --list-rules` lists them)")
                continue
            }
            guard let word = string(rules[key]!, at: path) else { continue }
            guard let setting = RuleSeverities.Setting(word: word) else {
                report(.invalid, at: valueAt(path), "'\(word)' is not a severity; use \"error\", \"warning\", \"note\" or \"off\"",
                       fix: NearMiss.best(for: word, in: RuleSeverities.Setting.allCases.map(\.rawValue)))
                continue
            }
            severities.byRule[key] = setting
        }
        return severities
    }

    // MARK: Values

    /// A string, or a table of one string per language code.
    private mutating func words(_ item: TOMLValueConvertible?, at path: [String], languages: SiteLanguages) -> SiteConfig.SiteWords? {
        guard let item else { return nil }
        if let text = item.string { return SiteConfig.SiteWords(fallback: text) }
        guard let table = item.table else {
            report(.invalid, at: valueAt(path), "`\(path.last!)` must be a string, or a table of one string per language (`{ en = \"…\", zh = \"…\" }`)")
            return nil
        }
        var words = SiteConfig.SiteWords()
        let codes = languages.all.map(\.code)
        for key in table.keys.sorted(by: { order(path + [$0], path + [$1]) }) {
            guard codes.contains(key) else {
                unknown(key, at: path + [key], known: codes, what: "a language of the site (\(languages.codeList))")
                continue
            }
            if let text = string(table[key]!, at: path + [key]) { words.byLanguage[key] = text }
        }
        return words
    }

    private mutating func table(_ item: TOMLValueConvertible?, at path: [String]) -> TOMLTable? {
        guard let item else { return nil }
        guard let table = item.table else {
            report(.invalid, at: valueAt(path), "`\(path.joined(separator: "."))` must be a table (`[\(path.joined(separator: "."))]`)")
            return nil
        }
        return table
    }

    private mutating func string(_ item: TOMLValueConvertible, at path: [String]) -> String? {
        if let text = item.string { return text }
        report(.invalid, at: valueAt(path), "`\(path.last!)` must be a string in quotes")
        return nil
    }

    static func baseURLProblem(_ url: String) -> String? {
        if !(url.hasPrefix("https://") || url.hasPrefix("http://")) || url.contains(where: \.isWhitespace)
            || URL(string: url)?.host?.isEmpty != false {
            return "it must be an address that starts with https:// or http://, such as \"https://example.org/notes/\""
        }
        return nil
    }

    // MARK: Keys and places

    /// Reports the keys of `table` that are not `known`, in the order written.
    private mutating func checkKeys(of table: TOMLTable, at path: [String], known: [String], what: String) {
        for key in table.keys.sorted(by: { order(path + [$0], path + [$1]) }) where !known.contains(key) {
            unknown(key, at: path + [key], known: known, what: what)
        }
    }

    private mutating func unknown(_ key: String, at path: [String], known: [String], what: String) {
        let nearest = NearMiss.best(for: key, in: known)
        let place = places[path]
        let parent = path.dropLast().filter { !$0.hasPrefix("[") }.joined(separator: ".")
        var message = "'\(key)' is not \(what), so it is ignored"
        if let nearest {
            message += "; did you mean '\(nearest)'?"
        } else if known.count <= 12 {
            message += "; \(parent.isEmpty ? "the file's" : "[\(parent)]'s") keys are \(known.joined(separator: ", "))"
        }
        var fixIts: [Diagnostic.FixIt] = []
        if let nearest, let place, !place.written.isEmpty {
            let replacement = place.written.hasPrefix("\"") ? "\"\(nearest)\"" : place.written.hasPrefix("'") ? "'\(nearest)'" : nearest
            fixIts = [Diagnostic.FixIt(at: place.key, replacing: place.written, with: replacement)]
        }
        diagnostics.append(Diagnostic(ConfigRule.unknownKey, file: file, at: place?.key ?? SourceLocation(line: 1, column: 1), message, fixIts: fixIts))
    }

    /// The order keys are written in (TOMLKit lists them sorted).
    private func order(_ a: [String], _ b: [String]) -> Bool {
        let l = places[a]?.key ?? SourceLocation(line: .max, column: 0)
        let r = places[b]?.key ?? SourceLocation(line: .max, column: 0)
        return l != r ? l < r : a.last! < b.last!
    }

    private func valueAt(_ path: [String]) -> SourceLocation {
        places[path]?.value ?? places[Array(path.dropLast())]?.key ?? SourceLocation(line: 1, column: 1)
    }

    /// `fix`: the string that should stand at `location` instead of the quoted one there.
    private mutating func report(_ rule: ConfigRule, at location: SourceLocation, _ message: String, fix: String? = nil) {
        var fixIts: [Diagnostic.FixIt] = []
        if let fix, let original = currentText(at: location) {
            fixIts = [Diagnostic.FixIt(at: location, replacing: original, with: "\"\(fix)\"")]
        }
        diagnostics.append(Diagnostic(rule, file: file, at: location, message, fixIts: fixIts))
    }

    /// The quoted string that starts at `location`, quotes included.
    private func currentText(at location: SourceLocation) -> String? {
        guard location.line >= 1, location.line <= lines.count else { return nil }
        let bytes = Array(lines[location.line - 1].utf8).dropFirst(location.column - 1)
        guard let quote = bytes.first, quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'"),
              let close = bytes.dropFirst().firstIndex(of: quote) else { return nil }
        return String(decoding: bytes[bytes.startIndex...close], as: UTF8.self)
    }

    /// TOML's columns count characters; a finding's count bytes, as every other finding's do.
    private func byteColumn(line: Int, scalarColumn: Int) -> Int {
        guard line >= 1, line <= lines.count else { return max(1, scalarColumn) }
        let scalars = lines[line - 1].unicodeScalars
        return scalars.prefix(max(0, scalarColumn - 1)).reduce(0) { $0 + String($1).utf8.count } + 1
    }
}
