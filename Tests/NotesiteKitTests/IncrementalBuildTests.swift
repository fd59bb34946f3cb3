import Foundation
import Testing
@testable import NotesiteKit

/// `SiteBuilder` reruns after edits (what `notesite serve` does). Whatever it chooses to render again, the output
/// folder must end up exactly as a build from scratch of the same content would leave it.
@Suite struct IncrementalBuildTests {
    /// Runs `edit`, rebuilds with the changes the folder snapshot sees, and compares with a fresh build.
    private func expectRebuildMatchesFreshBuild(
        _ edit: (ScratchSite) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (report: SiteReport, changed: Set<String>) {
        let site = try ScratchSite()
        let builder = SiteBuilder(options: site.options)
        let first = try builder.run(.build)
        #expect(first.succeeded, sourceLocation: sourceLocation)
        let before = FolderSnapshot(options: site.options)
        let oldFiles = try files(in: site.output)
        try edit(site)
        let changes = FolderSnapshot(options: site.options).changes(since: before)
        #expect(!changes.isEmpty, "the snapshot saw no change", sourceLocation: sourceLocation)
        let report = try builder.run(.build, changes: changes)
        let incremental = try files(in: site.output)

        let fresh = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(fresh.options)
        let expected = try files(in: fresh.output)
        #expect(Set(incremental.keys) == Set(expected.keys), sourceLocation: sourceLocation)
        for (path, data) in expected where incremental[path] != data {
            Issue.record("\(path) differs from a fresh build", sourceLocation: sourceLocation)
        }
        let changed = Set(incremental.filter { oldFiles[$0.key] != $0.value }.keys)
            .union(oldFiles.keys.filter { incremental[$0] == nil })
        return (report, changed)
    }

    @Test func editingABodyRewritesThatPageItsSearchTextAndTheIndexOnly() throws {
        let (report, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/ru/svorachivanie.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text + "\nНовый абзац.\n")
        }
        #expect(report.succeeded)
        #expect(changed == ["ru/svorachivanie.html", "assets/search-index.js", "assets/search/ru/svorachivanie.js"])
        #expect(report.filesWritten == 3)
    }

    @Test func aNewMentionReachesTheReferencePage() throws {
        let (_, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/ru/svorachivanie.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text + "\n## Сворачивание\n\nВызовите `primaryViewController(forCollapsing:)`.\n")
        }
        #expect(changed == ["ru/svorachivanie.html", "assets/search-index.js", "assets/search/ru/svorachivanie.js", "reference/symbols.json",
                            "reference/UISplitViewControllerDelegate.html"])
    }

    @Test func aNewTitleReachesTheListsTheNeighboursAndTheTranslations() throws {
        let (_, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/en/collapse.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text.replacingOccurrences(of: "Collapsing, step by step", with: "Collapsing, in order"))
        }
        #expect(changed.isSuperset(of: ["en/collapse.html", "index.html", "en/index.html", "ru/collapse-ru.html", "feed.xml"]))
        #expect(!changed.contains("zh/shoushi.html"), "a note that neither lists nor neighbours it is left alone")
    }

    @Test func addingAndDeletingNotesAndImages() throws {
        _ = try expectRebuildMatchesFreshBuild { site in
            try site.write("notes/en/new-note.md", "---\ntitle: New\ndate: 2025-01-02\nlang: en\n---\n\nSee [collapse](collapse.md#step-1-choose-the-primary).\n")
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/zh/shoushi.md"))
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/en/images/diagram.svg"))
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try site.write("data/symbols.yml", try String(contentsOf: site.content.appendingPathComponent("data/symbols.yml"), encoding: .utf8) + "\n")
            try site.write("notes/en/images/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        }
    }

    @Test func aHeadingRenamedUnderALinkIsReportedAndFixed() throws {
        let site = try ScratchSite()
        let builder = SiteBuilder(options: site.options)
        _ = try builder.run(.build)
        var snapshot = FolderSnapshot(options: site.options)
        let path = "notes/en/collapse.md"
        let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
        try site.write(path, text.replacingOccurrences(of: "## Step 2: collapse the secondary", with: "## Step two"))
        var next = FolderSnapshot(options: site.options)
        let broken = try builder.run(.build, changes: next.changes(since: snapshot))
        #expect(broken.diagnostics.contains { $0.rule == "link.anchor-missing" && $0.file.hasSuffix("en/collapse.md") })
        snapshot = next
        try site.write(path, text)
        next = FolderSnapshot(options: site.options)
        let fixed = try builder.run(.build, changes: next.changes(since: snapshot))
        #expect(!fixed.diagnostics.contains { $0.rule == "link.anchor-missing" })
    }

    @Test func aBrokenEditWritesNothingAndTheFixBringsThePageBack() throws {
        let site = try ScratchSite()
        let builder = SiteBuilder(options: site.options)
        _ = try builder.run(.build)
        let good = try site.read("en/collapse.html")
        var snapshot = FolderSnapshot(options: site.options)
        let path = "notes/en/collapse.md"
        let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
        try site.write(path, text.replacingOccurrences(of: "date: 2024-05-01", with: "date: [2024]") + "\nA new line.\n")
        var next = FolderSnapshot(options: site.options)
        let broken = try builder.run(.build, changes: next.changes(since: snapshot))
        #expect(!broken.succeeded)
        #expect(broken.filesWritten == 0)
        #expect(try site.read("en/collapse.html") == good)

        snapshot = next
        try site.write(path, text + "\nA new line.\n")
        next = FolderSnapshot(options: site.options)
        let fixed = try builder.run(.build, changes: next.changes(since: snapshot))
        #expect(fixed.succeeded)
        #expect(try site.read("en/collapse.html").contains("A new line."))
    }

    private func files(in folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        while let url = enumerator?.nextObject() as? URL {
            guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }
}
