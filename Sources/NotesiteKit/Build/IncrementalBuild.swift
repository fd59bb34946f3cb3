import Foundation
import NotesiteMarkdown

/// `notesite serve`'s build: the pipeline with a memory. load → parse → index → resolve → render → write, keeping
/// each note's parse, mentions and link problems, its page's search entries and each written file's content hash
/// between runs, so that a rebuild after an edit reads, parses and renders only what the edit can change.
///
/// A run that finds errors writes nothing, and the next run starts from the last state that was read (so fixing
/// the note is enough to bring the site back). `build` and `check`, which run once, use `OneShotBuild`.
public final class IncrementalBuild {
    public let options: SiteOptions

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
    /// The top-level entries of the site the last run wrote: the output folder's own, even without its manifest.
    private var writtenEntries: Set<String> {
        Set((written ?? [:]).keys.compactMap { $0.split(separator: "/", maxSplits: 1).first.map(String.init) })
    }
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

    private var searchBase: SearchBase?

    /// Called from the building thread as notes are parsed and pages rendered (in batches).
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// What a run does when another notesite is writing the output folder (`OutputLock`).
    public var contention: OutputLock.Contention = .wait { _ in }

    /// The output folder's writer.
    private var writer: SiteWriter {
        var writer = SiteWriter(output: options.output)
        writer.contention = contention
        writer.displayPath = options.outputDisplay
        return writer
    }

    /// Notes are parsed and pages rendered this many at a time: the progress steps, and the pages one batch
    /// holds in memory before they go to disk.
    private static let batch = 512

    public init(options: SiteOptions) {
        self.options = options
    }

    /// How the builder reads notes: the whole folder on a first run, single files after, and notes again for
    /// rendering when it let their text go.
    private var loader: ContentLoader {
        options.contentLoader()
    }

    /// Runs the pipeline and writes what changed. The first run reads everything; later runs read the `changes`
    /// (nil: everything again).
    public func run(changes: SiteChanges? = nil) throws -> SiteReport {
        var clock = StageClock()
        // A site an earlier run wrote that is no longer in the output folder (deleted, emptied) is built whole
        // again, as the first run builds it: this change's few files alone would be a site of those files.
        let loss = written != nil && templates != nil && changes != nil ? OutputLoss.of(output: options.output) : nil
        try SitePipeline.validateOutput(options, owned: loss == .manifestMissing ? writtenEntries : [])
        let full = changes == nil || templates == nil || loss != nil
        // A run that reads single notes would take a notes folder moved away for notes deleted and write a site
        // without them, where a complete run (and `build`) stops with this error.
        if !full { try loader.notesFolder() }
        let changes = changes ?? SiteChanges()

        // 1. Load: templates, data, notes (only the changed ones after the first run). The data and the list of the
        // content folder are read on other threads while the templates load on this one.
        let dataChanged = full || changes.content.contains { $0.hasPrefix("data/") }
        let options = self.options
        let loader = self.loader
        let dataLoad = OnDemand { ReferenceData.load(contentRoot: options.content, displayRoot: options.contentDisplay) }
        let treeLoad = OnDemand { Result { try loader.load() } }
        if dataChanged { DispatchQueue.global().async { _ = dataLoad.value } }
        if full { DispatchQueue.global().async { _ = treeLoad.value } }
        if full || changes.templates {
            templates = try options.loadTemplates()
        }
        if dataChanged {
            (data, dataDiagnostics) = dataLoad.value
            finder = MentionFinder(resolver: SymbolResolver(list: data.symbols))
        }
        guard let templates else { preconditionFailure("templates are loaded above") }
        if !data.isEmpty {
            try templates.require(TemplateSet.referenceTemplates, displayPath: options.templatesDisplay)
        }

        // 2. Parse: every note on a first run, then the changed ones.
        var touched: Set<String> = []
        var assetsChanged: Set<String> = []
        if full {
            let tree = try treeLoad.value.get()
            touched = try parseAll(tree, loader: loader)
            assets = Set(tree.assets)
        } else {
            (touched, assetsChanged) = parseChanged(changes.content, loader: loader)
        }
        clock.lap("load+parse")

        // 3. Index, and what the change reaches: the notes whose links point at a touched note.
        let previous = lastSite
        let index = SiteIndex(notes: notes.values.compactMap(\.note), assets: Array(assets))
        let mentionsChanged = resolve(index: index, touched: touched, assetsChanged: assetsChanged, full: full,
                                      dataChanged: dataChanged)
        let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: index, finder: finder,
                                                            mentions: { [notes] in notes[$0]?.mentions ?? [] })
        // A complete run lists every mention on the reference's pages: laid out while the diagnostics are sorted.
        if full { reference?.prepareMentions() }
        clock.lap("resolve")

        // 4. Diagnose. Each note's own are kept sorted and joined in path order (which is their files' order), so a
        // rebuild sorts only what changed.
        if notePaths == nil { notePaths = notes.keys.sorted() }
        var own: [Diagnostic] = []
        for path in notePaths! { own += notes[path]?.sortedDiagnostics ?? [] }
        let diagnostics = SiteDiagnostics.merged(notes: own, unreadable: Array(unreadable.values), data: dataDiagnostics,
                                                 templates: templates, index: index, loader: loader)
        var report = SiteReport(diagnostics: diagnostics, notes: index.notes.count, files: notes.count + unreadable.count,
                                filesWritten: 0, pagesWritten: 0, seconds: 0)
        report.outputLoss = loss
        let renderer = PageRenderer(index: index, templates: templates, reference: reference, baseURL: options.baseURL)
        clock.lap("diagnose")

        // 5. Render and write what the changes since the last written site reach.
        unwritten.notes.formUnion(touched)
        unwritten.assets.formUnion(assetsChanged)
        unwritten.reference = unwritten.reference || mentionsChanged
        unwritten.everything = unwritten.everything || full || changes.templates || dataChanged
        // Errors confined to some notes do not hold up the rest: those notes' pages show what is wrong with them,
        // and every other page is written. An error elsewhere (data, templates, two notes on one page) stops the
        // run, and the last site that built stays.
        let erring = Self.notesWithErrors(diagnostics, notes: notes.keys, unreadable: unreadable.keys, loader: loader)
        if let erring {
            let plan: RenderPlan = unwritten.everything || written == nil || previous == nil
                ? .everything
                : RenderPlan.after(touched: unwritten.notes, assets: unwritten.assets, before: previous!, after: index,
                                   referenceChanged: unwritten.reference)
            // One writer at a time: the whole of this run's writing under the output folder's lock.
            let writer = self.writer
            let lock = try writer.lock()
            defer { lock.release() }
            (report.filesWritten, report.pagesWritten) = try write(plan, renderer: renderer, index: index, lock: lock)
            for (path, display) in erring {
                guard let page = ErrorPage.file(for: path, display: display,
                                                errors: diagnostics.filter { $0.file == display && $0.severity == .error }) else { continue }
                try writer.replace(page)
                written?[page.path] = page.contentHash
                report.notesShowingErrors.append(display)
            }
            (report.filesWritten, report.pagesWritten) = (report.filesWritten + report.notesShowingErrors.count,
                                                          report.pagesWritten + report.notesShowingErrors.count)
            lastSite = index
            unwritten = Unwritten()
        }
        clock.lap("render")
        report.stages = clock.stages
        report.seconds = clock.seconds
        return report
    }

    /// Reads and parses every note of `tree`, keeping each one's tree and code analyses for its page; the paths
    /// read.
    private func parseAll(_ tree: ContentTree, loader: ContentLoader) throws -> Set<String> {
        notes = [:]
        notePaths = nil
        unreadable = [:]
        for diagnostic in tree.diagnostics {
            unreadable[diagnostic.file] = diagnostic
        }
        var touched: Set<String> = []
        let finder = self.finder
        for start in stride(from: 0, to: tree.notes.count, by: Self.batch) {
            let paths = Array(tree.notes[start..<min(start + Self.batch, tree.notes.count)])
            let results = paths.parallelMap { path -> (ContentLoader.ReadResult, NoteState?) in
                let read = loader.read(path)
                guard case .note(let file) = read else { return (read, nil) }
                let parsed = ParsedNote(file, commitDates: loader.commitDates, finder: finder, checker: nil)
                parsed.scans?.keepForPages(resolvingWith: finder)
                return (read, NoteState(parsed))
            }
            for (path, (read, state)) in zip(paths, results) {
                switch read {
                case .note:
                    notes[path] = state
                    touched.insert(path)
                case .problem(let diagnostic): unreadable[diagnostic.file] = diagnostic
                case .gone: break
                }
            }
            progress?(BuildProgress(stage: .parsing, done: start + paths.count, total: tree.notes.count))
        }
        return touched
    }

    /// Reads and parses the notes among `changed` (paths below the content folder) again, and notes which other
    /// files under `notes/` came, went or changed.
    private func parseChanged(_ changed: Set<String>, loader: ContentLoader) -> (notes: Set<String>, assets: Set<String>) {
        var touched: Set<String> = []
        var assetsChanged: Set<String> = []
        var reread: [SourceFile] = []
        for path in changed.sorted() where path.hasPrefix("notes/") {
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
        for (file, result) in zip(reread, reread.parallelMap { NoteParser.parse($0, commitDates: loader.commitDates) }) {
            // The mentions stay until they are found again in `resolve`, to tell whether the reference changes.
            let mentions = notes[file.path]?.mentions ?? []
            if notes[file.path] == nil { notePaths = nil }
            notes[file.path] = NoteState(note: result.note, diagnostics: result.diagnostics, mentions: mentions)
        }
        return (touched, assetsChanged)
    }

    /// Resolves the links of the notes a change reaches (every note's when the data changed, since links to the
    /// reference lead where it says), and finds the touched notes' mentions again; whether any note's mentions
    /// changed.
    private func resolve(index: SiteIndex, touched: Set<String>, assetsChanged: Set<String>, full: Bool,
                         dataChanged: Bool) -> Bool {
        let resolver = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: data))
        var recheck = touched
        if dataChanged {
            recheck.formUnion(notes.keys)
        } else if !full {
            let reached = touched.union(touched.flatMap(LinkResolver.addressTargets(ofSourcePath:)))
            for (path, state) in notes where !state.targets.isDisjoint(with: reached) || !assetsChanged.isEmpty {
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
        return mentionsChanged
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

    // MARK: Render and write

    /// Files a worker staged (by path, with their content hashes), or made for the writer to compare and write.
    struct Staged: Sendable {
        /// The staged files' paths, with their content hashes when the builder keeps them for its next run.
        var hashes: [(path: String, hash: ContentHash?)] = []
        var files: [OutputFile] = []
    }

    /// Renders what `plan` names and writes what changed. A first run (or a plan of everything) writes a complete
    /// site into a staging folder and swaps it in; later runs replace single files, each atomically.
    /// `lock`: the output folder's, which the caller holds.
    private func write(_ plan: RenderPlan, renderer: PageRenderer, index: SiteIndex, lock: OutputLock) throws -> (files: Int, pages: Int) {
        let writer = self.writer
        let loader = self.loader
        var hashes: [String: ContentHash] = [:]
        var filesWritten = 0
        var pagesWritten = 0
        let everything = plan.everything || written == nil
        let staging: SiteWriter.Staging? = everything ? try writer.begin(lock: lock) : nil
        /// Stages `files` (on the calling thread, so the workers write in parallel) or, on a rebuild, hands them
        /// back for `emit`, which writes only those that changed.
        @Sendable func stage(_ files: [OutputFile]) throws -> Staged {
            guard let staging else { return Staged(files: files) }
            var staged = Staged()
            for file in files {
                // The staging hashed the file's bytes already.
                let hash = try staging.add(file)
                staged.hashes.append((file.path, hash ?? file.contentHash))
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
        var newSearchBase = searchBase
        /// Notes whose search entries this run worked out again: their sections in the index on disk are stale.
        var reindexed: Set<String> = []
        /// A note's search entries without their text, which is in the note's text script.
        func keep(_ entries: SearchIndex.Entries, of note: Note) {
            reindexed.insert(note.source.path)
            notes[note.source.path]?.search = entries.kept
        }
        do {
            let noteList = everything ? index.notes : index.sourcePaths.indices.filter { plan.notes.contains(index.sourcePaths[$0]) }.map { index.notes[$0] }
            // Note pages go to disk in batches, so the whole site is never in memory at once, each rendered, hashed
            // and written by one worker. A complete build writes every note's search text, grouped as `build`
            // groups them (`TextScriptPlan`); a rebuild writes each edited note's on its own, which the search
            // patch names.
            let texts = everything ? TextScriptCollector(plan: TextScriptPlan(index.notes) { loader.byteCount(of: $0.source.path) }) { try stage([$0]) } : nil
            defer { _ = try? texts?.finish() }
            for start in stride(from: 0, to: noteList.count, by: Self.batch) {
                let batch = Array(noteList[start..<min(start + Self.batch, noteList.count)])
                let searched = Set((everything ? batch : batch.filter { notes[$0.source.path]?.search == nil }).map(\.source.path))
                let results = try Array(zip(batch, takeScans(of: batch))).parallelMap { note, scans -> (Staged, SearchIndex.Entries?, [UInt8]) in
                    let note = try NoteParser.withDocument(note, from: loader)
                    var files = [renderer.page(for: note, scans: scans)]
                    guard searched.contains(note.source.path) else { return (try stage(files), nil, []) }
                    guard let texts else {
                        let entries = SearchIndex.entries(of: note)
                        files.append(SearchIndex.shardFile(of: note, entries: entries))
                        return (try stage(files), entries, [])
                    }
                    let entries = SearchIndex.entries(of: note, script: texts.plan.script(ofSourcePath: note.source.path))
                    return (try stage(files), entries.withoutTexts, SearchIndex.textItems(of: entries.sections))
                }
                for (note, (staged, entries, text)) in zip(batch, results) {
                    try emit(staged)
                    if let entries { keep(entries, of: note) }
                    texts?.add(text, ofSourcePath: note.source.path)
                }
                progress?(BuildProgress(stage: .rendering, done: start + batch.count, total: noteList.count))
            }
            for staged in try texts?.finish() ?? [] { try emit(staged) }
            // Notes parsed by a run that stopped on errors have no entries yet, and this plan may not name them.
            if everything || plan.sitePages {
                let missing = index.sourcePaths.indices.filter { notes[index.sourcePaths[$0]]?.search == nil }.map { index.notes[$0] }
                let entries = try missing.parallelMap { SearchIndex.entries(of: try NoteParser.withDocument($0, from: loader)) }
                try emit(stage(zip(missing, entries).map { SearchIndex.shardFile(of: $0, entries: $1) }))
                for (note, entries) in zip(missing, entries) { keep(entries, of: note) }
            }
            // The site-wide files, side by side: the search index and the feed, the lists, the reference pages.
            // The longest job goes first: the workers take jobs in this order, and the search index, queued last,
            // ended a large build on one core.
            var jobs: [@Sendable () throws -> [OutputFile]] = []
            if everything || plan.sitePages {
                let baseURL = options.baseURL
                let search: @Sendable () -> PageRenderer.SearchFiles
                (search, newSearchBase) = searchPlan(everything: everything, reindexed: reindexed, index: index)
                let feed = everything || plan.feed
                jobs.append { renderer.sitePages(baseURL: baseURL, search: search(), feed: feed) }
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
