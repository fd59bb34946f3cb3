import Foundation
import NotesiteMarkdown

/// Stage 5b: puts rendered notes into the templates and produces every page of the site.
public struct PageRenderer: Sendable {
    public let index: SiteIndex
    public let templates: TemplateSet
    /// The reference pages and symbol links; nil when the content has no data folder.
    public let reference: ReferenceSite?
    private let resolver: LinkResolver

    public init(index: SiteIndex, templates: TemplateSet, reference: ReferenceSite? = nil) {
        self.index = index
        self.templates = templates
        self.reference = reference
        self.resolver = LinkResolver(index: index)
    }

    /// The reference pages, the collapse table and `reference/symbols.json`.
    public func referencePages() -> [OutputFile] {
        reference?.pages(templates: templates) { page, title in common(page: page, language: nil, title: title) } ?? []
    }

    /// The home page and one index page per language.
    public func listingPages() -> [OutputFile] {
        var pages: [OutputFile] = []
        var groups: [[String: Any]] = []
        for language in index.languages {
            let path = "\(language.rawValue)/index.html"
            groups.append([
                "code": language.rawValue, "htmlLang": language.htmlLang, "name": language.nativeName,
                "href": path, "notes": noteSummaries(in: language, from: "index.html"),
            ])
            var context = common(page: path, language: language, title: language.nativeName)
            context["language"] = ["code": language.rawValue, "name": language.nativeName]
            context["notes"] = noteSummaries(in: language, from: path)
            pages.append(OutputFile(path: path, contents: .text(templates.render("language", context))))
        }
        var home = common(page: "index.html", language: nil, title: nil)
        home["groups"] = groups
        home["noteCount"] = index.notes.count
        pages.insert(OutputFile(path: "index.html", contents: .text(templates.render("home", home))), at: 0)
        return pages
    }

    /// The page of one note.
    public func page(for note: Note) -> OutputFile {
        let path = note.outputPath
        let hooks = reference?.linker(forPage: path).hooks ?? HTMLRenderer.Hooks()
        let body = HTMLRenderer.render(note, hooks: hooks) { destination, isImage in
            href(for: destination, from: note, isImage: isImage)
        }
        var context = common(page: path, language: note.language, title: note.metadata.title)
        var fields: [String: Any] = ["title": note.metadata.title, "slug": note.slug]
        if let date = note.metadata.date { fields["date"] = date.description }
        if let summary = note.metadata.summary { fields["summary"] = summary }
        if let swift = note.metadata.swift { fields["swift"] = swift }
        if let source = note.metadata.source {
            var s: [String: Any] = [:]
            if let url = source.url { s["url"] = url }
            if let author = source.author { s["author"] = author }
            if let title = source.title { s["title"] = title }
            if let mirror = source.mirror { s["mirror"] = mirror }
            if !s.isEmpty { fields["source"] = s }
        }
        context["note"] = fields
        let toc = note.headings.filter { $0.level == 2 || $0.level == 3 }.map {
            ["id": $0.id, "text": $0.text, "sub": $0.level == 3] as [String: Any]
        }
        if !toc.isEmpty {
            context["toc"] = toc
            context["hasTOC"] = true
        }
        context["body"] = body
        context["languageIndex"] = ["href": RelativeURL.from(path, to: "\(note.language.rawValue)/index.html"),
                                    "name": note.language.nativeName]
        return OutputFile(path: path, contents: .text(templates.render("note", context)))
    }

    /// Static files: the templates' assets and the content's images.
    public func staticFiles(contentRoot: URL) -> [OutputFile] {
        templates.assets.map { OutputFile(path: $0, contents: .copy(templates.root.appendingPathComponent($0))) }
            + index.assets.sorted().map {
                OutputFile(path: $0, contents: .copy(contentRoot.appendingPathComponent("notes/" + $0)))
            }
    }

    /// Where a link in `note` leads on the site.
    /// A missing image becomes nil, so the page shows a placeholder rather than a broken image.
    func href(for destination: String, from note: Note, isImage: Bool = false) -> String? {
        switch resolver.target(of: destination, from: note.source.path) {
        case .external(let url): return url
        case .samePage(let fragment): return "#" + fragment
        case .note(let path, let fragment):
            let target = index.note(atSourcePath: path)!
            return RelativeURL.from(note.outputPath, to: target.outputPath) + (fragment.map { "#" + $0 } ?? "")
        case .asset(let path, let suffix): return RelativeURL.from(note.outputPath, to: path) + suffix
        case .empty: return nil
        case .missing: return isImage ? nil : destination
        }
    }

    private func noteSummaries(in language: Language, from page: String) -> [[String: Any]] {
        index.notes(in: language).map { note in
            var item: [String: Any] = ["title": note.metadata.title, "href": RelativeURL.from(page, to: note.outputPath)]
            if let date = note.metadata.date { item["date"] = date.description }
            if let summary = note.metadata.summary { item["summary"] = summary }
            return item
        }
    }

    /// What every page's template sees: the way back to the top, the page's language, the language links.
    private func common(page: String, language: Language?, title: String?) -> [String: Any] {
        let root = RelativeURL.root(of: page)
        var context: [String: Any] = [
            "root": root,
            "htmlLang": language?.htmlLang ?? "en",
            "homeHref": root + "index.html",
            "stylesheet": root + "assets/style.css",
            "languages": index.languages.map { lang in
                ["code": lang.rawValue, "htmlLang": lang.htmlLang, "name": lang.nativeName,
                 "href": RelativeURL.from(page, to: "\(lang.rawValue)/index.html"), "current": lang == language] as [String: Any]
            },
        ]
        if let title { context["pageTitle"] = title }
        if let reference, !reference.data.isEmpty {
            context["referenceHref"] = root + ReferenceSite.indexPath
            if reference.data.collapseTable != nil { context["collapseTableHref"] = root + ReferenceSite.collapseTablePath }
        }
        return context
    }
}
