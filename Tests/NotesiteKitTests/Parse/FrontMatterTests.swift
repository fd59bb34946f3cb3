import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

@Suite struct FrontMatterTests {
    /// The diagnostics for a note at notes/en/x.md, as `rule@line:col`.
    private func problems(_ text: String) -> [String] {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text))
        return diagnostics.map { "\($0.rule)@\($0.location.map(\.description) ?? "-")" }
    }

    @Test func readsEveryField() throws {
        let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/zh/a.md", displayPath: "a.md", text: """
        ---
        title: "收起与展开"
        date: 2017-02-25 21:26:00
        lang: zh
        summary: 一句话
        swift: "3"
        translation_key: collapse
        source:
          url: https://example.com/post
          author: towry
        ---
        body
        """))
        #expect(diagnostics.isEmpty)
        let metadata = try #require(note?.metadata)
        #expect(metadata == NoteMetadata(title: "收起与展开", date: NoteDate(year: 2017, month: 2, day: 25), lang: .zh,
                                         summary: "一句话", swift: "3",
                                         source: .init(url: "https://example.com/post", author: "towry"),
                                         translationKey: "collapse"))
    }

    /// No key is required: the title, the date and the language have stand-ins.
    @Test func aNoteNeedsNoKey() throws {
        #expect(problems("---\nsummary: s\n---\ntext\n").isEmpty)
        #expect(problems("---\n---\ntext\n").isEmpty)
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: "---\nsummary: s\n---\n"))
        #expect(note?.metadata == NoteMetadata(title: "X", summary: "s", titleSource: .fileName))
    }

    @Test func noFrontMatterAtAll() {
        #expect(problems("# Just a heading\n").isEmpty)
    }

    @Test func unclosedFrontMatter() {
        #expect(problems("---\ntitle: x\ndate: 2020-01-01\n") == ["frontmatter.unclosed@1:1"])
    }

    @Test func unclosedQuoteIsReportedWhereTheQuoteOpens() throws {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md",
                                                           text: "---\ntitle: \"open\ndate: 2020-01-01\nlang: en\n---\n"))
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == ["frontmatter.invalid@2:8"])
        #expect(diagnostics.first?.message.hasSuffix("close the quote") == true)
    }

    @Test func tabsAreInvalidWithAHint() {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md",
                                                           text: "---\ntitle: x\nsource:\n\turl: y\n---\n"))
        #expect(diagnostics.contains { $0.rule.id == "frontmatter.invalid" && $0.message.contains("tab") && $0.location?.line == 4 })
    }

    @Test func wrongTypeIsReportedAtTheValue() {
        #expect(problems("---\ntitle: [a, b]\ndate: 2020-01-01\nlang: en\n---\n") == ["frontmatter.invalid@2:8"])
    }

    /// A title of spaces would list the note as an empty line.
    @Test(arguments: ["\"\"", "\"   \"", "\"\\t\""])
    func anEmptyTitleIsAnError(title: String) {
        #expect(problems("---\ntitle: \(title)\ndate: 2020-01-01\nlang: en\n---\n") == ["frontmatter.invalid@2:8"])
    }

    /// A source's address without its scheme would be a link relative to the note's page.
    @Test func aSourceAddressMustBeAWebAddress() {
        let note = { (url: String) in "---\ntitle: t\ndate: 2020-01-01\nlang: en\nsource:\n  url: \(url)\n  mirror: //mirror.example/x\n---\n" }
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: note("example.com/post")))
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == ["frontmatter.invalid@6:8", "frontmatter.invalid@7:11"])
        #expect(diagnostics.first?.message == "`source.url` is 'example.com/post', which is not a web address; write it in full, such as 'https://example.com/post'")
        #expect(diagnostics.last?.message.hasSuffix("such as 'https://mirror.example/x'") == true)
        #expect(problems(note("HTTPS://example.com/post").replacingOccurrences(of: "//mirror.example/x", with: "http://mirror.example/x")).isEmpty)
    }

    @Test func badDateColumnCountsUTF8Bytes() {
        // `日期` is not a key we know, but the point is the column of the bad date after multi-byte text.
        let found = problems("---\ntitle: 标题\ndate: 2020-13-01\nlang: en\n---\n")
        #expect(found == ["frontmatter.invalid@3:7"])
        let chinese = problems("---\ntitle: x\nlang: en\ndate:   二〇二〇\n---\n")
        #expect(chinese == ["frontmatter.invalid@4:9"])
    }

    /// A key set twice: Jekyll reads the last, and an imported post that does so still builds (NSHipster's
    /// `revisions` list one date twice). The earlier entry is left out, with a fix-it that deletes its lines.
    @Test func aKeySetTwiceIsReadAsItsLastWithAFixItThatDeletesTheFirst() throws {
        let text = """
        ---
        title: First
        tags:
        - old
        - older
        revisions:
          "2018-11-21": Corrected
          "2018-11-21": Corrected
        title: Second
        tags: [new]
        date: 2020-01-01
        ---
        body

        """
        let (note, found) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text))
        let diagnostics = found.sorted { $0.location!.line < $1.location!.line }
        #expect(note?.metadata.title == "Second")
        #expect(note?.metadata.tags == ["new"])
        #expect(diagnostics.map { "\($0.rule)@\($0.location!) \($0.severity)" }
                == ["frontmatter.duplicate-key@2:1 warning", "frontmatter.duplicate-key@3:1 warning", "frontmatter.duplicate-key@7:3 warning"])
        #expect(diagnostics[2].message == "front matter sets `2018-11-21` again further on, and only the last is read (as Jekyll reads it); delete one of them")
        #expect(diagnostics.map { $0.fixIts.map(\.summary) } == [["delete line 2"], ["delete lines 3-5"], ["delete line 7"]])

        // Applied, the fix-its leave each key once, with the values that were read.
        let edits = diagnostics.flatMap { d in d.fixIts.map { FixApplier.Edit($0, rule: d.rule.id) } }
        let (fixed, applied, skipped) = FixApplier.apply(edits, to: Array(text.utf8))
        #expect(applied.count == 3 && skipped.isEmpty)
        let (after, findings) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: String(decoding: fixed, as: UTF8.self)))
        #expect(findings.isEmpty)
        #expect(after?.metadata.title == "Second" && after?.metadata.tags == ["new"])
        #expect(String(decoding: fixed, as: UTF8.self).hasPrefix("---\nrevisions:\n  \"2018-11-21\": Corrected\ntitle: Second\n"))
    }

    /// NSHipster's `status: {swift: 4.2}`, the Swift its code was last reviewed for, is the note's `swift` when it
    /// has none; a value that names no era (`n/a`, Swift 1) is passed over without a word.
    @Test func nsHipstersStatusGivesTheSwiftVersion() {
        func swift(_ front: String) -> String? {
            let text = "---\ntitle: t\ndate: 2020-01-01\n\(front)---\nbody\n"
            let (note, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text))
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
            return note?.metadata.swift
        }
        #expect(swift("status:\n  swift: 4.2\n  reviewed: September 8, 2018\n") == "4.2")
        #expect(swift("status:\n    swift: 2.0\n") == "2")
        #expect(swift("status:\n  swift: 4.0\n") == "4")
        #expect(swift("status:\n  swift: 5.1\n") == "5")
        #expect(swift("status:\n  swift: 6.0\n") == "5")
        #expect(swift("status:\n  swift: \"3\"\n") == "3")
        #expect(swift("status:\n  swift: n/a\n") == nil)
        #expect(swift("status:\n  swift: 1.2\n") == nil)
        #expect(swift("status:\n  swift: 5.🤔\n") == nil)
        #expect(swift("status: publish\n") == nil)
        #expect(swift("swift: \"3\"\nstatus:\n  swift: 5.0\n") == "3")
        #expect(swift("status:\n  swift: 5.0\nswift: \"3\"\n") == "3")
    }

    /// Where the earlier entry shares its line with more (a flow mapping), it cannot be left out alone: the front
    /// matter is unreadable, as it is for the site's data files.
    @Test func aKeySetTwiceInAFlowMappingIsStillInvalid() {
        #expect(problems("---\ntitle: t\nsource: {url: a, url: b}\n---\n") == ["frontmatter.invalid@3:10"])
    }

    @Test func unknownKeyIsAWarningWithASuggestion() {
        let (_, diagnostics) = NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md",
                                                           text: "---\ntitel: x\ntitle: x\ndate: 2020-01-01\nlang: en\n---\n"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message.contains("did you mean `title`") == true)
        #expect(diagnostics.first?.location == SourceLocation(line: 2, column: 1))
    }

    /// A key far from every known one is the note's own (imported notes carry their site's: NSHipster's
    /// `revisions`, a vault's `license(s)`), and is passed over; only a near miss is a warning.
    @Test func aKeyOfTheNotesOwnIsPassedOver() {
        let text = "---\ntitle: x\ndate: 2020-01-01\nlang: en\nrevisions:\n  2020-01-06: Updated\nlicense(s): NA\nretired: true\n---\n"
        #expect(problems(text).isEmpty)
        #expect(problems("---\ntitle: x\ndate: 2020-01-01\nlang: en\nsumary: s\n---\n") == ["frontmatter.unknown-key@5:1"])
    }

    @Test func langMustMatchTheFolder() {
        #expect(problems("---\ntitle: x\ndate: 2020-01-01\nlang: ru\n---\n") == ["frontmatter.lang-mismatch@1:1"])
    }

    @Test func aChangedCopyOfANoteLeavesTheNoteAsItWas() throws {
        let text = "---\ntitle: \"One\"\nlang: en\n---\n\n# Heading\n\nSee [two](two.md).\n"
        let (parsed, _) = NoteParser.parse(SourceFile(path: "notes/en/one.md", displayPath: "one.md", text: text))
        let note = try #require(parsed)
        var copy = note
        #expect(copy == note)
        copy.metadata.title = "Changed"
        copy.links.append(Note.Link(destination: "three.md", isImage: false, location: SourceLocation(line: 9, column: 1)))
        let bare = note.withoutSource()
        // The note, and the copy it was made from, are as the parse left them.
        #expect(note.metadata.title == "One" && note.links.map(\.destination) == ["two.md"])
        #expect(note.hasDocument && note.source.text == text && !bare.hasDocument && bare.source.text.isEmpty)
        #expect(copy.metadata.title == "Changed" && copy.links.map(\.destination) == ["two.md", "three.md"])
        #expect(copy != note)
        // Parsed again from the same text: an equal note, with an equal hash.
        let again = try #require(NoteParser.parse(SourceFile(path: "notes/en/one.md", displayPath: "one.md", text: text)).0)
        #expect(again == note && again.hashValue == note.hashValue)
    }
}

/// The listing a one-shot build makes before parsing: each note's front matter, from the start of its file.
@Suite struct FrontMatterListingTests {
    /// The note's start as `readFrontMatter` gives it with a `limit`-byte read, and the note it lists.
    private func listed(_ text: String, limit: Int) throws -> (text: String, note: Note?) {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/x.md", text)
        let loader = ContentLoader(root: site.content, displayRoot: "content")
        let file = try #require(loader.readFrontMatter("notes/en/x.md", limit: limit)).file
        return (file.text, NoteParser.listing(of: file)?.note)
    }

    private static let frontMatter = "---\ntitle: \"Свёртывание\"\ndate: 2016-03-01\nlang: en\ntranslation_key: collapse\n---\n"

    @Test func aLongNoteIsReadOnlyToTheEndOfItsFrontMatter() throws {
        let body = String(repeating: "Ещё одна строка заметки.\n", count: 40)
        let text = Self.frontMatter + body
        let (head, note) = try listed(text, limit: 200)
        #expect(head == Self.frontMatter)
        // What the listing says is what the whole parse says.
        let parsed = try #require(NoteParser.parse(SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text)).note)
        let listing = try #require(note)
        #expect(listing.metadata.listsAlike(parsed.metadata))
        #expect(listing.metadata.summary == nil && parsed.metadata.summary?.hasPrefix("Ещё одна строка заметки.") == true)
        #expect(listing.slug == "x" && listing.language == .en && !listing.hasDocument && listing.headings.isEmpty)
    }

    @Test func frontMatterThatGoesOnPastTheLimitIsReadWhole() throws {
        let text = "---\ntitle: Long\nsummary: \(String(repeating: "word ", count: 100))\ndate: 2020-01-02\nlang: en\n---\nBody.\n"
        let (head, note) = try listed(text, limit: 64)
        #expect(head == text)
        #expect(note?.metadata.date == NoteDate(year: 2020, month: 1, day: 2))
    }

    @Test func aNoteWithoutFrontMatterIsListedUnderItsTitleHeading() throws {
        let text = "# Heading\n" + String(repeating: "Line.\n", count: 50)
        let (head, note) = try listed(text, limit: 40)
        #expect(head.count < text.count)
        #expect(note?.metadata.title == "Heading" && note?.metadata.titleSource == .heading)
    }

    /// The heading that titles a note is found in the start the listing read when it is there, and else in the
    /// whole note: the listing titles the note as its parse does.
    @Test(arguments: [
        ("---\nlayout: post\n---\n\n# Title after front matter\n", "Title after front matter"),
        (String(repeating: "Intro line.\n", count: 20) + "\n# Far down\n", "Far down"),
        (String(repeating: "No heading.\n", count: 20), "X"),
    ])
    func aTitleHeadingIsListedFromTheWholeNoteWhenTheStartLacksIt(text: String, title: String) throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/x.md", text)
        let loader = ContentLoader(root: site.content, displayRoot: "content")
        let start = try #require(loader.readFrontMatter("notes/en/x.md", limit: 40)).file
        #expect(start.text.count < text.count)
        let listed = try #require(NoteParser.listing(of: start, readWhole: { loader.read("notes/en/x.md").file }))
        #expect(listed.note.metadata.title == title)
        let whole = try #require(loader.read("notes/en/x.md").file)
        let parsed = try #require(NoteParser.parse(whole).note)
        #expect(parsed.metadata.listsAlike(listed.note.metadata))
    }

    @Test func theParseUsesTheListedFrontMatterOnlyWhileTheFileStartsWithIt() throws {
        func file(_ text: String) -> SourceFile { SourceFile(path: "notes/en/x.md", displayPath: "x.md", text: text) }
        let first = "---\ntitle: First\ndate: 2024-13-01\nlang: en\n---\nBody.\n"
        let listed = try #require(NoteParser.listing(of: file(first)))
        let reused = NoteParser.parse(file(first), frontMatter: listed.frontMatter)
        let fresh = NoteParser.parse(file(first))
        #expect(reused.note?.metadata == fresh.note?.metadata)
        #expect(reused.diagnostics.map(\.rule.id) == ["frontmatter.invalid"])
        #expect(reused.diagnostics.map(\.location) == fresh.diagnostics.map(\.location))
        // Edited since the listing: the front matter is read again.
        let edited = NoteParser.parse(file(first.replacingOccurrences(of: "First", with: "Second").replacingOccurrences(of: "-13-", with: "-12-")),
                                      frontMatter: listed.frontMatter)
        #expect(edited.note?.metadata.title == "Second" && edited.diagnostics.isEmpty)
        // A block that is no longer closed, or no block at all, is not the one listed either.
        let unclosed = NoteParser.parse(file("---\ntitle: First\n"), frontMatter: listed.frontMatter)
        #expect(unclosed.diagnostics.map(\.rule.id) == ["frontmatter.unclosed"])
        let none = NoteParser.parse(file("Body.\n"), frontMatter: listed.frontMatter)
        #expect(none.diagnostics.isEmpty && none.note?.metadata.title == "X")
    }

    /// The size the listing gives each note (which decides how notes share a text script) is the whole file's,
    /// however much of it the listing read: cut at the front matter, cut at a line, read whole, or behind a link.
    @Test(arguments: [
        Self.frontMatter + String(repeating: "Ещё одна строка заметки.\n", count: 40),
        "---\ntitle: \"" + String(repeating: "Долгий заголовок ", count: 30) + "\"\nlang: en\n---\nBody.\n",
        String(repeating: "No front matter, only text.\n", count: 30),
        Self.frontMatter + "Short.\n",
    ])
    func theListingGivesTheSizeOfTheWholeFile(text: String) throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/x.md", text)
        try FileManager.default.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/en/link.md").path,
                                                   withDestinationPath: "x.md")
        let loader = ContentLoader(root: site.content, displayRoot: "content")
        for path in ["notes/en/x.md", "notes/en/link.md"] {
            let start = try #require(loader.readFrontMatter(path, limit: 200))
            #expect(start.byteCount == text.utf8.count, "\(path)")
            #expect(start.byteCount == loader.byteCount(of: path), "\(path)")
        }
    }

    @Test func aFileThatCannotBeANoteIsNotListed() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/xx/a.md", Self.frontMatter)
        try site.write("notes/en/bin.md", "\u{0}\u{1}binary")
        let loader = ContentLoader(root: site.content, displayRoot: "content")
        #expect(try NoteParser.listing(of: #require(loader.readFrontMatter("notes/xx/a.md")).file) == nil)
        #expect(loader.readFrontMatter("notes/en/bin.md") == nil)
        #expect(loader.readFrontMatter("notes/en/gone.md") == nil)
    }

    /// The listing reads a note's front matter and no further: the bytes it keeps are, once decoded, the text up
    /// to where the parse of the whole note says the Markdown starts, with any line breaks and a byte order mark.
    @Test(arguments: ["---\ntitle: a\n---\nbody\n", "---\r\ntitle: a\r\n---\r\nbody", "---\rtitle: a\r...\rbody",
                      "\u{FEFF}---\ntitle: a\n---\n", "---\ntitle: a\n---\r\n\r\n# body", "--- \ntitle: a\n---\t\nbody\n",
                      "+++\r\ntitle = 'a'\r\n+++  \r\nbody", "---\ntitle: a\n\n... \nbody", "---\ntitle: a\n+++\n---\n"])
    func theListingReadsTheFrontMatterOnly(text: String) throws {
        let bytes = Array(text.utf8)
        let end = try #require(ContentLoader.frontMatterEnd(bytes))
        let kept = try Array(bytes[..<end]).withUnsafeBytes { try ContentLoader.decodeReporting($0).get() }
        let whole = try bytes.withUnsafeBytes { try ContentLoader.decodeReporting($0).get() }
        let split = FrontMatterSplit(whole)
        #expect(split.isClosed)
        #expect(kept == String(whole[..<split.body.startIndex]))
    }

    @Test(arguments: ["title: a\n---\n", "---\ntitle: a\n", "---x\ntitle: a\n---\n", "---\ntitle: a\n---", "",
                      "+++\ntitle = 'a'\n---\n", "...\ntitle: a\n...\n", "Title: a\n\nbody\n"])
    func theListingReadsOnWhereTheFrontMatterIsNotClosed(text: String) {
        #expect(ContentLoader.frontMatterEnd(Array(text.utf8)) == nil)
    }
}
