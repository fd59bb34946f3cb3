import Benchmark
import Foundation
import NotesiteKit

/// The repository's root: the real notes, data and templates are the inputs.
private let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Everything the stages need, read once.
private struct Inputs: @unchecked Sendable {
    let files: [SourceFile]
    let notes: [Note]
    let headings: [String]
    let reference: ReferenceSite
    let renderer: PageRenderer

    static let shared: Inputs = {
        let options = SiteOptions(content: root.appendingPathComponent("Content").path,
                                  templates: root.appendingPathComponent("Templates").path)
        let loader = ContentLoader(root: options.content, displayRoot: "Content")
        let tree = try! loader.load()
        let files = tree.notes.compactMap { path -> SourceFile? in
            if case .note(let file) = loader.read(path) { return file }
            return nil
        }
        let notes = files.compactMap { NoteParser.parse($0).note }
        let index = SiteIndex(notes: notes, assets: tree.assets)
        let (data, _) = ReferenceData.load(contentRoot: options.content, displayRoot: "Content")
        let reference = ReferenceSite(data: data, index: index)
        let templates = try! TemplateSet(folder: options.templates, displayPath: "Templates")
        return Inputs(files: files, notes: index.notes, headings: notes.flatMap { $0.headings.map(\.text) },
                      reference: reference, renderer: PageRenderer(index: index, templates: templates, reference: reference))
    }()
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .peakMemoryResident],
                                           maxDuration: .seconds(3), maxIterations: 200)
    let inputs = Inputs.shared

    Benchmark("parse: front matter, cmark-gfm, heading ids (6 notes)") { benchmark in
        for file in inputs.files { blackHole(NoteParser.parse(file)) }
    }
    Benchmark("heading ids (every heading of the notes)", configuration: .init(scalingFactor: .kilo)) { benchmark in
        for _ in benchmark.scaledIterations {
            var slugger = HeadingSlugger()
            for text in inputs.headings { blackHole(slugger.slug(for: text)) }
        }
    }
    Benchmark("symbol extraction: mentions in code and prose (6 notes)") { benchmark in
        for note in inputs.notes { blackHole(inputs.reference.finder.mentions(in: note)) }
    }
    Benchmark("template rendering: note pages (6 notes)") { benchmark in
        for note in inputs.notes { blackHole(inputs.renderer.page(for: note)) }
    }
    Benchmark("template rendering: reference pages") { benchmark in
        blackHole(inputs.renderer.referencePages())
    }
    Benchmark("search index: sections and words (6 notes)") { benchmark in
        for note in inputs.notes { blackHole(SearchIndex.entries(of: note)) }
    }
}
