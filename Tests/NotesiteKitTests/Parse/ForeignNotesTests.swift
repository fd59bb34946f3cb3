import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Notes as other tools write them (Jekyll, Hexo, Hugo, VuePress, MultiMarkdown, plain READMEs) read without edits:
/// a title, a date, a summary and tags from what each one gives.
@Suite struct ForeignNotesTests {
    /// One note, and what its parse must make of it.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var path = "notes/en/note.md"
        var text: String
        var title: String
        var titleSource = NoteMetadata.TitleSource.frontMatter
        var date: String?
        var tags: [String] = []
        var author: String?
        var summary: String?
        /// Rule ids of the findings, in order.
        var findings: [String] = []

        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Jekyll post", path: "notes/en/uisplitviewcontroller.md", text: """
            ---
            layout: post
            title: "UISplitViewController in iOS 8"
            date: 2014-11-05 16:16:18 +0800
            categories: [iOS]
            tags:
              - UISplitViewController
              - UIKit
            comments: true
            ---

            A split view controller shows two panes side by side. Its delegate decides how they collapse.
            """,
             title: "UISplitViewController in iOS 8", date: "2014-11-05", tags: ["iOS", "UISplitViewController", "UIKit"],
             summary: "A split view controller shows two panes side by side. Its delegate decides how they collapse."),
        Case(name: "Hexo post", path: "notes/zh/fen-ge.md", text: """
            ---
            title: 分割视图学习笔记
            date: 2017-04-05 10:00:00
            tags:
            - iOS
            - UISplitViewController
            categories: 学习笔记
            description:
            ---
            这是一篇关于 `UISplitViewController` 的笔记。
            <!--more-->
            正文从这里开始。
            """,
             title: "分割视图学习笔记", date: "2017-04-05", tags: ["iOS", "UISplitViewController", "学习笔记"],
             summary: "这是一篇关于 UISplitViewController 的笔记。"),
        Case(name: "Hexo post without its opening line", path: "notes/zh/tags.md", text: """
            title: 中文測試
            date: 2013-12-24 23:31:30
            tags:
            - Foo
            - Bar
            ---

            This is a Chinese test post.
            """,
             title: "中文測試", date: "2013-12-24", tags: ["Foo", "Bar"], summary: "This is a Chinese test post."),
        Case(name: "Hugo post in TOML", path: "notes/en/adaptive.md", text: """
            +++
            title = "Adaptive layout"
            date = 2017-04-05T10:00:00+08:00
            draft = false
            tags = ["iOS", "UIKit"]
            description = "How a split view adapts to the size class."
            authors = ["Anna", "Boris"]

            [params]
              series = "UIKit"
            +++

            # Adaptive layout

            Body.
            """,
             title: "Adaptive layout", date: "2017-04-05", tags: ["iOS", "UIKit"], author: "Anna, Boris",
             summary: "How a split view adapts to the size class."),
        Case(name: "VuePress page without a date", path: "notes/en/guide.md", text: """
            ---
            title: Split view guide
            lang: en-US
            sidebar: auto
            prev: ./intro
            editLink: false
            ---

            # Split view guide

            The guide.
            """,
             title: "Split view guide", summary: "The guide."),
        Case(name: "README with only a heading", path: "notes/en/readme-only.md", text: "# UISplitViewController notes\n",
             title: "UISplitViewController notes", titleSource: .heading),
        Case(name: "setext title", path: "notes/en/setext.md", text: "Split views\n===========\n\nThey **collapse** on a [phone](https://example.com).\n",
             title: "Split views", titleSource: .heading, summary: "They collapse on a phone."),
        Case(name: "opening line with a trailing space", text: "--- \ntitle: Trailing\ndate: 2020-01-02\n---\t \nBody.\n",
             title: "Trailing", date: "2020-01-02", summary: "Body."),
        Case(name: "closed by ...", text: "---\ntitle: Dots\ndate: 2020-01-02\n...\nBody.\n", title: "Dots", date: "2020-01-02", summary: "Body."),
        Case(name: "blank line before the closing line", text: "---\ntitle: Blank\ndate: 2020-01-02\n\n---\nBody.\n",
             title: "Blank", date: "2020-01-02", summary: "Body."),
        Case(name: "MultiMarkdown metadata lines", path: "notes/en/mmd.md", text: """
            Title:  A MultiMarkdown note
            Author: Jane Doe
            date:   2016-03-04 09:30
            Tags:   iOS, UIKit

            The first paragraph.
            """,
             title: "A MultiMarkdown note", date: "2016-03-04", tags: ["iOS", "UIKit"], author: "Jane Doe",
             summary: "The first paragraph."),
        Case(name: "Jekyll file name", path: "notes/en/2017-04-05-split-view-notes.md", text: "Just text.\n",
             title: "Split view notes", titleSource: .fileName, date: "2017-04-05", summary: "Just text."),
        Case(name: "no front matter, no heading", path: "notes/en/uisplitview-notes.md", text: "Some text.\n\n## A section\n",
             title: "Uisplitview notes", titleSource: .fileName, summary: "Some text."),
        Case(name: "keys of other tools and a typo", text: """
            ---
            title: Keys
            permalink: /keys/
            ms.topic: conceptual
            sidebar_position: 3
            weight: 10
            titel: typo
            ---
            """,
             title: "Keys", findings: ["frontmatter.unknown-key"]),
    ]

    @Test(arguments: cases)
    func readsNotesAsOtherToolsWriteThem(_ example: Case) throws {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: example.path, displayPath: example.path, text: example.text))
        let metadata = try #require(note?.metadata)
        #expect(diagnostics.map(\.rule.id) == example.findings, "\(diagnostics.map(\.formatted))")
        #expect(metadata.title == example.title)
        #expect(metadata.titleSource == example.titleSource)
        #expect(metadata.date?.description == example.date)
        #expect(metadata.tags == example.tags)
        #expect(metadata.source?.author == example.author)
        #expect(metadata.summary == example.summary)
        #expect(!metadata.draft)
    }

    /// What the listing says of a note is what its parse says, but for a summary the front matter does not give.
    @Test(arguments: cases)
    func theListingListsTheNoteAsTheParseDoes(_ example: Case) throws {
        let file = SourceFile(path: example.path, displayPath: example.path, text: example.text)
        let listed = try #require(NoteParser.listing(of: file)).note.metadata
        let parsed = try #require(NoteParser.parse(file).note).metadata
        #expect(listed.listsAlike(parsed))
        #expect(listed.title == example.title)
    }

    /// A draft is read like any note, and said to be one; `build` and `check` leave it out of the site, and of
    /// its findings keep only that one (a problem in what is not published does not stop the build).
    @Test(arguments: ["draft: true", "draft: yes", "published: false"])
    func aDraftIsSaidToBeOne(line: String) throws {
        let file = SourceFile(path: "notes/en/draft.md", displayPath: "Content/notes/en/draft.md",
                              text: "---\ntitle: Not yet\n\(line)\nlang: ru\n---\nBody.\n")
        let (note, diagnostics) = NoteParser.parse(file)
        #expect(note?.metadata.draft == true && note?.metadata.title == "Not yet")
        #expect(diagnostics.map(\.rule.id) == ["frontmatter.draft", "frontmatter.lang-mismatch"])
        let finding = try #require(diagnostics.first)
        #expect(finding.severity == .note)
        #expect(finding.file == "Content/notes/en/draft.md" && finding.message.contains("not published"))
        #expect(NoteParser.listing(of: file)?.note.metadata.draft == true)

        let left = ParsedNote(file, finder: MentionFinder(resolver: SymbolResolver(list: .empty)), checker: nil).leavingOutDraft()
        #expect(left.note == nil && left.diagnostics == [finding] && left.mentions.isEmpty)
    }

    @Test(arguments: ["draft: false", "published: true"])
    func aPublishedNoteIsNoDraft(line: String) throws {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\ntitle: Out\n\(line)\n---\n"))
        #expect(note?.metadata.draft == false && diagnostics.isEmpty)
    }

    @Test func aWrongDraftValueIsReportedAtTheValue() {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\ntitle: T\ndraft: maybe\n---\n"))
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == ["frontmatter.invalid@3:8"])
    }

    /// Every key the site generators define is read without a word.
    @Test(arguments: [
        "layout", "permalink", "comments", "id", "guid", "status", "translator", "slug", "aliases", "weight", "toc",
        "sidebar", "sidebar_position", "sidebar_label", "hide_title", "cover", "image", "thumbnail", "excerpt_separator",
        "updated", "lastmod", "modified", "type", "menu", "series", "math", "mathjax", "ms.topic", "ms.custom",
        "redirect_from", "hidden", "share", "feature", "original", "copyright", "reward", "top", "sticky", "language",
        "locale", "uid", "ID", "post_id", "header", "subtitle", "tagline", "keywords", "icon", "order", "prev", "next",
        "editLink", "author_profile", "read_time", "date_modified", "excerpt", "description", "categories", "author",
        "authors", "published", "draft",
    ])
    func otherToolsKeysAreAccepted(key: String) {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md",
                                                              text: "---\ntitle: T\n\(key): \(key == "draft" ? "false" : "true")\n---\nBody.\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        #expect(note != nil)
    }

    @Test(arguments: [("titel", "title"), ("tagz", "tags"), ("sumary", "summary"), ("permalnk", "permalink")])
    func anUnknownKeyIsAWarningThatNamesTheNearestKey(key: String, near: String) throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\ntitle: T\n\(key): x\n---\n"))
        let finding = try #require(diagnostics.first)
        #expect(diagnostics.count == 1 && finding.rule.id == "frontmatter.unknown-key" && finding.severity == .warning)
        #expect(finding.message.contains("did you mean `\(near)`?"), "\(finding.message)")
        #expect(finding.location == SourceLocation(line: 3, column: 1))
    }

    /// A key no tool's is near is the note's own, kept by the site it came from: passed over.
    @Test func aKeyNoToolsIsNearIsPassedOver() throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\nzzzzqqq: x\n---\n"))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
    }

    @Test(arguments: [("en-US", Language.en), ("zh-CN", .zh), ("zh_Hans", .zh), ("RU", .ru)])
    func langWithARegionNamesTheLanguage(code: String, language: Language) {
        let folder = language.rawValue
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/\(folder)/a.md", displayPath: "a.md", text: "---\nlang: \(code)\n---\n"))
        #expect(note?.metadata.lang == language && diagnostics.isEmpty)
    }

    @Test func aLanguageAliasThatIsNoLanguageOfTheSiteIsLeftAlone() {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\nlanguage: English\nlocale: de_DE\n---\n"))
        #expect(note?.metadata.lang == nil && diagnostics.isEmpty)
        #expect(problems("---\nlang: de\n---\n") == ["frontmatter.invalid@2:7"])
    }

    @Test func hugosTranslationKeyIsTheTranslationKey() {
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "+++\ntranslationKey = \"collapse\"\n+++\n"))
        #expect(note?.metadata.translationKey == "collapse")
    }

    @Test func emptyValuesAsScaffoldsLeaveThemAreNoValues() {
        let text = "---\ntitle: Hexo scaffold\ndate:\ntags:\ncategories:\ndescription:\nauthor:\n---\nFirst.\n"
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: text))
        #expect(diagnostics.isEmpty)
        #expect(note?.metadata.date == nil && note?.metadata.tags == [] && note?.metadata.summary == "First.")
    }

    @Test func tagsAreReadOnceInTheOrderWritten() {
        let text = "---\ntags: UIKit, iOS，Swift\ncategories: [iOS, Notes]\nkeywords:\n  - Swift\n  - [nested, list]\n---\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: text))
        #expect(note?.metadata.tags == ["UIKit", "iOS", "Swift", "Notes", "nested", "list"])
    }

    @Test func authorsComeAsTextListOrMappingAndSourceAuthorWins() {
        func author(_ lines: String) -> String? {
            NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\n\(lines)\n---\n")).note?.metadata.source?.author
        }
        #expect(author("author: Anna") == "Anna")
        #expect(author("authors: [Anna, Boris]") == "Anna, Boris")
        #expect(author("author:\n  name: Anna\n  url: https://example.com") == "Anna")
        #expect(author("author: Anna\nsource:\n  author: Boris\n  url: https://example.com/post") == "Boris")
        #expect(author("title: No author") == nil)
    }

    @Test func summaryDescriptionAndExcerptInThatOrder() {
        func summary(_ lines: String) -> String? {
            NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: "---\n\(lines)\n---\nParagraph.\n")).note?.metadata.summary
        }
        #expect(summary("excerpt: E\ndescription: D\nsummary: S") == "S")
        #expect(summary("excerpt: E\ndescription: D") == "D")
        #expect(summary("excerpt: E") == "E")
        #expect(summary("summary: \"  \"") == "Paragraph.")
    }

    // MARK: Delimiters

    @Test func anInvalidTOMLFrontMatterIsReportedAtItsLineAndColumn() throws {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md",
                                                              text: "+++\ntitle = \"T\"\ndate = = 2017\n+++\nBody.\n"))
        let finding = try #require(diagnostics.first)
        #expect(diagnostics.count == 1 && finding.rule.id == "frontmatter.invalid")
        #expect(finding.location?.line == 3 && (finding.location?.column ?? 0) > 1, "\(finding.formatted)")
        #expect(finding.message.hasPrefix("front matter is not valid TOML"))
        #expect(note?.metadata.title == "A")
    }

    @Test func aWrongTOMLValueIsReportedAtItsKeysLine() {
        #expect(problems("+++\ntitle = \"T\"\ndate = \"someday\"\n+++\n") == ["frontmatter.invalid@3:8"])
        #expect(problems("+++\ntitle = \"T\"\n\n[source]\nurl = \"example.com\"\n+++\n") == ["frontmatter.invalid@4:1"])
    }

    @Test(arguments: ["+++\ntitle = \"T\"\n", "---\ntitle: T\n", "--- \ntitle: T\n..x\n"])
    func anUnclosedBlockIsAnError(text: String) {
        #expect(problems(text) == ["frontmatter.unclosed@1:1"])
    }

    @Test(arguments: ["---x\ntitle: T\n---\n", "----\ntitle: T\n---\n", "+++ x\ntitle = 1\n+++\n", "...\ntitle: T\n---\n", " ---\ntitle: T\n---\n"])
    func aLineThatIsNoDelimiterOpensNoFrontMatter(text: String) {
        #expect(FrontMatterSplit(text).syntax == nil)
    }

    @Test(arguments: [
        ("---\ntitle: a\n---\nbody\n", "title: a\n", 4), ("--- \t\ntitle: a\n--- \nbody", "title: a\n", 4),
        ("---\ntitle: a\n... \nbody", "title: a\n", 4), ("+++\ntitle = 'a'\n+++\t\nbody", "title = 'a'\n", 4),
        ("---\ntitle: a\n\n---\n", "title: a\n\n", 5), ("Title: a\nDate: 2020-01-02\n\nbody", "Title: a\nDate: 2020-01-02\n\n", 4),
        ("title: a\ntags:\n  - x\n\nlayout: post\n---\nbody", "title: a\ntags:\n  - x\n\nlayout: post\n", 7),
    ])
    func delimitersAsTheGeneratorsAcceptThem(text: String, frontMatter: String, bodyLine: Int) {
        let split = FrontMatterSplit(text)
        #expect(split.isClosed && split.text == frontMatter && split.bodyFirstLine == bodyLine)
    }

    /// Notes whose first lines are a paragraph over a `---` line (a heading, to Markdown), not front matter
    /// without its opening line.
    @Test(arguments: [
        "Intro\n---\n\nText.", "note: this is it\n---\n", "Title: capitalised\n---\n", "title: a\nThen a sentence.\n---\n",
        "title:a\n---\n", "title: a\n# heading\n---\n", "title: a\n",
    ])
    func aParagraphOverALineIsNoFrontMatter(text: String) {
        #expect(FrontMatterSplit(text).syntax == nil)
    }

    // MARK: Metadata lines

    /// Notes whose first lines look like metadata but are the note's first paragraph, and keep it.
    @Test(arguments: [
        "Note: this applies to iOS 8 only.\n\nText.", "Summary: this chapter covers collapsing.\n\nText.",
        "Title: A title\nThen a sentence that goes on.\n\nText.", "Type: a protocol\n\nText.", "Date: tomorrow at noon\n\nText.",
        "Title: A title", "Title: A title\nDate: 2020-01-02", "http://example.com: a link\n\nText.", "Title:A title\n\nText.",
        "Author: Jane\n\nText.", "  Title: indented\n\nText.", "Title: A title\n  continued\n\nText.", "题目: 标题\n\n正文",
        "Title: A title\nTitle Case Words: more\n\nText.",
    ])
    func aFirstParagraphIsNotMetadata(text: String) {
        #expect(FrontMatterSplit(text).syntax == nil)
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: text))
        #expect(note?.document.children.first.map { if case .paragraph = $0.kind { true } else { false } } == true)
    }

    @Test(arguments: [
        ("title: lower case\n\nText.", "lower case"), ("TITLE: Upper\nSTATUS: draft-ish\n\nText.", "Upper"),
        ("Date: 2020-01-02\nTags: a\n\nText.", "A"), ("Title: Chinese 标题\nAuthor: 作者\n   \nText.", "Chinese 标题"),
    ])
    func metadataLinesAreReadWithoutCase(text: String, title: String) throws {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/a.md", displayPath: "a.md", text: text))
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        #expect(note?.metadata.title == title)
        #expect(note?.metadata.summary == "Text.")
    }

    @Test func aWrongValueInMetadataLinesIsReportedAtTheValue() {
        #expect(problems("Title: T\nDate: 2020-01-02\nSwift: 9\n\nText.") == ["frontmatter.invalid@3:8"])
    }

    // MARK: Titles, summaries, dates

    @Test(arguments: [
        ("notes/en/uisplitview-notes.md", "Uisplitview notes"), ("notes/en/2017-04-05-a_b-c.md", "A b c"),
        ("notes/en/split-view/README.md", "Split view"), ("notes/en/uikit/index.md", "Uikit"), ("notes/en/x.md", "X"),
        ("notes/en/2017-04-05.md", "2017 04 05"), ("notes/zh/笔记.md", "笔记"),
    ])
    func aFileNameMadeReadable(path: String, title: String) {
        #expect(NoteStandIns.fileNameTitle(path: path) == title)
    }

    /// The heading that titles the note is the page's title, not a heading of its body; the other headings keep the
    /// ids GitHub gives them, counted with the title's.
    @Test func theTitleHeadingIsShownOnceAsThePagesTitle() throws {
        let text = "<p align=\"center\"><img src=\"logo.png\"></p>\n\n# Split View\n\nIntro.\n\n## Split View\n\n## Details\n"
        let (parsed, _) = NoteParser.parse(SourceFile(path: "notes/en/readme-like.md", displayPath: "a.md", text: text))
        let note = try #require(parsed)
        #expect(note.metadata.title == "Split View" && note.metadata.titleSource == .heading)
        #expect(note.headings.map(\.id) == ["split-view", "split-view-1", "details"])
        let body = HTMLRenderer.render(note) { destination, _ in destination }
        #expect(!body.contains("<h1"))
        #expect(body.contains("<h2 id=\"split-view-1\">Split View"))
        #expect(body.contains("<h2 id=\"details\">"))
        #expect(body.contains("<p>Intro.</p>"))
    }

    @Test(arguments: [
        ("## Only a second level\n\n# Then a first\n", nil as String?), ("> # In a quote\n\n# Outside\n", nil),
        ("Intro.\n\n# Later title\n\n## Section\n", "Later title"), ("#\n\nText.\n", nil),
        ("# The *UISplitViewController* `delegate`\n", "The UISplitViewController delegate"),
    ])
    func theTitleHeadingIsTheFirstHeadingAtLevelOne(text: String, title: String?) {
        let (document, _) = MarkdownParser.parseDocument(text)
        #expect(NoteStandIns.titleHeading(in: document) == title)
    }

    @Test(arguments: [
        ("First sentence. Second sentence.\n\nSecond paragraph.", "First sentence. Second sentence."),
        ("![badge](b.svg)\n\n[![ci](c.svg)](https://ci)\n\nThe *real* first `paragraph` with [a link](x.md).", "The real first paragraph with a link."),
        ("第一句。\n第二句！", "第一句。第二句！"),
        ("Intro line one\nline two.\n\n<!-- more -->\n\nRest.", "Intro line one line two."),
        ("One.\n\n- a list\n\n<!--more-->\nRest.", "One. a list"),
        ("```swift\nlet x = 1\n```\n\n## Heading\n\n> Quoted.\n\nAfter.", "After."),
        ("Before <script>alert(\"inline\")</script> after, <b>bold</b> <SVG><text>drawn</text></svg>text.", "Before after, bold text."),
        ("", nil as String?), ("```\ncode only\n```\n", nil),
    ])
    func theSummaryOfANoteWithoutOne(markdown: String, summary: String?) {
        #expect(NoteStandIns.summary(of: MarkdownParser.parseDocument(markdown).document) == summary)
    }

    @Test func aLongFirstParagraphIsCutAfterASentence() throws {
        let sentence = "The split view controller collapses when the horizontal size class becomes compact. "
        let long = String(repeating: sentence, count: 5)
        let cut = try #require(NoteStandIns.summary(of: MarkdownParser.parseDocument(long).document))
        #expect(cut == String(repeating: sentence, count: 2).trimmingWhitespace)
        let chinese = String(repeating: "分割视图控制器在水平尺寸类别变为紧凑时收起，", count: 12) + "完。"
        let chineseCut = NoteStandIns.excerpt(chinese, limit: 200)
        #expect(chineseCut.count <= 201 && chineseCut.hasSuffix("…"))
        let words = String(repeating: "word ", count: 60)
        #expect(NoteStandIns.excerpt(words, limit: 200) == String(repeating: "word ", count: 39) + "word…")
        #expect(NoteStandIns.excerpt("Short.", limit: 200) == "Short.")
    }

    @Test(arguments: [
        ("2015-10-18", "2015-10-18"), ("2016-03", "2016-03"), ("2017-02-25 21:26:00", "2017-02-25"),
        ("2014-11-05 16:16:18 +0800", "2014-11-05"), ("2017-04-05T10:00:00+08:00", "2017-04-05"),
        ("2017-04-05T10:00:00.000Z", "2017-04-05"), ("2001-12-14t21:59:43.10-05:00", "2001-12-14"),
        ("2017-04-05\t10:00", "2017-04-05"), ("2017-04-05    10:00", "2017-04-05"), ("2013/7/13 20:46:25", "2013-07-13"),
        ("2015-1-8", "2015-01-08"), ("  2024-02-29  ", "2024-02-29"),
    ])
    func datesAsTheGeneratorsWriteThem(text: String, expected: String) {
        #expect(NoteDate(parsing: text)?.description == expected)
    }

    @Test(arguments: ["2023-02-29", "18.10.2015", "2015-10-32", "", "yesterday", "2015-+1-08", "20150108", "2015/10-08", "2015-100-1"])
    func notDates(text: String) {
        #expect(NoteDate(parsing: text) == nil)
    }

    @Test(arguments: [("2017-04-05-title.md", "2017-04-05"), ("2017-04-05.md", nil as String?), ("2017-13-05-x.md", nil), ("title.md", nil)])
    func aJekyllFileNamesDate(name: String, date: String?) {
        #expect(NoteStandIns.fileNameDate(path: "notes/en/" + name)?.description == date)
    }

    static let git = ["/usr/bin/git", "/usr/local/bin/git", "/bin/git"].first(where: FileManager.default.isExecutableFile)

    /// A note without a date takes the day its file was first committed, following a rename.
    @Test(.enabled(if: git != nil, "git is not installed: the test makes a repository whose commits give the dates"))
    func theDateOfTheFirstCommit() throws {
        let git = try #require(Self.git)
        let site = try ScratchSite(fixture: nil)
        func run(_ arguments: [String], date: String? = nil) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: git)
            process.arguments = ["-C", site.root.path] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["GIT_AUTHOR_NAME"] = "A"
            environment["GIT_AUTHOR_EMAIL"] = "a@example.com"
            environment["GIT_COMMITTER_NAME"] = "A"
            environment["GIT_COMMITTER_EMAIL"] = "a@example.com"
            if let date {
                environment["GIT_AUTHOR_DATE"] = date
                environment["GIT_COMMITTER_DATE"] = date
            }
            process.environment = environment
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            try #require(process.terminationStatus == 0, "git \(arguments)")
        }
        try run(["init", "-q"])
        try site.write("notes/en/committed.md", "# Committed\n")
        try site.write("notes/en/renamed-before.md", "# Renamed\n")
        try site.write("notes/en/dated.md", "---\ndate: 2001-01-01\n---\n")
        try run(["add", "-A"])
        try run(["commit", "-q", "-m", "first"], date: "2019-06-07T12:00:00+0000")
        try run(["mv", "Content/notes/en/renamed-before.md", "Content/notes/en/renamed.md"])
        try site.write("notes/en/later.md", "Later.\n")
        try run(["add", "-A"])
        try run(["commit", "-q", "-m", "second"], date: "2021-02-03T12:00:00+0000")
        try site.write("notes/en/uncommitted.md", "Not yet.\n")

        let loader = ContentLoader(root: site.content, displayRoot: "Content")
        func date(_ name: String) throws -> String? {
            let file = try #require(loader.read("notes/en/\(name).md").file)
            return NoteParser.parse(file, commitDates: loader.commitDates).note?.metadata.date?.description
        }
        #expect(try date("committed") == "2019-06-07")
        #expect(try date("renamed") == "2019-06-07")
        #expect(try date("later") == "2021-02-03")
        #expect(try date("dated") == "2001-01-01")
        #expect(try date("uncommitted") == nil)
        // Outside a work tree there is no day to take, and no error.
        let elsewhere = try ScratchSite(fixture: nil)
        #expect(CommitDates(root: elsewhere.content).date(of: "notes/en/committed.md") == nil)
    }

    /// The findings for a note at notes/en/x.md, as `rule@line:col`.
    private func problems(_ text: String) -> [String] {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text))
        return diagnostics.map { "\($0.rule)@\($0.location.map(\.description) ?? "-")" }
    }
}
