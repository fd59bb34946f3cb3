import Foundation
import Testing
@testable import NotesiteKit

/// A page per tag and language, a list of each language's tags, and the tags on each note's page.
@Suite struct TagPagesTests {
    private func note(_ title: String, date: String, lang: String, tags: String, body: String = "Text.\n") -> String {
        "---\ntitle: \(title)\ndate: \(date)\nlang: \(lang)\ntags: \(tags)\n---\n\n" + body
    }

    /// The fixture site with tagged notes in the three languages, one of them in a subfolder.
    private func taggedSite() throws -> ScratchSite {
        let site = try ScratchSite()
        try site.write("notes/en/old.md", note("Old", date: "2019-03-01", lang: "en", tags: "[Swift, UIKit]"))
        try site.write("notes/en/new.md", note("New", date: "2021-06-01", lang: "en", tags: "[swift]"))
        try site.write("notes/en/uikit/popovers.md", note("Popovers", date: "2020-01-01", lang: "en", tags: "[Swift, Split View, Swift]"))
        try site.write("notes/zh/fen-ge.md", note("分割", date: "2017-04-05", lang: "zh", tags: "[分割视图, Swift]"))
        try site.write("notes/ru/svorachivanie-2.md", note("Сворачивание", date: "2016-01-01", lang: "ru", tags: "[Сворачивание]"))
        return site
    }

    @Test func aTagsPageListsItsNotesNewestFirstInTheLanguagesWords() throws {
        let site = try taggedSite()
        var options = site.options
        options.baseURL = "https://example.org/"
        let report = try SitePipeline.build(options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        // Swift, swift and the repeat on one note are one tag, named as most notes write it.
        let swift = try site.read("en/tags/swift.html")
        #expect(swift.contains("<title>Notes tagged “Swift” · Split View Notes</title>"))
        let listed = swift.components(separatedBy: "<a class=\"note-link\" href=\"").dropFirst().map { $0.prefix { $0 != "\"" } }
        #expect(listed == ["../new.html", "../uikit/popovers.html", "../old.html"], "\(listed)")
        #expect(swift.contains("<a href=\"index.html\">Tags</a>"))
        #expect(try site.read("en/tags/split-view.html").contains("href=\"../uikit/popovers.html\">Popovers</a>"))
        #expect(!(try site.read("en/tags/split-view.html")).contains("../old.html"))
        // The list of the language's tags, with their counts.
        let index = try site.read("en/tags/index.html")
        #expect(index.contains("<a class=\"tag\" href=\"swift.html\" rel=\"tag\">Swift</a> <span class=\"tag-count\">3</span>"))
        #expect(index.contains("<a class=\"tag\" href=\"split-view.html\" rel=\"tag\">Split View</a> <span class=\"tag-count\">1</span>"))
        #expect(index.contains("<a class=\"tag\" href=\"uikit.html\" rel=\"tag\">UIKit</a>"))
        #expect(try site.read("en/index.html").contains("<a href=\"tags/index.html\">Tags</a>"))
        // Chinese and Russian tags keep their letters, in the pages' words.
        let chinese = try site.read("zh/tags/分割视图.html")
        #expect(chinese.contains("<title>标签“分割视图”下的笔记 · Split View 笔记</title>"))
        #expect(chinese.contains("href=\"../fen-ge.html\">分割</a>"))
        #expect(try site.read("zh/tags/swift.html").contains("href=\"../fen-ge.html\""))
        #expect(try site.read("ru/tags/сворачивание.html").contains("<h1>Заметки с тегом «Сворачивание»</h1>"))
        #expect(try site.read("ru/tags/index.html").contains("<h1>Теги</h1>"))
        // Each note's page links its tags, each once, as the note writes them.
        let popovers = try site.read("en/uikit/popovers.html")
        #expect(popovers.contains("<p class=\"tags\">Tags: <a class=\"tag\" href=\"../tags/swift.html\" rel=\"tag\">Swift</a> <a class=\"tag\" href=\"../tags/split-view.html\" rel=\"tag\">Split View</a> </p>"))
        #expect(try site.read("zh/fen-ge.html").contains("<p class=\"tags\">标签: <a class=\"tag\" href=\"tags/%E5%88%86%E5%89%B2%E8%A7%86%E5%9B%BE.html\" rel=\"tag\">分割视图</a>"))
        #expect(!(try site.read("en/collapse.html")).contains("class=\"tags\""))
        // Readers' pages: in the sitemap, percent-encoded.
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/zh/tags/%E5%88%86%E5%89%B2%E8%A7%86%E5%9B%BE.html</loc>"))
        #expect(sitemap.contains("<loc>https://example.org/en/tags/index.html</loc>"))
        let broken = try SiteLinks(output: site.output).broken()
        #expect(broken.problems.isEmpty, "\(broken.problems)")
    }

    @Test func checkFollowsTheTagLinksAndANoteMayLinkATagsPage() throws {
        let site = try taggedSite()
        try site.write("notes/en/links.md", note("Links", date: "2018-01-01", lang: "en", tags: "[]",
                                                 body: "[Swift notes](tags/swift.html), [all tags](tags/index.html), [none](tags/kotlin.html)\n"))
        let report = try SitePipeline.check(site.options)
        let broken = report.diagnostics.filter { $0.severity == .error }
        #expect(broken.map(\.rule.id) == ["link.unresolved"], "\(report.diagnostics.map(\.formatted))")
        #expect(broken.first?.message.contains("tags/kotlin.html") == true)
    }

    @Test func aFileUnderNotesCannotTakeATagsPage() throws {
        let site = try taggedSite()
        try site.write("notes/en/tags/swift.html", "<p>mine</p>\n")
        let report = try SitePipeline.check(site.options)
        let conflicts = report.diagnostics.filter { $0.rule.id == "content.asset-conflict" }
        #expect(conflicts.map(\.message) == ["this file would be published as en/tags/swift.html, where the site writes a page of its own; rename or move it"])
    }

    /// Under `notesite serve`, a tag taken off its last note takes its page with it, and a new tag brings one.
    @Test func serveWritesAndRemovesTagPagesAsTagsChange() throws {
        let served = try ServedSite()
        let page = { (tags: String) in self.note("Tagged", date: "2022-01-01", lang: "en", tags: tags) }
        #expect(try served.edit("notes/en/tagged.md", page("[Alpha]")).succeeded)
        #expect(try served.site.read("en/tags/alpha.html").contains("href=\"../tagged.html\""))
        #expect(try served.site.read("en/tagged.html").contains("href=\"tags/alpha.html\""))
        #expect(try served.edit("notes/en/tagged.md", page("[Beta]")).succeeded)
        let fm = FileManager.default
        #expect(!fm.fileExists(atPath: served.site.output.appendingPathComponent("en/tags/alpha.html").path))
        #expect(try served.site.read("en/tags/beta.html").contains("href=\"../tagged.html\""))
        #expect(try served.site.read("en/tags/index.html").contains("href=\"beta.html\""))
        #expect(try served.site.read("en/tagged.html").contains("href=\"tags/beta.html\""))
        #expect(try SiteLinks(output: served.site.output).broken().problems.isEmpty)
    }

    @Test(arguments: [
        ("Swift", "swift"), ("Split View", "split-view"), ("UIKit 4.2", "uikit-42"), ("分割视图", "分割视图"),
        ("Сворачивание", "сворачивание"), ("Ёлка", "ёлка"), ("Index", "index-tag"), ("#", "tag-23"), ("+ +", "tag-2b202b"),
    ])
    func tagSlugs(name: String, slug: String) {
        #expect(TagIndex.slug(for: name) == slug)
    }

    @Test func aLongTagsFileNameIsCutToWholeCharacters() {
        let slug = TagIndex.slug(for: String(repeating: "视", count: 100))
        #expect(slug == String(repeating: "视", count: 66))
        #expect(slug.utf8.count <= 200)
    }
}
