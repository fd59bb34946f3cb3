import Foundation
import Testing
@testable import NotesiteKit

/// A draft (`draft: true`, `published: false`) is on the site `notesite serve` shows, marked as a draft, and not on
/// the site `notesite build` writes or `notesite check` checks.
@Suite struct DraftTests {
    private func siteWithDrafts() throws -> ScratchSite {
        let site = try ScratchSite()
        try site.write("notes/en/wip.md", "---\ntitle: Work in progress\ndate: 2030-01-01\nlang: en\ndraft: true\ntags: [Swift, Unfinished]\n---\n\nNot yet. [Broken](nowhere.md)\n")
        try site.write("notes/ru/chernovik.md", "---\ntitle: Черновик\ndate: 2030-01-01\nlang: ru\npublished: false\n---\n\nЕщё нет.\n")
        try site.write("notes/en/done.md", "---\ntitle: Done\ndate: 2020-01-01\nlang: en\ntags: [Swift]\n---\n\nFinished.\n")
        return site
    }

    @Test func serveShowsADraftWithItsLabel() throws {
        let site = try siteWithDrafts()
        let report = try IncrementalBuild(options: site.options).run()
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("en/wip.html")
        #expect(page.contains("<p class=\"draft-label\"><span class=\"badge\">Draft</span> This note is a draft: notesite build leaves it out of the site.</p>"))
        #expect(try site.read("ru/chernovik.html").contains("<span class=\"badge\">Черновик</span>"))
        #expect(try site.read("en/index.html").contains("<a class=\"note-link\" href=\"wip.html\">Work in progress</a> <span class=\"badge draft-label\">Draft</span>"))
        let tag = try site.read("en/tags/swift.html")
        #expect(tag.contains("href=\"../wip.html\">Work in progress</a> <span class=\"badge draft-label\">Draft</span>"))
        #expect(tag.contains("href=\"../done.html\">Done</a>\n"))
        #expect(try site.read("en/tags/unfinished.html").contains("../wip.html"))
        #expect(try site.read("assets/search-index.js").contains("en/wip.html"))
        // Only the draft carries the label.
        #expect(!(try site.read("en/done.html")).contains("draft-label"))
        #expect(!(try site.read("en/index.html")).contains("href=\"done.html\">Done</a> <span class=\"badge draft-label\">"))
    }

    /// Turning a draft into a note while serving takes the label off its page and the lists.
    @Test func publishingADraftWhileServingTakesTheLabelOff() throws {
        let served = try ServedSite()
        let text = { (draft: String) in "---\ntitle: Soon\ndate: 2030-01-01\nlang: en\n\(draft)---\n\nText.\n" }
        #expect(try served.edit("notes/en/soon.md", text("draft: true\n")).succeeded)
        #expect(try served.site.read("en/index.html").contains("href=\"soon.html\">Soon</a> <span class=\"badge draft-label\">"))
        #expect(try served.edit("notes/en/soon.md", text("")).succeeded)
        #expect(!(try served.site.read("en/index.html")).contains("draft-label"))
        #expect(!(try served.site.read("en/soon.html")).contains("draft-label"))
    }

    @Test func buildAndCheckLeaveDraftsOut() throws {
        let site = try siteWithDrafts()
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let fm = FileManager.default
        for path in ["en/wip.html", "ru/chernovik.html", "en/tags/unfinished.html"] {
            #expect(!fm.fileExists(atPath: site.output.appendingPathComponent(path).path), "\(path)")
        }
        // The drafts' text is in no text script.
        let texts = try site.read("assets/search/en.0.js")
        #expect(texts.contains("Finished.") && !texts.contains("Not yet."))
        #expect(!(try site.read("en/index.html")).contains("wip.html"))
        #expect(!(try site.read("ru/index.html")).contains("chernovik.html"))
        #expect(!(try site.read("en/tags/swift.html")).contains("wip.html"))
        #expect(try site.read("en/tags/swift.html").contains("../done.html"))
        #expect(!(try site.read("en/tags/index.html")).contains("Unfinished"))
        #expect(!(try site.read("assets/search-index.js")).contains("en/wip.html"))
        #expect(!(try site.read("feed.xml")).contains("Work in progress"))
        #expect(!report.diagnostics.contains { $0.rule.id == "link.unresolved" })

        // check: the draft's broken link is not the site's.
        let checked = try SitePipeline.check(site.options)
        #expect(!checked.diagnostics.contains { $0.severity == .error }, "\(checked.diagnostics.map(\.formatted))")
    }
}
