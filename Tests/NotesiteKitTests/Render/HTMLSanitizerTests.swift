import Foundation
import Testing
@testable import NotesiteKit

@Suite struct HTMLSanitizerTests {
    private func clean(_ html: String) -> String { HTMLSanitizer.sanitize(html).clean.html }
    private func kinds(_ html: String) -> [HTMLSanitizer.Finding.Kind] { HTMLSanitizer.sanitize(html).findings.map(\.kind) }

    @Test func keepsTheAllowedElementsAndAttributes() {
        let html = """
        <details open><summary>Collapse order</summary>
        <table border="1"><tr><th scope="col">Device</th><td colspan="2" style="color: red">iPad</td></tr></table>
        <a href="https://developer.apple.com/documentation/uikit" title="UIKit">docs</a> <img src="images/split.png" alt="split" width="320">
        <kbd>⌘</kbd><sup>1</sup></details>
        """
        let result = HTMLSanitizer.sanitize(html)
        #expect(result.findings.isEmpty)
        #expect(result.clean.html == html)
    }

    @Test func removesScriptsFramesAndStyleElementsWithTheirContent() {
        let result = HTMLSanitizer.sanitize("<p>a</p>\n<script>alert(document.cookie)</script>\n<iframe src=\"https://evil.example\"></iframe><style>body{display:none}</style>b")
        #expect(result.clean.html == "<p>a</p>\n\nb")
        #expect(result.findings.map(\.kind) == [.unsafe, .unsafe, .unsafe])
        #expect(result.findings.map(\.offset) == [9, 49, 93])
        #expect(result.findings[0].message.contains("<script>"))
        // Any case, and an end tag with spaces, still ends the element.
        #expect(clean("<SCRIPT type=\"text/javascript\">x()</SCRIPT >after") == "after")
        #expect(clean("<svg onload=alert(1)><circle/></svg>ok") == "ok")
    }

    @Test func removesEventHandlersAndScriptURLs() {
        #expect(clean("<img src=x onerror=alert(1)>") == "<img src=\"x\">")
        #expect(clean("<a href=\"javascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#106;avascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#x6A;avascript&colon;alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"&#106avascript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"java\tscript:alert(1)\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=' JaVaScRiPt:alert(1)'>x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"vbscript:msgbox\">x</a>") == "<a>x</a>")
        #expect(clean("<a href=\"data:text/html,<script>alert(1)</script>\">x</a>") == "<a>x</a>")
        #expect(clean("<img src=\"data:image/svg+xml,<svg onload=alert(1)>\">") == "<img>")
        #expect(kinds("<a href=\"javascript:alert(1)\" onclick=\"go()\">x</a>") == [.unsafe, .unsafe])
        // Ordinary addresses stay.
        #expect(clean("<a href=\"../en/collapse.html#order\">x</a>") == "<a href=\"../en/collapse.html#order\">x</a>")
        #expect(clean("<a href=\"mailto:a@example.com\">x</a>") == "<a href=\"mailto:a@example.com\">x</a>")
        #expect(clean("<a href=\"/wiki/Page:Talk\">x</a>") == "<a href=\"/wiki/Page:Talk\">x</a>")
        #expect(clean("<img src=\"data:image/png;base64,iVBORw0KGgo=\">") == "<img src=\"data:image/png;base64,iVBORw0KGgo=\">")
    }

    @Test func removesStyleAttributesThatCanRunOrFetch() {
        #expect(clean("<span style=\"width: expression(alert(1))\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"width: exp/**/ression(alert(1))\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"background: url(https://tracker.example/p.gif)\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"background: \\75rl(x)\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"color: #c00; font-weight: bold\">x</span>") == "<span style=\"color: #c00; font-weight: bold\">x</span>")
        #expect(clean("<span style=\"background: U R\tL (x)\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"background: u/* a */r/**/l(x)\">x</span>") == "<span>x</span>")
        #expect(clean("<span style=\"color: red /* url(x)\">x</span>") == "<span style=\"color: red /* url(x)\">x</span>")
        #expect(clean("<span style=\"color: red /* \\ */\">x</span>") == "<span style=\"color: red /* \\ */\">x</span>")
        #expect(kinds("<span style=\"behavior: url(x.htc)\">x</span>") == [.unsafe])
    }

    @Test func dropsOtherElementsAndAttributesButKeepsTheirText() {
        let result = HTMLSanitizer.sanitize("<font color=\"red\">red</font> <form action=\"x\"><input name=q></form><div data-x=\"1\">d</div>")
        #expect(result.clean.html == "red <div>d</div>")
        // The `data-x` attribute goes without a finding: the page looks the same without it.
        #expect(result.findings.map(\.kind) == [.disallowed, .unsafe, .unsafe])
    }

    /// Inert markup of exported posts: sections, footers and addresses, and captions an author hid. Markup that HTML
    /// has made obsolete (`rb`, `rev`) or that needs a role (`aria-label` on a `span`) still goes, with its finding:
    /// the page must stay valid HTML.
    @Test func keepsTheInertMarkupOfExportedPosts() {
        let html = """
        <section><p>Text</p><footer><address>Author</address></footer></section>
        <figure><img src="a.png" alt="a"><figcaption hidden>Caption</figcaption></figure>
        """
        let result = HTMLSanitizer.sanitize(html)
        #expect(result.findings.isEmpty)
        #expect(result.clean.html == html)
        #expect(kinds("<ruby><rb>漢</rb><rt>kan</rt></ruby><a href=\"x\" rev=\"author\">me</a><span aria-label=\"s\">x</span>") == [.disallowed, .disallowed, .disallowed])
    }

    /// NSHipster's asides: a remark set beside the text keeps its tags, as a note rather than a landmark, since
    /// the page's `main` holds it.
    @Test func keepsAnAsideAsANote() {
        let result = HTMLSanitizer.sanitize("<aside class=\"parenthetical\">\n")
        #expect(result.findings.isEmpty)
        #expect(result.clean.html == "<aside class=\"parenthetical\" role=\"note\">\n")
        #expect(clean("</aside>") == "</aside>")
        #expect(kinds("<aside role=\"complementary\">x</aside>") == [.disallowed])
        #expect(clean("<aside role=\"complementary\">x</aside>") == "<aside role=\"note\">x</aside>")
    }

    @Test func quotesAndEscapesWhatItWritesAgain() {
        #expect(clean("<a title=a&quot;b href=x>y</a>") == "<a title=\"a&quot;b\" href=\"x\">y</a>")
        #expect(clean("<abbr title='say \"hi\"'>hi</abbr>") == "<abbr title=\"say &quot;hi&quot;\">hi</abbr>")
        #expect(clean("a < b <3 and <!-- note --> done") == "a &lt; b &lt;3 and  done")
        // An unterminated tag cannot swallow what follows into an attribute.
        #expect(clean("<b title=\"x>bold") == "<b title=\"x&gt;bold\">")
    }

    @Test func anInlineScriptLosesItsTextAsWell() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/raw.md", """
        ---
        title: Raw HTML
        date: 2024-05-01
        lang: en
        ---

        Before <script>alert("inline")</script> after, <b onclick="steal()">bold</b>.

        <div class="note">
        <a href="javascript:alert('block')">click</a>
        </div>

        <iframe src="https://example.com/embed"></iframe>
        """)
        let build = try SitePipeline.build(site.options)
        let page = try site.read("en/raw.html")
        #expect(!page.contains("<script>alert"))
        #expect(!page.contains("inline"))
        #expect(!page.contains("javascript:"))
        #expect(!page.contains("onclick"))
        #expect(!page.contains("<iframe"))
        #expect(page.contains("Before  after, <b>bold</b>."))
        #expect(page.contains("<div class=\"note\">\n<a>click</a>\n</div>"))

        let unsafe = build.diagnostics.filter { $0.rule.id == "html.unsafe" }
        #expect(unsafe.allSatisfy { $0.severity == .warning })
        #expect(unsafe.map { "\($0.location!.line):\($0.location!.column)" } == ["7:8", "7:51", "10:4", "13:1"])
        #expect(unsafe[0].message.contains("<script>"))
        #expect(unsafe[2].message.contains("href=\"javascript:alert('block')\""))

        // check, the CI gate, fails on them.
        let check = try SitePipeline.check(site.options)
        #expect(check.diagnostics.filter { $0.rule.id == "html.unsafe" }.allSatisfy { $0.severity == .error })
        #expect(check.diagnostics.filter { $0.rule.id == "html.unsafe" }.count == 4)
    }

    /// A tag of an element that goes with its content, with no end tag in the rest of its paragraph, is text that
    /// names the tag (an imported Weex post lists a file's parts: "<template>，<style>，<script>"): the page shows
    /// it, and the rest of the paragraph, as written, and check offers the backticks.
    @Test func aTagLeftOpenInAParagraphIsText() throws {
        let site = try ScratchSite(fixture: nil)
        let note = """
        ---
        title: Parts
        date: 2024-05-01
        lang: zh
        ---

        三段代码分别对应<template>，<style>，<script>。上述代码来自服务器。

        Kept: <script>alert("inline")</script> gone, and <style>p{}
        </style> gone.
        """
        try site.write("notes/zh/parts.md", note)
        _ = try SitePipeline.build(site.options)
        let page = try site.read("zh/parts.html")
        #expect(page.contains("三段代码分别对应&lt;template&gt;，&lt;style&gt;，&lt;script&gt;。上述代码来自服务器。"))
        #expect(page.contains("Kept:  gone, and  gone."))

        let check = try SitePipeline.check(site.options)
        let text = check.diagnostics.filter { $0.rule.id == "html.disallowed" }
        #expect(text.map { "\($0.location!.line):\($0.location!.column)" } == ["7:25", "7:38", "7:48"])
        #expect(text.allSatisfy { $0.severity == .warning && $0.message.contains("no end tag in its paragraph") })
        #expect(check.diagnostics.filter { $0.rule.id == "html.unsafe" }.map { $0.location!.line } == [9, 9])

        let edits = text.flatMap { d in d.fixIts.map { FixApplier.Edit($0, rule: d.rule.id) } }
        let (fixed, applied, _) = FixApplier.apply(edits, to: Array(note.utf8))
        #expect(applied.count == 3)
        #expect(String(decoding: fixed, as: UTF8.self).contains("三段代码分别对应`<template>`，`<style>`，`<script>`。"))
    }

    /// XHTML's empty elements, as NSHipster's colour tables write them (`<div class="color"/>` in a cell), are
    /// closed; void elements keep no end tag.
    @Test func anEmptyElementWrittenAsXHTMLIsClosed() {
        #expect(clean("<td class=\"light\"><div class=\"color\" style=\"color: red\"/></td>")
            == "<td class=\"light\"><div class=\"color\" style=\"color: red\"></div></td>")
        #expect(clean("a<br/>b<img src=\"a.png\" alt=\"\"/>") == "a<br>b<img src=\"a.png\" alt=\"\">")
        #expect(HTMLSanitizer.sanitize("<a name=\"top\"/>").clean.linksOpened == 0)
    }

    /// The count of links a fragment leaves open moves with every `<a>` and `</a>`, also one written again.
    @Test func linksOpenedCountsEveryAnchor() {
        #expect(HTMLSanitizer.sanitize("<a name=\"x\"></a> <a name=\"y\"></a> <a name=\"x\"></a>").clean.linksOpened == 0)
        #expect(HTMLSanitizer.sanitize("<a name=\"x\"></a> <a name=\"x\">").clean.linksOpened == 1)
    }

    /// A `picture`'s dark-mode `source`: each address of its `srcset` is checked and pointed at as an image's, with
    /// its descriptor; one written with another site's template is one address, spaces and all.
    @Test func sourceSetAddressesAreImages() {
        let result = HTMLSanitizer.sanitize("<source srcset=\"dark.png, dark@2x.png 2x\" media=\"(prefers-color-scheme: dark)\">")
        #expect(result.links.map(\.address) == ["dark.png", "dark@2x.png"])
        #expect(result.links.allSatisfy { $0.isImage })
        #expect(result.clean.withAddresses { address, _ in "../" + address } == "<source srcset=\"../dark.png, ../dark@2x.png 2x\" media=\"(prefers-color-scheme: dark)\">")
        let templated = HTMLSanitizer.sanitize("<source srcset=\"{% asset a--dark.png @path %}\">")
        #expect(templated.links.map(\.address) == ["{% asset a--dark.png @path %}"])
        #expect(templated.clean.withAddresses { _, _ in nil } == "<source srcset=\"%7B%25%20asset%20a--dark.png%20@path%20%25%7D\">")
    }

    /// A screen recording in raw HTML, as objc.io's posts embed them: `video` and `audio` are kept with their
    /// controls, and the files their `src` and `poster` name are checked and linked as images are.
    @Test func videosAndSoundsAreKeptAndTheirFilesChecked() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/media/rotation.md", """
        ---
        title: Rotation
        date: 2024-05-01
        lang: en
        ---

        <video controls="1" poster="/media/poster.jpg" autoplay>
          <source src="clip.mp4" type="video/mp4"></source>
        </video>

        <audio controls src="click.m4a"></audio>
        """)
        try site.write("notes/en/media/clip.mp4", "not really a video")
        try site.write("notes/en/media/poster.jpg", "not really a picture")
        _ = try SitePipeline.build(site.options)
        let page = try site.read("en/media/rotation.html")
        #expect(page.contains("<video controls poster=\"poster.jpg\">\n  <source src=\"clip.mp4\" type=\"video/mp4\">\n</video>"))
        #expect(page.contains("<audio controls src=\"click.m4a\"></audio>"))

        let check = try SitePipeline.check(site.options)
        let missing = check.diagnostics.filter { $0.rule.id == "image.missing" }
        #expect(missing.map { "\($0.location!.line):\($0.location!.column)" } == ["11:17"])
        #expect(missing.first?.message.contains("the video or audio file 'click.m4a'") == true)
        #expect(check.diagnostics.filter { $0.rule.id == "html.disallowed" }.map(\.message) == ["the attribute autoplay is not allowed on <video>, so it was removed; use Markdown or an allowed element instead"])
    }

    /// The parse sanitizes each fragment once for its findings and the page: a fragment written twice is
    /// reported at both places, and shown cleaned at both.
    @Test func aFragmentWrittenTwiceIsReportedAndCleanedTwice() throws {
        let site = try ScratchSite()
        try site.write("notes/en/twice.md", """
        ---
        title: Twice
        date: 2024-05-01
        lang: en
        ---

        One <b onclick="steal()">bold</b> and
        two <b onclick="steal()">bold</b>.

        <iframe src="https://example.com/embed"></iframe>

        <iframe src="https://example.com/embed"></iframe>
        """)
        let build = try SitePipeline.build(site.options)
        let found = build.diagnostics.filter { $0.file.hasSuffix("twice.md") && $0.rule.id.hasPrefix("html.") }
        #expect(found.map { "\($0.location!.line):\($0.location!.column)" } == ["7:8", "8:8", "10:1", "12:1"])
        let page = try site.read("en/twice.html")
        #expect(page.components(separatedBy: "<b>bold</b>").count == 3)
        #expect(!page.contains("onclick") && !page.contains("<iframe"))
    }

    /// `Array<String>` outside backticks: cmark-gfm passes `<String>` on as HTML, which no page shows. The finding
    /// says so and its fix-it, a backslash before the `<`, makes it text; a real element keeps the plain finding.
    @Test func textThatReadsAsATagGetsAnEscape() throws {
        let site = try ScratchSite()
        let note = """
        ---
        title: Generics
        date: 2024-05-01
        lang: en
        ---

        Keep an Array<String>, then <your app name>, in <font color="red">red</font>.

        A <path d="M0 0"></path> is markup, an Array<Path> is not.

        """
        try site.write("notes/en/generics.md", note)
        let build = try SitePipeline.build(site.options)
        let found = build.diagnostics.filter { $0.rule.id == "html.disallowed" }
        #expect(found.map { "\($0.location!.line):\($0.location!.column)" } == ["7:14", "7:29", "7:49", "9:3", "9:45"])
        #expect(found[0].message.contains("`<String>` reads as an HTML tag"))
        #expect(found[2].message.contains("<font> is not an element notes may use"))
        #expect(found[3].message.contains("<path> is not an element notes may use"))
        #expect(found.map { $0.fixIts.map(\.replacement) } == [["\\<"], ["\\<"], [], [], ["\\<"]])
        #expect(try site.read("en/generics.html").contains("Keep an Array, then , in red."))

        let edits = found.flatMap { d in d.fixIts.map { FixApplier.Edit($0, rule: d.rule.id) } }
        let (fixed, applied, _) = FixApplier.apply(edits, to: Array(note.utf8))
        #expect(applied.count == 3)
        try site.write("notes/en/generics.md", String(decoding: fixed, as: UTF8.self))
        let again = try SitePipeline.build(site.options)
        #expect(again.diagnostics.filter { $0.rule.id == "html.disallowed" }.count == 2)
        #expect(try site.read("en/generics.html").contains("Keep an Array&lt;String&gt;, then &lt;your app name&gt;, in red."))
    }

    /// A tag repeated in one fragment (a table's cells) is cleaned once and written again, but only where that
    /// is all it does: a repeated tag with something to remove is reported at each place, and a repeated link
    /// has its own address range each time.
    /// An exported blog's `<font>` on line after line is one warning that names the other lines; what can run code
    /// is an error at each place, and a finding with a fix-it stays at its place too.
    @Test func aRepeatedDisallowedTagIsOneFindingWithItsLines() throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/zh/a.md", displayPath: "a.md", text: """
            ---
            title: 字体
            ---
            <font color=red>一</font>
            <font color=red>二</font> <b onclick="x()">b</b>
            <font color=red>三</font> <b onclick="x()">b</b> Array<T> and Set<T>
            """))
        let html = diagnostics.filter { $0.rule.id.hasPrefix("html.") }
        #expect(html.map { "\($0.rule.id)@\($0.location!)" }
                == ["html.disallowed@4:1", "html.unsafe@5:31", "html.unsafe@6:31", "html.disallowed@6:56", "html.disallowed@6:67"])
        #expect(html[0].message.hasSuffix("(the same on lines 5, 6)"))
        #expect(!html[3].message.contains("the same on"))
    }

    @Test func aRepeatedTagIsCleanedAlikeAndReportedAtEachPlace() {
        let html = "<tr><TD style=\"text-align: center\" bgcolor=red>1</TD><TD style=\"text-align: center\" bgcolor=red>2</TD>"
            + "<td onclick=\"go()\">3</td><td onclick=\"go()\">4</td><a href=\"a.md\">x</a><a href=\"a.md\">y</a></tr>"
        let result = HTMLSanitizer.sanitize(html)
        #expect(result.clean.html == "<tr><td style=\"text-align: center\">1</td><td style=\"text-align: center\">2</td>"
            + "<td>3</td><td>4</td><a href=\"a.md\">x</a><a href=\"a.md\">y</a></tr>")
        #expect(result.findings.map(\.kind) == [.disallowed, .disallowed, .unsafe, .unsafe])
        let bgcolor = Array(html.utf8).indices.filter { html.utf8.dropFirst($0).starts(with: "bgcolor".utf8) }
        let onclick = Array(html.utf8).indices.filter { html.utf8.dropFirst($0).starts(with: "onclick".utf8) }
        #expect(result.findings.map(\.offset) == bgcolor + onclick)
        #expect(result.links.map(\.address) == ["a.md", "a.md"])
        #expect(result.clean.addresses.count == 2)
        let rewritten = result.clean.withAddresses { address, _ in address.replacingOccurrences(of: ".md", with: ".html") }
        #expect(rewritten.components(separatedBy: "href=\"a.html\"").count == 3)
        // Each closing tag of an element removed with its content is dropped wherever it stands.
        #expect(HTMLSanitizer.sanitize("a</script>b</script>c").clean.html == "abc")
    }
}
