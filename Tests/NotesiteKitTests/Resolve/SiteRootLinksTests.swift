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
