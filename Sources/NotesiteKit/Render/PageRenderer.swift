import Foundation
import NotesiteMarkdown

/// Stage 5b: puts rendered notes into the templates and produces every page of the site.
public struct PageRenderer: Sendable {
    public let index: SiteIndex
    public let templates: TemplateSet
    /// The reference pages and symbol links; nil when the content has no data folder.
    public let reference: ReferenceSite?
    /// The site's address (`--base-url`), for the head's absolute links; nil when it is not known.
    public let baseURL: String?
    private let resolver: LinkResolver

    public init(index: SiteIndex, templates: TemplateSet, reference: ReferenceSite? = nil, baseURL: String? = nil) {
        self.index = index
        self.templates = templates
        self.reference = reference
        self.baseURL = baseURL
        self.resolver = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: reference?.data ?? .empty))
    }

    /// The files at the top of the site that it writes itself, besides each language's pages (`languagePages`), and
    /// the folders that are wholly its own: a file under `notes/` must not be published over them.
    public static let siteFiles = ["index.html", "search.html", "404.html", "feed.xml", "sitemap.xml"]
    public static let siteFolders = ["assets", "reference"]

    /// The pages the site writes in each language's folder beside the notes (`zh/index.html`, `zh/search.html`),
    /// with what each one is: a note must not be named like one (`NoteParser`), nor a file published over one.
    public static let languagePages: KeyValuePairs<String, String> = [
        "index": "the list of the language's notes",
        "search": "the language's search page",
    ]

    /// Every file of the site that is neither a note's page nor in `siteFolders`: `siteFiles` and each language's
    /// pages.
    public static var ownFiles: [String] { ownFiles(Language.builtIn) }

    /// `siteFiles` and the pages of each of `languages`.
    static func ownFiles(_ languages: [Language]) -> [String] {
        siteFiles + languages.flatMap { language in languagePages.map { "\(language.rawValue)/\($0.key).html" } }
    }

    /// The search page in `language`'s words, at the top of the site when nil.
    static func searchPage(_ language: Language?) -> String {
        language.map { "\($0.rawValue)/search.html" } ?? "search.html"
    }

    /// The search pages: the site's, and one in each language that has notes.
    var searchPages: [String] {
        [Self.searchPage(nil)] + index.languages.map(Self.searchPage)
    }

    /// The search index script, which the search page loads.
    public static let searchIndexPath = "assets/search-index.js"

    /// The site's pages for readers, in path order: the lists, the notes and the reference (for the sitemap).
    public var readerPages: [String] {
        var pages = ["index.html"] + index.languages.map { "\($0.rawValue)/index.html" } + index.notes.map(\.outputPath)
            + TagIndex(index).pagePaths
        if let reference, !reference.data.isEmpty {
            pages += [ReferenceSite.indexPath] + reference.pageNames.map(ReferenceSite.pagePath)
            if reference.data.collapseTable != nil { pages.append(ReferenceSite.collapseTablePath) }
        }
        return pages.sorted()
    }

    /// What a run writes of the search index.
    public enum SearchFiles: Sendable {
        /// Nothing: the index is no page, and `check` only needs to know where it would be.
        case none
        /// The whole index's script (`SearchIndex.wholeScript`), made ahead: every note's entries in the index's
        /// order, then the reference's, `reference`, which get a text script of their own. The patch script is
        /// written empty.
        case whole(script: [UInt8], reference: [SearchIndex.Section])
        /// The entries of the notes edited since the index on disk was written, with the ids of the sections
        /// they replace there: only the patch script is written (`SearchIndex.patchScript`).
        /// `base` is the generation of the index on disk.
        case patch(SearchIndex, replacing: [Range<Int>], base: String)

        /// The whole index's files: `index`, holding every note's entries, with the reference's `reference` after.
        static func whole(_ index: consuming SearchIndex, reference: SearchIndex.Reference) -> SearchFiles {
            let sections = reference.sections
            return .whole(script: SearchIndex.wholeScript(index, reference: reference), reference: sections)
        }
    }

    /// The search page and its scripts (`search`), with the reference entries' text script; the 404 page; and with
    /// `feed`, the Atom feed and `sitemap.xml` when the site's address is known. Each note's text script is written
    /// with its page (`SearchIndex.shardFile`).
    public func sitePages(baseURL: String?, search: SearchFiles, feed: Bool = true) -> [OutputFile] {
        var files: [OutputFile] = []
        // A search page in each language the notes are written in, whose header links there, and the site's own
        // for the pages of no language. Each searches every note; its own language's sections come first among
        // equals. It has its own box: the header's would be a second, empty one.
        for language in [nil] + index.languages.map(Optional.some) {
            let path = Self.searchPage(language)
            // Its language links lead to the other languages' search pages.
            let counterparts = language == nil ? [:] : Dictionary(uniqueKeysWithValues: index.languages.map { ($0, Self.searchPage($0)) })
            var page = common(page: path, language: language, title: nil, counterparts: counterparts)
            page["isSearchPage"] = true
            if let language {
                page["searchLanguage"] = .string(language.rawValue)
                // search.js splits queries as the index split the language's notes.
                page["searchMode"] = .string(language.tokenizer.rawValue)
            }
            files.append(OutputFile(path: path, contents: .bytes(templates.render("search", page))))
        }
        files.append(notFoundPage(baseURL: baseURL))
        switch search {
        case .none:
            break
        case .whole(let script, let symbols):
            files.append(OutputFile(path: Self.searchIndexPath, contents: .bytes(script)))
            files.append(OutputFile(path: SearchIndex.patchPath, contents: .text(SearchIndex.emptyPatch)))
            if !symbols.isEmpty { files.append(SearchIndex.shardFile("reference", sections: symbols)) }
        case .patch(let patch, let removed, let base):
            // The reference's entries change only with the data, which rewrites the whole index.
            files.append(OutputFile(path: SearchIndex.patchPath, contents: .bytes(patch.patchScript(replacing: removed, base: base))))
        }
        guard feed else { return files }
        files.append(OutputFile(path: "feed.xml", contents: .text(SiteFeed.atom(index, title: templates.strings.text("site_title", in: .en), author: templates.site.author, baseURL: baseURL))))
        if let baseURL {
            files.append(OutputFile(path: "sitemap.xml", contents: .text(SiteFeed.sitemap(pages: readerPages + searchPages, baseURL: baseURL))))
        }
        return files
    }

    /// What the search index holds of the data: the reference's entries, after the notes', the collapse table,
    /// and the synonym groups (`SearchIndex.reference(of:)`).
    static func referenceSearchSections(_ data: ReferenceData?) -> SearchIndex.Reference {
        SearchIndex.reference(of: data)
    }

    /// The reference pages, the collapse table and `reference/symbols.json`.
    public func referencePages() -> [OutputFile] {
        referencePageJobs().parallelMap { $0() }.flatMap { $0 }
    }

    /// The same files, one job each, for a caller that runs them with its other jobs and writes each file as it
    /// comes.
    /// `symbolsFile`: whether `reference/symbols.json` is made with its contents (see `ReferenceSite.pageJobs`).
    public func referencePageJobs(symbolsFile: Bool = true) -> [@Sendable () -> [OutputFile]] {
        let jobs = reference?.pageJobs(templates: templates, symbolsFile: symbolsFile) { page, title in
            common(page: page, language: nil, title: title)
        } ?? []
        return jobs.map { job in { [job()] } }
    }

    /// The home page, one index page per language, and the tag pages (`tagPages`).
    public func listingPages() -> [OutputFile] {
        var pages: [OutputFile] = []
        var groups: [TemplateContext] = []
        let tags = TagIndex(index)
        for language in index.languages {
            let path = "\(language.rawValue)/index.html"
            groups.append([
                "code": .string(language.rawValue), "htmlLang": .string(language.htmlLang), "name": .string(language.nativeName),
                "href": .string(path), "notes": .list(noteSummaries(in: language, from: "index.html")),
                "noteCount": .int(index.notes(in: language).count),
            ])
            var context = common(page: path, language: language, title: templates.strings.text("notes_in_language", in: language))
            context["language"] = ["code": .string(language.rawValue), "name": .string(language.nativeName)]
            context["notes"] = .list(noteSummaries(in: language, from: path))
            if !tags.tags(in: language).isEmpty { context["tagsHref"] = .string(RelativeURL.from(path, to: TagIndex.indexPath(language))) }
            pages.append(OutputFile(path: path, contents: .bytes(templates.render("language", context))))
        }
        pages += tagPages(tags)
        var home = common(page: "index.html", language: nil, title: nil)
        home["groups"] = .list(groups)
        home["hasGroups"] = .bool(!groups.isEmpty)
        home["noteCount"] = .int(index.notes.count)
        home["noteCountText"] = .string(counted(index.notes.count, "study note"))
        // "Chinese, Russian and English", "English": the languages the notes are written in.
        let names = index.languages.map(\.englishName)
        if let last = names.last {
            home["languageList"] = .string(names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last)
        }
        pages.insert(OutputFile(path: "index.html", contents: .bytes(templates.render("home", home))), at: 0)
        return pages
    }

    /// The page of one note. `scans`: its code blocks as its parse analysed them, if it kept them.
    public func page(for note: Note, scans: CodeScanner.BlockScans? = nil) -> OutputFile {
        let path = note.outputPath
        // Without reference data, code is still coloured; it just links nowhere.
        var linker = reference?.linker(forPage: path)
            ?? SymbolLinker(finder: MentionFinder(resolver: SymbolResolver(list: .empty)), data: .empty, page: path)
        linker.scans = scans
        var hooks = linker.hooks
        // English from the renderer's own defaults where a strings file predates a key.
        let strings = templates.strings
        hooks.missingImageLabel = strings.text("image_missing", in: note.language, fallback: hooks.missingImageLabel)
        hooks.missingImagesLabel = { strings.missingImages($0, in: note.language) }
        hooks.headingAnchorLabel = strings.text("heading_anchor", in: note.language, fallback: hooks.headingAnchorLabel)
        hooks.taskDoneLabel = strings.text("task_done", in: note.language, fallback: hooks.taskDoneLabel)
        hooks.taskToDoLabel = strings.text("task_to_do", in: note.language, fallback: hooks.taskToDoLabel)
        hooks.footnotesLabel = strings.text("footnotes", in: note.language, fallback: hooks.footnotesLabel)
        hooks.footnoteBackLabel = strings.text("footnote_back", in: note.language, fallback: hooks.footnoteBackLabel)
        hooks.calloutTitle = { kind in strings.text("callout_\(kind)", in: note.language, fallback: DialectMarks.englishTitle(of: kind)) }
        let body = HTMLRenderer.renderMarkup(note, hooks: hooks) { destination, isImage in
            href(for: destination, from: note, isImage: isImage)
        }
        let translations = index.translations(of: note)
        var context = common(page: path, language: note.language, title: note.metadata.title, translations: translations)
        // The note's template writes the summary as its description; the previews describe the note by it too.
        if note.metadata.summary != nil { context["description"] = nil }
        context.merge(headTags(page: path, language: note.language, title: note.metadata.title, summary: note.metadata.summary,
                               isArticle: true, translations: translations, descriptionInTemplate: note.metadata.summary != nil)) { _, new in new }
        var fields: TemplateContext = ["title": .string(note.metadata.title), "slug": .string(note.slug),
                                       "titleHTML": .string(BreakOpportunities.html(note.metadata.title))]
        // A note titled by its first heading (`titleIsFirstHeading`): the body leaves it out; the title takes its id.
        if note.titleIsFirstHeading, let heading = note.headings.first { fields["titleID"] = .string(heading.id) }
        if let date = note.metadata.date {
            fields["date"] = .string(date.description)
            fields["dateText"] = .string(date.formatted(in: note.language))
        }
        fields["summary"] = note.metadata.summary.map(TemplateValue.string)
        fields["swift"] = note.metadata.swift.map(TemplateValue.string)
        if let source = note.metadata.source {
            var s: TemplateContext = [:]
            s["url"] = source.url.map(TemplateValue.string)
            s["author"] = source.author.map(TemplateValue.string)
            s["title"] = source.title.map(TemplateValue.string)
            s["mirror"] = source.mirror.map(TemplateValue.string)
            if !s.isEmpty { fields["source"] = .object(s) }
        }
        // Only `notesite serve` builds a draft, and says so on its page.
        if note.metadata.draft { fields["isDraft"] = true }
        let tags = tagLinks(of: note)
        if !tags.isEmpty {
            fields["tags"] = .list(tags)
            fields["hasTags"] = true
        }
        context["note"] = .object(fields)
        let levels = Self.contentsLevels(of: note)
        let toc: [TemplateContext] = note.headings.filter { levels.contains($0.level) }.map {
            ["id": .string($0.id), "text": .string($0.text), "sub": .bool($0.level == levels.upperBound)]
        }
        if !toc.isEmpty {
            context["toc"] = .list(toc)
            context["hasTOC"] = true
        }
        context["body"] = .html(body)
        if !translations.isEmpty {
            context["hasTranslations"] = true
            context["translations"] = .list(translations.map { other -> TemplateContext in
                ["href": .string(RelativeURL.from(path, to: other.outputPath)), "title": .string(other.metadata.title),
                 "htmlLang": .string(other.language.htmlLang), "languageName": .string(other.language.nativeName)]
            })
        }
        let (previous, next) = index.neighbours(of: note)
        if let previous {
            context["previous"] = ["href": .string(RelativeURL.from(path, to: previous.outputPath)), "title": .string(previous.metadata.title),
                                   "titleHTML": .string(BreakOpportunities.html(previous.metadata.title))]
        }
        if let next {
            context["next"] = ["href": .string(RelativeURL.from(path, to: next.outputPath)), "title": .string(next.metadata.title),
                               "titleHTML": .string(BreakOpportunities.html(next.metadata.title))]
        }
        context["hasNeighbours"] = .bool(previous != nil || next != nil)
        context["languageIndex"] = ["href": .string(RelativeURL.from(path, to: "\(note.language.rawValue)/index.html")),
                                    "name": .string(note.language.nativeName)]
        return OutputFile(path: path, contents: .bytes(templates.render("note", context)))
    }

    /// Static files: the templates' assets and the content's images.
    public func staticFiles(contentRoot: URL) -> [OutputFile] {
        templates.assets.map(templates.assetFile)
            + index.assets.sorted().map {
                OutputFile(path: $0, contents: .copy(contentRoot.appendingPathComponent("notes/" + $0)))
            }
    }

    /// Where a link in `note` leads on the site.
    /// A missing image becomes nil, so the page shows a placeholder rather than a broken image.
    func href(for destination: String, from note: Note, isImage: Bool = false) -> String? {
        switch resolver.target(of: destination, from: note.source.path, page: note) {
        case .external(let url): return url
        case .samePage(let fragment): return "#" + fragment
        case .note(let path, let fragment):
            return RelativeURL.from(note.outputPath, to: index.outputPath(ofSourcePath: path)!) + (fragment.map { "#" + $0 } ?? "")
        case .asset(let path, let suffix), .sitePage(let path, _, let suffix): return RelativeURL.from(note.outputPath, to: path) + suffix
        case .empty: return nil
        case .missing: return isImage ? nil : Self.rebased(destination, from: note)
        }
    }

    /// A relative link that leads nowhere, as written but from the note's page: the page of a folder's README.md
    /// stands one folder above the file, and the link is written from the file's folder.
    static func rebased(_ destination: String, from note: Note) -> String {
        let source = note.source.path, page = note.outputPath
        // Only where the page's folder is not the file's (`notes/en/a/README.md` → `en/a.html`).
        guard let sourceSlash = source.utf8.lastIndex(of: UInt8(ascii: "/")), let pageSlash = page.utf8.lastIndex(of: UInt8(ascii: "/")),
              source[..<sourceSlash] != "notes/" + page[..<pageSlash],
              LinkResolver.externalURL(destination) == nil, !destination.hasPrefix("#") else { return destination }
        let cut = destination.utf8.firstIndex { $0 == UInt8(ascii: "#") || $0 == UInt8(ascii: "?") } ?? destination.endIndex
        let path = destination[..<cut]
        guard !path.isEmpty, let resolved = LinkResolver.normalise(String(path), relativeTo: source), resolved.hasPrefix("notes/") else {
            return destination
        }
        return RelativeURL.from(page, to: String(resolved.dropFirst(6))) + (path.hasSuffix("/") ? "/" : "") + destination[cut...]
    }

    private func noteSummaries(in language: Language, from page: String) -> [TemplateContext] {
        index.notes(in: language).map { noteSummary($0, from: page) }
    }

    /// A note as the lists show it, linked from `page`.
    func noteSummary(_ note: Note, from page: String) -> TemplateContext {
        var item: TemplateContext = ["title": .string(note.metadata.title), "href": .string(RelativeURL.from(page, to: note.outputPath)),
                                     "titleHTML": .string(BreakOpportunities.html(note.metadata.title)),
                                     "htmlLang": .string(note.language.htmlLang)]
        if let date = note.metadata.date {
            item["date"] = .string(date.description)
            item["dateText"] = .string(date.formatted(in: note.language))
        }
        item["summary"] = note.metadata.summary.map(TemplateValue.string)
        if note.metadata.draft { item["isDraft"] = true }
        return item
    }

    /// What every page's template sees: the way back to the top, the page's language and its words, and the
    /// language links (to the page's translations where it has them, or to its `counterparts`, the same page in
    /// other languages).
    /// `root`: the way to the top of the site when it is not the page's own (the 404 page, shown at any depth).
    func common(page: String, language: Language?, title: String?, translations: [Note] = [],
                counterparts: [Language: String] = [:], root fixedRoot: String? = nil) -> TemplateContext {
        let root = fixedRoot ?? RelativeURL.root(of: page)
        let pageLanguage = language ?? .en
        var context: TemplateContext = [
            "root": .string(root),
            "htmlLang": .string(pageLanguage.htmlLang),
            "t": .strings(templates.strings.all(for: pageLanguage)),
            "homeHref": .string(root + "index.html"),
            "searchHref": .string(root + Self.searchPage(language)),
            "feedHref": .string(root + "feed.xml"),
            "stylesheet": .string(root + "assets/style.css"),
            "script": .string(root + "assets/site.js"),
            "favicon": .string(root + "assets/favicon.svg"),
            "languages": .list(index.languages.map { lang -> TemplateContext in
                let target = translations.first { $0.language == lang }?.outputPath ?? counterparts[lang] ?? "\(lang.rawValue)/index.html"
                return ["code": .string(lang.rawValue), "htmlLang": .string(lang.htmlLang), "name": .string(lang.nativeName),
                        "href": .string(fixedRoot.map { $0 + target } ?? RelativeURL.from(page, to: target)), "current": .bool(lang == language),
                        "isTranslation": .bool(translations.contains { $0.language == lang })]
            }),
        ]
        context.merge(headTags(page: page, language: language, title: title, translations: translations)) { _, new in new }
        context.merge(siteContext(page: page, language: pageLanguage, root: fixedRoot)) { _, new in new }
        context["pageTitle"] = title.map(TemplateValue.string)
        // The header marks the section a page is in; a reference page is in none of the languages.
        if page.hasPrefix(ReferenceSite.folder + "/") { context["inReference"] = true }
        if let reference, !reference.data.isEmpty {
            context["referenceHref"] = .string(root + ReferenceSite.indexPath)
            if reference.data.collapseTable != nil { context["collapseTableHref"] = .string(root + ReferenceSite.collapseTablePath) }
        }
        return context
    }
}
