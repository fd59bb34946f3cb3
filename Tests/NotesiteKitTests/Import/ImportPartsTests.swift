import Foundation
import Testing
import Yams
@testable import NotesiteKit

/// The pieces of an import: TOML front matter, git's answers, the shapes of sites, and names.
@Suite struct ImportPartsTests {
    // MARK: TOML

    @Test func tomlFrontMatterIsReadAndWrittenAsYAML() throws {
        let toml = """
            title = "Adaptive layout: a \\"tour\\""   # a comment
            date = 2019-03-01T10:00:00+08:00
            draft = true
            weight = 10
            'quoted key' = 'C:\\path'
            description = \"\"\"
            Two
            lines\"\"\"
            tags = [
              "uikit",  # platform
              "split view",
            ]
            dotted.key = 1
            inline = { a = 1 }
            [params]
            cover = "c.png"
            """
        let front = TOMLFrontMatter(Substring(toml))
        #expect(front.pairs.map(\.key) == ["title", "date", "draft", "weight", "quoted key", "description", "tags"])
        #expect(front.dropped == ["dotted", "inline", "params"])
        let yaml = front.yamlLines(lineEnd: "\n").joined()
        let loaded = try #require(try Yams.compose(yaml: yaml))
        #expect(loaded["title"]?.string == "Adaptive layout: a \"tour\"")
        #expect(loaded["date"]?.string == "2019-03-01T10:00:00+08:00")
        #expect(loaded["draft"]?.bool == true)
        #expect(loaded["weight"]?.int == 10)
        #expect(loaded["quoted key"]?.string == "C:\\path")
        #expect(loaded["description"]?.string == "Two\nlines")
        #expect(loaded["tags"]?.array(of: String.self) == ["uikit", "split view"])
    }

    @Test func tomlFencesMayCarrySpacesAndCRLF() throws {
        let split = try #require(TOMLFrontMatter.split("+++ \r\ntitle = \"A\"\r\n+++\t\r\nBody\r\n"))
        #expect(split.toml == "title = \"A\"\r\n")
        #expect(split.body == "Body\r\n")
        #expect(TOMLFrontMatter.split("+++\ntitle = \"never closed\"\n") == nil)
        #expect(TOMLFrontMatter.split("++\nx\n") == nil)
    }

    // MARK: Git

    @Test(arguments: [
        ("git@github.com:o/r.git", "https://github.com/o/r"),
        ("git@github.com:o/r", "https://github.com/o/r"),
        ("ssh://git@github.com:22/o/r.git", "https://github.com/o/r"),
        ("https://github.com/o/r.git", "https://github.com/o/r"),
        ("https://user:secret-token@gitlab.example.com/group/sub/r.git/", "https://gitlab.example.com/group/sub/r"),
        ("http://example.org/r", "http://example.org/r"),
    ])
    func remotesBecomeWebAddresses(remote: String, address: String) {
        #expect(GitCheckout.webAddress(ofRemote: remote) == address)
    }

    @Test func remotesOffTheWebHaveNoAddress() {
        for remote in ["/srv/git/r.git", "../r", "file:///srv/git/r.git", "C:/repos/r", ""] {
            #expect(GitCheckout.webAddress(ofRemote: remote) == nil, "\(remote)")
        }
    }

    /// The first commit of each file is its last entry in the log, which lists the newest commit first.
    @Test func theFirstCommitOfEachFileIsItsDate() {
        let log = "\u{0}2021-05-06T23:30:00-07:00\n\nnotes/b.md\n\u{0}2020-01-02T01:00:00+08:00\n\nnotes/a.md\nnotes/b.md\nother/c.md\n"
        let added = GitCheckout.firstAdded(log: log, prefix: "notes/")
        #expect(added == ["a.md": NoteDate(year: 2020, month: 1, day: 2), "b.md": NoteDate(year: 2020, month: 1, day: 2)])
        #expect(GitCheckout.firstAdded(log: log, prefix: "")["notes/b.md"] == NoteDate(year: 2020, month: 1, day: 2))
    }

    @Test func aFolderInsideACheckoutIsFoundWithItsPrefix() throws {
        let repo = try ImportFixture(name: "repo")
        try repo.write("docs/notes/a.md", "A\n")
        try repo.git(["init", "-q"])
        try repo.git(["add", "."])
        try repo.git(["commit", "-q", "-m", "A"], date: "2019-12-31T23:00:00-05:00")
        let checkout = try #require(GitCheckout.find(holding: repo.root.appendingPathComponent("docs")))
        #expect(checkout.url == nil, "no remote")
        #expect(checkout.commit?.count == 40)
        #expect(checkout.added == ["notes/a.md": NoteDate(year: 2019, month: 12, day: 31)])
        let outside = try ImportFixture(name: "loose")
        #expect(GitCheckout.find(holding: outside.root) == nil)
    }

    // MARK: Shapes

    @Test func theShapeOfASiteSaysWhereItsNotesAre() throws {
        let jekyll = try ImportFixture()
        try jekyll.write("_config.yml", "title: x\n")
        try jekyll.write("_posts/2020-01-01-a.md", "A\n")
        try jekyll.write("_drafts/b.md", "B\n")
        try jekyll.write("_site/2020/01/01/a.md", "built\n")
        let found = try ImportSource(root: jekyll.root, displayRoot: "x")
        #expect(found.shape == .jekyll)
        #expect(found.markdownFiles().notes == [.init(path: "_drafts/b.md", isDraft: true), .init(path: "_posts/2020-01-01-a.md", isDraft: false)])

        let hugo = try ImportFixture()
        try hugo.write("hugo.toml", "")
        try hugo.write("content/posts/a.md", "A\n")
        try hugo.write("public/posts/a.md", "built\n")
        #expect(try ImportSource(root: hugo.root, displayRoot: "x").shape == .hugo)
        #expect(try ImportSource(root: hugo.root, displayRoot: "x").siteRootFolder == "static")

        let vuepress = try ImportFixture()
        try vuepress.write("docs/.vuepress/config.js", "")
        try vuepress.write("docs/README.md", "Home\n")
        try vuepress.write("docs/guide/a.md", "A\n")
        try vuepress.write("README.md", "The repository's readme\n")
        let vue = try ImportSource(root: vuepress.root, displayRoot: "x")
        #expect(vue.shape == .vuepress)
        #expect(vue.markdownFiles().notes.map(\.path) == ["docs/README.md", "docs/guide/a.md"])
        #expect(vue.markdownFiles().skipped.map(\.path) == ["README.md"])

        let docusaurus = try ImportFixture()
        try docusaurus.write("docusaurus.config.js", "")
        try docusaurus.write("docs/intro.md", "Intro\n")
        #expect(try ImportSource(root: docusaurus.root, displayRoot: "x").shape == .docusaurus)

        let plain = try ImportFixture()
        try plain.write("a.md", "A\n")
        try plain.write("b/c.markdown", "C\n")
        try plain.write("b/d.mdx", "D\n")
        try plain.write("Pods/x/README.md", "pod\n")
        try plain.write("vendor/y.md", "vendored\n")
        try plain.write(".notes/z.md", "hidden\n")
        try plain.write(".hidden.md", "hidden\n")
        try plain.write("Code_of_Conduct.md", "Be kind\n")
        let loose = try ImportSource(root: plain.root, displayRoot: "x")
        #expect(loose.shape == .plain)
        #expect(loose.markdownFiles().notes.map(\.path) == ["a.md", "b/c.markdown"])
        #expect(loose.markdownFiles().skipped.map { "\($0.path): \($0.reason.group)" } == [".hidden.md: hidden", "Code_of_Conduct.md: not a note"])
    }

    // MARK: Names

    @Test(arguments: [
        ("_posts/2017-04-05-split-view.md", "", "split-view"),
        ("a/README.md", "", "a"),
        ("README.md", "", "my-notes"),
        ("docs/README.md", "docs", "my-notes"),
        ("docs/guide/index.md", "docs", "guide"),
        ("Getting Started.md", "", "getting-started"),
        ("x/My_Note.markdown", "", "my-note"),
        ("x/Split.View (2).md", "", "split-view-2"),
        ("uikit/视图.md", "", "视图"),
        ("2014-09-07-alerts/index.md", "", "alerts"),
        ("search.md", "", "search-note"),
        ("--a--.md", "", "a"),
    ])
    func slugsComeFromFileNames(path: String, importRoot: String, slug: String) throws {
        let made = try #require(Importer.slug(for: path, importRoot: importRoot, sourceName: "My Notes"))
        #expect(made == slug)
        #expect(NotePlace.pageName(made) == made, "the site keeps the name as it is")
    }

    @Test func aNameWithNothingUsableHasNoSlug() {
        #expect(Importer.slug(for: "___/---.md", importRoot: "", sourceName: "My Notes") == nil)
        #expect(Importer.slug(for: "README.md", importRoot: "", sourceName: "—") == nil)
    }

    @Test func titlesAndDatesFromFileNames() {
        #expect(Importer.readableName(of: "_posts/2017-04-05-split-view_basics.md", importRoot: "", sourceName: "x") == "Split view basics")
        #expect(Importer.readableName(of: "a/README.md", importRoot: "", sourceName: "x") == "A")
        #expect(Importer.readableName(of: "视图.md", importRoot: "", sourceName: "x") == "视图")
        #expect(Importer.datePrefix(of: "_posts/2017-04-05-split-view.md") == NoteDate(year: 2017, month: 4, day: 5))
        #expect(Importer.datePrefix(of: "2017-04-05.md") == nil)
        #expect(Importer.datePrefix(of: "2017-13-05-x.md") == nil)
    }

    // MARK: Front matter kept and added to

    @Test func addedKeysFollowTheNotesOwnLinesAsWritten() throws {
        let note = "---\nlayout: post\n# a comment the author wrote\ntags:\n  - a\n...\nBody ---\n"
        let conversion = NoteConversion(note)
        #expect(conversion.style == .yaml)
        #expect(conversion.keys == ["layout", "tags"])
        var additions = NoteConversion.Additions()
        additions.lang = .en
        additions.source = (path: "p: q.md", url: "https://github.com/o/r", commit: "abc")
        let text = conversion.text(adding: additions)
        #expect(text == "---\nlayout: post\n# a comment the author wrote\ntags:\n  - a\nlang: en\nsource:\n  path: \"p: q.md\"\n  url: \"https://github.com/o/r\"\n  commit: abc\n...\nBody ---\n")
        let loaded = try #require(try Yams.compose(yaml: text.dropFirst(4).components(separatedBy: "...\n")[0]))
        #expect(loaded["source"]?["path"]?.string == "p: q.md")
        #expect(loaded["tags"]?.array(of: String.self) == ["a"])

        let empty = NoteConversion("")
        #expect(empty.style == .none && empty.text(adding: additions).hasSuffix("---\n"))
        #expect(NoteConversion("---\ntitle: x\n").style == .unclosed)
        #expect(NoteConversion("+++\ntitle = 'x'\n").style == .unclosed)
        let broken = NoteConversion("---\ntitle: [unclosed\n---\nBody\n")
        #expect(broken.yamlProblem != nil && broken.keys.contains("title"))
    }
}
