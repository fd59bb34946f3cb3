import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Notes written for Jekyll, kramdown, Hexo, Hugo, VuePress and GitHub, each construct as Markdown beside the HTML
/// its page gets and the findings with their lines and columns in the note.
@Suite struct DialectsTests {
    /// A note whose body is `body`: five lines of front matter, so the body starts on line 6.
    static func note(_ body: String, path: String = "notes/en/a.md") -> (note: Note, findings: [String]) {
        let text = "---\ntitle: T\ndate: 2020-01-01\nlang: en\n---\n" + body
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: path, displayPath: path, text: text))
        let findings = diagnostics.map { d in "\(d.location.map { "\($0.line):\($0.column)" } ?? "-") \(d.rule.id)" }
        return (note!, findings)
    }

    /// The body's HTML, with addresses as written, and the findings as `line:column rule`.
    static func render(_ body: String) -> (html: String, findings: [String]) {
        let (note, findings) = note(body)
        return (HTMLRenderer.render(note) { destination, _ in destination }, findings)
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var markdown: String
        var html: String
        var findings: [String] = []
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // Liquid
        Case(name: "include is dropped", markdown: "{% include header.html %}\n\nText {% include x.html param=\"a b\" %} goes on.\n",
             html: "<p>Text goes on.</p>\n", findings: ["6:1 markdown.foreign-syntax", "8:6 markdown.foreign-syntax"]),
        Case(name: "highlight becomes a code block", markdown: "{% highlight swift %}\nlet a = [1, 2] * 3\n{% endhighlight %}\n",
             html: "<pre><code class=\"language-swift\">let a = [1, 2] * 3\n</code></pre>\n"),
        Case(name: "highlight with linenos numbers its lines",
             markdown: "Before:\n{% highlight objc linenos %}\n[self foo];\n[self bar];\n{% endhighlight %}\n",
             html: "<p>Before:</p>\n<div class=\"code-lines\"><pre class=\"line-numbers\" aria-hidden=\"true\">1\n2</pre><pre><code class=\"language-objc\">[self foo];\n[self bar];\n</code></pre>\n</div>\n"),
        Case(name: "highlight of code with a fence in it", markdown: "{% highlight md %}\n```swift\nx\n```\n{% endhighlight %}\n",
             html: "<pre><code class=\"language-md\">```swift\nx\n```\n</code></pre>\n"),
        Case(name: "raw keeps its content as written", markdown: "{% raw %}\nUse {{ page.title }} and {% if x %}.\n{% endraw %}\n",
             html: "<p>Use {{ page.title }} and {% if x %}.</p>\n"),
        Case(name: "raw inside a line", markdown: "Write {% raw %}{{ x }}{% endraw %} in a template.\n",
             html: "<p>Write {{ x }} in a template.</p>\n"),
        Case(name: "raw around a fenced block's code", markdown: "```liquid\n{% raw %}\n{{ page.title }}\n{% endraw %}\n```\n",
             html: "<pre><code class=\"language-liquid\">{{ page.title }}\n</code></pre>\n"),
        Case(name: "raw inside highlight", markdown: "{% highlight html %}\n{% raw %}\n<p>{{ x }}</p>\n{% endraw %}\n{% endhighlight %}\n",
             html: "<pre><code class=\"language-html\">&lt;p&gt;{{ x }}&lt;/p&gt;\n</code></pre>\n"),
        Case(name: "a Jekyll variable is dropped, other braces are text", markdown: "By {{ page.author }}; Vue writes {{ message }}.\n",
             html: "<p>By; Vue writes {{ message }}.</p>\n", findings: ["6:4 markdown.foreign-syntax"]),
        Case(name: "Liquid comment leaves its text out", markdown: "A {% comment %} hidden\nstill hidden {% endcomment %}B\n",
             html: "<p>A\nB</p>\n", findings: ["6:3 markdown.foreign-syntax"]),
        Case(name: "tags in code are left alone", markdown: "`{% include x %}` and\n\n    {% include y %}\n\n```\n{{< figure src=\"a\" >}}\n```\n",
             html: "<p><code>{% include x %}</code> and</p>\n<pre><code>{% include y %}\n</code></pre>\n<pre><code>{{&lt; figure src=&quot;a&quot; &gt;}}\n</code></pre>\n"),

        // Contents markers
        Case(name: "[TOC]", markdown: "[TOC]\n\n# A\n", html: "<h1 id=\"a\">A<a class=\"heading-anchor\" href=\"#a\" aria-label=\"link to this section\">#</a></h1>\n"),
        Case(name: "[[toc]]", markdown: "Intro\n[[toc]]\n", html: "<p>Intro</p>\n"),
        Case(name: "{:toc}", markdown: "{:toc}\ntext\n", html: "<p>text</p>\n"),
        Case(name: "* TOC then {:toc}", markdown: "* TOC\n{:toc}\n\ntext\n", html: "<p>text</p>\n"),
        // A comment leaves an empty line, as every HTML comment does.
        Case(name: "<!-- toc -->", markdown: "<!-- toc -->\n\ntext\n", html: "\n<p>text</p>\n"),

        // kramdown
        Case(name: "a class list after a paragraph goes", markdown: "Para\n{: .note}\n\nNext\n", html: "<p>Para</p>\n<p>Next</p>\n"),
        Case(name: "an id after a paragraph is its id", markdown: "Para\n{: #here .x}\n", html: "<p id=\"here\">Para</p>\n"),
        Case(name: "an id after a code block and a list",
             markdown: "```\ncode\n```\n{:#c}\n\n- a\n- b\n{: #l}\n",
             html: "<pre id=\"c\"><code>code\n</code></pre>\n<ul id=\"l\">\n<li>a</li>\n<li>b</li>\n</ul>\n"),
        Case(name: "an attribute list after an image", markdown: "![x](x.png){:.center-image}\n\n![y](y.png){: width=\"50%\"} text\n",
             html: "<p><img src=\"x.png\" alt=\"x\" loading=\"lazy\"></p>\n<p><img src=\"y.png\" alt=\"y\" loading=\"lazy\"> text</p>\n"),
        Case(name: "heading ids", markdown: "## One {#first}\n## Two {: #second}\n## Three\n{: #third}\n",
             html: "<h2 id=\"first\">One<a class=\"heading-anchor\" href=\"#first\" aria-label=\"link to this section\">#</a></h2>\n<h2 id=\"second\">Two<a class=\"heading-anchor\" href=\"#second\" aria-label=\"link to this section\">#</a></h2>\n<h2 id=\"third\">Three<a class=\"heading-anchor\" href=\"#third\" aria-label=\"link to this section\">#</a></h2>\n"),
        Case(name: "tilde fences with braced languages", markdown: "~~~{swift}\nlet a = 1\n~~~\n\n~~~ {.objective-c}\n[a b];\n~~~\n",
             html: "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n<pre><code class=\"language-objective-c\">[a b];\n</code></pre>\n"),
        Case(name: "more is left out", markdown: "Summary.\n\n<!--more-->\n\nRest <!-- more --> here.\n",
             html: "<p>Summary.</p>\n\n<p>Rest  here.</p>\n"),

        // Fences cmark-gfm reads already
        Case(name: "a space before the language and spaces after", markdown: "``` java  \nint a;\n```   \n",
             html: "<pre><code class=\"language-java\">int a;\n</code></pre>\n"),

        // Callouts
        Case(name: "VuePress containers", markdown: "::: tip\nA *tip*.\n:::\n\n::: warning Mind the gap\n- one\n- two\n:::\n",
             html: "<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Tip</p>\n<p>A <em>tip</em>.</p>\n</aside>\n<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Mind the gap</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n</aside>\n"),
        Case(name: "containers nest, and details fold", markdown: ":::: danger\nOuter\n\n::: details Show code\n```swift\nlet a = 1\n```\n:::\n::::\n",
             html: "<aside class=\"callout callout-danger\" role=\"note\">\n<p class=\"callout-title\">Danger</p>\n<p>Outer</p>\n<details class=\"callout callout-details\">\n<summary class=\"callout-title\">Show code</summary>\n<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n</details>\n</aside>\n"),
        Case(name: "Docusaurus titles and kinds", markdown: ":::info[Heads up]\nText\n:::\n\n:::note\n:::\n",
             html: "<aside class=\"callout callout-info\" role=\"note\">\n<p class=\"callout-title\">Heads up</p>\n<p>Text</p>\n</aside>\n<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n</aside>\n"),
        Case(name: "an unknown container stays text", markdown: "::: v-pre\n{{ x }}\n:::\n", html: "<p>::: v-pre\n{{ x }}\n:::</p>\n"),
        Case(name: "GitHub alerts", markdown: "> [!NOTE]\n> Useful.\n\n> [!CAUTION]\n> **Careful**\n> now.\n\n> [!TIP] Obsidian's title\n",
             html: "<aside class=\"callout callout-note\" role=\"note\">\n<p class=\"callout-title\">Note</p>\n<p>Useful.</p>\n</aside>\n<aside class=\"callout callout-caution\" role=\"note\">\n<p class=\"callout-title\">Caution</p>\n<p><strong>Careful</strong>\nnow.</p>\n</aside>\n<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Obsidian's title</p>\n</aside>\n"),
        Case(name: "Obsidian callouts and Docs videos", markdown: "> [!question]- Why?\n> Because.\n\n> [!VIDEO https://example.com/v]\n",
             html: "<details class=\"callout callout-details\">\n<summary class=\"callout-title\">Why?</summary>\n<p>Because.</p>\n</details>\n<blockquote>\n<p><a href=\"https://example.com/v\">https://example.com/v</a></p>\n</blockquote>\n"),

        // Hexo and Hugo
        Case(name: "Hexo codeblock", markdown: "{% codeblock lang:swift %}\nlet a = 1\n{% endcodeblock %}\n\n{% codeblock swift %}\nlet b = 2\n{% endcodeblock %}\n",
             html: "<pre><code class=\"language-swift\">let a = 1\n</code></pre>\n<pre><code class=\"language-swift\">let b = 2\n</code></pre>\n"),
        Case(name: "Hugo highlight", markdown: "{{< highlight swift \"linenos=table\" >}}\nlet a = 1\n{{< / highlight >}}\n",
             html: "<div class=\"code-lines\"><pre class=\"line-numbers\" aria-hidden=\"true\">1</pre><pre><code class=\"language-swift\">let a = 1\n</code></pre>\n</div>\n"),
        Case(name: "other shortcodes and tags are dropped and reported",
             markdown: "{{< figure src=\"a.png\" alt=\"A\" >}}\n\nSee {{% notice tip %}}this{{% /notice %}}.\n\n{% asset_img b.png Title %}\n",
             html: "<p>See this.</p>\n", findings: ["6:1 markdown.foreign-syntax", "8:5 markdown.foreign-syntax", "10:1 markdown.foreign-syntax"]),
        Case(name: "NSHipster's callout tags", markdown: "{% info %}\n\nA *tip*.\n\n{% endinfo %}\n\n{% error %}\nBad.\n{% enderror %}\n",
             html: "<aside class=\"callout callout-info\" role=\"note\">\n<p class=\"callout-title\">Info</p>\n<p>A <em>tip</em>.</p>\n</aside>\n<aside class=\"callout callout-danger\" role=\"note\">\n<p class=\"callout-title\">Danger</p>\n<p>Bad.</p>\n</aside>\n"),
        Case(name: "Hugo themes' callout shortcodes",
             markdown: "{{% notice tip %}}\nA tip.\n{{% /notice %}}\n\n{{< admonition type=\"warning\" title=\"Mind it\" >}}\n- one\n{{< /admonition >}}\n",
             html: "<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Tip</p>\n<p>A tip.</p>\n</aside>\n<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Mind it</p>\n<ul>\n<li>one</li>\n</ul>\n</aside>\n"),
        Case(name: "Hexo NexT's note, with a callout inside", markdown: "{% note success no-icon %}\nDone.\n\n{% warning %}\nInner.\n{% endwarning %}\n{% endnote %}\n",
             html: "<aside class=\"callout callout-tip\" role=\"note\">\n<p class=\"callout-title\">Tip</p>\n<p>Done.</p>\n<aside class=\"callout callout-warning\" role=\"note\">\n<p class=\"callout-title\">Warning</p>\n<p>Inner.</p>\n</aside>\n</aside>\n"),
        Case(name: "a callout tag that is not closed is dropped and reported", markdown: "{% info %}\nText\n",
             html: "<p>Text</p>\n", findings: ["6:1 markdown.foreign-syntax"]),
        Case(name: "Hugo's shortcode shown as written", markdown: "Write `x` as {{</* figure */>}}.\n", html: "<p>Write <code>x</code> as {{&lt; figure &gt;}}.</p>\n"),

        // Raw HTML anchors
        Case(name: "a named anchor gets the id", markdown: "<a name=\"old\"></a>\n\n[to](#old) [too](#new)\n\n<p><a id=\"new\">x</a></p>\n",
             html: "<p><a id=\"old\"></a></p>\n<p><a href=\"#old\">to</a> <a href=\"#new\">too</a></p>\n<p><a id=\"new\">x</a></p>\n"),

        // Headings without a space
        Case(name: "a heading without a space is text, and reported", markdown: "###屏幕\n\nText\n#Title\n",
             html: "<p>###屏幕</p>\n<p>Text\n#Title</p>\n", findings: ["6:1 markdown.heading-no-space", "9:1 markdown.heading-no-space"]),
        Case(name: "hashes that are no heading", markdown: "#1 is fixed\n\n#import <UIKit/UIKit.h>\n\n#swift #ios\n\n\\##escaped\n",
             html: "<p>#1 is fixed</p>\n<p>#import &lt;UIKit/UIKit.h&gt;</p>\n<p>#swift #ios</p>\n<p>##escaped</p>\n"),
    ]

    @Test(arguments: cases)
    func construct(_ c: Case) {
        let (html, findings) = Self.render(c.markdown)
        #expect(html == c.html)
        #expect(findings == c.findings)
    }
}

extension DialectsTests {
    /// The site's own symbol list.
    static let finder: MentionFinder = {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "", file: "symbols.yml")
        return MentionFinder(resolver: SymbolResolver(list: list))
    }()

    /// The nodes after a construct taken out of a line keep their columns in the note, and so do the findings.
    @Test func placesOnAnEditedLineAreTheNotes() throws {
        let (note, findings) = Self.note("Text {% include a.html %} then [a link](b.md) and {{ page.title }} `code`.\n")
        #expect(findings == ["6:6 markdown.foreign-syntax", "6:51 markdown.foreign-syntax"])
        let link = try #require(note.links.first)
        #expect(link.location == SourceLocation(line: 6, column: 32))
        var code: MarkdownNode?
        note.document.forEach { if case .code = $0.kind { code = $0 } }
        #expect(code?.range.start == SourceLocation(line: 6, column: 68))
        #expect(note.document.children[0].range == SourceRange(start: .init(line: 6, column: 1), end: .init(line: 6, column: 74)))
    }

    /// A `{% highlight %}` block is a code block from its tag's line, so names in its code are placed as in a fenced
    /// block; a heading after it keeps its line.
    @Test func aHighlightBlockIsPlacedLikeAFencedOne() throws {
        let (note, _) = Self.note("{% highlight swift %}\nlet split = UISplitViewController()\n{% endhighlight %}\n\n## After\n")
        let block = try #require(note.document.children.first)
        #expect(block.kind == .codeBlock(info: "swift", code: "let split = UISplitViewController()\n"))
        #expect(block.range.start == SourceLocation(line: 6, column: 1))
        #expect(note.headings.map(\.location) == [SourceLocation(line: 10, column: 1)])
        let finder = Self.finder
        #expect(finder.mentions(in: note).map(\.location) == [SourceLocation(line: 7, column: 13)])
    }

    /// A code block without a language is given one from its code; an indented one is placed as if fenced.
    @Test func anIndentedBlockIsClassifiedAndPlaced() throws {
        let (note, _) = Self.note("Text.\n\n    let split = UISplitViewController()\n    split.preferredDisplayMode = .allVisible\n\n```\n[self.splitViewController showDetailViewController:vc sender:nil];\n```\n\n    $ swift build\n")
        let blocks = note.document.children.compactMap { node -> String? in
            if case .codeBlock(let info, _) = node.kind { return info } else { return nil }
        }
        #expect(blocks == ["swift", "objc", ""])
        let finder = Self.finder
        // `UISplitViewController`, `preferredDisplayMode`, `.allVisible`, `splitViewController` and
        // `showDetailViewController:sender:`, where the note has them.
        #expect(finder.mentions(in: note).map(\.location) == [SourceLocation(line: 8, column: 17), SourceLocation(line: 9, column: 11),
                                                              SourceLocation(line: 9, column: 35), SourceLocation(line: 12, column: 7),
                                                              SourceLocation(line: 12, column: 27)])
    }

    @Test func theContentsMarkerIsWhereTheNoteAsksForIt() {
        #expect(Self.note("Intro.\n\n* TOC\n{:toc}\n").note.dialect.contentsMarker == SourceLocation(line: 8, column: 1))
        #expect(Self.note("<!-- toc -->\n").note.dialect.contentsMarker == SourceLocation(line: 6, column: 1))
        #expect(Self.note("Intro.\n").note.dialect.contentsMarker == nil)
        #expect(Self.note("```\n[TOC]\n```\n").note.dialect.contentsMarker == nil)
    }

    /// A terminal's colour codes in a pasted log, and other control characters HTML may not carry, show in code as
    /// their pictures; in prose, where an editor left them and a browser shows nothing, they go. Tabs and line
    /// breaks stay.
    @Test func controlCharactersShowAsTheirPicturesInCode() {
        let (html, findings) = Self.render("《\u{08}第二章》, page\u{0C}break\tand `DEL\u{7F}`.\n\n```\n\u{1B}[33mwarning\u{1B}[0m\tdone\n```\n")
        #expect(html == "<p>《第二章》, pagebreak\tand <code>DEL\u{2421}</code>.</p>\n<pre><code>\u{241B}[33mwarning\u{241B}[0m\tdone\n</code></pre>\n")
        #expect(findings.isEmpty)
        #expect(!TreePass.hasControlCharacters("Tabs\tand\nlines, 中文 and émigré, nothing else: ~!@#$%^&*()_+{}|"))
        for byte in [0x01, 0x08, 0x0B, 0x0C, 0x0D, 0x1B, 0x1F, 0x7F] as [UInt8] {
            // At every place in a word of eight bytes, and after it.
            for place in 0..<10 {
                var bytes = Array("abcdefghij".utf8)
                bytes[place] = byte
                #expect(TreePass.hasControlCharacters(String(decoding: bytes, as: UTF8.self)), "\(byte) at \(place)")
            }
        }
    }

    /// A heading's own id replaces GitHub's, and the other headings' ids go round it; an id the page's own
    /// elements or the top of the page have is not taken.
    @Test func aHeadingsOwnIdIsItsId() {
        let (note, _) = Self.note("## Setup\n\n## Intro {#setup}\n\n## Top {#top}\n\n## Main {#Main}\n")
        #expect(note.headings.map(\.id) == ["setup-1", "setup", "top-1", "main"])
    }

    /// A heading without a space gets the space as its fix-it.
    @Test func theHeadingFixItAddsTheSpace() throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/zh/a.md", displayPath: "a.md",
                                                           text: "---\ntitle: T\ndate: 2020-01-01\nlang: zh\n---\n> ##屏幕 尺寸\n"))
        let finding = try #require(diagnostics.first { $0.rule == MarkdownRule.headingNoSpace.rule })
        #expect(finding.location == SourceLocation(line: 6, column: 3))
        #expect(finding.fixIts == [Diagnostic.FixIt(at: SourceLocation(line: 6, column: 3), replacing: "##", with: "## ")])
    }

    /// Each finding names the tool the construct belongs to, and how to write it here; a Hugo figure and a Hexo
    /// image get the Markdown image as their fix-it.
    @Test func aDroppedConstructNamesItsToolAndItsReplacement() throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: """
        ---
        title: T
        date: 2020-01-01
        lang: en
        ---
        {{< figure src="a.png" alt="A" >}}
        {% asset_img b.png The B %}
        {% if page.x %}x{% endif %}
        """))
        let found = diagnostics.filter { $0.rule == MarkdownRule.foreignSyntax.rule }
        try #require(found.count == 3)
        #expect(found[0].message.contains("Hugo syntax") && found[0].message.contains("`![A](a.png)`"))
        #expect(found[0].fixIts == [Diagnostic.FixIt(at: SourceLocation(line: 6, column: 1), replacing: "{{< figure src=\"a.png\" alt=\"A\" >}}", with: "![A](a.png)")])
        #expect(found[1].message.contains("Hexo syntax"))
        #expect(found[1].fixIts.first?.replacement == "![The B](b.png)")
        #expect(found[2].message.contains("Jekyll/Liquid syntax") && found[2].fixIts.isEmpty)
    }

    /// A link's or image's address that starts with a site variable or an asset tag keeps it in the tree, as written:
    /// the link resolver reads it (`LinkAnchorsTests`).
    @Test func templatedAddressesAreKeptAsWritten() {
        let (note, findings) = Self.note("""
        ![a]({{ site.baseurl }}/images/a.png) [b]({{site.url}}{{ site.baseurl }}/b.md#x "B")
        ![c]({% asset_path c.png %}) ![d]({{ "/assets/d.png" | relative_url }}) [e]({% post_url 2016-01-01-e %})

        [r]: {{ site.asseturl }}/r.png

        ![r][r] ![s](<{{ site.url }}/s s.png>)
        """)
        #expect(findings == [])
        #expect(note.links.map(\.destination) == [
            "{{ site.baseurl }}/images/a.png", "{{site.url}}{{ site.baseurl }}/b.md#x", "{% asset_path c.png %}",
            "{{ \"/assets/d.png\" | relative_url }}", "{% post_url 2016-01-01-e %}", "{{ site.asseturl }}/r.png",
            "{{ site.url }}/s s.png",
        ])
        #expect(note.links.map(\.location.column) == [1, 39, 1, 30, 73, 1, 9])
    }
}

extension DialectsTests {
    /// Pieces of notes written for other generators, put together in many orders: whatever the edits, every
    /// heading, link, mention, node and finding is at a line and column of the note, as `make fuzz` requires.
    static let pieces = [
        "{% include a.html %} text {{ page.title }} [l](b.md#Some%20Text) `c {% x %}`", "{% highlight swift linenos %}",
        "let split = UISplitViewController()", "{% endhighlight %}", "{% raw %}", "{{ x }}", "{% endraw %}", "::: tip T",
        ":::", "> [!NOTE]", "> text", "* TOC", "{:toc}", "{: #id .c}", "## Heading {#hid}", "###屏幕", "    [self foo];",
        "![i]({{ site.baseurl }}/i.png){:.center-image} after", "```", "~~~{swift}", "~~~", "{{< figure src=\"a\" >}}",
        "{{< highlight objc >}}", "{{< /highlight >}}", "- item {% if x %}", "", "", "中文 {% include 中 %} 字",
        "[r]: {{ site.url }}/r.png", "{% comment %}", "{% endcomment %}", "<div>{% include x %}</div>", "[TOC]",
    ]

    @Test func everyPlaceIsInTheNote() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for _ in 0..<300 {
            let body = (0..<(1 + next(14))).map { _ in Self.pieces[next(Self.pieces.count)] }.joined(separator: "\n")
            let text = "---\ntitle: T\ndate: 2020-01-01\nlang: en\n---\n" + body
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(\.utf8.count)
            func inside(_ location: NotesiteMarkdown.SourceLocation?) -> Bool {
                guard let location else { return true }
                return location.line >= 1 && location.line <= lines.count && location.column >= 1 && location.column <= lines[location.line - 1] + 1
            }
            let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: text))
            guard let note else { Issue.record("no note for \(body.debugDescription)"); continue }
            var outside: [String] = []
            for heading in note.headings where !inside(heading.location) { outside.append("heading \(heading.location)") }
            for link in note.links where !inside(link.location) || !inside(link.destinationLocation) { outside.append("link \(link.location)") }
            for mention in Self.finder.mentions(in: note) where !inside(mention.location) { outside.append("mention \(mention.location)") }
            for diagnostic in diagnostics where !inside(diagnostic.location) { outside.append("\(diagnostic.rule) \(diagnostic.location!)") }
            // The blocks; not a classified indented code block, which starts on the line before its code (where a
            // fence would be), nor inlines, which cmark-gfm places a line early after a link reference definition.
            note.document.forEach { node in
                switch node.kind {
                case .codeBlock(let info, _) where !info.isEmpty && node.range.start.column > 1: break
                case .paragraph, .heading, .codeBlock, .list, .item, .blockQuote, .table, .htmlBlock, .thematicBreak:
                    if !inside(node.range.start) { outside.append("\(node.kind) \(node.range.start)") }
                default: break
                }
            }
            #expect(outside.isEmpty, "\(outside) in \(body.debugDescription)")
            #expect(Set(note.headings.map(\.id)).count == note.headings.count, "\(body.debugDescription)")
        }
    }
}
