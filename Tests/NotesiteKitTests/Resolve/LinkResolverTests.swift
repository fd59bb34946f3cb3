import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

@Suite struct LinkResolverTests {
    private func index() -> SiteIndex {
        func note(_ path: String, headings: [String]) -> Note {
            let parts = path.split(separator: "/")
            let (note, _) = NoteParser.parse(SourceFile(path: path, displayPath: path, text: """
            ---
            title: t
            date: 2020-01-01
            lang: \(parts[1])
            ---
            \(headings.map { "## \($0)" }.joined(separator: "\n"))
            """))
            return note!
        }
        return SiteIndex(notes: [note("notes/en/a.md", headings: ["Step 1: choose"]),
                                 note("notes/zh/b.md", headings: ["收起 (collapsing process)"])],
                         assets: ["en/img/x.png"])
    }

    @Test func resolvesEveryKindOfDestination() {
        let resolver = LinkResolver(index: index())
        #expect(resolver.target(of: "../zh/b.md#收起-collapsing-process", from: "notes/en/a.md")
            == .note(sourcePath: "notes/zh/b.md", fragment: "收起-collapsing-process"))
        #expect(resolver.target(of: "../zh/b.md#%E6%94%B6%E8%B5%B7-collapsing-process", from: "notes/en/a.md")
            == .note(sourcePath: "notes/zh/b.md", fragment: "收起-collapsing-process"))
        #expect(resolver.target(of: "./a.md", from: "notes/en/a.md") == .note(sourcePath: "notes/en/a.md", fragment: nil))
        // The path ends at the first `#` or `?`, as a browser reads an address, also where a combining mark after
        // the `#` would make the two one character.
        #expect(resolver.target(of: "../zh/b.md#\u{301}x", from: "notes/en/a.md") == .note(sourcePath: "notes/zh/b.md", fragment: "\u{301}x"))
        #expect(resolver.target(of: "img/x.png?\u{301}v=2#a", from: "notes/en/a.md") == .asset(path: "en/img/x.png", suffix: "?\u{301}v=2"))
        #expect(resolver.target(of: "img/x.png", from: "notes/en/a.md") == .asset(path: "en/img/x.png", suffix: ""))
        #expect(resolver.target(of: "#step-1-choose", from: "notes/en/a.md") == .samePage(fragment: "step-1-choose"))
        #expect(resolver.target(of: "https://example.com/a.md", from: "notes/en/a.md") == .external("https://example.com/a.md"))
        #expect(resolver.target(of: "mailto:a@b.c", from: "notes/en/a.md") == .external("mailto:a@b.c"))
        #expect(resolver.target(of: "../ru/none.md", from: "notes/en/a.md") == .missing(path: "../ru/none.md"))
        #expect(resolver.target(of: "../../../etc/passwd", from: "notes/en/a.md") == .missing(path: "../../../etc/passwd"))
        #expect(resolver.target(of: "", from: "notes/en/a.md") == .empty)
    }

    /// The decoder the link checks use agrees with Foundation's `removingPercentEncoding`, falling back to the
    /// text itself where Foundation gives up.
    @Test(arguments: ["plain", "a%20b", "%E6%94%B6%E8%B5%B7-x", "%e6%94%b6", "100%", "%4", "%zz1", "%FF%FE", "%C3%A9t%C3%A9",
                      "x%2Fy%23z", "%", "", "中文%20", "%E6%94"])
    func percentDecodingMatchesFoundation(text: String) {
        #expect(LinkResolver.percentDecoded(text[...]) == (text.removingPercentEncoding ?? text))
    }

    @Test func relativePathsJoinTheNotesFolderAndClimbOnlyInsideIt() {
        let cases: [(String, String, String?)] = [
            ("b.md", "notes/en/a.md", "notes/en/b.md"),
            ("../zh/b.md", "notes/en/a.md", "notes/zh/b.md"),
            ("./b.md", "notes/en/a.md", "notes/en/b.md"),
            ("x//./y/../b.md", "notes/en/a.md", "notes/en/x/b.md"),
            ("../../b.md", "notes/en/a.md", "b.md"),
            ("../../../b.md", "notes/en/a.md", nil),
            ("/notes/en/b.md", "notes/en/a.md", nil),
            ("..", "en/a.html", ""),
            ("", "en/a.html", "en"),
            ("b.md/", "a.md", "b.md"),
            ("снимок.png", "notes/ru/заметка.md", "notes/ru/снимок.png"),
            ("../图/a.png", "notes/zh/a.md", "notes/图/a.png"),
            ("b.html", "//en//a.html", "en/b.html"),
            ("../b.html", "./en/a.html", "./b.html"),
        ]
        for (path, note, expected) in cases {
            #expect(LinkResolver.normalise(path, relativeTo: note) == expected, "\(path) from \(note)")
        }
    }

    @Test func schemesAreLettersThenLettersDigitsPlusMinusOrDot() {
        for yes in ["https://x", "mailto:a@b", "x-man-page://ls", "git+ssh://h", "a.b:c", "C:"] { #expect(LinkResolver.hasScheme(yes), "\(yes)") }
        for no in ["a.html", ":x", "1http://x", "../a:b", "a b:c", "ümlaut:x", "-x:y", "#a:b", ""] { #expect(!LinkResolver.hasScheme(no), "\(no)") }
    }

    @Test func reportsBrokenLinksAnchorsAndImagesWithPositions() {
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md", text: """
        ---
        title: t
        date: 2020-01-01
        lang: en
        ---
        See [a](a.md#step-1-chose), [gone](gone.md) and [here](#nowhere).

        ![]() ![x](missing.png) [fine](a.md#step-1-choose)
        """))
        let resolver = LinkResolver(index: index())
        let found = resolver.diagnostics(for: note!).map { "\($0.rule)@\($0.location!)" }
        #expect(found == ["link.anchor-missing@6:5", "link.unresolved@6:29", "link.anchor-missing@6:49",
                          "image.empty@8:1", "image.missing@8:7"])
        let suggestion = resolver.diagnostics(for: note!).first?.message ?? ""
        #expect(suggestion.contains("did you mean '#step-1-choose'"))
    }

    /// A link to the page a note is made into works on the site but not on GitHub or in an editor: the finding
    /// names the note's file and has the fix-it, at the address; an `.html` file that is no note's page is
    /// reported as any missing file.
    @Test func aLinkToANotesPageIsToldToLinkItsFile() throws {
        let front = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n"
        let marked = MarkedText("See [a](1️⃣a.html), [b](2️⃣../zh/b.html#收起-collapsing-process) and [c](3️⃣c.html).\n")
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md", text: front + marked.text))
        let found = LinkResolver(index: index()).diagnostics(for: note!)
        #expect(found.map(\.rule.id) == ["link.unresolved", "link.unresolved", "link.unresolved"])
        for (diagnostic, mark) in zip(found, ["1️⃣", "2️⃣"]) {
            let place = try #require(marked.positions[mark])
            #expect(diagnostic.location == SourceLocation(line: place.line + 5, column: place.column))
        }
        #expect(found[0].message.contains("link the note's own file, 'a.md'"))
        #expect(found[0].fixIts.map(\.replacement) == ["a.md"])
        #expect(found[1].fixIts.map { "\($0.original) → \($0.replacement)" } == ["../zh/b.html#收起-collapsing-process → ../zh/b.md#收起-collapsing-process"])
        #expect(found[2].message.contains("which is not a note or file of this site") && found[2].fixIts.isEmpty)
    }

    /// An e-mail or web address written without its scheme reads as a file beside the note: the finding says what
    /// it reads as, with the fix-it that adds the scheme. A file's name (`notes.md`, `a.png`) gets none.
    @Test func anAddressWithoutItsSchemeGetsOne() throws {
        let front = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n"
        let text = "Mail [me](mike@mikeash.com), read [the site](LearnAppMaking.com) and [docs](www.apple.com/swift), not [x](notes.md) or [y](a.png).\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md", text: front + text))
        let found = LinkResolver(index: index()).diagnostics(for: note!)
        #expect(found.map { $0.fixIts.map(\.replacement) } == [["mailto:mike@mikeash.com"], ["https://LearnAppMaking.com"], ["https://www.apple.com/swift"], [], []])
        #expect(found[0].message.contains("reads as an e-mail address"))
        #expect(found[1].message.contains("reads as a web address"))
        #expect(LinkResolver.addressWithoutScheme("a@b") == nil && LinkResolver.addressWithoutScheme("../x.com/a.md")?.kind == nil)
    }

    /// A link to a page the site makes of its own, such as a reference entry, leads there (on the site), and its
    /// fragment is checked against the page's entries; a page the site does not make is missing as before.
    @Test func aLinkToTheReferenceLeadsToItsPageAndEntry() throws {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (symbols, _) = SymbolList.load(text: try String(contentsOf: url, encoding: .utf8), file: "symbols.yml")
        let data = ReferenceData(symbols: symbols, collapseTable: nil, sequences: [])
        let index = index()
        let resolver = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: data))
        let entry = "../reference/UISplitViewController.html#UISplitViewController.preferredDisplayMode"
        #expect(resolver.target(of: entry, from: "notes/en/a.md")
            == .sitePage(path: "reference/UISplitViewController.html", fragment: "UISplitViewController.preferredDisplayMode",
                         suffix: "#UISplitViewController.preferredDisplayMode"))
        #expect(resolver.target(of: "../reference/index.html", from: "notes/en/a.md")
            == .sitePage(path: "reference/index.html", fragment: nil, suffix: ""))
        #expect(resolver.target(of: "../zh/index.html", from: "notes/en/a.md") == .sitePage(path: "zh/index.html", fragment: nil, suffix: ""))
        // No note is in Russian, so there is no list of Russian notes; and no collapse table without its data.
        #expect(resolver.target(of: "../ru/index.html", from: "notes/en/a.md") == .missing(path: "../ru/index.html"))
        #expect(resolver.target(of: "../reference/collapse-table.html", from: "notes/en/a.md") == .missing(path: "../reference/collapse-table.html"))
        #expect(resolver.target(of: "../reference/UINothing.html", from: "notes/en/a.md") == .missing(path: "../reference/UINothing.html"))

        let marked = MarkedText("""
        [fine](\(entry)), 1️⃣[typo](../reference/UISplitViewController.html#UISplitViewController.preferedDisplayMode),
        [top](../reference/UISplitViewController.html#top), [home](../index.html#Main), 2️⃣[gone](../reference/UINothing.html)
        """)
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md",
                                                    text: "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n" + marked.text))
        let found = resolver.diagnostics(for: note!)
        #expect(found.map(\.rule.id) == ["link.anchor-missing", "link.unresolved"])
        for (diagnostic, mark) in zip(found, ["1️⃣", "2️⃣"]) {
            let place = try #require(marked.positions[mark])
            #expect(diagnostic.location == SourceLocation(line: place.line + 5, column: place.column))
        }
        #expect(found.first?.message == "'#UISplitViewController.preferedDisplayMode' is not an entry of the reference page 'reference/UISplitViewController.html'; did you mean '#UISplitViewController.preferredDisplayMode'?")
        // Without the reference data, the same links lead nowhere.
        #expect(LinkResolver(index: index).diagnostics(for: note!).map(\.rule.id)
            == ["link.unresolved", "link.unresolved", "link.unresolved", "link.unresolved", "link.unresolved"])
    }

    /// Raw HTML's links and images are the note's, checked as Markdown's are and reported at their attribute.
    @Test func rawHTMLLinksAndImagesAreCheckedWhereTheyStand() throws {
        let marked = MarkedText("""
        <p><a 1️⃣href="a.md#step-1-chose">a</a> <a href="a.md#step-1-choose">fine</a></p>

        Text <a 2️⃣href="#no&#45;where">here</a> and <img alt="x" 3️⃣src="gone.png">.
        <div>
          <a title="t" 4️⃣href="../ru/none.md">none</a>
        </div>
        """)
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md",
                                                    text: "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n" + marked.text))
        let found = LinkResolver(index: index()).diagnostics(for: note!)
        #expect(found.map(\.rule.id) == ["link.anchor-missing", "link.anchor-missing", "image.missing", "link.unresolved"])
        for (diagnostic, mark) in zip(found, ["1️⃣", "2️⃣", "3️⃣", "4️⃣"]) {
            let place = try #require(marked.positions[mark])
            #expect(diagnostic.location == SourceLocation(line: place.line + 5, column: place.column), "\(mark)")
        }
        #expect(found[0].message.contains("did you mean '#step-1-choose'"))
        // The character reference is read as a browser reads it.
        #expect(found[1].message.hasPrefix("'#no-where' is not a heading"))
    }

    /// `[Strategy]()`, a table of contents whose addresses were to come: a warning where the link stands, and its
    /// text alone on the page, rather than a link to the page itself that `check` then finds empty in the HTML.
    @Test func aLinkWithoutAnAddressIsItsTextAlone() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/toc.md", title: "Toc", """
            - [Strategy]()
            - [Observer]( ) and <a href="">Decorator</a>, [Collapse](collapse.md)

            The model keeps var photos = [Photo]() and [String: Int]().
            """)
        let report = try SitePipeline.build(site.options)
        let found = report.diagnostics.filter { $0.file.hasSuffix("toc.md") }
        #expect(found.map { "\($0.rule.id)@\($0.location!)" }
                == ["link.empty@6:3", "link.empty@7:3", "link.empty@7:24", "link.empty@9:30", "link.empty@9:44"])
        #expect(found.allSatisfy { $0.severity == .warning })
        // Swift's empty array, which Markdown reads as a link, shows as written, with the fix-it that makes it code.
        #expect(found[3].message.hasPrefix("`[Photo]()` reads as a link without an address"))
        #expect(found[3].fixIts.map(\.replacement) == ["`[Photo]()`"] && found[4].fixIts.map(\.replacement) == ["`[String: Int]()`"])
        #expect(found[0].fixIts.isEmpty)
        let page = try site.read("en/toc.html")
        #expect(page.contains("<li>Strategy</li>"))
        #expect(page.contains("<li>Observer and <a>Decorator</a>, <a href=\"collapse.html\">Collapse</a></li>"))
        #expect(page.contains("var photos = [Photo]() and [String: Int]()."))
        let checked = try SitePipeline.check(site.options)
        #expect(!checked.diagnostics.contains { $0.rule.id == "html.link-broken" }, "\(checked.diagnostics.map(\.formatted))")
        #expect(checked.diagnostics.filter { $0.rule.id == "link.empty" }.count == 5)
    }

    /// iOS-Interview's table of contents writes `url` where addresses were to come: as `[Strategy]()`, its text
    /// alone with a warning, not an error about a file named `url`. A link to `url.md` is a link.
    @Test func aPlaceholderWordForAnAddressIsTextAlone() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/toc.md", title: "Toc", """
            - [Антипаттерны](url)
              - [Soft code](URL) - *configuration* and [Hard code](link).
            - [Real](url.md)
            """)
        try site.writeNote("notes/en/url.md", title: "Url", "Here.\n")
        let report = try SitePipeline.build(site.options)
        let found = report.diagnostics.filter { $0.file.hasSuffix("toc.md") }
        #expect(found.map { "\($0.rule.id)@\($0.location!)" } == ["link.empty@6:3", "link.empty@7:5", "link.empty@7:44"])
        #expect(found.first?.message.hasPrefix("the link's address is 'url', a word that stands for an address to come") == true)
        let page = try site.read("en/toc.html")
        #expect(page.contains("<li>Антипаттерны<ul>\n<li>Soft code - <em>configuration</em> and Hard code.</li>"))
        #expect(page.contains("<a href=\"url.html\">Real</a>"))
        let checked = try SitePipeline.check(site.options)
        #expect(!checked.diagnostics.contains { $0.rule.id == "link.unresolved" || $0.rule.id == "html.link-broken" })
    }

    /// `[](https://…)` would be a link with nothing to see or name: the page shows its address, with a warning; a
    /// link whose text is an image or code shows that.
    @Test func aLinkWithoutTextShowsItsAddress() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/bare.md", title: "Bare", """
            Read on[](https://example.com/runloop?a=1&b=2), [![logo](https://example.com/l.png)](https://example.com) or [`x`](https://example.com/x).
            """)
        let report = try SitePipeline.build(site.options)
        let found = report.diagnostics.filter { $0.file.hasSuffix("bare.md") }
        #expect(found.map { "\($0.rule.id)@\($0.location!)" } == ["link.empty@6:8"])
        #expect(found.first?.message == "the link has no text, so the page shows its address instead; write its text between the brackets")
        let page = try site.read("en/bare.html")
        #expect(page.contains("Read on<a href=\"https://example.com/runloop?a=1&amp;b=2\">https://example.com/runloop?a=1&amp;b=2</a>, "))
        #expect(page.contains("<img src=\"https://example.com/l.png\" alt=\"logo\""))
    }

    /// A footnote reference with no footnote shows as written, as on GitHub, and is reported where it stands.
    @Test func aFootnoteReferenceWithoutItsFootnoteIsReported() throws {
        let marked = MarkedText("Fine[^1], 1️⃣[^typo] and *2️⃣[^two]*; [^ spaced] and a[^] are not references.\n\n[^1]: One.\n")
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md",
                                                              text: "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n" + marked.text))
        #expect(note != nil)
        let found = diagnostics.filter { $0.rule.id == "link.footnote-missing" }
        #expect(found.map(\.message) == [
            "[^typo] refers to no footnote, so the page shows it as written; add the footnote on a line of its own, `[^typo]: …`, or correct the label",
            "[^two] refers to no footnote, so the page shows it as written; add the footnote on a line of its own, `[^two]: …`, or correct the label",
        ])
        for (diagnostic, mark) in zip(found, ["1️⃣", "2️⃣"]) {
            let place = try #require(marked.positions[mark])
            #expect(diagnostic.location == SourceLocation(line: place.line + 5, column: place.column), "\(mark)")
        }
    }

    /// The headings listed for a missing anchor are cut short, so a heading of a thousand words does not make a
    /// message of tens of thousands of characters.
    @Test func theHeadingsListedForAMissingAnchorAreCutShort() throws {
        let heading = (0..<1_000).map { "word\($0)" }.joined(separator: " ")
        let text = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n\n## \(heading)\n\n## Short\n\n[x](#zzz-nothing-like-it)\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/c.md", displayPath: "c.md", text: text))
        let message = try #require(LinkResolver(index: SiteIndex(notes: [note!], assets: [])).diagnostics(for: note!).first?.message)
        #expect(message.count < 200, "\(message.count)")
        #expect(message.hasSuffix("its headings are #word0-word1-word2-word3-word4-word5-word6-word7-word8-word9-…, #short"))
    }

    @Test(arguments: [("en/a.html", "zh/b.html", "../zh/b.html"), ("index.html", "zh/b.html", "zh/b.html"),
                      ("en/a.html", "en/img/x.png", "img/x.png"), ("zh/index.html", "index.html", "../index.html"),
                      ("en/a.html", "en/a.html", "a.html"), ("a/b/c.html", "a/x/y.html", "../x/y.html"),
                      ("a/b/c.html", "a/b", "../b"), ("ru/заметка.html", "ru/снимок.png", "снимок.png"),
                      ("zh/图/a.html", "zh/图表/b.html", "../图表/b.html"), ("a//b.html", "a/c.html", "c.html"),
                      ("a/b.html", "", "..")])
    func relativeURLs(from: String, to: String, expected: String) {
        #expect(RelativeURL.from(from, to: to) == expected)
    }
}

@Suite struct GitHubBlobImageTests {
    @Test func blobImageGetsTheRawAddressAsFixIt() throws {
        let marked = MarkedText("Look: ![](1️⃣https://github.com/o/r/blob/main/Shots/a%20b.png) and ![](https://raw.githubusercontent.com/o/r/main/x.png)\n")
        let front = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/g.md", displayPath: "g.md", text: front + marked.text))
        let diagnostics = LinkResolver(index: SiteIndex(notes: [note!], assets: [])).diagnostics(for: note!)
        #expect(diagnostics.map(\.rule.id) == ["image.github-blob"])
        let expected = try #require(marked.positions["1️⃣"])
        #expect(diagnostics.first?.location == SourceLocation(line: expected.line + 5, column: expected.column))
        #expect(diagnostics.first?.fixIts.first?.replacement == "https://raw.githubusercontent.com/o/r/main/Shots/a%20b.png")
    }

    /// In raw HTML the fix-it replaces the address inside the attribute; an address spelled with character
    /// references is not the text the fix-it would replace, so it gets the finding without one.
    @Test func rawHTMLBlobImageGetsTheFixItAtItsAddress() throws {
        let marked = MarkedText("<img alt=\"a\" src=\"1️⃣https://github.com/o/r/blob/main/a.png\"> <img src=\"https://github.com/o/r/blob/main/b.png?x=1&amp;y=2\">\n")
        let front = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n---\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/g.md", displayPath: "g.md", text: front + marked.text))
        let diagnostics = LinkResolver(index: SiteIndex(notes: [note!], assets: [])).diagnostics(for: note!)
        #expect(diagnostics.map(\.rule.id) == ["image.github-blob", "image.github-blob"])
        let expected = try #require(marked.positions["1️⃣"])
        let place = SourceLocation(line: expected.line + 5, column: expected.column)
        #expect(diagnostics.first?.fixIts == [Diagnostic.FixIt(at: place, replacing: "https://github.com/o/r/blob/main/a.png",
                                                                with: "https://raw.githubusercontent.com/o/r/main/a.png")])
        #expect(diagnostics.last?.fixIts.isEmpty == true)
    }

    @Test(arguments: [
        ("https://github.com/o/r/blob/main/a/b.png", "https://raw.githubusercontent.com/o/r/main/a/b.png"),
        ("http://github.com/o/r/blob/v1.0/x.png?raw=true#top", "https://raw.githubusercontent.com/o/r/v1.0/x.png"),
        ("https://www.github.com/o/r/blob/main/x.png#L1?q", "https://raw.githubusercontent.com/o/r/main/x.png"),
        ("https://github.com/949478479/iOS-8/blob/分支/截图/收起.png", "https://raw.githubusercontent.com/949478479/iOS-8/分支/截图/收起.png"),
        ("https://github.com/o/r/blob/main//x.png", "https://raw.githubusercontent.com/o/r/main//x.png"),
        // A query that starts in the ref ends the address there.
        ("https://github.com/o/r/blob/ma?in/x.png", "https://raw.githubusercontent.com/o/r/ma"),
    ])
    func blobAddressesBecomeRawAddresses(blob: String, raw: String) {
        #expect(LinkResolver.rawGitHubURL(forBlob: blob) == raw)
    }

    @Test(arguments: ["https://github.com/o/r/tree/main/x.png", "https://example.com/o/r/blob/main/x.png", "https://github.com/o/r",
                      "https://github.com/o/r/blob/main", "https://gist.github.com/o/r/blob/main/x.png"])
    func otherURLsAreLeftAlone(url: String) {
        #expect(LinkResolver.rawGitHubURL(forBlob: url) == nil)
    }
}
