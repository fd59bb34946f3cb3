import Foundation
import NotesiteMarkdown

/// What changed since the builder's last run: paths below the content folder (`notes/en/a.md`, `data/symbols.yml`)
/// and whether anything under the templates folder changed.
public struct SiteChanges: Sendable, Equatable {
    public var content: Set<String>
    public var templates: Bool

    public init(content: Set<String> = [], templates: Bool = false) {
        self.content = content
        self.templates = templates
    }

    public var isEmpty: Bool { content.isEmpty && !templates }
}

/// The pipeline with a memory: load → parse → index → resolve → render → write, keeping each note's parse,
/// mentions and link problems between runs, so that a rebuild after an edit reads, parses and renders only what
/// the edit can change.
///
/// `notesite build` and `check` make one and run it once; `notesite serve` keeps one and runs it on every change.
/// A run that finds errors writes nothing, and the next run starts from the last state that was read (so fixing
/// the note is enough to bring the site back).
public final class SiteBuilder {
    public let options: SiteOptions

    /// What one note contributes, kept between runs. A class: every run walks all the notes' states, and copying
    /// a `Note` costs a retain per field. Made by the parsing workers, then read and changed on the builder's
    /// thread only.
    final class NoteState: @unchecked Sendable {
        var note: Note?
        let diagnostics: [Diagnostic]
        var mentions: [Mention] = []
        /// Link problems, with the destination as written; they depend on other notes, so they are worked out
        /// again when a note they point to changes.
        var linkProblems: [(destination: String, diagnostic: Diagnostic)] = [] { didSet { sorted = nil } }
        /// The source paths this note's links point to (found or not), for working out who to check again.
        var targets: Set<String> = []
        /// The note's sections (without their text, which is in the note's text script) and words for the search
        /// index, once worked out.
        var search: SearchIndex.Entries?
        /// `check`'s findings on the note's API names, worked out while its tree is at hand.
        var symbolDiagnostics: [Diagnostic]?
        /// The note's code blocks as its parse analysed them, kept until its page has used them for colouring.
        var scans: CodeScanner.BlockScans?

        private var sorted: [Diagnostic]?

        /// The note's diagnostics and link problems in display order, sorted again only when they change.
        var sortedDiagnostics: [Diagnostic] {
            if let sorted { return sorted }
            let result = (diagnostics + linkProblems.map(\.diagnostic)).sortedForDisplay()
            sorted = result
            return result
        }

        init(note: Note?, diagnostics: [Diagnostic], mentions: [Mention] = [], symbolDiagnostics: [Diagnostic]? = nil,
             scans: CodeScanner.BlockScans? = nil) {
            self.note = note
            self.diagnostics = diagnostics
            self.mentions = mentions
            self.symbolDiagnostics = symbolDiagnostics
            self.scans = scans
        }
    }

    private var templates: TemplateSet?
    private var data = ReferenceData.empty
    private var dataDiagnostics: [Diagnostic] = []
    private var finder = MentionFinder(resolver: SymbolResolver(list: .empty))
    private var notes: [String: NoteState] = [:]
    /// The keys of `notes`, sorted; nil when a note came or went.
    private var notePaths: [String]?
    /// Files that are not notes, as paths below `notes/`.
    private var assets: Set<String> = []
    /// Notes that could not be read, by path.
    private var unreadable: [String: Diagnostic] = [:]
    /// Each written file's content hash, by output path: the output folder as the last successful run left it.
    private var written: [String: ContentHash]?
    private var lastSite: SiteIndex?
    /// What runs that found errors (and so wrote nothing) read since the last run that wrote: the next run that
    /// writes renders it too.
    private struct Unwritten {
        var notes: Set<String> = []
        var assets: Set<String> = []
        var reference = false
        var everything = false
    }
    private var unwritten = Unwritten()

    /// The search index on disk, as the last run that wrote it whole left it: the ids of each note's sections, by
    /// source path, and the notes edited since, whose sections are in the patch script instead. A rebuild writes
    /// the patch (a few notes' entries) rather than the index (every note's).
    struct SearchBase {
        var sections: [String: Range<Int>]
        /// The index's `SearchIndex.generation(of:)`, which its patches name.
        var generation: String
        var patched: Set<String> = []

        /// Past this many edited notes, the index is written whole again and the patch emptied.
        static func patchLimit(notes: Int) -> Int { max(32, notes / 50) }
    }
    private var searchBase: SearchBase?

    /// How far a long run has got: `done` of `total` notes through `stage`.
    public struct Progress: Sendable {
        public var stage: Stage
        public var done: Int
        public var total: Int
    }

    public enum Stage: String, Sendable {
        case parsing = "Parsing"
        case rendering = "Rendering"
        /// Parsing notes and rendering their pages in one pass (a build or check that runs once).
        case building = "Building"
    }

    /// Called from the building thread as notes are parsed and pages rendered (in batches).
    public var progress: (@Sendable (Progress) -> Void)?

    /// Set by a command that exits after one run and never frees the builder: the run then hands what it made
    /// (the site's index, the reference, the search index) to the builder instead of freeing it, and the process's
    /// exit gives the memory back at once. Freeing a 10,000-note site object by object took a single thread
    /// about 0.15 s after the site was written.
    public var leavesMemoryToExit = false
    private var leftForExit: [Any] = []

    /// Notes are parsed and pages rendered this many at a time: the progress steps, and the pages one batch
    /// holds in memory before they go to disk.
    private static let batch = 512

    /// Whether the builder keeps what rebuilds reuse: each note's Markdown tree and search entries, and each
    /// written file's content hash. A builder that runs once (`build`, `check`) renders each page in the pass that
    /// parses its note (`PageStream`) and lets the tree go, puts search entries straight into the index, and
    /// hashes nothing. That keeps memory to about one batch of trees however large the site. `serve` keeps them
    /// all, for rebuilds that touch few notes.
    public let keepsState: Bool

    public init(options: SiteOptions, keepsState: Bool = true) {
        self.options = options
        self.keepsState = keepsState
    }

    /// How the builder reads notes: the whole folder on a first run, single files after, and notes again for
    /// rendering when it let their text go.
    private var loader: ContentLoader {
        ContentLoader(root: options.content, displayRoot: options.contentDisplay)
    }

    /// `note` with its text and Markdown tree, read and parsed again if the builder let them go. Throws when the
    /// file is no longer the one that was parsed: its page would not match its links, headings and mentions.
    static func withDocument(_ note: Note, from loader: ContentLoader) throws -> Note {
        guard !note.hasDocument else { return note }
        guard case .note(let file) = loader.read(note.source.path), ContentHash.of(file.text) == note.sourceHash else {
            throw NotesiteError.changedDuringRun(path: note.source.displayPath)
        }
        var note = note
        note.source = file
        note.document = NoteParser.document(of: file)
        note.hasDocument = true
        return note
    }

    /// How a run treats the site.
    public enum Mode: Sendable {
        /// Write the output folder; broken links are warnings.
        case build
        /// Write nothing; check the symbols and every rendered link; broken links are errors.
        case check
    }

    /// Runs the pipeline. The first run reads everything; later runs read the `changes` (nil: everything again).
    public func run(_ mode: Mode, changes: SiteChanges? = nil) throws -> SiteReport {
        let start = DispatchTime.now()
        var stages: [StageTime] = []
        var stageStart = start
        func lap(_ name: String) {
            let now = DispatchTime.now()
            stages.append(StageTime(name: name, seconds: Double(now.uptimeNanoseconds - stageStart.uptimeNanoseconds) / 1e9))
            stageStart = now
        }
        // check writes nothing, so where the output would go matters only for naming pages in its findings.
        if mode == .build { try SitePipeline.validateOutput(options) }
        let full = changes == nil || templates == nil
        let changes = changes ?? SiteChanges()

        // 1. Load: templates, data, notes (only the changed ones after the first run). The data and the list of the
        // content folder are read on other threads while the templates load on this one: each takes some
        // milliseconds on one core, which at the start of a build is all there is to do.
        let dataChanged = full || changes.content.contains { $0.hasPrefix("data/") }
        let options = self.options
        let loader = self.loader
        let dataLoad = OnDemand { ReferenceData.load(contentRoot: options.content, displayRoot: options.contentDisplay) }
        let treeLoad = OnDemand { Result { try loader.load() } }
        if dataChanged { DispatchQueue.global().async { _ = dataLoad.value } }
        if full { DispatchQueue.global().async { _ = treeLoad.value } }
        if full || changes.templates {
            templates = try TemplateSet(folder: options.templates, displayPath: options.templatesDisplay)
        }
        // A builder that runs once lists every note's front matter first (see `PageStream`), which needs neither the
        // data nor the templates: while the data is still being read.
        let listing = full && !keepsState ? Self.listing(of: try treeLoad.value.get(), from: loader) : nil
        if dataChanged {
            (data, dataDiagnostics) = dataLoad.value
            finder = MentionFinder(resolver: SymbolResolver(list: data.symbols))
        }
        guard let templates else { preconditionFailure("templates are loaded above") }
        if !data.isEmpty {
            try templates.require(TemplateSet.referenceTemplates, displayPath: options.templatesDisplay)
        }
        if listing != nil { lap("load+list") }
        var touched: Set<String> = []
        var assetsChanged: Set<String> = []
        // A builder that runs once renders each page in the pass that parses its note (see `PageStream`).
        var stream: PageStream?
        defer { stream?.abandon() }
        if full {
            let tree = try treeLoad.value.get()
            notes = [:]
            notePaths = nil
            unreadable = [:]
            for diagnostic in tree.diagnostics {
                unreadable[diagnostic.file] = diagnostic
            }
            var order = tree.notes
            if let listing {
                stream = try PageStream(listing: listing, mode: mode, options: options,
                                        templates: templates, data: data, finder: finder)
                // In the order of the lists, which the search index keeps; then the files that are not listed.
                let listed = stream!.listing.sourcePaths
                let inListing = Set(listed)
                order = listed + tree.notes.filter { !inListing.contains($0) }
            }
            // What needs the tree is worked out with the parse: the mentions and, for check, the API name checks.
            let finder = self.finder
            let checker = mode == .check && !data.isEmpty ? SymbolChecker(finder: finder) : nil
            let keepsState = self.keepsState
            let pages = stream
            for start in stride(from: 0, to: order.count, by: Self.batch) {
                let paths = Array(order[start..<min(start + Self.batch, order.count)])
                let results = try paths.parallelMap { path -> (ContentLoader.ReadResult, NoteState?, PageStream.Rendered?) in
                    let read = loader.read(path)
                    guard case .note(let file) = read else { return (read, nil, nil) }
                    let (note, diagnostics) = NoteParser.parse(file, frontMatter: pages?.frontMatter[path])
                    // The mentions, the checks and the page's colouring read the note's code blocks: each block is
                    // parsed once for the three.
                    let scans = CodeScanner.BlockScans()
                    let mentions = note.map { finder.mentions(in: $0, scans: scans) } ?? []
                    let symbols = note.flatMap { note in checker.map { $0.diagnostics(for: note, scans: scans) } }
                    let rendered = try note.flatMap { try pages?.render($0, scans: scans) }
                    if pages == nil { scans.keepForPages(resolvingWith: finder) }
                    return (read, NoteState(note: keepsState ? note : note?.withoutSource(), diagnostics: diagnostics,
                                            mentions: mentions, symbolDiagnostics: symbols, scans: pages == nil ? scans : nil),
                            rendered)
                }
                for (path, (read, state, rendered)) in zip(paths, results) {
                    switch read {
                    case .note:
                        notes[path] = state
                        touched.insert(path)
                    case .problem(let diagnostic): unreadable[diagnostic.file] = diagnostic
                    case .gone: break
                    }
                    if let rendered { stream!.take(rendered) }
                }
                progress?(Progress(stage: stream == nil ? .parsing : .building, done: start + paths.count, total: order.count))
            }
            assets = Set(tree.assets)
        } else {
            var reread: [SourceFile] = []
            for path in changes.content.sorted() where path.hasPrefix("notes/") {
                let display = loader.displayPath(path)
                unreadable[display] = nil
                if ContentLoader.isNotePath(path) {
                    touched.insert(path)
                    switch loader.read(path) {
                    case .note(let file): reread.append(file)
                    case .problem(let diagnostic):
                        notes[path] = nil
                        notePaths = nil
                        unreadable[display] = diagnostic
                    case .gone:
                        notes[path] = nil
                        notePaths = nil
                    }
                } else {
                    let asset = String(path.dropFirst("notes/".count))
                    assetsChanged.insert(asset)
                    if FileManager.default.fileExists(atPath: options.content.appendingPathComponent(path).path) {
                        assets.insert(asset)
                    } else {
                        assets.remove(asset)
                    }
                }
            }
            for (file, result) in zip(reread, reread.parallelMap { NoteParser.parse($0) }) {
                // The mentions stay until they are found again below, to tell whether the reference changes.
                let mentions = notes[file.path]?.mentions ?? []
                if notes[file.path] == nil { notePaths = nil }
                notes[file.path] = NoteState(note: result.note, diagnostics: result.diagnostics, mentions: mentions)
            }
        }

        lap(stream == nil ? "load+parse" : "parse+pages")
        // Every note's search entries are in the streamed index: its script is made while the links are resolved
        // and the reference is put together, rather than alone at the end.
        let data = self.data
        stream?.search?.startScript { PageRenderer.referenceSearchSections(data) }

        // 2. Index, and what the change reaches: the notes whose links point at a touched note.
        let previous = lastSite
        let index = SiteIndex(notes: notes.values.compactMap(\.note), assets: Array(assets))
        let resolver = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: data))
        var recheck = touched
        if dataChanged {
            // Links to the reference's pages and entries lead where the data says.
            recheck.formUnion(notes.keys)
        } else if !full {
            for (path, state) in notes where !state.targets.isDisjoint(with: touched) || !assetsChanged.isEmpty {
                recheck.insert(path)
            }
        }
        let finder = self.finder
        let paths = recheck.sorted().filter { notes[$0]?.note != nil }
        // A complete run found every note's mentions with its parse.
        let findMentions = full ? [] : Set(dataChanged ? paths : paths.filter(touched.contains))
        let found = paths.map { notes[$0]!.note! }.parallelMap { note in
            (resolver.problems(in: note), resolver.linkedNotePaths(in: note),
             findMentions.contains(note.source.path) ? finder.mentions(in: note) : nil)
        }
        var mentionsChanged = dataChanged
        for (path, (problems, targets, mentions)) in zip(paths, found) {
            notes[path]!.linkProblems = problems
            notes[path]!.targets = targets
            if let mentions {
                if !Self.sameMentions(mentions, notes[path]!.mentions) { mentionsChanged = true }
                notes[path]!.mentions = mentions
            }
        }
        if dataChanged && !full {
            // A note's mentions depend on the symbol list: every note's are found again.
            let rest = notes.keys.filter { !recheck.contains($0) && notes[$0]?.note != nil }.sorted()
            for (path, mentions) in zip(rest, rest.map { notes[$0]!.note! }.parallelMap { finder.mentions(in: $0) }) {
                notes[path]!.mentions = mentions
            }
        }
        let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: index, finder: finder,
                                                            mentions: { [notes] in notes[$0]?.mentions ?? [] })
        // A complete run lists every mention on the reference's pages: laid out while the diagnostics are sorted.
        if full { reference?.prepareMentions() }

        lap("resolve")

        // 3. Diagnostics, in one order whatever was kept.
        // Each note's own are kept sorted and joined in path order (which is their files' order), so a rebuild
        // sorts only what changed; then the site's are merged in.
        if notePaths == nil { notePaths = notes.keys.sorted() }
        var own: [Diagnostic] = []
        for path in notePaths! { own += notes[path]?.sortedDiagnostics ?? [] }
        if !own.isSortedForDisplay { own = own.sortedForDisplay() }
        let site = (Array(unreadable.values) + dataDiagnostics + templates.diagnostics + SiteIndex.duplicateSlugs(in: index.notes)
            + SiteIndex.duplicateTranslations(in: index.notes) + index.assetProblems(displayPath: loader.displayPath)).sortedForDisplay()
        var diagnostics = site.mergedForDisplay(with: own)
        if mode == .check, let reference {
            let checker = SymbolChecker(finder: reference.finder)
            let unchecked = index.notes.filter { notes[$0.source.path]?.symbolDiagnostics == nil }
            diagnostics += try unchecked.parallelMap { checker.diagnostics(for: try Self.withDocument($0, from: loader)) }.flatMap { $0 }
            // Unsorted here: check puts these in display order with its link findings, in one sort.
            diagnostics += index.notes.flatMap { notes[$0.source.path]?.symbolDiagnostics ?? [] }
        }

        if mode == .check, data.symbolListMissing {
            // The gate checks API names against the list: without one, say so rather than pass them all in silence.
            diagnostics.append(Diagnostic(.note, "symbol.unchecked", file: loader.displayPath("data/symbols.yml"), at: nil,
                                          "there is no known symbol list, so the API names in the notes' code are not checked; add this file to check them (its form is in the README)"))
        }
        var report = SiteReport(diagnostics: diagnostics, notes: index.notes.count, files: notes.count + unreadable.count,
                                filesWritten: 0, pagesWritten: 0, seconds: 0)
        let renderer = PageRenderer(index: index, templates: templates, reference: reference)
        lap(mode == .check ? "symbols" : "diagnose")
        // The pages the parse rendered stand only if the site lists its notes as the listing they were made with did.
        let streamed = stream.flatMap { $0.stands(for: index) ? $0 : nil }
        switch mode {
        case .check:
            report.diagnostics = try check(renderer: renderer, index: index, diagnostics: diagnostics, rendered: streamed?.pageLinks)
            report.externalLinks = ExternalLinkChecker.links(in: index.notes)
        case .build:
            unwritten.notes.formUnion(touched)
            unwritten.assets.formUnion(assetsChanged)
            unwritten.reference = unwritten.reference || mentionsChanged
            unwritten.everything = unwritten.everything || full || changes.templates || dataChanged
            guard !diagnostics.hasErrors else { break }
            let plan: RenderPlan = unwritten.everything || written == nil || previous == nil
                ? .everything
                : RenderPlan.after(touched: unwritten.notes, assets: unwritten.assets, before: previous!, after: index,
                                   referenceChanged: unwritten.reference)
            if streamed == nil { stream?.abandon() }
            (report.filesWritten, report.pagesWritten) = try write(plan, renderer: renderer, index: index, streamed: streamed)
            lastSite = index
            unwritten = Unwritten()
        }
        lap(mode == .check ? "links" : "render")
        if leavesMemoryToExit { leftForExit = [index, resolver, reference as Any, renderer, stream as Any] }
        report.stages = stages
        report.seconds = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        return report
    }

    /// Whether two lists of one note's mentions put the same names in the same sections (lines aside).
    private static func sameMentions(_ a: [Mention], _ b: [Mention]) -> Bool {
        a.count == b.count && zip(a, b).allSatisfy { $0.symbolID == $1.symbolID && $0.headingID == $1.headingID && $0.spelling == $1.spelling }
    }

    /// The code analyses the notes' parse kept for their pages, handed over once: the pages are about to render.
    private func takeScans(of batch: [Note]) -> [CodeScanner.BlockScans?] {
        batch.map { note in
            let state = notes[note.source.path]
            defer { state?.scans = nil }
            return state?.scans
        }
    }

    // MARK: Check

    /// `rendered`: the note pages' ids and links, when the parse rendered them.
    private func check(renderer: PageRenderer, index: SiteIndex, diagnostics: [Diagnostic],
                       rendered: [HTMLLinkChecker.PageLinks]?) throws -> [Diagnostic] {
        // Each page is rendered as the build would and kept only as its ids and links, batch by batch, so the
        // site is never in memory at once. The search index is not worked out: its file is only a link target.
        var pages = rendered ?? []
        var paths: Set<String> = []
        let loader = self.loader
        // Unless the parse rendered them already.
        let unrendered = rendered == nil ? index.notes : []
        for start in stride(from: 0, to: unrendered.count, by: Self.batch) {
            let batch = Array(unrendered[start..<min(start + Self.batch, unrendered.count)])
            pages += try Array(zip(batch, takeScans(of: batch))).parallelMap { note, scans in
                HTMLLinkChecker.PageLinks(renderer.page(for: try Self.withDocument(note, from: loader), scans: scans))
            }
            progress?(Progress(stage: .rendering, done: pages.count, total: unrendered.count))
        }
        paths.formUnion(pages.map(\.path))
        let baseURL = options.baseURL, content = options.content
        // The other files, each kept only as its path and, for a page, its ids and links, as soon as it is made.
        // symbols.json is only a link target here: it is made empty.
        let jobs: [@Sendable () -> [OutputFile]] = renderer.referencePageJobs(symbolsFile: false) + [
            { renderer.listingPages() },
            { renderer.sitePages(baseURL: baseURL, search: .none) + renderer.staticFiles(contentRoot: content) },
        ]
        for files in jobs.parallelMap({ job in job().map { ($0.path, $0.path.hasSuffix(".html") ? HTMLLinkChecker.PageLinks($0) : nil) } }) {
            for (path, links) in files {
                paths.insert(path)
                if let links { pages.append(links) }
            }
        }
        paths.formUnion([PageRenderer.searchIndexPath, SearchIndex.patchPath])
        // Links the notes' own diagnostics already name are not reported again from the pages.
        var known: Set<String> = []
        for note in index.notes {
            for (destination, _) in notes[note.source.path]?.linkProblems ?? [] {
                if let href = renderer.href(for: destination, from: note) {
                    known.insert("\(note.outputPath) \(HTMLSanitizer.decodeEntities(Escape.href(href)))")
                }
            }
        }
        var all = diagnostics
        all += HTMLLinkChecker.check(pages, paths: paths, outputDisplay: options.outputDisplay, skipping: known)
        // In place: a large site's check has tens of thousands of findings, and copying one copies its strings.
        for i in all.indices where all[i].severity == .warning && RuleCatalog.errorsInCheck.contains(all[i].rule) {
            all[i].severity = .error
        }
        return all.sortedForDisplay()
    }

    // MARK: Render and write

    /// Which pages a run renders.
    struct RenderPlan {
        var everything = false
        var notes: Set<String> = []
        var listings = false
        var reference = false
        var sitePages = false
        /// The Atom feed and sitemap: they change with the lists, and with a note's author.
        var feed = false
        /// Assets (paths below `notes/`) to copy again or delete.
        var assets: Set<String> = []

        static let everything = RenderPlan(everything: true)

        /// The pages an edit of `touched` notes can change: their own pages; when a note's place in the lists
        /// changed (title, date, summary, translation, or the note came or went), the lists, its neighbours and
        /// its translations, before and after; the reference when mentions changed; the search scripts whenever a
        /// note changed, and the feed when its entry did.
        static func after(touched: Set<String>, assets: Set<String>, before: SiteIndex, after: SiteIndex,
                          referenceChanged: Bool) -> RenderPlan {
            if before.assets != after.assets { return .everything }
            var plan = RenderPlan()
            plan.assets = assets
            plan.reference = referenceChanged
            plan.sitePages = !touched.isEmpty
            for path in touched {
                let old = before.note(atSourcePath: path)
                let new = after.note(atSourcePath: path)
                if old == nil || new == nil || old!.outputPath != new!.outputPath {
                    // A note came, went or moved: links to it from other pages change with it.
                    return .everything
                }
                plan.notes.insert(path)
                // The reference's "Mentioned in" lists show the note's title and section headings.
                if old!.headings.map({ [$0.id, $0.text] }) != new!.headings.map({ [$0.id, $0.text] }) {
                    plan.reference = true
                }
                if old!.metadata.source?.author != new!.metadata.source?.author { plan.feed = true }
                if !Self.sameListing(old!, new!) {
                    plan.listings = true
                    plan.feed = true
                    plan.reference = true
                    for site in [before, after] {
                        guard let note = site.note(atSourcePath: path) else { continue }
                        let (previous, next) = site.neighbours(of: note)
                        for other in [previous, next].compactMap({ $0 }) + site.translations(of: note) {
                            plan.notes.insert(other.source.path)
                        }
                    }
                }
            }
            plan.notes = plan.notes.filter { after.position(ofSourcePath: $0) != nil }
            return plan
        }

        private static func sameListing(_ a: Note, _ b: Note) -> Bool {
            a.metadata.title == b.metadata.title && a.metadata.date == b.metadata.date
                && a.metadata.summary == b.metadata.summary && a.metadata.translationKey == b.metadata.translationKey
                && a.language == b.language
        }
    }

    /// Files a worker staged (by path, with their content hashes), or made for the writer to compare and write.
    struct Staged: Sendable {
        /// The staged files' paths, with their content hashes when the builder keeps them for its next run.
        var hashes: [(path: String, hash: ContentHash?)] = []
        var files: [OutputFile] = []
    }

    /// Renders what `plan` names and writes what changed. A first run (or a plan of everything) writes a complete
    /// site into a staging folder and swaps it in; later runs replace single files, each atomically.
    /// `streamed`: the note pages and search scripts the parse staged, and the search index it began.
    private func write(_ plan: RenderPlan, renderer: PageRenderer, index: SiteIndex, streamed: PageStream? = nil) throws -> (files: Int, pages: Int) {
        let writer = SiteWriter(output: options.output)
        let loader = self.loader
        var hashes: [String: ContentHash] = [:]
        var filesWritten = streamed?.filesStaged ?? 0
        var pagesWritten = streamed?.pagesStaged ?? 0
        let everything = plan.everything || written == nil
        let staging: SiteWriter.Staging? = try streamed?.staging ?? (everything ? writer.begin() : nil)
        // Only a builder that runs again compares files with the ones it wrote.
        let keepsHashes = keepsState
        /// Stages `files` (on the calling thread, so the workers write in parallel) or, on a rebuild, hands them
        /// back for `emit`, which writes only those that changed.
        @Sendable func stage(_ files: [OutputFile]) throws -> Staged {
            guard let staging else { return Staged(files: files) }
            var staged = Staged()
            for file in files {
                // The staging hashed the file's bytes already.
                let hash = try staging.add(file)
                staged.hashes.append((file.path, keepsHashes ? hash ?? file.contentHash : nil))
            }
            return staged
        }
        func emit(_ staged: Staged) throws {
            for (path, hash) in staged.hashes {
                if let hash { hashes[path] = hash }
                filesWritten += 1
                if path.hasSuffix(".html") { pagesWritten += 1 }
            }
            for file in staged.files {
                let hash = file.contentHash
                hashes[file.path] = hash
                if written?[file.path] == hash, !file.isCopy { continue }
                try writer.replace(file)
                filesWritten += 1
                if file.path.hasSuffix(".html") { pagesWritten += 1 }
            }
        }
        /// Runs `jobs` on all cores, each making files that are staged where they are made.
        func run(_ jobs: [@Sendable () throws -> [OutputFile]]) throws {
            for staged in try jobs.parallelMap({ job in try stage(job()) }) {
                try emit(staged)
            }
        }
        // A builder that runs once puts a complete build's entries straight into the index, in the index's order,
        // instead of keeping every note's until the end.
        var partialIndex: BackgroundIndex? = streamed?.search ?? (everything && !keepsState ? BackgroundIndex() : nil)
        var newSearchBase = searchBase
        /// Notes whose search entries this run worked out again: their sections in the index on disk are stale.
        var reindexed: Set<String> = []
        /// A note's search entries without their text, which is in the note's text script.
        func keep(_ entries: SearchIndex.Entries, of note: Note) {
            if partialIndex != nil {
                partialIndex!.add(entries)
                return
            }
            reindexed.insert(note.source.path)
            notes[note.source.path]?.search = entries.kept
        }
        do {
            let noteList = streamed != nil ? [] : everything ? index.notes : index.sourcePaths.indices.filter { plan.notes.contains(index.sourcePaths[$0]) }.map { index.notes[$0] }
            // Note pages go to disk in batches, so the whole site is never in memory at once, each rendered, hashed
            // and written by one worker. A note's search text goes with its page: a complete build writes every
            // text script; a rebuild, those of the edited notes.
            for start in stride(from: 0, to: noteList.count, by: Self.batch) {
                let batch = Array(noteList[start..<min(start + Self.batch, noteList.count)])
                let searched = Set((everything ? batch : batch.filter { notes[$0.source.path]?.search == nil }).map(\.source.path))
                let results = try Array(zip(batch, takeScans(of: batch))).parallelMap { note, scans -> (Staged, SearchIndex.Entries?) in
                    let note = try Self.withDocument(note, from: loader)
                    var files = [renderer.page(for: note, scans: scans)]
                    var entries: SearchIndex.Entries?
                    if searched.contains(note.source.path) {
                        entries = SearchIndex.entries(of: note)
                        files.append(SearchIndex.shardFile(of: note, entries: entries!))
                    }
                    return (try stage(files), entries)
                }
                for (note, (staged, entries)) in zip(batch, results) {
                    try emit(staged)
                    if let entries { keep(entries, of: note) }
                }
                progress?(Progress(stage: .rendering, done: start + batch.count, total: noteList.count))
            }
            // Notes parsed by a run that stopped on errors have no entries yet, and this plan may not name them.
            if partialIndex == nil && (everything || plan.sitePages) {
                let missing = index.sourcePaths.indices.filter { notes[index.sourcePaths[$0]]?.search == nil }.map { index.notes[$0] }
                let entries = try missing.parallelMap { SearchIndex.entries(of: try Self.withDocument($0, from: loader)) }
                try emit(stage(zip(missing, entries).map { SearchIndex.shardFile(of: $0, entries: $1) }))
                for (note, entries) in zip(missing, entries) { keep(entries, of: note) }
            }
            // The site-wide files, side by side: the search index and the feed, the lists, the reference pages.
            // The longest job goes first: the workers take jobs in this order, and the search index, queued last,
            // ended a large build on one core.
            var jobs: [@Sendable () throws -> [OutputFile]] = []
            if everything || plan.sitePages {
                let baseURL = options.baseURL
                if let partial = partialIndex {
                    partialIndex = nil
                    newSearchBase = nil
                    // A complete build's parse started it already (`run`), and this asks nothing more.
                    let data = self.data
                    partial.startScript { PageRenderer.referenceSearchSections(data) }
                    jobs.append { renderer.sitePages(baseURL: baseURL, search: partial.takeFiles(), feed: true) }
                } else {
                    let search: @Sendable () -> PageRenderer.SearchFiles
                    (search, newSearchBase) = searchPlan(everything: everything, reindexed: reindexed, index: index)
                    let feed = everything || plan.feed
                    jobs.append { renderer.sitePages(baseURL: baseURL, search: search(), feed: feed) }
                }
            }
            if everything || plan.listings { jobs.append { renderer.listingPages() } }
            if everything || plan.reference { jobs += renderer.referencePageJobs() }
            let statics = renderer.staticFiles(contentRoot: options.content)
            let assets = plan.assets
            jobs.append { everything ? statics : statics.filter { assets.contains(String($0.path)) } }
            try run(jobs)
            if !everything {
                for asset in plan.assets where !index.assets.contains(asset) {
                    try writer.remove(asset)
                    written?[asset] = nil
                }
            }
        } catch {
            staging?.abandon()
            throw error
        }
        if let staging {
            try staging.commit()
            streamed?.committed()
            written = hashes
        } else {
            written?.merge(hashes) { _, new in new }
        }
        searchBase = newSearchBase
        return (filesWritten, pagesWritten)
    }

    /// Whether this run writes the search index whole or a patch over the one on disk, and the index on disk
    /// after it. Every note has its entries by now. A patch holds every note edited since the index was written
    /// (`reindexed` adds this run's), so it replaces the last patch; past `SearchBase.patchLimit` notes, or when
    /// the notes themselves changed, the index is written whole and the patch emptied.
    /// The search files come back as a closure, so that the job that writes them puts the index together.
    private func searchPlan(everything: Bool, reindexed: Set<String>, index: SiteIndex)
        -> (files: @Sendable () -> PageRenderer.SearchFiles, base: SearchBase) {
        if !everything, var base = searchBase {
            base.patched.formUnion(reindexed)
            if base.patched.count <= SearchBase.patchLimit(notes: index.notes.count),
               base.sections.count == index.notes.count,
               base.patched.allSatisfy({ base.sections[$0] != nil && index.position(ofSourcePath: $0) != nil }) {
                let patched = index.sourcePaths.filter(base.patched.contains)
                let removed = patched.map { base.sections[$0]! }.sorted { $0.lowerBound < $1.lowerBound }
                let entries = patched.map { notes[$0]!.search! }
                let generation = base.generation
                return ({ .patch(SearchIndex(entries: entries), replacing: removed, base: generation) }, base)
            }
        }
        var sections: [String: Range<Int>] = [:]
        var entries: [SearchIndex.Entries] = []
        entries.reserveCapacity(index.notes.count)
        var count = 0
        for path in index.sourcePaths {
            let noteEntries = notes[path]!.search!
            sections[path] = count..<(count + noteEntries.count)
            count += noteEntries.count
            entries.append(noteEntries)
        }
        let generation = SearchIndex.generation(of: entries)
        let data = self.data
        return ({ [entries] in .whole(SearchIndex(entries: entries), reference: PageRenderer.referenceSearchSections(data)) },
                SearchBase(sections: sections, generation: generation))
    }
}

extension SiteBuilder {
    /// Every note as its front matter lists it, read before any note is parsed: the start of each file is enough.
    /// With each listed note's front matter, by source path, for its parse to use rather than read it again.
    static func listing(of tree: ContentTree, from loader: ContentLoader) -> (index: SiteIndex, frontMatter: [String: NoteParser.FrontMatter]) {
        loader.prefetch(tree.notes)
        let listed = tree.notes.parallelMap { path in loader.readFrontMatter(path).flatMap(NoteParser.listing(of:)) }
        // In one pass, on this thread alone: each pass over the listed notes copied every one of them.
        var notes: [Note] = []
        var frontMatter: [String: NoteParser.FrontMatter] = [:]
        notes.reserveCapacity(listed.count)
        frontMatter.reserveCapacity(listed.count)
        for case let (note, read)? in listed {
            frontMatter[note.source.path] = read
            notes.append(note)
        }
        return (SiteIndex(notes: notes, assets: tree.assets), frontMatter)
    }

    /// The note pages of a builder that runs once, rendered in the pass that parses the notes while each note's
    /// tree is at hand, so that no note is read and parsed twice. A page needs the other notes only for its
    /// lists, neighbours and translations, which their front matter gives: the pages are made against a
    /// listing of every note's front matter, read first (`listing(of:from:)`).
    ///
    /// A build stages each page with its search text script and adds its search entries to the index, in the
    /// listing's order; a check keeps each page's ids and links. The pages stand only if the parse lists the
    /// notes as the listing did (`stands(for:)`): a note that could not be read whole, or a file that changed
    /// during the run, drops them, and the pages are rendered again from a second parse, as without a stream.
    final class PageStream: @unchecked Sendable {
        let listing: SiteIndex
        /// The listed notes' front matter, by source path.
        let frontMatter: [String: NoteParser.FrontMatter]
        let mode: Mode
        private let renderer: PageRenderer
        /// A build's staging folder and search index; nil for a check.
        let staging: SiteWriter.Staging?
        let search: BackgroundIndex?
        /// What the parse has handed over so far; changed on the builder's thread only.
        private(set) var filesStaged = 0
        private(set) var pagesStaged = 0
        private(set) var pageLinks: [HTMLLinkChecker.PageLinks] = []
        private var done = false

        /// One note's page, as a worker made it.
        enum Rendered: Sendable {
            /// Staged with its text script; the note's search entries.
            case staged(SearchIndex.Entries)
            case links(HTMLLinkChecker.PageLinks)
        }

        init(listing: (index: SiteIndex, frontMatter: [String: NoteParser.FrontMatter]), mode: Mode, options: SiteOptions,
             templates: TemplateSet, data: ReferenceData, finder: MentionFinder) throws {
            (self.listing, frontMatter) = listing
            let listing = listing.index
            self.mode = mode
            // A page's symbol links need the data only; the reference's mentions are for its own pages.
            let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: listing, finder: finder, mentions: { _ in [] })
            renderer = PageRenderer(index: listing, templates: templates, reference: reference)
            staging = mode == .build ? try SiteWriter(output: options.output).begin() : nil
            search = mode == .build ? BackgroundIndex() : nil
        }

        /// Renders `note`'s page (on a worker); nil for a note the listing does not hold, which no page is made for.
        func render(_ note: Note, scans: CodeScanner.BlockScans) throws -> Rendered? {
            guard listing.position(ofSourcePath: note.source.path) != nil else { return nil }
            let page = renderer.page(for: note, scans: scans)
            guard let staging else { return .links(HTMLLinkChecker.PageLinks(page)) }
            let entries = SearchIndex.entries(of: note)
            try staging.add(page)
            try staging.add(SearchIndex.shardFile(of: note, entries: entries))
            return .staged(entries)
        }

        /// Takes one page's result, on the builder's thread, in the listing's order.
        func take(_ rendered: Rendered) {
            switch rendered {
            case .staged(let entries):
                search?.add(entries)
                filesStaged += 2
                pagesStaged += 1
            case .links(let links):
                pageLinks.append(links)
            }
        }

        /// Whether `index`, made from the parsed notes, lists them as the listing did, each with the same front
        /// matter, and every listed note's page was made.
        func stands(for index: SiteIndex) -> Bool {
            guard !done, index.sourcePaths == listing.sourcePaths else { return false }
            let made = mode == .build ? pagesStaged : pageLinks.count
            return made == listing.notes.count
                && zip(index.notes, listing.notes).allSatisfy { $0.metadata == $1.metadata }
        }

        /// The staged site went into place.
        func committed() {
            done = true
        }

        /// Drops what was staged, unless it was committed.
        func abandon() {
            guard !done else { return }
            done = true
            staging?.abandon()
        }
    }
}

/// A search index put together on a serial queue of its own: each batch's entries are added while the next batch
/// of pages renders, instead of between batches, when the workers would wait for them.
final class BackgroundIndex: @unchecked Sendable {
    /// Touched only on `queue`.
    private var index = SearchIndex()
    private let queue = DispatchQueue(label: "notesite.search-index")

    /// Adds one note's entries after those added before.
    func add(_ entries: SearchIndex.Entries) {
        queue.async { self.index.add(entries) }
    }

    /// The whole index's files (`SearchFiles.whole`), made on the index's queue; nil until `startScript`.
    private var files: PageRenderer.SearchFiles?

    /// Starts making the whole index's script on the index's queue, after the entries added so far, with the
    /// entries `reference` gives after the notes': it then goes on while the builder does other things. Only the
    /// first call counts (a later one's `reference` is not asked), and nothing may be added after it.
    func startScript(reference: @escaping @Sendable () -> [SearchIndex.Section]) {
        queue.async {
            guard self.files == nil else { return }
            let index = self.index
            // Let go of, so that the index handed over is the only one and adding to it copies nothing.
            self.index = SearchIndex()
            self.files = .whole(index, reference: reference())
        }
    }

    /// The files `startScript` makes, once they are made.
    func takeFiles() -> PageRenderer.SearchFiles {
        queue.sync {
            defer { files = PageRenderer.SearchFiles.none }
            guard let files else { preconditionFailure("takeFiles() before startScript(reference:)") }
            return files
        }
    }
}
