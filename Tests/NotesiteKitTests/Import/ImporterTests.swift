import Foundation
import Testing
import Yams
@testable import NotesiteKit

/// Imports of whole folders into a scratch site's content folder, and the site built from the result.
@Suite struct ImporterTests {
    func importer(_ source: ImportFixture, into site: ScratchSite, language: Language? = nil) throws -> Importer {
        try Importer(source: source.root, sourceDisplay: source.root.lastPathComponent, content: site.content,
                     contentDisplay: "Content", language: language)
    }

    /// Plans and writes an import; the plan.
    @discardableResult
    func run(_ source: ImportFixture, into site: ScratchSite, language: Language? = nil) throws -> ImportPlan {
        let importer = try importer(source, into: site, language: language)
        let plan = try importer.plan()
        try importer.apply(plan)
        return plan
    }

    func text(_ site: ScratchSite, _ path: String) throws -> String {
        try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
    }

    /// The front matter of a written note, read by Yams, and its body.
    func parts(_ text: String) throws -> (frontMatter: Node, body: Substring) {
        #expect(text.hasPrefix("---\n"))
        let end = try #require(text.range(of: "\n---\n"))
        let yaml = String(text[text.index(text.startIndex, offsetBy: 4)..<text.index(after: end.lowerBound)])
        return (try #require(try Yams.compose(yaml: yaml)), text[end.upperBound...])
    }

    /// Builds the site and returns the report.
    func build(_ site: ScratchSite) throws -> SiteReport {
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.filter { $0.severity == .error }.map(\.formatted))")
        return report
    }

    // MARK: Jekyll

    @Test func aJekyllSitesPostsAndDraftsBecomeNotesWithTheirBodiesAsWritten() throws {
        let blog = try ImportFixture.jekyll()
        let site = try ScratchSite(fixture: nil)
        let plan = try run(blog, into: site)
        #expect(plan.source.shape == .jekyll)

        let post = try text(site, "notes/en/split-view.md")
        let (frontMatter, body) = try parts(post)
        // The note's own lines first, as written, then what notesite needs.
        #expect(post.hasPrefix("---\nlayout: post\ntitle: \"Split view: collapsing and expanding\"\ncategories: [ios, uikit]\ndate: 2017-04-05\nlang: en\nsource:\n  path: _posts/2017-04-05-split-view.md\n---\n"))
        #expect(frontMatter["title"]?.string == "Split view: collapsing and expanding")
        #expect(frontMatter["lang"]?.string == "en")
        #expect(frontMatter["date"]?.string == "2017-04-05")
        #expect(frontMatter["source"]?["path"]?.string == "_posts/2017-04-05-split-view.md")
        #expect(frontMatter["source"]?["url"] == nil, "not a git checkout")
        let original = ImportFixture.jekyllPost
        let closing = try #require(original.range(of: "\n---\n"))
        #expect(body == original[closing.upperBound...])

        let draft = try text(site, "notes/en/draft.md")
        let (draftMatter, draftBody) = try parts(draft)
        #expect(draftMatter["draft"]?.bool == true)
        #expect(draftMatter["title"]?.string == "Draft")
        #expect(draftMatter["lang"]?.string == "en")
        #expect(draftMatter["date"] == nil, "a file's modification day is not its date")
        #expect(draftBody == ImportFixture.jekyllDraft)

        // The site-root image goes where notesite resolves a site-root path: the note's language folder.
        #expect(FileManager.default.contents(atPath: site.content.appendingPathComponent("notes/en/images/x.png").path) == ImportFixture.png("x"))
        #expect(plan.files.map(\.destination) == ["notes/en/images/x.png"])
        // Jekyll's pages are not posts.
        #expect(plan.skipped.map(\.path) == ["about.md"])
        #expect(plan.skipped.first?.reason == .outsideNotes("_posts/ and _drafts/"))
        // Four words cannot tell a language.
        #expect(plan.uncertainNotes.map(\.sourcePath) == ["_drafts/draft.md"])
        #expect(plan.lines.contains("new _drafts/draft.md → Content/notes/en/draft.md [en, detected, uncertain]; adds title (from the file name), lang, draft, source"), "\(plan.lines)")
        #expect(plan.lines.contains("new _posts/2017-04-05-split-view.md → Content/notes/en/split-view.md [en, detected]; adds date (from the file name), lang, source"))
        #expect(plan.lines.contains("copy images/x.png → Content/notes/en/images/x.png"))
        #expect(plan.warningLines.contains { $0.hasPrefix("warning: _drafts/draft.md: its language is uncertain") && $0.contains("--lang zh|ru") })
        #expect(plan.summary(written: true) == "Imported 2 notes (zh 0, ru 0, en 2), 1 image; updated 0, unchanged 0; skipped 1 file: outside the site's notes (1).")

        let report = try build(site)
        #expect(!report.diagnostics.contains { $0.rule.id == "frontmatter.invalid" || $0.rule.id == "frontmatter.missing-field" })
        // `/images/x.png` is read from the note's language folder, where the import put the image.
        #expect(!report.diagnostics.contains { $0.rule.id == "image.missing" }, "\(report.diagnostics.filter { $0.rule.id == "image.missing" }.map(\.formatted))")
    }

    // MARK: A README per folder, in a git checkout

    @Test func aFolderOfReadmesInGitIsImportedByLanguageWithItsCommitAndImages() throws {
        let notes = try ImportFixture.readmes()
        try notes.git(["init", "-q"])
        try notes.git(["remote", "add", "origin", "git@github.com:o/r.git"])
        try notes.git(["add", "."])
        try notes.git(["commit", "-q", "-m", "Notes"])
        let head = try notes.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let site = try ScratchSite(fixture: nil)
        let plan = try run(notes, into: site)
        #expect(plan.source.shape == .plain)
        #expect(plan.notes.map(\.destination) == ["notes/en/a.md", "notes/zh/b.md", "notes/ru/c.md"])
        #expect(plan.notes.allSatisfy { $0.languageOrigin == .detected && !$0.isUncertain })

        for (path, source, original) in [("notes/en/a.md", "a/README.md", ImportFixture.readmeA),
                                         ("notes/zh/b.md", "b/README.md", ImportFixture.readmeB),
                                         ("notes/ru/c.md", "c/README.md", ImportFixture.readmeC)] {
            let written = try text(site, path)
            let (frontMatter, body) = try parts(written)
            #expect(body == original[...], "\(path): the body as written")
            #expect(frontMatter["lang"]?.string == String(path.split(separator: "/")[1]))
            #expect(frontMatter["date"]?.string == "2020-02-03", "the day of the file's first commit, in its author's time zone")
            #expect(frontMatter["source"]?["path"]?.string == source)
            #expect(frontMatter["source"]?["url"]?.string == "https://github.com/o/r")
            #expect(frontMatter["source"]?["commit"]?.string == head)
            // No title is written: notesite takes the first heading for it.
            #expect(frontMatter["title"] == nil)
            let parsed = try #require(NoteParser.parse(SourceFile(path: path, displayPath: path, text: written)).note)
            #expect(parsed.metadata.title == String(original.dropFirst(2).prefix { $0 != "\n" }))
        }
        #expect(FileManager.default.contents(atPath: site.content.appendingPathComponent("notes/en/img/a.png").path) == ImportFixture.png("a"))
        #expect(plan.skipped.map(\.path) == ["LICENSE.md"])
        #expect(plan.skipped.first?.reason == .notANote)
        #expect(plan.summary(written: true) == "Imported 3 notes (zh 1, ru 1, en 1), 1 image; updated 0, unchanged 0; skipped 1 file: not a note (1).")

        let report = try build(site)
        #expect(!report.diagnostics.contains { $0.rule.id == "image.missing" }, "\(report.diagnostics.map(\.formatted))")
        #expect(!report.diagnostics.contains { $0.rule.id.hasPrefix("frontmatter.") && $0.severity == .error })
        #expect(try site.read("en/a.html").contains("img/a.png"))
        #expect(!report.diagnostics.contains { $0.rule.id == "frontmatter.unknown-key" }, "\(report.diagnostics.filter { $0.rule.id == "frontmatter.unknown-key" }.map(\.formatted))")

        // Again: nothing changed, nothing written, no second copy.
        let before = snapshot(site.content)
        let again = try run(notes, into: site)
        #expect(again.notes.map(\.action) == [.unchanged, .unchanged, .unchanged])
        #expect(again.files.map(\.action) == [.unchanged])
        #expect(again.summary(written: true) == "Imported 0 notes (zh 0, ru 0, en 0), 0 images; updated 0, unchanged 3; skipped 1 file: not a note (1).")
        #expect(snapshot(site.content) == before)

        // A commit that does not touch the notes leaves them as they are, with the commit they were imported at.
        try notes.write("d.txt", "not a note\n")
        try notes.git(["add", "d.txt"])
        try notes.git(["commit", "-q", "-m", "Other"], date: "2021-01-01T00:00:00+00:00")
        #expect(try run(notes, into: site).notes.map(\.action) == [.unchanged, .unchanged, .unchanged])
        #expect(snapshot(site.content) == before)

        // An edited note is written again in its place; a note the user moved to another language stays there.
        try notes.write("a/README.md", ImportFixture.readmeA + "\nOne more line.\n")
        try FileManager.default.moveItem(at: site.content.appendingPathComponent("notes/zh/b.md"),
                                         to: site.content.appendingPathComponent("notes/en/b.md"))
        let edited = try run(notes, into: site)
        #expect(edited.notes.map(\.destination) == ["notes/en/a.md", "notes/en/b.md", "notes/ru/c.md"])
        #expect(edited.notes.map(\.action) == [.update, .update, .unchanged])
        #expect(edited.notes[1].languageOrigin == .earlierImport)
        #expect(try text(site, "notes/en/a.md").hasSuffix(ImportFixture.readmeA + "\nOne more line.\n"))
        #expect(try parts(try text(site, "notes/en/b.md")).frontMatter["lang"]?.string == "en")
        #expect(!FileManager.default.fileExists(atPath: site.content.appendingPathComponent("notes/zh/b.md").path))
        let newHead = try notes.git(["rev-parse", "HEAD"]).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try parts(try text(site, "notes/en/a.md")).frontMatter["source"]?["commit"]?.string == newHead)

        // --lang moves a note an earlier import placed, and removes the old file.
        let moved = try run(notes, into: site, language: .ru)
        #expect(moved.notes.map(\.destination) == ["notes/ru/a.md", "notes/ru/b.md", "notes/ru/c.md"])
        #expect(moved.notes.map(\.replacing) == ["notes/en/a.md", "notes/en/b.md", nil])
        #expect(!FileManager.default.fileExists(atPath: site.content.appendingPathComponent("notes/en/a.md").path))
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: site.content.appendingPathComponent("notes/ru").path)) == ["a.md", "b.md", "c.md", "img"])
    }

    @Test func aPlanWritesNothing() throws {
        let notes = try ImportFixture.readmes()
        let site = try ScratchSite(fixture: nil)
        let before = snapshot(site.root)
        let plan = try importer(notes, into: site).plan()
        #expect(plan.notes.count == 3)
        #expect(snapshot(site.root) == before)
        // No title: the first heading is the note's title.
        #expect(plan.lines.contains("new a/README.md → Content/notes/en/a.md [en, detected]; adds lang, source"), "\(plan.lines)")
        #expect(plan.lines.contains("copy a/img/a.png → Content/notes/en/img/a.png"))
        #expect(plan.lines.contains("skip LICENSE.md: not a note (a project's file)"))
        #expect(plan.summary(written: false) == "Would import 3 notes (zh 1, ru 1, en 1), 1 image; update 0, unchanged 0; skip 1 file: not a note (1). Nothing was written (--dry-run).")
    }

    // MARK: Hugo

    @Test func aHugoSitesTOMLFrontMatterIsWrittenAsYAMLAndItsListPagesSkipped() throws {
        let hugo = try ImportFixture(name: "hugo-site")
        try hugo.write("config.toml", "baseURL = \"https://example.org/\"\n")
        try hugo.write("content/_index.md", "+++\ntitle = \"Home\"\n+++\n")
        let post = "+++\ntitle = \"Adaptive layout: a tour\"\ndate = 2019-03-01T10:00:00+08:00\ndraft = false\ntags = [\"uikit\", \"split view\"]\n[params]\ncover = \"c.png\"\n+++\n\nTrait collections change when the device rotates.\n\n![h](/images/h.png)\n"
        try hugo.write("content/posts/adaptive.md", post)
        try hugo.write("static/images/h.png", ImportFixture.png("h"))
        let site = try ScratchSite(fixture: nil)
        let plan = try run(hugo, into: site, language: .en)
        #expect(plan.source.shape == .hugo)
        #expect(plan.skipped.map(\.path) == ["content/_index.md"])
        #expect(plan.skipped.first?.reason == .listPage)
        let note = try #require(plan.notes.first)
        #expect(note.convertedFromTOML && note.languageOrigin == .option)
        #expect(plan.lines.contains { $0.contains("front matter converted from TOML") })
        #expect(note.warnings.contains { $0.contains("params") && $0.contains("not carried over") }, "\(note.warnings)")

        let written = try text(site, "notes/en/adaptive.md")
        let (frontMatter, body) = try parts(written)
        #expect(frontMatter["title"]?.string == "Adaptive layout: a tour")
        #expect(frontMatter["date"]?.string == "2019-03-01T10:00:00+08:00")
        #expect(frontMatter["draft"]?.bool == false)
        #expect(frontMatter["tags"]?.array(of: String.self) == ["uikit", "split view"])
        #expect(frontMatter["cover"] == nil)
        #expect(frontMatter["source"]?["path"]?.string == "content/posts/adaptive.md")
        #expect(body == "\nTrait collections change when the device rotates.\n\n![h](/images/h.png)\n")
        // Hugo serves /images/h.png from static/.
        #expect(FileManager.default.contents(atPath: site.content.appendingPathComponent("notes/en/images/h.png").path) == ImportFixture.png("h"))
        let parsed = try #require(NoteParser.parse(SourceFile(path: "notes/en/adaptive.md", displayPath: "a", text: written)).note)
        #expect(parsed.metadata.date == NoteDate(year: 2019, month: 3, day: 1))
    }

    // MARK: Files and names

    @Test func lineEndsAndAByteOrderMarkLeaveTheBodyAsItWas() throws {
        let folder = try ImportFixture()
        let crlf = "---\r\ntitle: Windows\r\n---\r\nA note saved on Windows, with its own line ends.\r\n"
        try folder.write("win.md", Data([0xEF, 0xBB, 0xBF]) + Data(crlf.utf8))
        try folder.write("plain.markdown", "Text without front matter,\r\nwritten with CRLF.\r\n")
        let site = try ScratchSite(fixture: nil)
        try run(folder, into: site, language: .en)
        let win = try #require(FileManager.default.contents(atPath: site.content.appendingPathComponent("notes/en/win.md").path))
        let body = Data("\r\n---\r\nA note saved on Windows, with its own line ends.\r\n".utf8)
        #expect(win.starts(with: Data("---\r\ntitle: Windows\r\nlang: ".utf8)), "the byte-order mark is left out, the line ends kept")
        #expect(win.suffix(body.count) == body)
        #expect(String(decoding: win, as: UTF8.self).contains("\r\nlang: en\r\nsource:\r\n  path: win.md\r\n---"))
        let plain = try text(site, "notes/en/plain.md")
        #expect(plain.hasPrefix("---\r\ntitle: Plain\r\n"))
        #expect(plain.hasSuffix("\r\n---\r\nText without front matter,\r\nwritten with CRLF.\r\n"))
    }

    @Test func namesClashesAndSkippedFiles() throws {
        let folder = try ImportFixture(name: "My Notes")
        try folder.write("README.md", "Notes about UIKit's split view controller and its display modes, collected over years.\n")
        try folder.write("x/Split View.md", "The split view controller shows two columns side by side on an iPad in landscape.\n")
        try folder.write("y/split_view.md", "Another note on split views: the primary column can be hidden by a swipe.\n")
        try folder.write("y/index.md", "The index of the folder, about split views and the columns they show on screen.\n")
        try folder.write("分割/视图.md", "分割视图控制器在紧凑宽度下会收起，只显示一个视图控制器。\n")
        try folder.write("search.md", "A note named like the language's search page, about searching split views.\n")
        try folder.write("gbk.md", Data([0x23, 0x20, 0xB7, 0xD6, 0xB8, 0xEE, 0x0A]))
        try folder.write("node_modules/pkg/README.md", "A dependency's readme.\n")
        try folder.write(".github/ISSUE.md", "A template.\n")
        try folder.write("CHANGELOG.md", "## 1.0\n")
        try folder.write("x/broken.md", "---\ntitle: never closed\n\nText.\n")
        let site = try ScratchSite(fixture: nil)
        try site.writeNote("notes/en/split-view.md", title: "Already here", "Text.\n")
        let plan = try run(folder, into: site)
        let destinations = Dictionary(uniqueKeysWithValues: plan.notes.map { ($0.sourcePath, $0.destination) })
        #expect(destinations == [
            "README.md": "notes/en/my-notes.md",
            "search.md": "notes/en/search-note.md",
            "x/Split View.md": "notes/en/split-view-2.md",
            "y/index.md": "notes/en/y.md",
            "y/split_view.md": "notes/en/split-view-3.md",
            "分割/视图.md": "notes/zh/视图.md",
        ])
        #expect(try text(site, "notes/en/split-view.md").contains("title: Already here"), "an existing note is never replaced")
        let reasons = Dictionary(uniqueKeysWithValues: plan.skipped.map { ($0.path, $0.reason.group) })
        #expect(reasons == ["CHANGELOG.md": "not a note", "gbk.md": "not UTF-8", "x/broken.md": "unclosed front matter"])
        let gbk = try #require(plan.skipped.first { $0.path == "gbk.md" })
        #expect(gbk.reason.description.contains("the byte 0xB7 at line 1, column 3 is not UTF-8"))
        #expect(plan.summary(written: true).hasSuffix("skipped 3 files: not a note (1), not UTF-8 (1), unclosed front matter (1)."))
    }

    @Test func linksToFilesThatAreNotThereAreReportedAndLeftAsWritten() throws {
        let folder = try ImportFixture()
        try folder.write("notes/a.md", """
            An English note that links to images in several ways, with enough words to tell its language.

            ![here](../img/here.png) ![gone](gone.png) ![out](../../outside.png) <img src="./raw.png" width="20">
            [download](files/sample.zip) [web](https://example.com/x.png) [other note](b.md) [top](#top)

            `![not a link](code.png)`

            """)
        try folder.write("img/here.png", ImportFixture.png("here"))
        try folder.write("notes/raw.png", ImportFixture.png("raw"))
        try folder.write("notes/files/sample.zip", Data("zip".utf8))
        let site = try ScratchSite(fixture: nil)
        let plan = try run(folder, into: site)
        #expect(plan.files.map(\.sourcePath).sorted() == ["img/here.png", "notes/files/sample.zip", "notes/raw.png"])
        // `../img/here.png` beside notes/en/a.md is notes/img/here.png, which the site publishes.
        #expect(plan.files.map(\.destination).sorted() == ["notes/en/files/sample.zip", "notes/en/raw.png", "notes/img/here.png"])
        let warnings = try #require(plan.notes.first).warnings
        #expect(warnings.count == 2, "\(warnings)")
        #expect(warnings.contains { $0.contains("'gone.png'") && $0.contains("not in old-notes") })
        #expect(warnings.contains { $0.contains("'../../outside.png' leads out of old-notes") })
        #expect(plan.summary(written: true).contains("2 images, 1 other file"))
        #expect(try text(site, "notes/en/a.md").contains("![gone](gone.png)"))

        let report = try build(site)
        let missing = report.diagnostics.filter { $0.rule.id == "image.missing" }.map(\.message)
        #expect(missing.count == 2 && missing.allSatisfy { $0.contains("gone.png") || $0.contains("outside.png") }, "\(missing)")
    }

    @Test func aSourceThatIsNotAFolderOrInsideTheContentIsRefused() throws {
        let site = try ScratchSite(fixture: nil)
        #expect(throws: NotesiteError.folderMissing(role: "source", path: "nowhere")) {
            try Importer(source: site.root.appendingPathComponent("nowhere"), sourceDisplay: "nowhere", content: site.content, contentDisplay: "Content")
        }
        try site.write("notes/en/a.md", "text")
        #expect(throws: NotesiteError.unreadable(path: "a.md", reason: "it is a file; name the source folder")) {
            try Importer(source: site.content.appendingPathComponent("notes/en/a.md"), sourceDisplay: "a.md", content: site.content, contentDisplay: "Content")
        }
        #expect(throws: NotesiteError.folderMissing(role: "content", path: "Contnet")) {
            try Importer(source: site.root, sourceDisplay: "x", content: site.root.appendingPathComponent("Contnet"), contentDisplay: "Contnet")
        }
        #expect(throws: NotesiteError.unreadable(path: "notes", reason: "it is inside the content folder 'Content'; import from a folder outside it")) {
            try Importer(source: site.content.appendingPathComponent("notes"), sourceDisplay: "notes", content: site.content, contentDisplay: "Content")
        }
    }
}
