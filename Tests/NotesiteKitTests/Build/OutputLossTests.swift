import Foundation
import Testing
@testable import NotesiteKit

/// `IncrementalBuild` owns the output folder it wrote: a folder deleted, emptied or without its manifest gets the
/// whole site again (as a build from scratch writes it), and a notes folder moved away is the error a build gives.
@Suite struct OutputLossTests {
    @Test func tellsAFolderDeletedEmptiedOrWithoutItsManifestFromASite() throws {
        let site = try ScratchSite()
        #expect(OutputLoss.of(output: site.output) == .deleted)
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        #expect(OutputLoss.of(output: site.output) == .emptied)
        _ = try SitePipeline.build(site.options)
        #expect(OutputLoss.of(output: site.output) == nil)

        // `rm -rf public/*`: the dot files stay, and a host's CNAME would too.
        for name in try FileManager.default.contentsOfDirectory(atPath: site.output.path) where !name.hasPrefix(".") {
            try FileManager.default.removeItem(at: site.output.appendingPathComponent(name))
        }
        try Data("notes.example.com\n".utf8).write(to: site.output.appendingPathComponent("CNAME"))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(SiteManifest.fileName).path))
        #expect(OutputLoss.of(output: site.output) == .emptied)

        _ = try SitePipeline.build(site.options)
        try FileManager.default.removeItem(at: site.output.appendingPathComponent(SiteManifest.fileName))
        #expect(OutputLoss.of(output: site.output) == .manifestMissing)
    }

    /// A rebuild after the output folder went (deleted, emptied, or its manifest alone deleted) writes what a build
    /// from scratch writes, manifest included, and says why.
    @Test(arguments: [OutputLoss.deleted, .emptied, .manifestMissing])
    func aRebuildAfterTheOutputWentWritesTheWholeSite(loss: OutputLoss) throws {
        let site = try ScratchSite()
        let builder = IncrementalBuild(options: site.options)
        #expect(try builder.run().succeeded)
        let before = FolderSnapshot(options: site.options)
        switch loss {
        case .deleted:
            try FileManager.default.removeItem(at: site.output)
        case .emptied:
            for name in try FileManager.default.contentsOfDirectory(atPath: site.output.path) {
                try FileManager.default.removeItem(at: site.output.appendingPathComponent(name))
            }
        case .manifestMissing:
            try FileManager.default.removeItem(at: site.output.appendingPathComponent(SiteManifest.fileName))
        }
        let path = "notes/ru/svorachivanie.md"
        try site.write(path, try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8) + "\nНовый абзац.\n")
        let report = try builder.run(changes: FolderSnapshot(options: site.options).changes(since: before))
        #expect(report.succeeded)
        #expect(report.outputLoss == loss)
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(SiteManifest.fileName).path))

        let fresh = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(fresh.options)
        let rebuilt = try siteFiles(in: site.output)
        let expected = try siteFiles(in: fresh.output)
        #expect(Set(rebuilt.keys) == Set(expected.keys), "\(Set(expected.keys).symmetricDifference(rebuilt.keys).sorted())")
        for (path, data) in expected where rebuilt[path] != data && !SearchAnswers.isScript(path) {
            Issue.record("\(path) differs from a fresh build")
        }
        #expect(try SearchAnswers(site.output) == SearchAnswers(fresh.output))

        // The next edit is a rebuild of that edit again.
        let next = FolderSnapshot(options: site.options)
        try site.write(path, try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8) + "\nЕщё абзац.\n")
        let after = try builder.run(changes: FolderSnapshot(options: site.options).changes(since: next))
        #expect(after.outputLoss == nil && after.filesWritten <= 3, "\(after.filesWritten) files")
    }

    /// `notes/` moved away: the rebuild stops with the error a build of the same folders gives and writes nothing;
    /// moved back, the site is built again.
    @Test func aNotesFolderMovedAwayStopsTheRebuildAsItStopsABuild() throws {
        let site = try ScratchSite()
        let builder = IncrementalBuild(options: site.options)
        #expect(try builder.run().succeeded)
        let built = try siteFiles(in: site.output)
        let before = FolderSnapshot(options: site.options)
        let notes = site.content.appendingPathComponent("notes")
        let aside = site.root.appendingPathComponent("notes-aside")
        try FileManager.default.moveItem(at: notes, to: aside)
        let changes = FolderSnapshot(options: site.options).changes(since: before)
        #expect(changes.content.contains("notes/ru/svorachivanie.md"))

        var elsewhere = site.options
        elsewhere.output = site.root.appendingPathComponent("elsewhere")
        let fromBuild = #expect(throws: NotesiteError.self) { try SitePipeline.build(elsewhere) }
        let fromRebuild = #expect(throws: NotesiteError.self) { try builder.run(changes: changes) }
        #expect(fromRebuild != nil && fromRebuild == fromBuild, "\(String(describing: fromRebuild)) / \(String(describing: fromBuild))")
        #expect(fromBuild?.printed().contains("the notes folder") == true)
        #expect(try siteFiles(in: site.output) == built, "the last site stays as it was")

        // serve asks for everything after a build that stopped on an error.
        try FileManager.default.moveItem(at: aside, to: notes)
        let report = try builder.run()
        #expect(report.succeeded && report.notes == 4)
        #expect(try siteFiles(in: site.output) == built)
    }
}
