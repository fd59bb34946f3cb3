import Foundation
import Testing
@testable import NotesiteKit

/// Every `href`, `src` and `action` value of a page, as written.
func linkValues(in html: String) -> [String] {
    let pattern = try! NSRegularExpression(pattern: #"\s(?:href|src|action)="([^"]*)""#)
    return pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)).compactMap { match in
        Range(match.range(at: 1), in: html).map { String(html[$0]).replacingOccurrences(of: "&amp;", with: "&") }
    }
}

/// The page's `<meta>` and `<link>` lines in its head.
private func head(of html: String) -> String {
    String(html[..<(html.range(of: "</head>")?.lowerBound ?? html.endIndex)])
}

private func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
}

@Suite struct HeadTagsTests {
    @Test func withABaseURLEveryPageNamesItsCanonicalAddressAndPreviewTags() throws {
        let site = try ScratchSite()
        var options = site.options
        options.baseURL = "https://example.org/notes"
        #expect(try SitePipeline.build(options).succeeded)

        let note = head(of: try site.read("en/collapse.html"))
        #expect(note.contains("<link rel=\"canonical\" href=\"https://example.org/notes/en/collapse.html\">"))
        #expect(note.contains("<meta property=\"og:url\" content=\"https://example.org/notes/en/collapse.html\">"))
        #expect(note.contains("<meta property=\"og:type\" content=\"article\">"))
        #expect(note.contains("<meta property=\"og:title\" content=\"Collapsing, step by step\">"))
        #expect(note.contains("<meta property=\"og:description\" content=\"What UIKit asks the delegate when a split view collapses.\">"))
        #expect(note.contains("<meta property=\"og:site_name\" content=\"Split View Notes\">"))
        #expect(note.contains("<meta property=\"og:locale\" content=\"en_US\">"))
        #expect(note.contains("<meta property=\"og:locale:alternate\" content=\"ru_RU\">"))
        #expect(note.contains("<meta name=\"twitter:card\" content=\"summary\">"))
        // The note's own summary is its description, written once.
        #expect(count("<meta name=\"description\"", in: note) == 1)
        #expect(note.contains("<meta name=\"description\" content=\"What UIKit asks the delegate when a split view collapses.\">"))
        // The translations, absolute, the page itself among them.
        #expect(note.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/notes/en/collapse.html\">"))
        #expect(note.contains("<link rel=\"alternate\" hreflang=\"ru\" href=\"https://example.org/notes/ru/collapse-ru.html\">"))

        let chinese = head(of: try site.read("zh/index.html"))
        #expect(chinese.contains("<link rel=\"canonical\" href=\"https://example.org/notes/zh/index.html\">"))
        #expect(chinese.contains("<meta property=\"og:type\" content=\"website\">"))
        #expect(chinese.contains("<meta property=\"og:locale\" content=\"zh_CN\">"))
        #expect(chinese.contains("<meta property=\"og:site_name\" content=\"Split View 笔记\">"))
        #expect(chinese.contains("<meta name=\"description\" content=\"关于 UISplitViewController"))
        #expect(!chinese.contains("hreflang=\"en\" href"), "a list of notes is no note's translation")

        // Every page but the 404 page, which has no address of its own, names itself; each has one description.
        for page in try htmlPages(in: site.output) {
            let text = head(of: try site.read(page))
            #expect(count("<meta name=\"description\"", in: text) == 1, "\(page)")
            if page == "404.html" {
                #expect(!text.contains("rel=\"canonical\"") && !text.contains("og:url"))
            } else {
                #expect(text.contains("<link rel=\"canonical\" href=\"https://example.org/notes/\(Escape.href(page))\">"), "\(page)")
                #expect(text.contains("<meta name=\"twitter:card\" content=\"summary\">"), "\(page)")
            }
        }
    }

    @Test func withoutABaseURLThereAreNoAbsoluteTagsButTranslationsAreStillNamed() throws {
        let site = try ScratchSite()
        #expect(try SitePipeline.build(site.options).succeeded)
        for page in try htmlPages(in: site.output) {
            let text = head(of: try site.read(page))
            #expect(!text.contains("rel=\"canonical\"") && !text.contains("og:") && !text.contains("twitter:"), "\(page)")
            #expect(count("<meta name=\"description\"", in: text) == 1, "\(page)")
        }
        let russian = head(of: try site.read("ru/collapse-ru.html"))
        #expect(russian.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"../en/collapse.html\">"))
        #expect(russian.contains("<link rel=\"alternate\" hreflang=\"ru\" href=\"collapse-ru.html\">"))
        // A note without a translation has no alternates.
        #expect(!head(of: try site.read("zh/shoushi.html")).contains("hreflang="))
        // The feed's links are relative to the feed, at the site's root.
        let feed = try site.read("feed.xml")
        #expect(feed.contains("<link rel=\"alternate\" href=\"en/collapse.html\"/>"))
        #expect(!feed.contains("https://"))
    }

    @Test func theFeedPercentEncodesAFileNameInAnyScript() throws {
        let site = try ScratchSite(fixture: nil)
        try site.writeNote("notes/zh/收起.md", title: "收起", "正文。\n")
        var options = site.options
        options.baseURL = "https://example.org/"
        #expect(try SitePipeline.build(options).succeeded)
        let feed = try site.read("feed.xml")
        #expect(feed.contains("<link rel=\"alternate\" href=\"https://example.org/zh/%E6%94%B6%E8%B5%B7.html\"/>"), "\(feed)")
    }

    @Test func theHomePageLeadsToEachLanguageTheReferenceAndTheCollapseTable() throws {
        let site = try ScratchSite()
        #expect(try SitePipeline.build(site.options).succeeded)
        let home = try site.read("index.html")
        let main = String(home[home.range(of: "<main")!.lowerBound...])
        let links = Set(linkValues(in: main))
        #expect(links.isSuperset(of: ["reference/index.html", "reference/collapse-table.html", "en/index.html", "ru/index.html", "zh/index.html",
                                      "#group-en", "#group-ru", "#group-zh"]), "\(links)")
        for link in links where !link.hasPrefix("#") {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(link).path), "\(link)")
        }
        #expect(main.contains("<a href=\"reference/collapse-table.html\">When is a split view controller collapsed?</a>"))
    }
}

/// The site's HTML pages, relative to `output`.
func htmlPages(in output: URL) throws -> [String] {
    let root = output.standardizedFileURL.path + "/"
    return (FileManager.default.enumerator(atPath: output.path)?.compactMap { $0 as? String } ?? [])
        .filter { $0.hasSuffix(".html") && !$0.hasPrefix(".") }
        .filter { FileManager.default.fileExists(atPath: root + $0) }
        .sorted()
}

/// The 404 page at an address one or more folders below the site's root: its stylesheet, script and links lead into
/// the site, and its words are those of the language the address is in.
@Suite struct NotFoundPageTests {
    /// Where `link`, written on the page at `page` (whose `<base>` is `base` if it has one), leads in the site at
    /// `root`: the file's path below the root, or nil outside it.
    private func target(of link: String, page: URL, base: String?, root: URL) -> String? {
        guard !link.isEmpty, let base = base.flatMap({ URL(string: $0, relativeTo: page) }) ?? Optional(page),
              let resolved = URL(string: link, relativeTo: base)?.absoluteURL else { return nil }
        let prefix = root.absoluteString.hasSuffix("/") ? root.absoluteString : root.absoluteString + "/"
        let plain = resolved.absoluteString.components(separatedBy: "#")[0].components(separatedBy: "?")[0]
        guard plain.hasPrefix(prefix) else { return nil }
        return String(plain.dropFirst(prefix.count)).removingPercentEncoding
    }

    @Test func withABaseURLItsLinksAreAbsolute() throws {
        let site = try ScratchSite()
        var options = site.options
        options.baseURL = "https://example.org/notes/"
        #expect(try SitePipeline.build(options).succeeded)
        let html = try site.read("404.html")
        #expect(!html.contains("<base"))
        let page = URL(string: "https://example.org/notes/zh/old/x.html")!
        let root = URL(string: "https://example.org/notes/")!
        var checked: Set<String> = []
        for link in linkValues(in: html) where !link.hasPrefix("#") {
            #expect(link.hasPrefix("https://example.org/notes/"), "\(link)")
            let path = try #require(target(of: link, page: page, base: nil, root: root), "\(link) leads out of the site")
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(path).path), "\(link) → \(path)")
            checked.insert(path)
        }
        #expect(checked.isSuperset(of: ["assets/style.css", "assets/site.js", "assets/favicon.svg", "index.html", "search.html",
                                        "zh/index.html", "feed.xml"]), "\(checked)")
        // The root path it carries for the script, which puts the page's words in the address's language.
        #expect(html.contains("\"root\":\"\\/notes\\/\""))
    }

    @Test(arguments: [("https://example.org", "/"), ("https://example.org/notes", "/notes/"), ("https://example.org/a/b/", "/a/b/"),
                      ("http://example.org/%E7%AC%94%E8%AE%B0/", "/%E7%AC%94%E8%AE%B0/")])
    func theRootPathIsTheBaseURLsPath(baseURL: String, path: String) {
        #expect(PageRenderer.rootPath(of: baseURL) == path)
    }

    /// Without a base URL, the page's script finds the root from the address and puts a `<base>` before the links;
    /// a browser opens a copy of the page where a server would show it.
    @Test(.enabled(if: Browser.path != nil, "needs chromium (make test installs it)"),
          arguments: [("zh/old/x.html", "zh-Hans", "找不到页面", "zh/search.html"),
                      ("ru/a/b/c.html", "ru", "Страница не найдена", "ru/search.html"),
                      ("en/gone/x.html", "en", "Page not found", "search.html"),
                      ("reference/old/UIView.html", "en", "Page not found", "search.html")])
    func withoutABaseURLItFindsTheRootAndSpeaksTheAddresssLanguage(address: String, lang: String, title: String, search: String) throws {
        let site = try ScratchSite()
        #expect(try SitePipeline.build(site.options).succeeded)
        // Where a server would show it: in the site's folder, at the missing address.
        let siteRoot = site.output
        let at = siteRoot.appendingPathComponent(address)
        try FileManager.default.createDirectory(at: at.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: siteRoot.appendingPathComponent("404.html"), to: at)

        let (dom, console) = try Browser.dumpDOM(at.absoluteString)
        #expect(console.isEmpty, "\(console)")
        let base = try #require(dom.range(of: #"<base href="[^"]*">"#, options: .regularExpression).map { String(dom[$0].dropFirst(12).dropLast(2)) })
        #expect(dom.contains("<html lang=\"\(lang)\""))
        #expect(dom.contains("<h1>\(title)</h1>"))
        var checked: Set<String> = []
        let rootURL = URL(fileURLWithPath: siteRoot.path, isDirectory: true)
        for link in linkValues(in: dom) {
            let path = try #require(target(of: link, page: at, base: base, root: rootURL), "\(link) leads out of the site")
            if link.hasPrefix("#") || link.contains("#Main") {
                #expect(path == address, "a fragment stays on the page: \(link)")
                continue
            }
            #expect(FileManager.default.fileExists(atPath: siteRoot.appendingPathComponent(path).path), "\(link) → \(path)")
            checked.insert(path)
        }
        #expect(checked.isSuperset(of: ["assets/style.css", "assets/site.js", "index.html", search]), "\(checked)")
        #expect(dom.contains("class=\"search-form\" action=\"") && checked.contains(search))
    }
}
