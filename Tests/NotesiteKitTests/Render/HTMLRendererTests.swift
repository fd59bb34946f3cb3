import NotesiteMarkdown
import Testing
@testable import NotesiteKit

@Suite struct HTMLRendererTests {
    private func html(_ markdown: String) -> String {
        HTMLRenderer.render(MarkdownParser.parse(markdown))
    }

    @Test func headingsGetGitHubIdsAndAnAnchor() {
        #expect(html("## 收起 (collapsing process)\n## 收起 (collapsing process)\n") == """
        <h2 id="收起-collapsing-process">收起 (collapsing process)<a class="heading-anchor" href="#%E6%94%B6%E8%B5%B7-collapsing-process" aria-label="link to this section">#</a></h2>
        <h2 id="收起-collapsing-process-1">收起 (collapsing process)<a class="heading-anchor" href="#%E6%94%B6%E8%B5%B7-collapsing-process-1" aria-label="link to this section">#</a></h2>

        """)
    }

    @Test func codeBlocksKeepTheirLanguageAsAClass() {
        #expect(html("```swift\nlet a = b < c && d\n```\n\n```\nplain\n```\n") == """
        <pre><code class="language-swift">let a = b &lt; c &amp;&amp; d
        </code></pre>
        <pre><code>plain
        </code></pre>

        """)
    }

    @Test func tightListsHaveNoParagraphsLooseListsDo() {
        #expect(html("- a\n- b\n") == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
        #expect(html("3. a\n\n4. b\n") == "<ol start=\"3\">\n<li>\n<p>a</p>\n</li>\n<li>\n<p>b</p>\n</li>\n</ol>\n")
    }

    @Test func tablesKeepAlignmentAndScrollOnPhones() {
        let out = html("| a | b |\n|:-:|--:|\n| `x` | ~~y~~ |\n")
        #expect(out == """
        <div class="table-wrap"><table>
        <thead>
        <tr>
        <th style="text-align: center">a</th>
        <th style="text-align: right">b</th>
        </tr>
        </thead>
        <tbody>
        <tr>
        <td style="text-align: center"><code>x</code></td>
        <td style="text-align: right"><del>y</del></td>
        </tr>
        </tbody>
        </table></div>

        """)
    }

    @Test func chineseLineBreaksDoNotBecomeSpaces() {
        #expect(html("当界面转换到“收起”时，\n分割视图控制器\nand English\ncontinues") ==
            "<p>当界面转换到“收起”时，分割视图控制器\nand English\ncontinues</p>\n")
    }

    @Test func emptyImageBecomesAVisiblePlaceholder() {
        #expect(html("![]()") == "<p><span class=\"image-missing\" role=\"img\" aria-label=\"image not available\"><span class=\"image-missing-label\">image not available</span></span></p>\n")
        #expect(html("![2017.png]()") == "<p><span class=\"image-missing\" role=\"img\" aria-label=\"image not available: 2017.png\"><span class=\"image-missing-label\">image not available</span><span class=\"image-missing-name\">2017.png</span></span></p>\n")
        #expect(html("![a cat](cat.png \"Cat\")") == "<p><img src=\"cat.png\" alt=\"a cat\" title=\"Cat\" loading=\"lazy\"></p>\n")
    }

    /// A note that lost eleven screenshots, three of them on consecutive lines (as `adaptive-view-controller-hierarchies.md`):
    /// one line for the three, not three boxes.
    @Test func missingImagesSideBySideShareOnePlaceholder() {
        #expect(html("![]()\n![a.png]()\n![]()\n") == "<p><span class=\"image-missing\" role=\"img\" aria-label=\"3 images not available: a.png\"><span class=\"image-missing-label\">3 images not available</span><span class=\"image-missing-name\">a.png</span></span></p>\n")
        // Apart by a space, still one run; the line break after the run stays.
        #expect(html("![x]() ![y]()\nafter") == "<p><span class=\"image-missing\" role=\"img\" aria-label=\"2 images not available: x, y\"><span class=\"image-missing-label\">2 images not available</span><span class=\"image-missing-name\">x, y</span></span>\nafter</p>\n")
        // Text between them: each its own placeholder; an image that has an address ends a run.
        let apart = html("![]() and ![]()")
        #expect(apart.components(separatedBy: "class=\"image-missing\"").count == 3)
        #expect(!apart.contains("images not available"))
        let shown = html("![]()\n![a](a.png)\n![]()")
        #expect(shown.components(separatedBy: "class=\"image-missing\"").count == 3)
        #expect(shown.contains("<img src=\"a.png\""))
    }

    /// An image whose file is not there (the page's rewrite gives it no address) is named by its file.
    @Test func missingImageFileIsNamedByItsFile() {
        let (note, _) = DialectsTests.note("![](pics/lost%20one.png?v=2)\n")
        var hooks = HTMLRenderer.Hooks()
        hooks.missingImageLabel = "图片缺失"
        let out = HTMLRenderer.render(note, hooks: hooks) { _, isImage in isImage ? nil : "x" }
        #expect(out == "<p><span class=\"image-missing\" role=\"img\" aria-label=\"图片缺失: lost%20one.png\"><span class=\"image-missing-label\">图片缺失</span><span class=\"image-missing-name\">lost%20one.png</span></span></p>\n")
    }

    /// The English note's summary table: its method names were one unbreakable word each, 530 px wide.
    @Test func longAPINamesInTableCellsMayBreak() {
        let out = html("| Method | Style |\n|---|---|\n| `splitViewController(_:collapseSecondary:onto:)` | classic, 8.0 |\n")
        #expect(out.contains("<td><code>split<wbr>View<wbr>Controller(<wbr>_:<wbr>collapse<wbr>Secondary:<wbr>onto:)</code></td>"))
        // Short words and prose keep their letters together.
        #expect(out.contains("<td>classic, 8.0</td>"))
    }

    @Test func textAndUrlsAreEscaped() {
        #expect(html("[x](a b.md \"t\\\"q\") <b>&amp;") == "<p>[x](a b.md &quot;t&quot;q&quot;) <b>&amp;</p>\n")
        #expect(html("[x](<a b.md>)") == "<p><a href=\"a%20b.md\">x</a></p>\n")
        #expect(html("[x](https://e.com/?a=1&b=2)") == "<p><a href=\"https://e.com/?a=1&amp;b=2\">x</a></p>\n")
        // An escape is kept; a `%` that starts none (another site's template, `{% asset a.png %}`) is encoded.
        #expect(html("[x](a%20b.md#%E6%94%B6) [y](<{% asset a.png @path %}>) [z](100%)")
            == "<p><a href=\"a%20b.md#%E6%94%B6\">x</a> <a href=\"%7B%25%20asset%20a.png%20@path%20%25%7D\">y</a> <a href=\"100%25\">z</a></p>\n")
    }

    /// A footnote reference is a superscript number linking to its footnote, each reference with an id of its own;
    /// the footnotes are a list at the end, each with a link back to every reference, in its last paragraph.
    @Test func footnotesLinkBothWays() {
        #expect(html("A[^n] and B[^2], A again[^n].\n\n[^n]: One.\n\n    ```swift\n    x\n    ```\n\n[^2]: Two\n    lines.\n") == """
        <p>A<sup class="footnote-ref"><a href="#Fn-1" id="Fnref-1">1</a></sup> and B<sup class="footnote-ref"><a href="#Fn-2" id="Fnref-2">2</a></sup>, A again<sup class="footnote-ref"><a href="#Fn-1" id="Fnref-1-2">1</a></sup>.</p>
        <section class="footnotes" aria-label="Footnotes">
        <ol>
        <li id="Fn-1">
        <p>One.</p>
        <pre><code class="language-swift">x
        </code></pre>
        <p><a href="#Fnref-1" class="footnote-back" aria-label="Back to the text">↩</a> <a href="#Fnref-1-2" class="footnote-back" aria-label="Back to the text">↩<sup>2</sup></a></p>
        </li>
        <li id="Fn-2">
        <p>Two
        lines. <a href="#Fnref-2" class="footnote-back" aria-label="Back to the text">↩</a></p>
        </li>
        </ol>
        </section>

        """)
    }

    @Test func taskListItemsRenderDisabledCheckboxes() {
        #expect(html("- [x] done\n- [ ] todo\n") == """
        <ul>
        <li class="task-list-item"><input type="checkbox" disabled checked aria-label="done"> done</li>
        <li class="task-list-item"><input type="checkbox" disabled aria-label="to do"> todo</li>
        </ul>

        """)
    }
}

@Suite struct EscapeTests {
    /// Each character on its own, as HTML names it.
    private func reference(_ s: String, apostrophe: Bool) -> String {
        s.map { c -> String in
            switch c {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'" where apostrophe: "&#39;"
            default: String(c)
            }
        }.joined()
    }

    /// Every special character at every place of strings longer than the eight bytes read at a time, among
    /// Cyrillic, Chinese and ASCII text.
    @Test func escapesEveryCharacterWhereverItStands() {
        let fillers = ["abcdefghijklmnopqrstu", "свёртываниеэкрана", "收起与展开的分栏视图控制器", "a\u{301}é😀x"]
        for filler in fillers {
            let characters = Array(filler)
            for special in ["&", "<", ">", "\"", "'", "&<"] {
                for at in 0...characters.count {
                    let s = String(characters[..<at]) + special + String(characters[at...])
                    #expect(Escape.text(s) == reference(s, apostrophe: false), "\(s)")
                    #expect(Escape.templateValue(s) == reference(s, apostrophe: true), "\(s)")
                }
            }
            #expect(Escape.text(filler) == filler)
        }
        #expect(Escape.text("") == "")
        #expect(Escape.templateValue("it's") == "it&#39;s" && Escape.text("it's") == "it's")
    }
}
