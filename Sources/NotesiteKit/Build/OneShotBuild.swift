import Foundation

/// `notesite build` and `notesite check`: the pipeline run once, from nothing, into a sink.
///
///     load → parse (each note's page rendered while its tree is at hand) → index → resolve → diagnose
///          → the site's other pages → sink
///
/// `build` hands the files to a `StagingSink`, which puts the site in place only when no diagnostic is an error;
/// `check` hands them to a `LinkCollector`, also checks the API names, then every link of the rendered pages, and
/// treats broken links as errors. Memory stays at about one batch of Markdown trees however large the site: a
/// note's tree goes once its page is made.
public final class OneShotBuild {
    public let options: SiteOptions
    /// Called on the driver's thread as notes are parsed and pages rendered (in batches).
    public var progress: (@Sendable (BuildProgress) -> Void)?
    /// Whether each note's page is rendered in the pass that parses it (see `PageStream`), rather than after every
    /// note is parsed, from a second read. The site is the same either way; streaming reads and parses each note
    /// once.
    public var streamsPages = true
    /// What a build does when another notesite is writing the output folder (`OutputLock`).
    public var contention: OutputLock.Contention = .wait { _ in }
    /// Whether files in the output folder that no build wrote are deleted (`--clean`) rather than kept and reported.
    public var deletesForeignFiles = false

    /// Notes are parsed and pages rendered this many at a time: the progress steps, and the trees one batch holds
    /// in memory.
    static let batch = 512

    public init(options: SiteOptions) {
        self.options = options
    }

    /// Builds the site. The output folder is validated here, before anything is read; when any diagnostic is an
    /// error, nothing is written and the previous site stays.
    public func build() throws -> SiteReport {
        try SitePipeline.validateOutput(options)
        var writer = SiteWriter(output: options.output)
        writer.contention = contention
        writer.displayPath = options.outputDisplay
        writer.deletesForeignFiles = deletesForeignFiles
        // The lock before anything is read: a build waits here for another writing the folder, and finishes putting
        // in place a site whose build was stopped halfway even when this one then stops at a template.
        let madeOutput = !FileManager.default.fileExists(atPath: options.output.path)
        let lock = try writer.lock()
        var sinkHoldsLock = false
        defer { if !sinkHoldsLock { writer.release(lock, madeOutput: madeOutput) } }
        var run: Run? = try run(.build) {
            let sink = try StagingSink(writer: writer, lock: lock, madeOutput: madeOutput)
            sinkHoldsLock = true
            return sink
        }
        defer { Run.releaseInBackground(&run) }
        return run!.report
    }

    /// One warning for each file of the output folder that no build wrote and the build kept, up to `limit`, and one
    /// for the rest.
    static func foreignFileWarnings(_ paths: [String], output: String, limit: Int = 20) -> [Diagnostic] {
        let how = "no build of this site wrote it, so it was kept; delete it, or build with --clean to delete the files no build wrote"
        var found = paths.prefix(limit).map { Diagnostic(OutputRule.foreignFile, file: output + "/" + $0, at: nil, "a file of the output folder that is not the site's: \(how)") }
        if paths.count > limit {
            found.append(Diagnostic(OutputRule.foreignFile, file: output, at: nil, "\(paths.count - limit) more files that are not the site's: \(how)"))
        }
        return found
    }

    /// Runs every stage with nothing written, checks the links of the rendered pages and treats broken links and
    /// images as errors: the CI gate.
    public func check() throws -> SiteReport {
        let collector = LinkCollector()
        var run: Run? = try run(.check) { collector }
        defer { Run.releaseInBackground(&run) }
        run!.finishCheck(collector, outputDisplay: options.outputDisplay)
        return run!.report
    }

    /// What `check` asks of a run after its pages are made.
    public enum Purpose: Sendable {
        /// Write the site; broken links are warnings.
        case build
        /// Write nothing; check the API names; broken links are errors.
        case check
    }

    /// The whole pipeline into the sink `makeSink` gives, made once the templates and data are read.
    func run<Sink: PageSink>(_ purpose: Purpose, into makeSink: () throws -> Sink) throws -> Run {
        var clock = StageClock()
        let options = self.options
        let loader = options.contentLoader()

        // 1. Load: the data and the list of the content folder are read on other threads while the templates load
        // on this one; then every note's front matter (see `PageStream`), which needs neither.
        let dataLoad = OnDemand { ReferenceData.load(contentRoot: options.content, displayRoot: options.contentDisplay) }
        let treeLoad = OnDemand { Result { try loader.load() } }
        DispatchQueue.global().async { _ = dataLoad.value }
        DispatchQueue.global().async { _ = treeLoad.value }
        if purpose == .check {
            // The generated symbol list, which only check reads, while the rest loads.
            DispatchQueue.global().async { _ = dataLoad.value.0.sdkSymbols.value }
        }
        let templates = try options.loadTemplates()
        let tree = try treeLoad.value.get()
        let listing = NoteListing(tree, loader: loader)
        let (data, dataDiagnostics) = dataLoad.value
        let finder = MentionFinder(resolver: SymbolResolver(list: data.symbols))
        if !data.isEmpty {
            try templates.require(TemplateSet.referenceTemplates, displayPath: options.templatesDisplay)
        }
        clock.lap("load+list")

        // 2. Parse every note, rendering its page into the sink in the same pass. In the listing's order, which the
        // search index keeps; then the files the listing could not read.
        let sink = try makeSink()
        var finished = false
        defer { if !finished { sink.abandon() } }
        let stream = PageStream(listing: listing, templates: templates, data: data, finder: finder, sink: sink, baseURL: options.baseURL)
        // Runs before the sink is abandoned: no text script is still being written into what it throws away.
        defer { if !finished { try? stream.finishTexts() } }
        let listed = stream.listing.sourcePaths
        let inListing = Set(listed)
        let order = listed + tree.notes.filter { !inListing.contains($0) }
        let checker = purpose == .check && !data.isEmpty ? SymbolChecker(finder: finder, sdk: data.sdkSymbols.value.0, defaultEra: options.site.defaultSwiftEra) : nil
        let streamsPages = self.streamsPages
        var parsed: [String: ParsedNote] = [:]
        var unreadable: [String: Diagnostic] = [:]
        for diagnostic in tree.diagnostics {
            unreadable[diagnostic.file] = diagnostic
        }
        for start in stride(from: 0, to: order.count, by: Self.batch) {
            let paths = Array(order[start..<min(start + Self.batch, order.count)])
            let results = try paths.parallelMap { path -> (ContentLoader.ReadResult, ParsedNote?, PageStream<Sink>.Rendered?) in
                let read = loader.read(path)
                guard case .note(let file) = read else { return (read, nil, nil) }
                var note = ParsedNote(file, frontMatter: stream.frontMatter[path], commitDates: loader.commitDates,
                                      finder: finder, checker: checker).leavingOutDraft()
                let rendered = streamsPages ? try note.note.flatMap { try stream.render($0, scans: note.scans!) } : nil
                // The page is made: the note's text, tree and code analyses go.
                note.note = note.note?.withoutSource()
                note.scans = nil
                return (read, note, rendered)
            }
            for (path, (read, note, rendered)) in zip(paths, results) {
                switch read {
                case .note: parsed[path] = note
                case .problem(let diagnostic): unreadable[diagnostic.file] = diagnostic
                case .gone: break
                }
                if let rendered { stream.take(rendered) }
            }
            progress?(BuildProgress(stage: .building, done: start + paths.count, total: order.count))
        }
        clock.lap("parse+pages")
        // The search index's script is made while the links are resolved and the reference is put together.
        stream.search?.startScript { PageRenderer.referenceSearchSections(data) }
        try stream.finishTexts()

        // 3. Index.
        let index = SiteIndex(notes: parsed.values.compactMap(\.note), assets: tree.assets)

        // 4. Resolve each note's links; put the reference together with every note's mentions.
        let resolver = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: data))
        let paths = parsed.keys.sorted()
        let notePaths = paths.filter { parsed[$0]?.note != nil }
        let problems = notePaths.map { parsed[$0]!.note! }.parallelMap { resolver.problems(in: $0) }
        let linkProblems = Dictionary(uniqueKeysWithValues: zip(notePaths, problems))
        let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: index, finder: finder,
                                                            mentions: { [parsed] in parsed[$0]?.mentions ?? [] })
        reference?.prepareMentions()
        clock.lap("resolve")

        // 5. Diagnose: each note's findings, sorted, in path order; then the site's merged in.
        var own: [Diagnostic] = []
        for path in paths {
            own += ((parsed[path]?.diagnostics ?? []) + (linkProblems[path] ?? []).map(\.diagnostic)).sortedForDisplay()
        }
        var diagnostics = SiteDiagnostics.merged(notes: own, unreadable: Array(unreadable.values), data: dataDiagnostics,
                                                 templates: templates, index: index, loader: loader)
        if purpose == .check {
            // Unsorted here: check puts these in display order with its link findings, in one sort.
            diagnostics += index.notes.flatMap { parsed[$0.source.path]?.symbolDiagnostics ?? [] }
            if data.symbolListMissing { diagnostics.append(SiteDiagnostics.symbolListMissing(loader: loader)) }
            if checker != nil { diagnostics += data.sdkSymbols.value.1 }
        }
        var report = SiteReport(diagnostics: diagnostics, notes: index.notes.count, files: parsed.count + unreadable.count,
                                filesWritten: 0, pagesWritten: 0, seconds: 0)
        let renderer = PageRenderer(index: index, templates: templates, reference: reference, baseURL: options.baseURL)
        clock.lap(purpose == .check ? "symbols" : "diagnose")

        // 6. The rest of the site into the sink; a build with errors writes nothing.
        if purpose == .check || !diagnostics.hasErrors {
            var search = stream.search
            if !stream.stands(for: index) {
                // The listing and the parse disagree: every page is made again, against the parse's index.
                try sink.restart()
                search = sink.wantsSearch ? BackgroundIndex() : nil
                try renderNotes(index.notes, renderer: renderer, into: sink, search: search, loader: loader)
                search?.startScript { PageRenderer.referenceSearchSections(data) }
            }
            try sitePages(renderer: renderer, search: search, into: sink)
            try sink.finish()
            finished = true
            (report.filesWritten, report.pagesWritten) = sink.written
            report.diagnostics += Self.foreignFileWarnings(sink.keptForeignFiles, output: options.outputDisplay)
        }
        if purpose == .build { clock.lap("render") }
        report.stages = clock.stages
        report.seconds = clock.seconds
        return Run(report: report, clock: clock, index: index, renderer: renderer, linkProblems: linkProblems,
                   kept: [parsed, resolver, reference as Any, stream])
    }

    /// Renders the pages of `notes`, read and parsed again, into `sink`, with their search entries and text
    /// scripts when there is an index.
    private func renderNotes<Sink: PageSink>(_ notes: [Note], renderer: PageRenderer, into sink: Sink,
                                             search: BackgroundIndex?, loader: ContentLoader) throws {
        let texts = search == nil ? nil : TextScriptCollector(plan: TextScriptPlan(notes) { loader.byteCount(of: $0.source.path) }) { try sink.accept([$0]) }
        defer { _ = try? texts?.finish() }
        for start in stride(from: 0, to: notes.count, by: Self.batch) {
            let batch = Array(notes[start..<min(start + Self.batch, notes.count)])
            let results = try batch.parallelMap { note in
                let note = try NoteParser.withDocument(note, from: loader)
                return try PageStream<Sink>.rendered(note, page: renderer.page(for: note), into: sink, texts: texts)
            }
            for rendered in results {
                sink.record(rendered.receipt)
                if let entries = rendered.entries {
                    search?.add(entries)
                    texts?.add(rendered.texts, ofSourcePath: rendered.sourcePath)
                }
            }
            progress?(BuildProgress(stage: .rendering, done: start + batch.count, total: notes.count))
        }
        for receipt in try texts?.finish() ?? [] { sink.record(receipt) }
    }

    /// The site-wide files, side by side: the search page and index with the feed, the lists, the reference
    /// pages, the static files. The longest job goes first: the workers take jobs in this order. Without a search
    /// index (a check), the search scripts and `symbols.json` are only link targets, and made empty.
    private func sitePages<Sink: PageSink>(renderer: PageRenderer, search: BackgroundIndex?, into sink: Sink) throws {
        let baseURL = options.baseURL
        let statics = renderer.staticFiles(contentRoot: options.content)
        var jobs: [@Sendable () throws -> [OutputFile]] = []
        if let search {
            jobs.append { renderer.sitePages(baseURL: baseURL, search: search.takeFiles(), feed: true) }
            jobs.append { renderer.listingPages() }
            jobs += renderer.referencePageJobs()
            jobs.append { statics }
        } else {
            jobs += renderer.referencePageJobs(symbolsFile: false)
            jobs.append { renderer.listingPages() }
            jobs.append { renderer.sitePages(baseURL: baseURL, search: .none) + statics }
        }
        for receipt in try jobs.parallelMap({ job in try sink.accept(job()) }) {
            sink.record(receipt)
        }
    }

    /// What a run made, for `check`'s link test, and to be let go of.
    final class Run {
        var report: SiteReport
        var clock: StageClock
        let index: SiteIndex
        let renderer: PageRenderer
        /// Each note's broken links, by source path, with the destination as written.
        let linkProblems: [String: [(destination: String, diagnostic: Diagnostic)]]
        /// The rest of what the run made.
        let kept: [Any]

        init(report: SiteReport, clock: StageClock, index: SiteIndex, renderer: PageRenderer,
             linkProblems: [String: [(destination: String, diagnostic: Diagnostic)]], kept: [Any]) {
            self.report = report
            self.clock = clock
            self.index = index
            self.renderer = renderer
            self.linkProblems = linkProblems
            self.kept = kept
        }

        /// Ends a check: adds every link of the pages `collector` took that leads nowhere, raises broken links and
        /// images to errors, and lists the notes' external links for `--external`.
        func finishCheck(_ collector: LinkCollector, outputDisplay: String) {
            report.diagnostics = checkingLinks(collector, outputDisplay: outputDisplay)
            report.externalLinks = ExternalLinkChecker.links(in: index.notes)
            clock.lap("links")
            report.stages = clock.stages
            report.seconds = clock.seconds
        }

        /// The run's diagnostics with every link of the pages `collector` took that leads nowhere, broken links and
        /// images raised to errors, in display order.
        private func checkingLinks(_ collector: LinkCollector, outputDisplay: String) -> [Diagnostic] {
            // Links the notes' own diagnostics already name are not reported again from the pages.
            var known: Set<String> = []
            for note in index.notes {
                for (destination, _) in linkProblems[note.source.path] ?? [] {
                    if let href = renderer.href(for: destination, from: note) {
                        known.insert("\(note.outputPath) \(HTMLSanitizer.decodeEntities(Escape.href(href)))")
                    }
                }
            }
            var all = report.diagnostics
            all += collector.findings(otherPaths: [PageRenderer.searchIndexPath, SearchIndex.patchPath],
                                      outputDisplay: outputDisplay, skipping: known)
            SiteDiagnostics.escalatedForCheck(&all, rules: renderer.templates.site.rules)
            return all.sortedForDisplay()
        }

        /// Lets go of `run` on another thread, which holds the only reference to it: a large site is many small
        /// objects, and freeing them one by one is work that a command about to print its report and exit need not
        /// wait for (`make bench`).
        static func releaseInBackground(_ run: inout Run?) {
            guard run != nil else { return }
            let last = Unowned(Unmanaged.passRetained(run!))
            run = nil
            DispatchQueue.global(qos: .utility).async { last.reference.release() }
        }

        private struct Unowned: @unchecked Sendable {
            let reference: Unmanaged<Run>
            init(_ reference: Unmanaged<Run>) { self.reference = reference }
        }
    }
}
