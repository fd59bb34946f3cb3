import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NotesiteKit

@Suite struct StringBytesTests {
    @Test func sameBytesTellsCanonicallyEqualSpellingsApart() {
        let composed = "收起-é"          // U+00E9
        let decomposed = "收起-e\u{301}" // e + combining acute
        #expect(composed == decomposed)
        #expect(!composed.hasSameBytes(as: decomposed))
        #expect(composed.hasSameBytes(as: "收起-\u{E9}"))
        #expect("".hasSameBytes(as: ""))
        #expect(!"ab".hasSameBytes(as: "abc"))
        #expect("x-收起-y".dropFirst(2).dropLast(2).hasSameBytes(as: "收起"))
    }

    @Test func keysOfCanonicallyEqualSpellingsAreTwoKeys() {
        // As a browser matches an id with a fragment: code point by code point.
        let ids: Set<UTF8Key> = ["收起-é", "展开"]
        #expect(ids.contains(UTF8Key("收起-\u{E9}")))
        #expect(!ids.contains(UTF8Key("收起-e\u{301}")))
        #expect(Set<UTF8Key>(["收起-é", "收起-e\u{301}"]).count == 2)
    }

    @Test func theFirstASCIICharacterIsFoundInStringsAndSlices() {
        let link = "../zh/收起.html?x=1#展开-a#b"
        let hash = link.firstIndexOfASCII("#")
        #expect(hash.map { String(link[$0...]) } == "#展开-a#b")
        let beforeHash = link[..<hash!]
        #expect(beforeHash.firstIndexOfASCII("?").map { String(beforeHash[..<$0]) } == "../zh/收起.html")
        #expect(beforeHash.firstIndexOfASCII("#") == nil)
        #expect("".firstIndexOfASCII("#") == nil)
        // In a slice, the index found is the whole string's.
        #expect(link.dropFirst(3).firstIndexOfASCII("/").map { link.utf8.distance(from: link.utf8.startIndex, to: $0) } == 5)
    }
}

@Suite struct FeedTests {
    @Test func atomFeedListsNotesNewestFirstAndSitemapNeedsABaseURL() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let feed = try site.read("feed.xml")
        #expect(feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\">"))
        #expect(feed.contains("<updated>2024-05-02T00:00:00Z</updated>"))
        let titles = feed.components(separatedBy: "<entry").dropFirst().map { $0.components(separatedBy: "<title>")[1].components(separatedBy: "</title>")[0] }
        #expect(titles == ["Сворачивание по шагам", "Collapsing, step by step", "收起与展开", "Сворачивание"])
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("sitemap.xml").path))

        var options = site.options
        options.baseURL = "https://example.org/notes"
        _ = try SitePipeline.build(options)
        let sitemap = try site.read("sitemap.xml")
        #expect(sitemap.contains("<loc>https://example.org/notes/en/collapse.html</loc>"))
        #expect(!sitemap.contains("404.html"))
        #expect(try site.read("feed.xml").contains("<link rel=\"alternate\" href=\"https://example.org/notes/en/collapse.html\"/>"))
        // The 404 page, shown at any missing address, takes its links from the site's root.
        let notFound = try site.read("404.html")
        #expect(notFound.contains("<link rel=\"stylesheet\" href=\"https://example.org/notes/assets/style.css\">"))
        #expect(!(try site.read("en/collapse.html")).contains("<base "))
        let xml = try XMLDocument(data: Data(contentsOf: site.output.appendingPathComponent("feed.xml")))
        #expect(xml.rootElement()?.name == "feed")
    }

    /// The `#` beside a heading is read out in the page's language, not as "section sign".
    @Test func aNoteWithoutADateIsLeftOutOfTheFeed() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/dated.md", "---\ntitle: Dated\ndate: 2024-03-02\n---\nText.\n")
        try site.write("notes/en/undated.md", "# Undated\n\nText.\n")
        #expect(try SitePipeline.build(site.options).succeeded)
        let feed = try site.read("feed.xml")
        #expect(feed.contains("<title>Dated</title>") && !feed.contains("Undated"), "\(feed)")
        #expect(!feed.contains("1970"))
        #expect(try site.read("en/undated.html").contains("Undated"), "the note itself is on the site")
    }

    @Test func headingAnchorsAreNamedInThePagesLanguage() throws {
        let site = try ScratchSite()
        #expect(try SitePipeline.build(site.options).succeeded)
        #expect(try site.read("zh/shoushi.html").contains("class=\"heading-anchor\" href=\"#"))
        #expect(try site.read("zh/shoushi.html").contains("aria-label=\"本节链接\">#</a>"))
        #expect(try site.read("ru/svorachivanie.html").contains("aria-label=\"ссылка на этот раздел\">#</a>"))
        #expect(try site.read("en/collapse.html").contains("aria-label=\"link to this section\">#</a>"))
    }

    /// A note's footnotes are listed and linked back in the page's language; a strings file written before those
    /// words were added gives the English ones, not their keys.
    @Test func footnotesSpeakThePagesLanguage() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/zh/notes.md", title: "脚注", "收起[^1]。\n\n[^1]: 见参考。\n")
        #expect(try SitePipeline.build(site.options).succeeded)
        let page = try site.read("zh/notes.html")
        #expect(page.contains("收起<sup class=\"footnote-ref\"><a href=\"#Fn-1\" id=\"Fnref-1\">1</a></sup>。"))
        #expect(page.contains("<section class=\"footnotes\" aria-label=\"脚注\">"))
        #expect(page.contains("<li id=\"Fn-1\">\n<p>见参考。 <a href=\"#Fnref-1\" class=\"footnote-back\" aria-label=\"返回正文\">↩</a></p>"))

        let options = try site.options(editingTemplate: "strings.yml") {
            $0.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.contains("footnote") }.joined(separator: "\n")
        }
        #expect(try SitePipeline.build(options).succeeded)
        let fallback = try site.read("zh/notes.html")
        #expect(fallback.contains("<section class=\"footnotes\" aria-label=\"Footnotes\">"))
        #expect(fallback.contains("aria-label=\"Back to the text\">↩</a>"))
    }

    /// A task list's checkboxes are named in the page's language, as the heading anchors are.
    @Test func taskCheckboxesAreNamedInThePagesLanguage() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/zh/tasks.md", title: "任务", "- [x] 收起\n- [ ] 展开\n")
        try site.writeNote("notes/ru/tasks.md", title: "Задачи", "- [x] а\n- [ ] б\n")
        #expect(try SitePipeline.build(site.options).succeeded)
        let chinese = try site.read("zh/tasks.html")
        #expect(chinese.contains("<input type=\"checkbox\" disabled checked aria-label=\"已完成\"> 收起</li>"))
        #expect(chinese.contains("<input type=\"checkbox\" disabled aria-label=\"待办\"> 展开</li>"))
        let russian = try site.read("ru/tasks.html")
        #expect(russian.contains("aria-label=\"выполнено\"> а</li>"))
        #expect(russian.contains("aria-label=\"не выполнено\"> б</li>"))
    }
}

@Suite struct CodeHighlighterTests {
    @Test func swiftIsColouredAndLinkedInOneParse() {
        let code = "// note\nlet svc = UISplitViewController(style: .doubleColumn)\n"
        let (references, spans) = SwiftNameExtractor.analyse(code)
        let link = references.first { $0.candidates.contains("UISplitViewController(style:)") }.map {
            CodeHighlighter.Link(range: $0.range, href: "ref.html#x", title: "init(style:)")
        }
        let html = CodeHighlighter.html(code, spans: spans, links: link.map { [$0] } ?? [])
        #expect(html == "<span class=\"tok-comment\">// note</span>\n<span class=\"tok-keyword\">let</span> svc = <a class=\"symbol\" href=\"ref.html#x\" title=\"init(style:)\">UISplitViewController</a>(<span class=\"tok-label\">style</span>: .doubleColumn)\n")
    }

    @Test func codeTextLinkAddressesAndTitlesAreEscaped() {
        let code = "let t = \"<&>\" // 注释 \"q\"\n"
        let (_, spans) = SwiftNameExtractor.analyse(code)
        let link = CodeHighlighter.Link(range: 4..<5, href: "a b&c.html#x", title: "say \"hi\" <now>")
        #expect(CodeHighlighter.html(code, spans: spans, links: [link]) == "<span class=\"tok-keyword\">let</span> "
            + "<a class=\"symbol\" href=\"a%20b&amp;c.html#x\" title=\"say &quot;hi&quot; &lt;now&gt;\">t</a> = "
            + "<span class=\"tok-string\">&quot;&lt;&amp;&gt;&quot;</span> <span class=\"tok-comment\">// 注释 &quot;q&quot;</span>\n")
        #expect(CodeHighlighter.html("a<b", spans: [], links: []) == "a&lt;b")
        #expect(CodeHighlighter.html("", spans: [], links: []) == "")
    }

    @Test func objectiveCStringsCommentsAndDirectives() {
        let code = "#import <UIKit/UIKit.h>\nreturn @\"a // b\"; // done\n"
        let classes = CodeHighlighter.objcSpans(code).map { String(decoding: Array(code.utf8)[$0.range], as: UTF8.self) + "=" + $0.cssClass }
        #expect(classes == ["#import <UIKit/UIKit.h>=tok-directive", "return=tok-keyword", "@\"a // b\"=tok-string", "// done=tok-comment"])
    }
}
