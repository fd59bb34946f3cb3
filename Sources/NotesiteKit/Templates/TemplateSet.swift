import Foundation
import NotesiteMarkdown

/// The Mustache templates of `Templates/` and the static files beside them (`Templates/assets/`).
public struct TemplateSet: Sendable {
    /// Templates every site needs.
    public static let required = ["home", "language", "note", "search", "not-found", "tag"]
    /// Templates a site with reference data (`Content/data/`) needs too.
    public static let referenceTemplates = ["reference-index", "reference-page", "collapse-table"]

    /// Every template by name (its path below the folder, without `.mustache`): pages and partials alike.
    let templates: [String: Template]
    /// The chrome's words in each language (`strings.yml`), with the site's own title and description in place.
    public let strings: Strings
    /// Files under `assets/`, as paths below the templates folder, copied to the output unchanged.
    let assets: [String]
    /// Where each asset comes from: the project's templates folder, or the defaults compiled into notesite.
    private let assetSources: [String: AssetSource]
    /// The project's templates folder; it may not exist, and then every file is a default.
    let root: URL
    /// What `notesite.toml` says: the site's languages, its words and its menu.
    public let site: SiteConfig

    enum AssetSource: Sendable {
        case file(URL)
        case embedded(String)
    }

    /// Loads every `*.mustache` file below `folder`; a template that does not parse stops the run, with its position.
    /// `folder` must exist; see `init(folder:displayPath:required:site:)`.
    public init(folder: URL, displayPath: String) throws {
        try self.init(folder: folder, displayPath: displayPath, required: true, site: .default)
    }

    /// The default templates (`EmbeddedTemplates`), each replaced by the file of the same path below `folder` where
    /// there is one: a project overrides them file by file. A missing `folder` stops the run when `required` (the
    /// user named it), and is no override at all when not.
    public init(folder: URL, displayPath: String, required: Bool, site: SiteConfig) throws {
        let fm = FileManager.default
        if required || fm.fileExists(atPath: folder.path) {
            try NotesiteError.requireFolder(folder, role: "templates", displayPath: displayPath)
        }
        // Path below the folder → (display path, text or file).
        var files: [String: (display: String, source: AssetSource)] = [:]
        for path in EmbeddedTemplates.paths {
            files[path] = ("\(EmbeddedTemplates.displayRoot)/\(path)", .embedded(EmbeddedTemplates.text(path)!))
        }
        let base = folder.standardizedFileURL.path
        if fm.fileExists(atPath: folder.path) {
            let enumerator = fm.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            while let url = enumerator?.nextObject() as? URL {
                let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else {
                    // A named pipe or a device in the templates would be read for good, and one that is skipped
                    // would leave the built-in file in its place without a word: either is an error that names it.
                    var info = stat()
                    if stat(url.path, &info) == 0, let kind = ContentLoader.notAFile(info.st_mode), kind != "a folder",
                       !relative.split(separator: "/").contains(where: ContentLoader.isIgnored) {
                        throw NotesiteError.templates(Diagnostic(TemplateRule.unreadable, file: "\(displayPath)/\(relative)", at: nil,
                                                                 "it is \(kind), not a file; make it a file, or remove it to use the built-in one"))
                    }
                    continue
                }
                if relative.split(separator: "/").contains(where: ContentLoader.isIgnored) { continue }
                files[relative] = ("\(displayPath)/\(relative)", .file(url))
            }
        }
        var templates: [String: Template] = [:]
        var assets: [String: AssetSource] = [:]
        var paths: [String: String] = [:]
        for (relative, file) in files {
            if relative.hasPrefix("assets/") {
                assets[relative] = file.source
                continue
            }
            guard relative.hasSuffix(".mustache") else { continue }
            // Partials sit beside the page templates; every page template reads strings.yml through `t`.
            let name = String(relative.dropLast(".mustache".count))
            let text: String
            switch file.source {
            case .embedded(let embedded): text = embedded
            case .file(let url):
                guard let read = try? String(contentsOf: url, encoding: .utf8) else {
                    throw NotesiteError.unreadable(path: file.display, reason: "not readable UTF-8 text")
                }
                text = read
            }
            do {
                templates[name] = try Template(parsing: text)
            } catch {
                throw NotesiteError.templates(Diagnostic(TemplateRule.invalid, file: file.display, at: error.location,
                                                         "the template does not parse: \(error.message)"))
            }
            paths[name] = file.display
        }
        try Self.require(Self.required, among: templates, displayPath: displayPath)
        self.templates = templates
        let strings: Strings
        switch files["strings.yml"] {
        case (let display, .file(let url))?:
            strings = try Strings.load(url, displayPath: display)
        case (let display, .embedded(let text))?:
            strings = try Strings.parse(text, displayPath: display)
        case nil:
            strings = try Strings.load(folder.appendingPathComponent("strings.yml"), displayPath: "\(displayPath)/strings.yml")
        }
        var diagnostics: [Diagnostic] = []
        let keys = Set(strings.all(for: .en).keys), partials = Set(templates.keys)
        for (name, path) in paths.sorted(by: { $0.value < $1.value }) {
            diagnostics += try Self.lint(templates[name]!.nodes, path: path, partials: partials, strings: keys)
        }
        // A language the strings do not speak has its chrome in English: said once per language, as a remark.
        let stringsDisplay = files["strings.yml"]?.display ?? "\(displayPath)/strings.yml"
        for language in site.languages.all {
            let missing = strings.missingKeys(in: language)
            guard !missing.isEmpty else { continue }
            let named = missing.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (missing.count > 3 ? " and \(missing.count - 3) more" : "")
            diagnostics.append(Diagnostic(.note, TemplateRule.unknownVariable, file: stringsDisplay, at: nil,
                                          "strings.yml has no \(missing.count == keys.count ? "words" : "\(named)") for \(language.code) (\(language.englishName)), so its pages show \(missing.count == keys.count ? "their labels" : "them") in English; add a `\(language.code):` section with its words to Templates/strings.yml"))
        }
        self.strings = strings.withSiteWords(site)
        self.diagnostics = diagnostics
        self.assets = assets.keys.sorted()
        self.assetSources = assets
        self.root = folder
        self.site = site
    }

    /// The asset at `path` (one of `assets`) as a file of the site.
    func assetFile(_ path: String) -> OutputFile {
        switch assetSources[path] {
        case .file(let url)?: OutputFile(path: path, contents: .copy(url))
        case .embedded(let text)?: OutputFile(path: path, contents: .text(text))
        case nil: OutputFile(path: path, contents: .copy(root.appendingPathComponent(path)))
        }
    }

    /// Warnings about the templates: variables no page provides (they would render as nothing).
    public let diagnostics: [Diagnostic]

    /// The names a page's context provides (see `PageRenderer` and `ReferenceSite`); `t.<key>` reads strings.yml.
    static let variables: Set<String> = [
        "alternates", "author", "body", "calledWhen", "code", "collapseTableHref", "container", "count", "countText", "current",
        "date", "dateText", "declaration", "deprecated", "diagrams", "entries", "entryList", "events", "favicon", "feedHref",
        "groups", "hasEntryList", "hasMentions", "hasNeighbours", "hasTags", "hasTOC", "hasTranslations", "homeHref", "href", "hreflang", "inReference", "isSearchPage",
        "isDraft", "isTagIndex", "tag", "tags", "tagsHref",
        "breakName", "deprecatedEntries", "hasDeprecated", "hasPages", "isDeprecated", "isNested", "isOverview", "items", "names",
        "nestedList", "number", "outcome", "receiver", "steps", "topics",
        "htmlLang", "id", "introduced", "isDelegate", "isTranslation", "kind", "label", "languageIndex",
        "languageList", "languageName", "languages", "mentions", "mirror", "name", "next", "note", "noteCount", "noteCountText", "notes", "page",
        "pageTitle", "pages", "previous", "referenceHref", "replacement", "replacementNote", "returns", "root",
        "script", "searchHref", "searchLanguage", "searchMode", "section", "slug", "source", "spellings", "stylesheet", "sub", "summary", "svg",
        "swift", "t", "table", "text", "title", "titleHTML", "titleID", "toc", "translations", "url",
        // The head's description and link-preview tags (`PageRenderer.headTags`), the 404 page's script, the home page.
        "alternateLocales", "description", "hasGroups", "headScript", "locale", "og", "siteName", "type",
        // `notesite.toml`'s menu and words, and the page's writing direction.
        "menu", "site", "dir",
    ]

    /// Checks one template's tags: a partial that does not exist stops the run (`template.missing-partial`); a
    /// variable no page provides, or a `t.` key strings.yml lacks, is a warning (`template.unknown-variable`).
    static func lint(_ nodes: [Template.Node], path: String, partials: Set<String>, strings: Set<String>) throws -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for node in nodes {
            switch node {
            case .text:
                break
            case .partial(let partial, _, let location):
                if !partials.contains(partial) {
                    throw NotesiteError.templates(Diagnostic(TemplateRule.missingPartial, file: path, at: location,
                                                             "the partial '\(partial)' does not exist; add \(partial).mustache beside the templates or correct the name"))
                }
            case .variable(let name, _):
                diagnostics += lint(name, path: path, strings: strings)
            case .section(let name, let body, _):
                diagnostics += lint(name, path: path, strings: strings)
                diagnostics += try lint(body, path: path, partials: partials, strings: strings)
            }
        }
        return diagnostics
    }

    private static func lint(_ name: Template.Name, path: String, strings: Set<String>) -> [Diagnostic] {
        guard let first = name.parts.first else { return [] }
        if !variables.contains(first) {
            let nearest = NearMiss.best(for: first, in: Array(variables).sorted()).map { " (did you mean '\($0)'?)" } ?? ""
            return [Diagnostic(TemplateRule.unknownVariable, file: path, at: name.location,
                               "no page provides '\(first)', so it renders as nothing\(nearest); correct the name")]
        }
        let key = name.parts.dropFirst().joined(separator: ".")
        guard first == "t", !key.isEmpty, !strings.contains(key) else { return [] }
        let nearest = NearMiss.best(for: key, in: Array(strings).sorted()).map { " (did you mean 't.\($0)'?)" } ?? ""
        return [Diagnostic(TemplateRule.unknownVariable, file: path, at: name.location,
                           "strings.yml has no '\(key)', so it renders as nothing\(nearest); add it to strings.yml or correct the name")]
    }

    /// Stops the run when one of `required` is missing.
    func require(_ required: [String], displayPath: String) throws {
        try Self.require(required, among: templates, displayPath: displayPath)
    }

    private static func require(_ required: [String], among templates: [String: Template], displayPath: String) throws {
        let missing = required.filter { templates[$0] == nil }
        guard missing.isEmpty else {
            throw NotesiteError.templates(Diagnostic(TemplateRule.missing, file: displayPath, at: nil,
                                                     "the templates folder has no \(missing.map { "\($0).mustache" }.joined(separator: ", "))"))
        }
    }

    /// The page `name` fills in from `context`, as UTF-8 bytes.
    /// `reserving`: room for that many bytes more than a page usually needs, for a page known to be large.
    func render(_ name: String, _ context: TemplateContext, reserving: Int = 0) -> [UInt8] {
        templates[name]?.render(context, partials: templates, reserving: reserving).bytes ?? []
    }
}
