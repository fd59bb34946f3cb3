import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// What a link's fragment may name besides a heading's id (raw HTML anchors, attribute lists' ids, a heading's
/// text), and addresses written with Jekyll's and Hugo's templates.
@Suite struct LinkAnchorsTests {
    private static func parse(_ path: String, _ body: String) -> Note {
        NoteParser.parse(SourceFile(path: path, displayPath: path, text: "---\ntitle: T\ndate: 2020-01-01\nlang: en\n---\n" + body)).note!
    }

    /// `a.md` with the links under test, `b.md` with headings and anchors to link to, and an image beside them.
    private static func site(_ links: String) -> (resolver: LinkResolver, note: Note) {
        let a = parse("notes/en/a.md", "# How Extensions Work\n\n## Intro Part\n\n<a name=\"old-place\"></a>\n\nPara\n{: #kept}\n\n" + links)
        let b = parse("notes/en/b.md", "## Intro Part\n\n<span id=\"span-id\">x</span>\n\n## Setup {#install}\n")
        let index = SiteIndex(notes: [a, b], assets: ["en/images/a.png", "en/x.png"])
        return (LinkResolver(index: index), a)
    }

    private static func findings(_ links: String) -> [String] {
        let (resolver, note) = site(links)
        return resolver.diagnostics(for: note).map { "\($0.location!.line):\($0.location!.column) \($0.rule.id) \($0.severity)" }
    }

    @Test func rawHTMLAnchorsAndAttributeListIdsAreLinkTargets() {
        #expect(Self.findings("[a](#old-place) [b](#kept) [c](b.md#span-id) [d](b.md#install) [e](#nowhere)\n") == [
            "15:64 link.anchor-missing warning",
        ])
    }

    @Test func aHeadingNamedByItsTextIsLinkedByItsIdWithANote() throws {
        let (resolver, note) = Self.site("[a](<#How Extensions Work>) [b](#Intro%20Part) [c](b.md#Intro%20Part)\n")
        #expect(resolver.target(of: "<#How Extensions Work>".dropFirst().dropLast().description, from: note.source.path, page: note)
            == .samePage(fragment: "how-extensions-work"))
        #expect(resolver.target(of: "#Intro%20Part", from: note.source.path, page: note) == .samePage(fragment: "intro-part"))
        // Another note's headings are not known while a page renders: a fragment with a space becomes GitHub's id.
        #expect(resolver.target(of: "b.md#Intro%20Part", from: note.source.path) == .note(sourcePath: "notes/en/b.md", fragment: "intro-part"))
        let found = resolver.diagnostics(for: note)
        #expect(found.map { "\($0.location!.line):\($0.location!.column) \($0.rule.id) \($0.severity)" } == [
            "15:6 link.anchor-text note", "15:33 link.anchor-text note", "15:56 link.anchor-text note",
        ])
        #expect(found.map(\.fixIts) == [
            [Diagnostic.FixIt(at: SourceLocation(line: 15, column: 6), replacing: "#How Extensions Work", with: "#how-extensions-work")],
            [Diagnostic.FixIt(at: SourceLocation(line: 15, column: 33), replacing: "#Intro%20Part", with: "#intro-part")],
            [Diagnostic.FixIt(at: SourceLocation(line: 15, column: 56), replacing: "#Intro%20Part", with: "#intro-part")],
        ])
    }

    /// A fragment without a space may be an id in another note's raw HTML, which the page cannot know while it
    /// renders: it is linked as written, and the check says which heading it names, with the fix-it.
    @Test func anotherNotesHeadingNamedByOneWordIsAnErrorWithAFixIt() throws {
        let (resolver, note) = Self.site("[a](#Intro-Part) [b](b.md#Setup)\n")
        #expect(resolver.target(of: "#Intro-Part", from: note.source.path, page: note) == .samePage(fragment: "intro-part"))
        #expect(resolver.target(of: "b.md#Setup", from: note.source.path) == .note(sourcePath: "notes/en/b.md", fragment: "Setup"))
        let found = resolver.diagnostics(for: note)
        #expect(found.map { "\($0.location!.line):\($0.location!.column) \($0.rule.id) \($0.severity)" } == [
            "15:5 link.anchor-text note", "15:26 link.anchor-missing warning",
        ])
        try #require(found.count == 2)
        #expect(found[1].fixIts == [Diagnostic.FixIt(at: SourceLocation(line: 15, column: 26), replacing: "#Setup", with: "#install")])
    }

    /// A fragment that joins a heading's words as the generator of an imported note did (`#introPart`,
    /// `#intro_part`) gets the fix-it to the id, also where a reference definition writes the address; a fragment
    /// that is only near an id gets the suggestion alone.
    @Test func aHeadingsWordsJoinedOtherwiseGetTheFixItToItsId() throws {
        let (resolver, note) = Self.site("[a](b.md#intropart) [b][def] [c](b.md#intro-parts)\n\n[def]: b.md#intro_part\n")
        let found = resolver.diagnostics(for: note)
        #expect(found.map { "\($0.location!.line):\($0.location!.column) \($0.rule.id)" } == [
            "15:1 link.anchor-missing", "15:21 link.anchor-missing", "15:30 link.anchor-missing",
        ])
        try #require(found.count == 3)
        #expect(found.allSatisfy { $0.message.contains("did you mean '#intro-part'?") })
        #expect(found.map(\.fixIts) == [
            [Diagnostic.FixIt(at: SourceLocation(line: 15, column: 9), replacing: "#intropart", with: "#intro-part")],
            [Diagnostic.FixIt(at: SourceLocation(line: 17, column: 12), replacing: "#intro_part", with: "#intro-part")],
            [],
        ])
    }

    @Test func templatedAddressesLeadToFilesBesideTheNote() {
        let (resolver, note) = Self.site("")
        #expect(resolver.target(of: "{{ site.baseurl }}/images/a.png", from: note.source.path) == .asset(path: "en/images/a.png", suffix: ""))
        #expect(resolver.target(of: "{% asset_path x.png %}", from: note.source.path) == .asset(path: "en/x.png", suffix: ""))
        #expect(resolver.target(of: "{{ '/x.png' | relative_url }}", from: note.source.path) == .asset(path: "en/x.png", suffix: ""))
        #expect(resolver.target(of: "{% post_url b %}", from: note.source.path) == .note(sourcePath: "notes/en/b.md", fragment: nil))
        #expect(resolver.target(of: "{{< ref \"b.md\" >}}", from: note.source.path) == .note(sourcePath: "notes/en/b.md", fragment: nil))
        #expect(resolver.target(of: "{{site.url}}{{site.baseurl}}/b.md#install", from: note.source.path)
            == .note(sourcePath: "notes/en/b.md", fragment: "install"))
    }

    @Test func aTemplatedAddressWhoseFileIsMissingNamesThePathItLookedFor() throws {
        let (resolver, note) = Self.site("![a]({{ site.baseurl }}/images/missing.png) [b]({{ site.url }}/docs/)\n")
        let found = resolver.diagnostics(for: note)
        #expect(found.map { "\($0.location!.line):\($0.location!.column) \($0.rule.id) \($0.severity)" } == [
            "15:1 link.template warning", "15:45 link.template warning",
        ])
        try #require(found.count == 2)
        #expect(found[0].message.contains("'notes/en/images/missing.png' is not in the content folder"))
        #expect(found[0].message.contains("`{{ site.baseurl }}`"))
        #expect(found[1].message.contains("'notes/en/docs'"))
    }
}
