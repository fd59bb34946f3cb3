import Foundation
import Testing
@testable import NotesiteKit

/// Collections as people keep them: notes in subfolders, a folder's README.md as the folder's note with its
/// images beside it, and Jekyll's dated file names.
@Suite struct NestedNotesTests {
    /// The fixture site with notes at three depths, linking each other, their images and the reference.
    private func nestedSite() throws -> ScratchSite {
        let site = try ScratchSite()
        let svg = try Data(contentsOf: site.content.appendingPathComponent("notes/en/images/diagram.svg"))
        try site.writeNote("notes/en/split-view/README.md", title: "Split view", """
            ![The columns](img/columns.svg) and <img src="img/columns.svg" alt="again">

            See [popovers](../uikit/popovers.md#presenting), [the UIKit folder](../uikit/), [a dated note](../2017-04-05-dated.md),
            [the collapse steps](../collapse.md#step-1-choose-the-primary) and [the reference](../../reference/index.html).

            Call `primaryViewController(forCollapsing:)`.
            """)
        try site.content.appendingPathComponent("notes/en/split-view/img").createFolder()
        try svg.write(to: site.content.appendingPathComponent("notes/en/split-view/img/columns.svg"))
        try site.writeNote("notes/en/uikit/popovers.md", title: "Popovers", """
            ## Presenting

            Back to [the split view](../split-view/README.md#top), its [folder](../split-view/) and
            ![its picture](../split-view/img/columns.svg). Uses `primaryViewController(forCollapsing:)`.
            [Entry](../../reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.primaryViewController(forCollapsing:))
            """)
        try site.writeNote("notes/en/uikit/index.md", title: "UIKit", "[Popovers](popovers.md#presenting)\n")
        try site.writeNote("notes/en/2017-04-05-dated.md", title: "Dated", "[Split view](split-view/README.md)\n")
        try site.writeNote("notes/zh/fen-ge/shi-tu/README.md", title: "分割视图", "[英文](../../../en/uikit/popovers.md)\n\n## 收起\n")
        return site
    }

    @Test func pagesStandAtTheirAddressesWithTheirImages() throws {
        let site = try nestedSite()
        var options = site.options
        options.baseURL = "https://example.org/notes/"
        let report = try SitePipeline.build(options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(report.notes == 9)
        let fm = FileManager.default
        for page in ["en/split-view.html", "en/uikit/popovers.html", "en/uikit.html", "en/dated.html", "zh/fen-ge/shi-tu.html",
                     "en/split-view/img/columns.svg", "assets/search/en.0.js"] {
            #expect(fm.fileExists(atPath: site.output.appendingPathComponent(page).path), "\(page)")
        }
        for page in ["en/2017-04-05-dated.html", "en/split-view/README.html", "en/uikit/index.html"] {
            #expect(!fm.fileExists(atPath: site.output.appendingPathComponent(page).path), "\(page)")
        }
        let readme = try site.read("en/split-view.html")
        #expect(readme.contains("<img src=\"split-view/img/columns.svg\" alt=\"The columns\""))
        #expect(readme.contains("<img src=\"split-view/img/columns.svg\" alt=\"again\""))
        #expect(readme.contains("href=\"uikit/popovers.html#presenting\""))
        #expect(readme.contains("href=\"uikit.html\">the UIKit folder</a>"))
        #expect(readme.contains("href=\"../reference/index.html\""))
        #expect(readme.contains("<link rel=\"stylesheet\" href=\"../assets/style.css\">"))
        let popovers = try site.read("en/uikit/popovers.html")
        #expect(popovers.contains("<link rel=\"stylesheet\" href=\"../../assets/style.css\">"))
        #expect(popovers.contains("href=\"../split-view.html#top\""))
        #expect(popovers.contains("<img src=\"../split-view/img/columns.svg\""))
        #expect(popovers.contains("action=\"../../en/search.html\""))
        // The lists, the reference's mentions, the search index, the feed and the sitemap name the pages where
        // they are.
        #expect(try site.read("en/index.html").contains("href=\"uikit/popovers.html\">Popovers</a>"))
        #expect(try site.read("index.html").contains("href=\"zh/fen-ge/shi-tu.html\">分割视图</a>"))
        #expect(try site.read("reference/UISplitViewControllerDelegate.html").contains("href=\"../en/uikit/popovers.html"))
        #expect(try site.read("assets/search-index.js").contains("\"en/uikit/popovers.html#presenting\""))
        #expect(try site.read("feed.xml").contains("<link rel=\"alternate\" href=\"https://example.org/notes/en/uikit/popovers.html\"/>"))
        #expect(try site.read("sitemap.xml").contains("<loc>https://example.org/notes/zh/fen-ge/shi-tu.html</loc>"))
        let broken = try SiteLinks(output: site.output).broken()
        #expect(broken.problems.isEmpty, "\(broken.problems)")
        #expect(broken.checked > 100)
    }

    @Test func checkFindsNothingBrokenOnANestedSite() throws {
        let site = try nestedSite()
        let report = try SitePipeline.check(site.options)
        #expect(!report.diagnostics.contains { $0.severity == .error || $0.rule.id.hasPrefix("link.") || $0.rule.id.hasPrefix("html.") || $0.rule.id.hasPrefix("image.") },
                "\(report.diagnostics.map(\.formatted))")
        // And a broken link in a folder's note is found at its place, and written from the page as from the file.
        try site.writeNote("notes/en/split-view/README.md", title: "Split view", "[Gone](gone.md) and [a file](img/gone.pdf#p2)\n")
        let broken = try SitePipeline.check(site.options)
        let unresolved = broken.diagnostics.filter { $0.rule.id == "link.unresolved" }
        #expect(unresolved.map(\.file) == [site.content.path + "/notes/en/split-view/README.md", site.content.path + "/notes/en/split-view/README.md"])
        #expect(unresolved.map(\.location?.line) == [6, 6])
        #expect(!broken.diagnostics.contains { $0.rule.id == "html.link-broken" }, "\(broken.diagnostics.map(\.formatted))")
        _ = try SitePipeline.build(site.options)
        let page = try site.read("en/split-view.html")
        #expect(page.contains("href=\"split-view/gone.md\""))
        #expect(page.contains("href=\"split-view/img/gone.pdf#p2\""))
    }

    @Test func twoNotesForOnePageAreADuplicateThatNamesBoth() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/split-view/README.md", title: "Folder", "Text.\n")
        try site.writeNote("notes/en/split-view.md", title: "File", "Text.\n")
        try site.writeNote("notes/en/2017-04-05-title.md", title: "Dated", "Text.\n")
        try site.writeNote("notes/en/title.md", title: "Undated", "Text.\n")
        let report = try SitePipeline.build(site.options)
        #expect(report.filesWritten == 0)
        let duplicates = report.diagnostics.filter { $0.rule.id == "content.duplicate-slug" }
        let root = site.content.path + "/notes/en/"
        #expect(duplicates.map(\.file) == [root + "split-view/README.md", root + "title.md"])
        #expect(duplicates.map(\.message) == [
            "this note and \(root)split-view.md would both be written to en/split-view.html (a folder's README.md or index.md is the folder's page); rename or move one of them",
            "this note and \(root)2017-04-05-title.md would both be written to en/title.html (a date before a file's name is not part of its page's address); rename or move one of them",
        ])
        #expect(duplicates.allSatisfy { $0.severity == .error })
    }

    /// `notesite serve` reads the same addresses, and a note added to a new subfolder, or an image beside a
    /// folder's note, reaches the site on the next rebuild.
    @Test func serveBuildsNestedNotesAndTheirChanges() throws {
        let served = try ServedSite()
        try served.site.writeNote("notes/en/split-view/README.md", title: "Split view", "![The columns](img/columns.svg)\n")
        var report = try served.rebuild()
        #expect(report.succeeded)
        #expect(try served.site.read("en/split-view.html").contains("class=\"image-missing\""))
        try served.site.content.appendingPathComponent("notes/en/split-view/img").createFolder()
        try Data("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8).write(to: served.site.content.appendingPathComponent("notes/en/split-view/img/columns.svg"))
        try served.site.writeNote("notes/en/uikit/popovers.md", title: "Popovers", "[Split view](../split-view/)\n")
        report = try served.rebuild()
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(try served.site.read("en/split-view.html").contains("<img src=\"split-view/img/columns.svg\""))
        #expect(try served.site.read("en/uikit/popovers.html").contains("href=\"../split-view.html\""))
        let broken = try SiteLinks(output: served.site.output).broken()
        #expect(broken.problems.isEmpty, "\(broken.problems)")
    }
}

/// The site as a browser opening it from disk sees it: every `href` and `src` of every page, resolved against the
/// page's own address by Foundation's URL rules, must be a file of the output, and a fragment an id of that page.
struct SiteLinks {
    let output: URL

    func broken() throws -> (checked: Int, problems: [String]) {
        let root = output.standardizedFileURL
        var problems: [String] = []
        var checked = 0
        var ids: [String: Set<String>] = [:]
        func idsOf(_ file: URL) throws -> Set<String> {
            if let known = ids[file.path] { return known }
            let found = Set(Self.values(of: "id", in: try String(contentsOf: file, encoding: .utf8)))
            ids[file.path] = found
            return found
        }
        let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)
        while let page = (enumerator?.nextObject() as? URL)?.standardizedFileURL {
            guard page.pathExtension == "html" else { continue }
            let name = String(page.path.dropFirst(root.path.count + 1))
            let html = try String(contentsOf: page, encoding: .utf8)
            for value in Self.values(of: "href", in: html) + Self.values(of: "src", in: html) {
                if value.hasPrefix("http:") || value.hasPrefix("https:") || value.hasPrefix("mailto:") { continue }
                checked += 1
                guard let url = URL(string: value, relativeTo: page)?.absoluteURL.standardizedFileURL, url.isFileURL else {
                    problems.append("\(name): \(value) is not a URL")
                    continue
                }
                guard url.path.hasPrefix(root.path + "/"), FileManager.default.fileExists(atPath: url.path) else {
                    problems.append("\(name): \(value) leads to \(url.path), which is not a file of the site")
                    continue
                }
                if let fragment = url.fragment?.removingPercentEncoding, !fragment.isEmpty, fragment != "top", url.pathExtension == "html",
                   !(try idsOf(url)).contains(fragment) {
                    problems.append("\(name): \(value) names no id of \(url.lastPathComponent)")
                }
            }
        }
        return (checked, problems)
    }

    /// The values of `name` attributes in `html`, with `&amp;` read as `&`.
    static func values(of name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        while let start = rest.range(of: " \(name)=\"") {
            guard let end = rest[start.upperBound...].firstIndex(of: "\"") else { break }
            values.append(rest[start.upperBound..<end].replacingOccurrences(of: "&amp;", with: "&"))
            rest = rest[end...]
        }
        return values
    }
}

private extension URL {
    func createFolder() throws {
        try FileManager.default.createDirectory(at: self, withIntermediateDirectories: true)
    }
}
