import Foundation
import NotesiteTestSupport
import Testing

/// `notesite import`, run as a user runs it, on a Jekyll site beside the project.
@Suite struct ImportCommandTests {
    private let cli = CommandLineTests()

    /// A project (`Content/` with one note, the templates) and, in it, `old-blog/`: a Jekyll site with a post, a
    /// draft and an image the post links from the site's root.
    func projectWithBlog() throws -> URL {
        let root = try cli.project()
        let files: [String: String] = [
            "old-blog/_config.yml": "title: Old blog\n",
            "old-blog/_posts/2017-04-05-split-view.md": """
                ---
                layout: post
                title: "Split view: collapsing and expanding"
                ---

                A split view controller collapses when its size class becomes compact, and expands again when it
                becomes regular.

                ![x](/images/x.png)

                """,
            "old-blog/_drafts/draft.md": "Popovers adapt.\n",
            "old-blog/images/x.png": "\u{89}PNG image bytes",
            "old-blog/LICENSE.md": "MIT\n",
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    func read(_ root: URL, _ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func importWritesTheNotesAndTheSiteBuilds() throws {
        let root = try projectWithBlog()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try cli.notesite(["import", "old-blog"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "Imported 2 notes (zh 0, ru 0, en 2), 1 image; updated 0, unchanged 0; skipped 1 file: not a note (1).\n")
        #expect(result.stderr.contains("warning: _drafts/draft.md: its language is uncertain: it has too little prose to tell by (13 Latin letters); imported as en."), "\(result.stderr)")
        #expect(!result.stderr.contains("\u{1B}"), "no progress line in a pipe")

        let post = try read(root, "Content/notes/en/split-view.md")
        #expect(post.hasPrefix("---\nlayout: post\ntitle: \"Split view: collapsing and expanding\"\ndate: 2017-04-05\nlang: en\nsource:\n  path: _posts/2017-04-05-split-view.md\n---\n\nA split view controller"))
        #expect(post.hasSuffix("\n![x](/images/x.png)\n"))
        #expect(try read(root, "Content/notes/en/draft.md").contains("\ndraft: true\n"))
        #expect(try read(root, "Content/notes/en/images/x.png") == "\u{89}PNG image bytes")
        #expect(try read(root, "Content/notes/en/hello.md").hasPrefix("---\ntitle: Hello\n"), "the note that was there stays")

        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("public/en/split-view.html").path))

        let again = try cli.notesite(["import", "old-blog"], in: root)
        #expect(again.status == 0)
        #expect(again.stdout == "Imported 0 notes (zh 0, ru 0, en 0), 0 images; updated 0, unchanged 2; skipped 1 file: not a note (1).\n")
        let names = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("Content/notes/en").path).sorted()
        #expect(names == ["draft.md", "hello.md", "images", "split-view.md"])

        let quiet = try cli.notesite(["import", "old-blog", "--quiet"], in: root)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty)
    }

    @Test func dryRunSaysWhatItWouldDoAndWritesNothing() throws {
        let root = try projectWithBlog()
        defer { try? FileManager.default.removeItem(at: root) }
        let content = root.appendingPathComponent("Content")
        let before = try FileManager.default.subpathsOfDirectory(atPath: content.path).sorted()
        let result = try cli.notesite(["import", "old-blog", "--dry-run", "--lang", "en"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.subpathsOfDirectory(atPath: content.path).sorted() == before)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "old-blog is a Jekyll site.")
        #expect(lines.contains("new _posts/2017-04-05-split-view.md → Content/notes/en/split-view.md [en, from --lang]; adds date (from the file name), lang, source"), "\(lines)")
        #expect(lines.contains("copy images/x.png → Content/notes/en/images/x.png"))
        #expect(lines.contains("skip LICENSE.md: not a note (a project's file)"))
        #expect(lines.last == "Would import 2 notes (zh 0, ru 0, en 2), 1 image; update 0, unchanged 0; skip 1 file: not a note (1). Nothing was written (--dry-run).")
    }

    @Test func aSourceThatIsNotAFolderExitsTwo() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try cli.notesite(["import", "nowhere"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "notesite: error: the source folder 'nowhere' does not exist\n")
        let file = try cli.notesite(["import", "Templates/note.mustache"], in: root)
        #expect(file.status == 2)
        #expect(file.stderr == "notesite: error: cannot read 'Templates/note.mustache': it is a file; name the source folder\n")
        let inside = try cli.notesite(["import", "Content/notes"], in: root)
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("it is inside the content folder 'Content'; import from a folder outside it"))
        let badLanguage = try cli.notesite(["import", "Content", "--lang", "fr"], in: root)
        #expect(badLanguage.status == 64)
    }

    @Test func onATerminalAProgressLineIsDrawnAndErased() throws {
        let root = try projectWithBlog()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try cli.notesite(["import", "old-blog"], in: root, onTerminal: true)
        #expect(result.status == 0, "\(result.stdout)")
        #expect(result.stdout.contains("\r\u{1B}[2KReading notes 0/2"), "\(result.stdout.debugDescription)")
        #expect(result.stdout.contains("Imported 2 notes"))
    }
}
