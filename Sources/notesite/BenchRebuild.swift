import ArgumentParser
import Foundation
import NotesiteKit

/// `make bench`'s measure of `serve`: one complete build, then a note edited and the site rebuilt the way the
/// server does it (a folder snapshot, then `IncrementalBuild` with the changes), several times; prints the median.
struct BenchRebuild: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench-rebuild",
        abstract: "Time serve's rebuild after one note is edited (for make bench).",
        shouldDisplay: false
    )

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("Where to write the site.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: "How many edits to time.")
    var edits = 5

    func run() throws {
        let options = try folders.options(output: output)
        let builder = IncrementalBuild(options: options)
        let first = try builder.run()
        guard first.succeeded, let note = try middleNote(options) else {
            throw ValidationError("the first build failed or there are no notes")
        }
        let original = try Data(contentsOf: note)
        defer { try? original.write(to: note) }
        var snapshot = FolderSnapshot(options: options)
        var times: [Double] = []
        var scans: [Double] = []
        var stages: [String: [Double]] = [:]
        var stageOrder: [String] = []
        for i in 0..<max(edits, 1) {
            try (original + Data("\nEdited for the benchmark, pass \(i).\n".utf8)).write(to: note)
            let start = DispatchTime.now()
            let now = FolderSnapshot(options: options)
            let scanned = DispatchTime.now()
            let report = try builder.run(changes: now.changes(since: snapshot))
            let end = DispatchTime.now()
            snapshot = now
            guard report.succeeded else { throw ValidationError("a rebuild failed") }
            times.append(Double(end.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
            scans.append(Double(scanned.uptimeNanoseconds - start.uptimeNanoseconds) / 1e6)
            for stage in report.stages {
                if stages[stage.name] == nil { stageOrder.append(stage.name) }
                stages[stage.name, default: []].append(stage.seconds * 1000)
            }
        }
        try original.write(to: note)
        _ = try builder.run(changes: FolderSnapshot(options: options).changes(since: snapshot))
        let parts = stageOrder.map { String(format: "%@ %.0f ms", $0, median(stages[$0]!)) }
        print(String(format: "%.0f ms (folder scan %.0f ms)", median(times), median(scans)))
        // The stages' medians go to standard error: bench/run.sh puts standard output in its table.
        FileHandle.standardError.write(Data(("rebuild stages (median ms): " + parts.joined(separator: ", ") + "\n").utf8))
    }

    private func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }

    private func middleNote(_ options: SiteOptions) throws -> URL? {
        let notes = FileManager.default.enumerator(atPath: options.content.appendingPathComponent("notes").path)?
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".md") }.sorted() ?? []
        return notes.isEmpty ? nil : options.content.appendingPathComponent("notes/" + notes[notes.count / 2])
    }
}
