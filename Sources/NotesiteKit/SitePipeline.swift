import Foundation
import NotesiteMarkdown

/// Where a run reads and writes. Display paths are the folders as the user named them, for messages.
public struct SiteOptions: Sendable {
    public var content: URL
    public var templates: URL
    public var output: URL
    public var contentDisplay: String
    public var templatesDisplay: String
    public var outputDisplay: String
    /// The address the site will be published at, for absolute links in the feed and `sitemap.xml`.
    public var baseURL: String?

    public init(content: String = "Content", templates: String = "Templates", output: String = "public",
                relativeTo base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
                : base.appendingPathComponent(path).standardizedFileURL
        }
        self.content = resolve(content)
        self.templates = resolve(templates)
        self.output = resolve(output)
        self.contentDisplay = content
        self.templatesDisplay = templates
        self.outputDisplay = output
    }
}

/// What a run did.
public struct SiteReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var notes: Int
    /// Note files read.
    public var files: Int
    /// Files written to the output folder (0 when the run only checked, or failed).
    public var filesWritten: Int
    public var pagesWritten: Int
    public var seconds: Double
    /// The notes' `http(s)` links, for `check --external` (empty after a build).
    public var externalLinks: [ExternalLinkChecker.Link] = []
    public var succeeded: Bool { !diagnostics.hasErrors }
}

/// The whole pipeline: load → parse → index → resolve → render → write. `check` is the same without writing.
public enum SitePipeline {
    /// Builds the site. When any diagnostic is an error, nothing is written and the previous output stays.
    public static func build(_ options: SiteOptions) throws -> SiteReport {
        try run(options, write: true)
    }

    /// Runs every stage but the writer, checks the links of the rendered pages, and treats broken links and images
    /// as errors (`RuleCatalog.errorsInCheck`): the CI gate.
    public static func check(_ options: SiteOptions) throws -> SiteReport {
        try run(options, write: false)
    }

    private static func run(_ options: SiteOptions, write: Bool) throws -> SiteReport {
        let start = DispatchTime.now()
        try validateOutput(options)
        let templates = try TemplateSet(folder: options.templates, displayPath: options.templatesDisplay)
        let tree = try ContentLoader(root: options.content, displayRoot: options.contentDisplay).load()

        let (data, dataDiagnostics) = ReferenceData.load(contentRoot: options.content, displayRoot: options.contentDisplay)
        if !data.isEmpty {
            try templates.require(TemplateSet.referenceTemplates, displayPath: options.templatesDisplay)
        }
        let parsed = tree.notes.parallelMap { NoteParser.parse($0) }
        var diagnostics = tree.diagnostics + dataDiagnostics + parsed.flatMap(\.diagnostics)
            + SiteIndex.duplicateSlugs(in: parsed.compactMap(\.note))
        let index = SiteIndex(notes: parsed.compactMap(\.note), assets: tree.assets)
        let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: index)
        let resolver = LinkResolver(index: index)
        let linkProblems = index.notes.parallelMap { note in resolver.problems(in: note).map { (note, $0.destination, $0.diagnostic) } }
            .flatMap { $0 }
        diagnostics += linkProblems.map(\.2)
        if !write, let reference {
            // API names against the symbol list: the checker's job; the build only links them.
            let checker = SymbolChecker(finder: reference.finder)
            diagnostics += index.notes.parallelMap { checker.diagnostics(for: $0) }.flatMap { $0 }
        }
        diagnostics = diagnostics.sortedForDisplay()

        var written = 0
        var pages = 0
        if !write || !diagnostics.hasErrors {
            let renderer = PageRenderer(index: index, templates: templates, reference: reference)
            let notePages = index.notes.parallelMap { renderer.page(for: $0) }
            var listing = renderer.listingPages() + renderer.referencePages()
            listing += renderer.sitePages(baseURL: options.baseURL, pages: (listing + notePages).map(\.path).filter { $0.hasSuffix(".html") })
            let files = listing + notePages + renderer.staticFiles(contentRoot: options.content)
            if write {
                try SiteWriter(output: options.output).write(files)
                written = files.count
                pages = (listing + notePages).filter { $0.path.hasSuffix(".html") }.count
            } else {
                // Links the notes' own diagnostics already name are not reported again from the pages.
                let known = Set(linkProblems.compactMap { note, destination, _ in
                    renderer.href(for: destination, from: note).map {
                        "\(note.outputPath) \(Escape.href($0).replacingOccurrences(of: "&amp;", with: "&"))"
                    }
                })
                diagnostics += HTMLLinkChecker.check(files, outputDisplay: options.outputDisplay, skipping: known)
                diagnostics = diagnostics.map { d in
                    var d = d
                    if d.severity == .warning, RuleCatalog.errorsInCheck.contains(d.rule) { d.severity = .error }
                    return d
                }.sortedForDisplay()
            }
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return SiteReport(diagnostics: diagnostics, notes: index.notes.count, files: tree.notes.count,
                          filesWritten: written, pagesWritten: pages, seconds: seconds,
                          externalLinks: write ? [] : ExternalLinkChecker.links(in: index.notes))
    }

    /// The output folder must be a folder (or not exist yet) and must not hold or be held by the content.
    private static func validateOutput(_ options: SiteOptions) throws {
        let output = options.output.resolvingSymlinksInPath().path
        let content = options.content.resolvingSymlinksInPath().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw NotesiteError.outputInvalid(path: options.outputDisplay, reason: "it is a file, not a folder")
        }
        if output == content || output.hasPrefix(content + "/") {
            throw NotesiteError.outputInvalid(path: options.outputDisplay, reason: "it is inside the content folder '\(options.contentDisplay)'; choose a folder outside it")
        }
        if content.hasPrefix(output + "/") {
            throw NotesiteError.outputInvalid(path: options.outputDisplay, reason: "it contains the content folder '\(options.contentDisplay)', which the swap would replace")
        }
    }
}
