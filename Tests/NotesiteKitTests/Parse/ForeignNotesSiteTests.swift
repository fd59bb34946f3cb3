import Foundation
import Testing
@testable import NotesiteKit

/// A site of notes written for other tools builds as it is: each page with its title and date, a draft left out.
@Suite struct ForeignNotesSiteTests {
    private func site() throws -> ScratchSite {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/jekyll-post.md", """
            ---
            layout: post
            title: "Collapsing a split view"
            date: 2014-11-05 16:16:18 +0800
            categories: [iOS]
            tags: [UIKit]
            comments: true
            ---

            What the delegate is asked when a split view collapses.
            """)
        try site.write("notes/en/2017-04-05-dated-by-name.md", "Dated by its name.\n")
        try site.write("notes/en/hugo-post.md", """
            +++
            title = "Adaptive layout"
            date = 2016-03-01T09:00:00+03:00
            tags = ["UIKit"]
            +++

            Size classes.
            """)
        try site.write("notes/en/vuepress-page.md", "---\ntitle: A page without a date\nsidebar: auto\n---\n\nNo date here.\n")
        try site.write("notes/en/readme-title.md", "# Split views\n\nA README's first paragraph.\n\n## Collapsing\n")
        try site.write("notes/en/unpublished.md", "---\ntitle: Not yet\ndraft: true\n---\n\nSecret.\n")
        try site.write("notes/zh/mmd.md", "Title: 分割视图\nDate: 2015-10-18\n\n正文。\n")
        return site
    }

    @Test func theNotesBuildWithTheirTitlesAndDatesAndTheDraftDoesNot() throws {
        let site = try site()
        let report = try SitePipeline.build(site.options)
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics.map(\.formatted))")
        #expect(report.notes == 6)

        let jekyll = try site.read("en/jekyll-post.html")
        #expect(jekyll.contains("<h1>Collapsing a split view</h1>"))
        #expect(jekyll.contains("<time datetime=\"2014-11-05\">5 November 2014</time>"))
        #expect(jekyll.contains("<meta name=\"description\" content=\"What the delegate is asked when a split view collapses.\">"))

        // The page's address follows the file's name, with or without its date (`NotePlace`).
        let named = try #require(["en/dated-by-name.html", "en/2017-04-05-dated-by-name.html"].first {
            FileManager.default.fileExists(atPath: site.output.appendingPathComponent($0).path)
        })
        let dated = try site.read(named)
        #expect(dated.contains("<h1>Dated by name</h1>"))
        #expect(dated.contains("<time datetime=\"2017-04-05\">"))

        #expect(try site.read("en/hugo-post.html").contains("<time datetime=\"2016-03-01\">"))

        let undated = try site.read("en/vuepress-page.html")
        #expect(undated.contains("<h1>A page without a date</h1>"))
        #expect(!undated.contains("<time"))

        // The heading is the page's title, once, with its id; the body keeps the rest.
        let readme = try site.read("en/readme-title.html")
        #expect(readme.contains("<h1 id=\"split-views\">Split views</h1>"))
        #expect(readme.components(separatedBy: "Split views</h").count == 2, "the title is shown once")
        #expect(readme.contains("<h2 id=\"collapsing\">"))
        #expect(readme.contains("<title>Split views · "))

        #expect(try site.read("zh/mmd.html").contains("<h1>分割视图</h1>"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/unpublished.html").path))

        // Newest first; the note without a date after every dated one.
        let list = try site.read("en/index.html")
        let order = ["Dated by name", "Adaptive layout", "Collapsing a split view", "A page without a date"].map {
            list.range(of: ">\($0)<")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil }, "\(list)")
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
        #expect(!list.contains("Not yet"))
    }

    @Test func checkSaysTheDraftIsNotPublished() throws {
        let site = try site()
        let report = try SitePipeline.check(site.options)
        let drafts = report.diagnostics.filter { $0.rule.id == "frontmatter.draft" }
        #expect(drafts.count == 1)
        #expect(drafts.first?.severity == .note)
        #expect(drafts.first?.file.hasSuffix("notes/en/unpublished.md") == true)
        #expect(!report.diagnostics.hasErrors, "\(report.diagnostics.map(\.formatted))")
    }

    /// A file with nothing in it is a note like any other, titled by its name.
    @Test func anEmptyNoteBuilds() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/empty-note.md", "")
        let report = try SitePipeline.build(site.options)
        #expect(report.diagnostics.isEmpty, "\(report.diagnostics.map(\.formatted))")
        #expect(try site.read("en/empty-note.html").contains("<h1>Empty note</h1>"))
    }
}
