import Foundation
import Testing
@testable import NotesiteKit

/// The three sinks a one-shot run can write into, each on its own, and the pipeline into each.
@Suite struct PageSinkTests {
    private static let page = OutputFile(path: "en/a.html", contents: .text("<p id=\"x\"><a href=\"b.html#y\">b</a></p>"))
    private static let script = OutputFile(path: "assets/search/en/a.js", contents: .bytes(Array("x".utf8)))

    @Test func theStagingSinkPutsTheSiteInPlaceOnlyWhenItFinishes() throws {
        let site = try ScratchSite()
        let writer = SiteWriter(output: site.output)
        let sink = try StagingSink(writer: writer)
        sink.record(try sink.accept([Self.page, Self.script]))
        #expect(sink.written.files == 2 && sink.written.pages == 1)
        // Staged, not yet published.
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/a.html").path))
        try sink.finish()
        #expect(try site.read("en/a.html") == "<p id=\"x\"><a href=\"b.html#y\">b</a></p>")

        // A second sink that is abandoned leaves the first site as it was, with no staging folder behind.
        let second = try StagingSink(writer: writer)
        second.record(try second.accept([OutputFile(path: "en/a.html", contents: .text("changed"))]))
        second.abandon()
        #expect(try site.read("en/a.html") == "<p id=\"x\"><a href=\"b.html#y\">b</a></p>")
        let left = try FileManager.default.contentsOfDirectory(atPath: site.output.path).filter { !$0.hasPrefix(".notesite-manifest") && $0 != ".notesite-lock" }
        #expect(left.sorted() == ["assets", "en"])
    }

    @Test func theStagingSinkForgetsWhatItTookWhenItRestarts() throws {
        let site = try ScratchSite()
        let sink = try StagingSink(writer: SiteWriter(output: site.output))
        sink.record(try sink.accept([OutputFile(path: "en/old.html", contents: .text("old"))]))
        try sink.restart()
        sink.record(try sink.accept([Self.page]))
        try sink.finish()
        #expect(sink.written.files == 1 && sink.written.pages == 1)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/old.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/a.html").path))
    }

    @Test func theLinkCollectorKeepsPathsIdsAndLinksAndWritesNothing() {
        let collector = LinkCollector()
        collector.record(collector.accept([Self.page, Self.script]))
        #expect(collector.paths == ["en/a.html", "assets/search/en/a.js"])
        #expect(collector.pages.map(\.path) == ["en/a.html"])
        #expect(collector.pages.first?.ids == ["x"])
        #expect(collector.pages.first?.links.map(\.value) == ["b.html#y"])
        #expect(collector.written.files == 0)
        // b.html is not a file of the site: one broken link, at its place in the page.
        let findings = collector.findings(otherPaths: [], outputDisplay: "public", skipping: [])
        #expect(findings.map(\.file) == ["public/en/a.html"])
        #expect(findings.first?.location?.line == 1)
        #expect(findings.first?.rule.id == "html.link-broken")
        collector.restart()
        #expect(collector.paths.isEmpty && collector.pages.isEmpty)
    }

    @Test func theMemorySinkHoldsTheFilesByPath() {
        let sink = MemorySink()
        sink.record(sink.accept([Self.page, Self.script]))
        #expect(sink.written.files == 0)
        sink.finish()
        #expect(sink.written.files == 2 && sink.written.pages == 1)
        #expect(sink.text("assets/search/en/a.js") == "x")
        sink.abandon()
        #expect(sink.files.isEmpty)
    }

    /// build and check are one pipeline: into memory it makes the files a build writes, and into a link collector
    /// it gives what check reports.
    @Test func theOneShotPipelineIntoMemoryMakesTheSiteABuildWrites() throws {
        let site = try ScratchSite()
        let built = try OneShotBuild(options: site.options).build()
        #expect(built.succeeded)
        let memory = MemorySink()
        let run = try OneShotBuild(options: site.options).run(.build) { memory }
        #expect(run.report.filesWritten == built.filesWritten)
        #expect(run.report.pagesWritten == built.pagesWritten)
        for path in ["index.html", "en/collapse.html", "zh/shoushi.html", "assets/search-index.js"] {
            #expect(memory.text(path) == (try site.read(path)), "\(path)")
        }
    }
}
