import Foundation
import Testing
import NotesiteTestSupport

/// Runs the built `notesite` binary, as a user or CI would, and checks its output and exit code.
@Suite struct CommandLineTests {
    private static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Whether the process exited or was ended by a signal (`status` is then the signal's number).
        var reason: Process.TerminationReason = .exit
    }

    /// The test runner sits in the same build products folder as the executable it tests.
    var binary: URL {
        let beside = Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("notesite")
        return FileManager.default.fileExists(atPath: beside.path) ? beside : Bundle.main.bundleURL.appendingPathComponent("notesite")
    }

    /// `unprivileged`: as a user no permission lets through, which root is not (through util-linux's `setpriv`).
    /// `onTerminal`: with its output on a terminal (util-linux's `script` gives it one), where stdout and stderr
    /// are one stream, returned as `stdout`. `environment` adds to the test's own.
    func notesite(_ arguments: [String], in folder: URL, unprivileged: Bool = false, onTerminal: Bool = false,
                  environment: [String: String] = [:]) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        if onTerminal {
            let script = URL(fileURLWithPath: "/usr/bin/script")
            guard FileManager.default.isExecutableFile(atPath: script.path) else { throw TestFailure("script (util-linux) is needed to run on a terminal") }
            let quoted = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            process.executableURL = script
            process.arguments = ["-qec", quoted.joined(separator: " "), "/dev/null"]
        }
        if unprivileged, getuid() == 0 {
            let setpriv = URL(fileURLWithPath: "/usr/bin/setpriv")
            guard FileManager.default.isExecutableFile(atPath: setpriv.path) else { throw TestFailure("setpriv (util-linux) is needed to run as an unprivileged user") }
            process.executableURL = setpriv
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", binary.path] + arguments
        }
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                      stderr: String(decoding: stderr, as: UTF8.self), reason: process.terminationReason)
    }

    /// A scratch project: `Content/` with one good note, and the repository's templates.
    func project(note: String = "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n\n## Hi\n\nText.\n") throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-cli-\(UUID().uuidString)")
        let notes = root.appendingPathComponent("Content/notes/en")
        try FileManager.default.createDirectory(at: notes, withIntermediateDirectories: true)
        try Data(note.utf8).write(to: notes.appendingPathComponent("hello.md"))
        try FileManager.default.copyItem(at: Self.repositoryRoot.appendingPathComponent("Templates"),
                                         to: root.appendingPathComponent("Templates"))
        return root
    }

    @Test func buildSucceedsWithASummaryLine() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try notesite(["build"], in: root)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("Built 1 note: 6 pages"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("public/en/hello.html").path))
    }

    @Test func contentErrorsExitOneWithFileLineColumn() throws {
        let root = try project(note: "---\ntitle: Hello\ndate: someday\nlang: en\n---\nText.\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try notesite(["build"], in: root)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Content/notes/en/hello.md:3:7: error: `date` is 'someday', which is not a date; write it as YYYY-MM-DD (or YYYY-MM when only the month is known) [frontmatter.invalid]"))
        #expect(result.stderr.contains("    date: someday\n          ^"))
        #expect(result.stderr.contains("Build failed: 1 error in Content/notes/en/hello.md; nothing was written."), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path), "no empty folder left behind")
        // Over a site built before, the message says it is still there.
        try Data("---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\nText.\n".utf8).write(to: root.appendingPathComponent("Content/notes/en/hello.md"))
        #expect(try notesite(["build", "-q"], in: root).status == 0)
        try Data("---\ntitle: Hello\ndate: someday\nlang: en\n---\nText.\n".utf8).write(to: root.appendingPathComponent("Content/notes/en/hello.md"))
        #expect(try notesite(["build"], in: root).stderr.contains("Build failed: 1 error in Content/notes/en/hello.md; public/ was left as it was."))
        // Among other notes, the message says the others are fine.
        for name in ["a", "b"] {
            try Data("---\ntitle: \(name)\ndate: 2024-01-02\nlang: en\n---\nText.\n".utf8).write(to: root.appendingPathComponent("Content/notes/en/\(name).md"))
        }
        #expect(try notesite(["build"], in: root).stderr.contains("Build failed: 1 error in Content/notes/en/hello.md; the other 2 notes have none; public/ was left as it was."))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("public/en/hello.html").path))
        let file = try notesite(["build", "--content", "Templates/note.mustache"], in: root)
        #expect(file.status == 2 && file.stderr.contains("cannot read 'Templates/note.mustache': it is a file; name the content folder"), "\(file.stderr)")
    }

    @Test func aMissingFolderExitsTwo() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try notesite(["build", "--content", "Nowhere"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("the content folder 'Nowhere' does not exist"))
    }

    /// A language folder nobody can list: the run stops with an error that names it, instead of building the site
    /// without its notes. Run as an unprivileged user (through `setpriv` when the tests run as root, whom no
    /// permission stops).
    @Test func anUnreadableFolderOfNotesIsAnErrorNotAnEmptyFolder() throws {
        let root = try project()
        let zh = root.appendingPathComponent("Content/notes/zh")
        defer {
            chmod(zh.path, 0o755)
            try? FileManager.default.removeItem(at: root)
        }
        for path in [root.path, root.appendingPathComponent("Content").path] { chmod(path, 0o755) }
        try FileManager.default.createDirectory(at: zh, withIntermediateDirectories: true)
        try Data("---\ntitle: 你好\ndate: 2024-01-02\nlang: zh\n---\n\n正文。\n".utf8).write(to: zh.appendingPathComponent("nihao.md"))
        #expect(chmod(zh.path, 0) == 0)
        let result = try notesite(["check"], in: root, unprivileged: true)
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("Content/notes/zh: error: this folder cannot be read (Permission denied), so the notes and images in it would be left out of the site"), "\(result.stderr)")
    }

    /// A run that cannot start still hands the formats machines read a document, with the reason as its finding.
    @Test func aRunThatCannotStartIsAFindingInEveryMachineFormat() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try notesite(["check", "--format", "json", "--content", "Nowhere"], in: root)
        #expect(json.status == 2)
        #expect(json.stderr.contains("the content folder 'Nowhere' does not exist"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let finding = try #require((object["diagnostics"] as? [[String: Any]])?.first)
        #expect(finding["id"] as? String == "run.failed" && finding["file"] as? String == "Nowhere")
        #expect(finding["message"] as? String == "the content folder 'Nowhere' does not exist")

        let sarif = try notesite(["check", "--format", "sarif", "--content", "Nowhere"], in: root)
        #expect(sarif.status == 2)
        #expect((try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])?["version"] as? String == "2.1.0")

        // A template error keeps its file, line, column and rule.
        let template = root.appendingPathComponent("Templates/note.mustache")
        try Data(("{{#title}}\n" + String(contentsOf: template, encoding: .utf8)).utf8).write(to: template)
        let github = try notesite(["check", "--format", "github"], in: root)
        #expect(github.status == 2)
        #expect(github.stdout.hasPrefix("::error file=Templates/note.mustache,line=1,col=1,title=template.invalid::"), "\(github.stdout) \(github.stderr)")
    }

    @Test func badUsageExitsSixtyFour() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try notesite(["build", "--no-such-flag"], in: root).status == 64)
        #expect(try notesite(["frobnicate"], in: root).status == 64)
        #expect(try notesite(["build", "--base-url", "https://exa mple.org/"], in: root).status == 64)
        #expect(try notesite(["build", "--base-url", "example.org"], in: root).status == 64)
        let host = try notesite(["serve", "--host", "256.1.1.1"], in: root)
        #expect(host.status == 64 && host.stderr.contains("--host must be an IP address"), "\(host.stderr)")
        #expect(!host.stderr.contains("lets other machines"))
    }

    @Test func helpListsTheCommands() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try notesite(["--help"], in: root)
        #expect(result.status == 0)
        #expect(result.stdout.contains("build"))
        #expect(result.stdout.contains("check"))
        #expect(result.stdout.contains("Exit codes"))
        let version = try notesite(["--version"], in: root)
        #expect(version.status == 0 && version.stdout == "0.1.0\n")
    }

    @Test func checkFailsOnWarningsOnlyWhenAsked() throws {
        let root = try project(note: "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n![]()\n")
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(try notesite(["check"], in: root).status == 0)
        let strict = try notesite(["check", "--warnings-as-errors"], in: root)
        #expect(strict.status == 1)
        #expect(strict.stderr.contains("Content/notes/en/hello.md:6:1: warning:"))
        // The remark: this project has no symbol list to check API names against.
        #expect(strict.stdout == "Checked 1 note: 1 warning, 1 remark.\n")
        // Quiet prints errors only, and the warnings are what fails the run: they are printed.
        let quiet = try notesite(["check", "--warnings-as-errors", "--quiet"], in: root)
        #expect(quiet.status == 1)
        #expect(quiet.stderr.contains("Content/notes/en/hello.md:6:1: warning:"))
        #expect(quiet.stdout.isEmpty)
        #expect(try notesite(["check", "--quiet"], in: root).stderr.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
    }

    @Test func brokenLinksAreErrorsInCheckButWarningsInBuild() throws {
        let root = try project(note: "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n[x](missing.md)\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let check = try notesite(["check"], in: root)
        #expect(check.status == 1)
        #expect(check.stderr.contains("Content/notes/en/hello.md:6:1: error: the link points to 'missing.md'"))
        // A raw HTML link is the note's, like a Markdown one.
        let page = try project(note: "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n<a href=\"#nowhere\">x</a>\n")
        defer { try? FileManager.default.removeItem(at: page) }
        #expect(try notesite(["check"], in: page).stderr.contains("Content/notes/en/hello.md:6:4: error: '#nowhere' is not a heading"))
        // Findings in rendered pages (here from a template) name them where the site is built.
        let footer = page.appendingPathComponent("Templates/footer.mustache")
        let text = try String(contentsOf: footer, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "</footer>", with: "<a href=\"{{root}}about.html\">About</a></footer>").utf8).write(to: footer)
        let elsewhere = try notesite(["check", "--output", "site"], in: page)
        #expect(elsewhere.stderr.contains("site/en/hello.html:"), "\(elsewhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: page.appendingPathComponent("site").path))
        #expect(try notesite(["build"], in: root).status == 0)
    }

    @Test(arguments: ["json", "sarif", "github"])
    func machineFormatsPrintOnlyTheirFormat(format: String) throws {
        let root = try project(note: "---\ntitle: Hello\ndate: 2024-01-02\nlang: en\n---\n[x](missing.md)\n")
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try notesite(["check", "--format", format], in: root)
        #expect(result.status == 1)
        if format == "github" {
            #expect(result.stdout.hasSuffix("::error file=Content/notes/en/hello.md,line=6,col=1,title=link.unresolved::the link points to 'missing.md', which is not a note or file of this site; correct the path (relative to this note) or remove the link\n"), "\(result.stdout)")
            #expect(result.stdout.split(separator: "\n").allSatisfy { $0.hasPrefix("::error ") || $0.hasPrefix("::notice file=Content/data/symbols.yml,title=symbol.unchecked::") })
        } else {
            let object = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
            #expect(object != nil)
        }
    }
}

extension CommandLineTests {
    /// On a terminal the findings are marked up as compilers mark theirs; `NO_COLOR`, or output to a pipe or a
    /// file, leaves them plain.
    @Test func findingsAreColouredOnATerminalUnlessNoColorIsSet() throws {
        let root = try project(note: "---\ntitle: Hello\ndate: someday\nlang: en\n---\nText.\n")
        defer { try? FileManager.default.removeItem(at: root) }
        // Whatever the test itself runs under (an empty NO_COLOR counts as unset).
        let coloured = try notesite(["check"], in: root, onTerminal: true, environment: ["NO_COLOR": "", "TERM": "xterm-256color"])
        #expect(coloured.status == 1)
        #expect(coloured.stdout.contains("\u{1B}[1mContent/notes/en/hello.md:3:7:\u{1B}[0m \u{1B}[1;31merror:\u{1B}[0m \u{1B}[1m`date` is 'someday'"), "\(coloured.stdout)")
        #expect(coloured.stdout.contains("\u{1B}[1;32m^\u{1B}[0m"))
        let plain = try notesite(["check"], in: root, onTerminal: true, environment: ["NO_COLOR": "1"])
        #expect(plain.status == 1)
        // The note that could not be read as one is still counted as checked.
        #expect(plain.stdout.contains("Checked 1 note: 1 error, 1 remark."), "\(plain.stdout)")
        #expect(plain.stdout.contains("Content/notes/en/hello.md:3:7: error: `date` is 'someday'"))
        #expect(!plain.stdout.contains("\u{1B}["))
        #expect(!(try notesite(["check"], in: root)).stderr.contains("\u{1B}["))
    }

    /// The rules a finding can name, without a run: no content folder is needed.
    @Test func checkListsTheRules() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-rules-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        let table = try notesite(["check", "--list-rules"], in: empty)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stderr.isEmpty)
        let rows = table.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ") }
        #expect(rows.first == "RULE SEVERITY DESCRIPTION")
        #expect(rows.contains("template.invalid error A template does not parse as Mustache."), "\(table.stdout)")
        #expect(rows.contains("link.unresolved warning, error in check A relative link leads to no note or file."))
        #expect(rows.contains("symbol.unchecked note There is no known symbol list, so check cannot check API names."))
        #expect(rows.contains { $0.hasPrefix("frontmatter.unclosed error ") })
        #expect(rows.contains { $0.hasPrefix("frontmatter.draft note ") })

        let json = try notesite(["check", "--list-rules", "--format", "json"], in: empty)
        #expect(json.status == 0, "\(json.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let rules = try #require(object["rules"] as? [[String: Any]])
        #expect(rules.count == rows.count - 1)
        let invalid = try #require(rules.first { $0["id"] as? String == "template.invalid" })
        #expect(invalid["severity"] as? String == "error" && invalid["errorInCheck"] as? Bool == false)
        #expect(invalid["description"] as? String == "A template does not parse as Mustache.")
        let blob = try #require(rules.first { $0["id"] as? String == "image.github-blob" })
        #expect(blob["severity"] as? String == "warning" && blob["errorInCheck"] as? Bool == true)

        #expect(try notesite(["check", "--list-rules", "--format", "sarif"], in: empty).status == 64)
    }

    @Test func aBrokenTemplateExitsTwoWithItsPosition() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(at: root) }
        try Data("<p>{{#notes}}unclosed</p>\n".utf8).write(to: root.appendingPathComponent("Templates/language.mustache"))
        for command in ["build", "check"] {
            let result = try notesite([command], in: root)
            #expect(result.status == 2)
            #expect(result.stderr.contains("Templates/language.mustache:1:4: error: "))
            #expect(result.stderr.contains("[template.invalid]\n    <p>{{#notes}}unclosed</p>\n       ^\n"), "\(result.stderr)")
            #expect(!result.stderr.contains("notesite: error:"))
        }
    }
}
