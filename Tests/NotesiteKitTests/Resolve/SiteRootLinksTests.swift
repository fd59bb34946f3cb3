import Foundation
import Testing
@testable import NotesiteKit

/// A site-root path, as Jekyll and Hugo notes write them (`/images/x.png`), is read from the note's language folder.
@Suite struct SiteRootLinksTests {
    @Test func aSiteRootImageIsFoundInTheLanguageFolderFromANestedNote() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/posts/split.md", "---\ntitle: Split\n---\n\n![shot](/images/shot.png) and [the other](/other.md).\n\n![gone](/images/gone.png)\n")
        try site.write("notes/en/images/shot.png", "PNG")
        try site.write("notes/en/other.md", "---\ntitle: Other\n---\n\nText.\n")
        let report = try SitePipeline.build(site.options)
        let missing = report.diagnostics.filter { $0.rule.id == "image.missing" || $0.rule.id == "link.unresolved" }
        #expect(missing.map(\.message).count == 1, "\(missing.map(\.formatted))")
        #expect(missing.first?.message.contains("gone.png") == true)
        let page = try site.read("en/posts/split.html")
        #expect(page.contains("src=\"../images/shot.png\""), "\(page)")
        #expect(page.contains("href=\"../other.html\""))
    }

    /// `/dark-mode/`, `/issue-3/dark_mode.html` and `/2015/10/08/thinking-in-swift-1/#part`: the address the note's
    /// own site gave another post (Jekyll's and Hugo's permalinks end in its name) leads to the note of that name,
    /// in the note's language first. A name two notes of other languages share, or no note has, is still reported.
    @Test func aPostsAddressOnItsOldSiteLeadsToItsNote() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/links.md", """
        ---
        title: Links
        ---

        See [dark mode](/dark-mode/), [part one](/2015/10/08/Thinking-in-Swift-1/#part-one), [shared](/shared),
        [elsewhere](/only-zh/), [nothing](/no-such-post/) and [a file](/dark-mode.png).
        The old form of a post's page: [dark](/issue-3/dark_mode.html#top).

        """)
        try site.write("notes/en/dark-mode.md", "---\ntitle: Dark\n---\n\nText.\n")
        try site.write("notes/en/20151008-thinking-in-swift-1.md", "---\ntitle: One\n---\n\n## Part one\n")
        try site.write("notes/en/shared.md", "---\ntitle: Shared\n---\n\nText.\n")
        try site.write("notes/zh/shared.md", "---\ntitle: 共享\n---\n\n正文。\n")
        try site.write("notes/zh/only-zh.md", "---\ntitle: 只有中文\n---\n\n正文。\n")
        try site.write("notes/ru/other.md", "---\ntitle: Другое\n---\n\n[общий](/shared/)\n")
        let report = try SitePipeline.build(site.options)
        let unresolved = report.diagnostics.filter { $0.rule.id == "link.unresolved" || $0.rule.id == "link.anchor-missing" }
        #expect(unresolved.map { "\($0.file.split(separator: "/").last!):\($0.location!.line)" } == ["links.md:6", "links.md:6", "other.md:5"],
                "\(unresolved.map(\.formatted))")
        #expect(unresolved.map(\.message).filter { $0.contains("no-such-post") || $0.contains("dark-mode.png") || $0.contains("/shared/") }.count == 3)
        let page = try site.read("en/links.html")
        #expect(page.contains("href=\"dark-mode.html\""))
        #expect(page.contains("href=\"20151008-thinking-in-swift-1.html#part-one\""))
        #expect(page.contains("href=\"shared.html\""))
        #expect(page.contains("href=\"../zh/only-zh.html\""))
        #expect(page.contains("href=\"dark-mode.html#top\""))
    }

    @Test(arguments: [
        ("/images/x.png", "notes/en/a.md", "images/x.png", "notes/en/_"),
        ("//images/x.png", "notes/zh/sub/b.md", "images/x.png", "notes/zh/_"),
        ("images/x.png", "notes/en/a.md", "images/x.png", "notes/en/a.md"),
    ])
    func aSiteRootPathIsReadFromTheLanguageFolder(path: String, note: String, relative: String, base: String) {
        #expect(LinkResolver.siteRootRelative(path) == relative)
        #expect(LinkResolver.siteRootBase(path, note) == base)
    }
}
