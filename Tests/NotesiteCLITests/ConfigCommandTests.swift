import Foundation
import NotesiteTestSupport
import Testing

/// `notesite.toml`, `notesite init` and the built-in templates, run as a user runs them: the built binary on
/// scratch folders.
@Suite struct ConfigCommandTests {
    private let cli = CommandLineTests()
    private static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// An empty scratch folder.
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-config-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    private func write(_ text: String, to path: String, in root: URL) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    private func read(_ path: String, in root: URL) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private func exists(_ path: String, in root: URL) -> Bool {
        FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path)
    }

    @Test func initWritesAProjectThatBuildsAndRefusesToWriteOverOne() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let made = try cli.notesite(["init", "site", "--language", "zh", "--language", "en"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "site/notesite.toml\nsite/.gitignore\nsite/Content/notes/zh/welcome.md\nsite/Content/notes/en/welcome.md\n")
        let project = root.appendingPathComponent("site")
        #expect(try read(".gitignore", in: project).contains("public/\n"))
        let config = try read("notesite.toml", in: project)
        #expect(config.contains("[[languages]]\ncode = \"zh\"") && config.contains("[[languages]]\ncode = \"en\""))
        #expect(config.contains("# A rule's severity in build and check"))
        // No Templates/ folder: the built-in templates make the site.
        #expect(!exists("Templates", in: project))
        let build = try cli.notesite(["build"], in: project)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stdout.hasPrefix("Built 2 notes:"), "\(build.stdout)")
        #expect(build.stderr.isEmpty, "\(build.stderr)")
        let chinese = try read("public/zh/welcome.html", in: project)
        #expect(chinese.contains("<html lang=\"zh-Hans\""))
        #expect(chinese.contains("<title>欢迎 · My notes</title>"))
        #expect(exists("public/assets/style.css", in: project) && exists("public/assets/search.js", in: project))
        // The same project again writes nothing and names what is in the way.
        try Data("kept".utf8).write(to: project.appendingPathComponent("notesite.toml"))
        let again = try cli.notesite(["init", "site", "--templates"], in: root)
        #expect(again.status == 1)
        #expect(again.stderr.contains("these files already exist: site/notesite.toml, site/.gitignore, site/Content/notes/en/welcome.md; nothing was written"), "\(again.stderr)")
        #expect(try read("notesite.toml", in: project) == "kept")
        #expect(!exists("Templates", in: project))
    }

    @Test func initWithTemplatesEjectsTheBuiltInOnes() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let made = try cli.notesite(["init", "--templates"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout.contains("Content/notes/en/welcome.md\n") && made.stdout.contains("Templates/note.mustache\n"))
        // The ejected files are the repository's templates, byte for byte.
        let repository = Self.repository
        for path in ["note.mustache", "strings.yml", "assets/style.css", "assets/search.js"] {
            #expect(try read("Templates/\(path)", in: root) == read("Templates/\(path)", in: repository), "\(path)")
        }
        #expect(try cli.notesite(["build", "--quiet"], in: root).status == 0)
    }

    @Test func newStartsANoteInAnEmptyFolder() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let made = try cli.notesite(["new", "First steps", "--lang", "en"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "Content/notes/en/first-steps.md\n")
        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        #expect(try read("public/en/first-steps.html", in: root).contains("<h1"))
        // A language the site does not have is refused before anything is written.
        let japanese = try cli.notesite(["new", "始め", "--lang", "ja"], in: root)
        #expect(japanese.status == 64)
        #expect(japanese.stderr.contains("'ja' is not a language of the site; use one of zh, ru, en, or add it to notesite.toml's [[languages]]"), "\(japanese.stderr)")
    }

    @Test func aFlagWinsOverTheFileAndTheFileOverTheDefault() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        // Default: no address, so no sitemap; the strings file's title.
        #expect(try cli.notesite(["build", "--quiet"], in: root).status == 0)
        #expect(!exists("public/sitemap.xml", in: root))
        #expect(try read("public/en/hello.html", in: root).contains("<title>Hello · Split View Notes</title>"))

        try write("""
        [site]
        title = { en = "Field notes" }
        base_url = "https://file.example/notes/"
        author = "A. Writer"
        """, to: "notesite.toml", in: root)
        #expect(try cli.notesite(["build", "--quiet"], in: root).status == 0)
        #expect(try read("public/sitemap.xml", in: root).contains("<loc>https://file.example/notes/en/hello.html</loc>"))
        let page = try read("public/en/hello.html", in: root)
        #expect(page.contains("<title>Hello · Field notes</title>"))
        #expect(page.contains("<meta name=\"author\" content=\"A. Writer\">"))
        #expect(try read("public/feed.xml", in: root).contains("<author><name>A. Writer</name></author>"))

        #expect(try cli.notesite(["build", "--quiet", "--base-url", "https://flag.example/"], in: root).status == 0)
        let sitemap = try read("public/sitemap.xml", in: root)
        #expect(sitemap.contains("<loc>https://flag.example/en/hello.html</loc>") && !sitemap.contains("file.example"))

        // --config names another file; one that is not there is bad usage.
        try write("[site]\ntitle = \"Other\"\n", to: "other.toml", in: root)
        #expect(try cli.notesite(["build", "--quiet", "--config", "other.toml"], in: root).status == 0)
        #expect(try read("public/en/hello.html", in: root).contains("<title>Hello · Other</title>"))
        let missing = try cli.notesite(["build", "--config", "nowhere.toml"], in: root)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("--config names 'nowhere.toml', which does not exist"))
    }

    @Test func aJapaneseSiteBuildsEndToEnd() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("""
        [[languages]]
        code = "en"

        [[languages]]
        code = "ja"

        [[menu]]
        label = { en = "About", ja = "概要" }
        url = "en/hello.html"
        """, to: "notesite.toml", in: root)
        try write("---\ntitle: 分割ビュー\ndate: 2024-03-04\nlang: ja\ntranslation_key: hello\n---\n\n## 折りたたみ\n\nスプリットビューコントローラはコンパクトな幅で折りたたまれます。\n",
                  to: "Content/notes/ja/bunkatsu.md", in: root)
        try write("---\ntitle: Hello\ndate: 2024-01-02\nlang: en\ntranslation_key: hello\n---\n\n## Hi\n\nText.\n",
                  to: "Content/notes/en/hello.md", in: root)
        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        // The repository's strings have no Japanese: its chrome is English, said once.
        #expect(build.stderr.contains("Templates/strings.yml: note: strings.yml has no words for ja (Japanese), so its pages show their labels in English"), "\(build.stderr)")
        #expect(build.stderr.components(separatedBy: "[template.unknown-variable]").count == 2)

        let page = try read("public/ja/bunkatsu.html", in: root)
        #expect(page.contains("<html lang=\"ja\""))
        #expect(page.contains("<time datetime=\"2024-03-04\">2024年3月4日</time>"), "\(page)")
        // The switcher lists the site's languages in its order, and leads to the translation.
        let switcher = page.components(separatedBy: "<nav class=\"site-nav\"").last ?? ""
        let english = try #require(switcher.range(of: "hreflang=\"en\" lang=\"en\">English</a>"))
        let japanese = try #require(switcher.range(of: "hreflang=\"ja\" lang=\"ja\" aria-current=\"page\">日本語</a>"))
        #expect(english.lowerBound < japanese.lowerBound)
        #expect(switcher.contains("<a href=\"../en/hello.html\" hreflang=\"en\""))
        #expect(page.contains("<li><a href=\"../en/hello.html\">概要</a></li>"))
        #expect(try read("public/en/hello.html", in: root).contains("<li><a href=\"hello.html\">About</a></li>"))
        // The home page, the language's list and search page, the search index.
        let home = try read("public/index.html", in: root)
        #expect(home.contains("<li><a href=\"#group-ja\" lang=\"ja\">日本語</a> (1)</li>"))
        #expect(try read("public/ja/index.html", in: root).contains("bunkatsu.html"))
        #expect(exists("public/ja/search.html", in: root))
        let index = try read("public/assets/search-index.js", in: root)
        #expect(index.contains("\"ja/bunkatsu.html#折りたたみ\""))
        // Kana and kanji are searched by pairs: the index's terms hold two-character pairs of the note's text.
        #expect(index.contains("\"折り\"") || index.contains("\"ビュ\""), "\(index.prefix(400))")
        // check passes it too.
        let check = try cli.notesite(["check"], in: root)
        #expect(check.status == 0, "\(check.stderr)")
    }

    @Test func aBadSettingIsReportedAtItsLineAndColumn() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("""
        [site]
        titel = "Field notes"

        [check.rules]
        "link.unresolved" = "eror"
        """, to: "notesite.toml", in: root)
        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 1)
        #expect(build.stderr.contains("notesite.toml:2:1: warning: 'titel' is not a setting of [site], so it is ignored; did you mean 'title'? [config.unknown-key]"), "\(build.stderr)")
        #expect(build.stderr.contains("notesite.toml:5:21: error: 'eror' is not a severity; use \"error\", \"warning\", \"note\" or \"off\" [config.invalid]"), "\(build.stderr)")
        // The fix-its, in check's JSON.
        let check = try cli.notesite(["check", "--format", "json"], in: root)
        #expect(check.status == 1)
        #expect(check.stdout.contains("\"replacement\": \"title\""), "\(check.stdout)")
        #expect(check.stdout.contains("\"replacement\": \"\\\"error\\\"\""), "\(check.stdout)")

        // TOML that does not parse: every default, and the parser's place.
        try write("[site]\ntitle = \"Field notes\n", to: "notesite.toml", in: root)
        let broken = try cli.notesite(["build"], in: root)
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("notesite.toml:2:"), "\(broken.stderr)")
        #expect(broken.stderr.contains("error: the file is not valid TOML"), "\(broken.stderr)")
    }

    @Test func aRuleSeverityFromTheFileAppliesInCheckAndBuild() throws {
        let root = try cli.project(note: "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n\n## Hi\n\nSee [the other note](missing.md).\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let strict = try cli.notesite(["check"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Content/notes/en/hello.md:9:5: error:"), "\(strict.stderr)")

        try write("[check.rules]\n\"link.unresolved\" = \"warning\"\n", to: "notesite.toml", in: root)
        let lenient = try cli.notesite(["check"], in: root)
        #expect(lenient.status == 0, "\(lenient.stderr)")
        #expect(lenient.stderr.contains("Content/notes/en/hello.md:9:5: warning:"), "\(lenient.stderr)")

        try write("[check.rules]\n\"link.unresolved\" = \"off\"\n", to: "notesite.toml", in: root)
        let silent = try cli.notesite(["check", "--format", "json"], in: root)
        #expect(silent.status == 0)
        #expect(!silent.stdout.contains("link.unresolved"), "\(silent.stdout)")

        // In build too: a warning made an error stops it.
        try write("[check.rules]\n\"link.unresolved\" = \"error\"\n", to: "notesite.toml", in: root)
        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 1)
        #expect(build.stderr.contains("Content/notes/en/hello.md:9:5: error:"), "\(build.stderr)")
    }

    @Test func aProjectsTemplatesReplaceTheBuiltInOnesFileByFile() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        try write("---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n\nText.\n", to: "Content/notes/en/hello.md", in: root)
        try write("<footer class=\"site-footer\"><p>My own footer</p></footer>\n", to: "Templates/footer.mustache", in: root)
        try write("body { color: black; }\n", to: "Templates/assets/style.css", in: root)
        let build = try cli.notesite(["build"], in: root)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try read("public/en/hello.html", in: root)
        #expect(page.contains("<p>My own footer</p>"))
        // The rest are the built-in ones.
        #expect(page.contains("<a class=\"skip-link\" href=\"#Main\">Skip to content</a>"))
        #expect(try read("public/assets/style.css", in: root) == "body { color: black; }\n")
        #expect(try read("public/assets/site.js", in: root) == read("Templates/assets/site.js", in: Self.repository))
        // A template of the project's that does not parse is named as the project's file.
        try write("{{#open}}\n", to: "Templates/footer.mustache", in: root)
        let broken = try cli.notesite(["build"], in: root)
        #expect(broken.status == 2)
        #expect(broken.stderr.contains("Templates/footer.mustache:"), "\(broken.stderr)")
        // A templates folder named on the command line must exist.
        let named = try cli.notesite(["build", "--templates", "Templats"], in: root)
        #expect(named.status == 2)
        #expect(named.stderr.contains("'Templats'"), "\(named.stderr)")
    }
}
