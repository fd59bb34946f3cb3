import Foundation
import Testing
@testable import NotesiteKit

/// Notes written for Jekyll, VuePress and GitHub, built and checked as a site with the real templates: their
/// constructs render as the generators would show them, and none shows as text.
@Suite struct ForeignSyntaxSiteTests {
    /// A Jekyll post as Jekyll's users write them: Liquid tags, a highlight block, an image from `site.baseurl`, a
    /// kramdown contents list and attribute list.
    static let jekyllPost = """
    ---
    layout: post
    title: "Collapsing a split view"
    date: 2016-03-01
    lang: en
    ---
    * TOC
    {:toc}

    {% include figure.html %}

    # Collapsing

    The delegate decides:

    {% highlight swift %}
    func splitViewController(_ svc: UISplitViewController, collapseSecondary secondary: UIViewController,
                             onto primary: UIViewController) -> Bool {
        return true
    }
    {% endhighlight %}

    ![Diagram]({{ site.baseurl }}/images/diagram.svg){:.center-image}

    # Expanding

    See [Collapsing](#Collapsing).

    """

    /// What a reader sees of a note page's body as text: code and tags left out.
    static func bodyText(_ page: String) throws -> String {
        let start = try #require(page.range(of: "<div class=\"note-body\">"))
        var body = String(page[start.upperBound...])
        body = body.replacingOccurrences(of: "(?s)<pre[^>]*>.*?</pre>", with: "", options: .regularExpression)
        return body.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
    }

    @Test func aJekyllPostsHighlightBlockIsColouredSwiftAndNoTagShows() throws {
        let site = try ScratchSite()
        try site.write("notes/en/jekyll-post.md", Self.jekyllPost)
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("en/jekyll-post.html")
        // A code block, coloured by swift-syntax's rules, with its API names linked to the reference.
        #expect(page.contains("<pre><code class=\"language-swift\"><span class=\"tok-keyword\">func</span> "))
        #expect(page.contains("<a class=\"symbol\" href=\"../reference/UISplitViewControllerDelegate.html#"))
        #expect(page.contains("<img src=\"images/diagram.svg\" alt=\"Diagram\" loading=\"lazy\">"))
        #expect(page.contains("<a href=\"#collapsing\">Collapsing</a>"))
        // The contents list the post asked for, of its `#` headings.
        #expect(page.contains("<li><a href=\"#collapsing\">Collapsing</a></li>"))
        let text = try Self.bodyText(page)
        for literal in ["{%", "{{", "{:", "TOC"] { #expect(!text.contains(literal), "\(literal) shows on the page") }
    }

    @Test func checkReportsWhatThePageLeavesOutAtItsPlace() throws {
        let site = try ScratchSite()
        try site.write("notes/en/jekyll-post.md", Self.jekyllPost)
        let report = try SitePipeline.check(site.options)
        #expect(report.succeeded, "\(report.diagnostics.filter { $0.severity == .error }.map(\.formatted))")
        let mine = report.diagnostics.filter { $0.file.hasSuffix("jekyll-post.md") }
        // The era its code is checked as; the include; the highlight block's names the fixture's small symbol list does not know, checked as in a
        // fenced block (`UISplitViewController`, and `UIViewController`, whose second place the first names); the link to a heading by its text.
        #expect(mine.map { "\($0.location.map { "\($0.line):\($0.column)" } ?? "-") \($0.rule.id)" } == [
            "1:1 symbol.era", "10:1 markdown.foreign-syntax", "17:33 symbol.unknown", "17:85 symbol.unknown", "27:18 link.anchor-text",
        ])
        #expect(mine[3].message.hasSuffix("(the same on line 18)"))
    }

    @Test func calloutsHaveTitlesInTheNotesLanguage() throws {
        let site = try ScratchSite()
        try site.write("notes/zh/callouts.md", """
        ---
        title: 提示
        date: 2020-01-01
        lang: zh
        ---
        > [!TIP]
        > 先设置代理。

        ::: warning
        不要在这里收起。
        :::
        """)
        _ = try SitePipeline.build(site.options)
        let page = try site.read("zh/callouts.html")
        #expect(page.contains("<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">提示</p>\n<p>先设置代理。</p>\n</aside>"))
        #expect(page.contains("<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">警告</p>"))
        let style = try site.read("assets/style.css")
        #expect(style.contains(".callout-warning {"))
    }
}
