import Foundation

/// The note pages of a one-shot run, rendered in the pass that parses the notes while each note's tree is at hand,
/// so that no note is read and parsed twice. A page needs the other notes only for its lists, neighbours and
/// translations, which their front matter gives: the pages are made against a listing of every note's front matter,
/// read first (`NoteListing`).
///
/// Each page goes to the sink; when the sink wants search, the note's search entries go to the index and its
/// texts to its text script (`TextScriptPlan`), both in the listing's order. The pages stand only if the parse lists
/// the notes as the listing did (`stands(for:)`): a note that could not be read whole, or a file that changed during
/// the run, drops them, and the driver makes every page again from a second parse.
final class PageStream<Sink: PageSink>: @unchecked Sendable {
    let listing: SiteIndex
    /// The listed notes' front matter, by source path, for the parse to use rather than read it again.
    let frontMatter: [String: NoteParser.FrontMatter]
    private let renderer: PageRenderer
    private let sink: Sink
    /// The search index the pages' entries go to, and the text scripts their texts go to; nil when the sink wants
    /// none.
    let search: BackgroundIndex?
    private let texts: TextScriptCollector<Sink.Receipt>?
    /// Pages handed over so far; changed on the driver's thread only.
    private(set) var pagesMade = 0

    /// What a worker made of one note: the sink's receipt for its page, and its search entries and texts.
    struct Rendered: Sendable {
        var receipt: Sink.Receipt
        var entries: SearchIndex.Entries?
        var texts: [UInt8] = []
        var sourcePath: String
    }

    init(listing: NoteListing, templates: TemplateSet, data: ReferenceData, finder: MentionFinder, sink: Sink,
         baseURL: String? = nil) {
        (self.listing, frontMatter) = (listing.index, listing.frontMatter)
        // A page's symbol links need the data only; the reference's mentions are for its own pages.
        let reference = data.isEmpty ? nil : ReferenceSite(data: data, index: listing.index, finder: finder, mentions: { _ in [] })
        renderer = PageRenderer(index: listing.index, templates: templates, reference: reference, baseURL: baseURL)
        self.sink = sink
        search = sink.wantsSearch ? BackgroundIndex() : nil
        let byteCounts = listing.byteCounts
        texts = sink.wantsSearch ? TextScriptCollector(plan: TextScriptPlan(listing.index.notes) { byteCounts[$0.source.path] }) { [sink] in try sink.accept([$0]) } : nil
    }

    /// Renders `note`'s page (on a worker) and hands it to the sink; nil for a note the listing does not hold,
    /// which no page is made for.
    func render(_ note: Note, scans: CodeScanner.BlockScans) throws -> Rendered? {
        guard listing.position(ofSourcePath: note.source.path) != nil else { return nil }
        let page = renderer.page(for: note, scans: scans)
        return try Self.rendered(note, page: page, into: sink, texts: texts)
    }

    /// `page` handed to `sink`, with `note`'s search entries and texts when there are `texts` scripts to make.
    static func rendered(_ note: Note, page: OutputFile, into sink: Sink, texts: TextScriptCollector<Sink.Receipt>?) throws -> Rendered {
        let receipt = try sink.accept([page])
        guard let texts else { return Rendered(receipt: receipt, sourcePath: note.source.path) }
        let entries = SearchIndex.entries(of: note, script: texts.plan.script(ofSourcePath: note.source.path))
        // The texts once, in their script's form: the entries the index takes need only the words.
        return Rendered(receipt: receipt, entries: entries.withoutTexts, texts: SearchIndex.textItems(of: entries.sections),
                        sourcePath: note.source.path)
    }

    /// Takes one page's result, on the driver's thread, in the listing's order.
    func take(_ rendered: Rendered) {
        sink.record(rendered.receipt)
        if let entries = rendered.entries {
            search?.add(entries)
            texts?.add(rendered.texts, ofSourcePath: rendered.sourcePath)
        }
        pagesMade += 1
    }

    /// Waits for the text scripts to be written: before the sink is finished, or restarted.
    func finishTexts() throws {
        for receipt in try texts?.finish() ?? [] { sink.record(receipt) }
    }

    /// Whether `index`, made from the parsed notes, lists them as the listing did, each shown alike on other notes'
    /// pages (`NoteMetadata.listsAlike`), and every listed note's page was made.
    func stands(for index: SiteIndex) -> Bool {
        index.sourcePaths == listing.sourcePaths && pagesMade == listing.notes.count
            && zip(index.notes, listing.notes).allSatisfy { $0.metadata.listsAlike($1.metadata) }
    }
}
