import Foundation
import NotesiteTestSupport
import NotesiteKit
import Testing
@testable import NotesiteServe

/// The repository's root, for the real templates and the fixture site.
private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A copy of the fixture site, served by a `PreviewServer` on a free port for as long as the value lives.
private final class ServedSite: @unchecked Sendable {
    let root: URL
    let port: Int
    let server: PreviewServer
    let task: Task<Void, Error>
    private let builds = BuildLog()

    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("public") }

    /// `prepare` changes the copied content before the server starts.
    init(prepare: (URL) throws -> Void = { _ in }) async throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/NotesiteKitTests/Fixtures/site"),
                                         to: root.appendingPathComponent("Content"))
        try prepare(root.appendingPathComponent("Content"))
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
        var configuration = PreviewServer.Configuration(options: SiteOptions(
            content: root.appendingPathComponent("Content").path, templates: root.appendingPathComponent("Templates").path,
            output: root.appendingPathComponent("public").path))
        configuration.port = 0
        configuration.handlesSignals = false
        configuration.pollInterval = .milliseconds(50)
        let server = PreviewServer(configuration: configuration)
        self.server = server
        let ready = AsyncStream<Int>.makeStream()
        let builds = self.builds
        task = Task {
            try await server.run(onBuild: { builds.append($0) }, onReady: { ready.continuation.yield($0) })
        }
        var port: Int?
        for await value in ready.stream {
            port = value
            break
        }
        self.port = try #require(port)
    }

    deinit {
        task.cancel()
        try? FileManager.default.removeItem(at: root)
    }

    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = content.appendingPathComponent(path)
        let text = try String(contentsOf: url, encoding: .utf8)
        try Data(change(text).utf8).write(to: url)
    }

    var lastBuild: PreviewServer.BuildEvent? { builds.last }
}

private final class BuildLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [PreviewServer.BuildEvent] = []
    func append(_ event: PreviewServer.BuildEvent) { lock.withLock { events.append(event) } }
    var last: PreviewServer.BuildEvent? { lock.withLock { events.last } }
}

@Suite(.serialized) struct PreviewServerTests {
    @Test func servesPagesWithTheLiveScriptThatIsNotOnDisk() async throws {
        let site = try await ServedSite()
        let page = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(page.status == 200)
        #expect(page.headers.lowercased().contains("content-type: text/html; charset=utf-8"))
        #expect(page.body.contains("<script src=\"/__notesite/live.js\" data-generation=\"1\"></script></body>"))
        let onDisk = try String(contentsOf: site.output.appendingPathComponent("en/collapse.html"), encoding: .utf8)
        #expect(!onDisk.contains("__notesite"))
        #expect(try RawHTTP.get("/", port: site.port).body.contains("<html lang=\"en\""))
        #expect(try RawHTTP.get("/zh", port: site.port).status == 301)
        let missing = try RawHTTP.get("/en/nothing-here.html", port: site.port)
        #expect(missing.status == 404)
        #expect(missing.body.contains("__notesite/live.js"), "the site's own 404 page, live")
        let script = try RawHTTP.get("/__notesite/live.js", port: site.port)
        #expect(script.status == 200 && script.body.contains("EventSource"))
    }

    @Test func anEditReloadsOpenPagesWithTheNewText() async throws {
        let site = try await ServedSite()
        let events = try RawHTTP(port: site.port)
        events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: "event: reload\ndata: 1\n\n", deadline: .now() + 60) != nil, "the current state on connecting")

        try site.edit("notes/en/collapse.md") { $0 + "\nA sentence written while serving.\n" }
        // The deadlines are there so that a broken server fails the test instead of hanging it; how fast the
        // reload arrives is measured by `make bench`, not asserted here.
        let got = events.read(until: "event: reload\ndata: 2\n\n", deadline: .now() + 60)
        #expect(got != nil, "no reload event")
        let page = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(page.body.contains("A sentence written while serving."))
        #expect(page.body.contains("data-generation=\"2\""))
        #expect(site.lastBuild?.report?.filesWritten ?? 99 <= 3, "one note's edit rewrites its page and the search index")
    }

    /// A note with errors does not take the site down: its page shows what is wrong, every other page is served and
    /// follows edits, and the fix brings the note's page back.
    @Test func aBrokenNoteShowsItsErrorsOnItsPageAndTheRestIsServed() async throws {
        let site = try await ServedSite()
        let events = try RawHTTP(port: site.port)
        events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: "data: 1\n\n", deadline: .now() + 60) != nil)

        try site.edit("notes/en/collapse.md") { $0.replacingOccurrences(of: "date: 2024-05-01", with: "date: \"May the first\"") + "\nBroken edit.\n" }
        #expect(events.read(until: "event: reload\ndata: 2\n\n", deadline: .now() + 60) != nil, "no reload event")
        let page = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(page.status == 200)
        #expect(page.body.contains("This note does not build"), "\(page.body)")
        #expect(page.body.contains("collapse.md:3:7: error:"), "\(page.body)")
        #expect(page.body.contains("[frontmatter.invalid]"))
        #expect(!page.body.contains("Broken edit."))
        let other = try RawHTTP.get("/zh/shoushi.html", port: site.port)
        #expect(other.status == 200 && !other.body.contains("does not build"))
        #expect(try RawHTTP.get("/__notesite/errors", port: site.port).body.contains("The site builds"))

        // Another note's edit is served while the broken one is not fixed yet.
        try site.edit("notes/zh/shoushi.md") { $0 + "\n新的一段。\n" }
        #expect(events.read(until: "event: reload\ndata: 3\n\n", deadline: .now() + 60) != nil)
        #expect(try RawHTTP.get("/zh/shoushi.html", port: site.port).body.contains("新的一段。"))

        try site.edit("notes/en/collapse.md") { $0.replacingOccurrences(of: "date: \"May the first\"", with: "date: 2024-05-01") }
        #expect(events.read(until: "event: reload\ndata: 4\n\n", deadline: .now() + 60) != nil, "the fix reloads the pages")
        #expect(try RawHTTP.get("/en/collapse.html", port: site.port).body.contains("Broken edit."))
    }

    /// An error that is not one note's (here a data file that does not parse) stops the build: the pages show the
    /// error page, and the last good site stays on disk.
    @Test func aBrokenDataFileShowsTheErrorPageAndKeepsTheLastGoodSite() async throws {
        let site = try await ServedSite()
        let events = try RawHTTP(port: site.port)
        events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: "data: 1\n\n", deadline: .now() + 60) != nil)
        try site.edit("data/collapse-table.yml") { "rows: [\n" + $0 }
        #expect(events.read(until: "event: failed\ndata: 2\n\n", deadline: .now() + 60) != nil, "no failed event")
        let errors = try RawHTTP.get("/__notesite/errors", port: site.port)
        #expect(errors.body.contains("The site does not build"))
        #expect(errors.body.contains("collapse-table.yml:"), "\(errors.body)")
        let page = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(page.status == 200 && !page.body.contains("does not build"), "the last good page is still served")

        // A page opened now learns at once that the site is broken.
        let late = try RawHTTP(port: site.port)
        late.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(late.read(until: "event: failed\ndata: 2\n\n", deadline: .now() + 60) != nil)

        try site.edit("data/collapse-table.yml") { String($0.dropFirst("rows: [\n".count)) }
        #expect(events.read(until: "event: reload\ndata: 3\n\n", deadline: .now() + 60) != nil, "the fix reloads the pages")
        #expect(try RawHTTP.get("/__notesite/errors", port: site.port).body.contains("The site builds"))
    }

    /// A first build with a broken note serves the rest of the site, and that note's page says what is wrong.
    @Test func aFirstBuildWithABrokenNoteServesTheRest() async throws {
        let site = try await ServedSite { content in
            let note = content.appendingPathComponent("notes/en/collapse.md")
            let text = try String(contentsOf: note, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "date: 2024-05-01", with: "date: someday").utf8).write(to: note)
        }
        let home = try RawHTTP.get("/", port: site.port)
        #expect(home.status == 200 && !home.body.contains("does not build"), "\(home.status) \(home.body)")
        let broken = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(broken.body.contains("This note does not build") && broken.body.contains("collapse.md:3:7: error:"), "\(broken.body)")

        let events = try RawHTTP(port: site.port)
        events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        try site.edit("notes/en/collapse.md") { $0.replacingOccurrences(of: "date: someday", with: "date: 2024-05-01") }
        #expect(events.read(until: "event: reload\ndata: 2\n\n", deadline: .now() + 60) != nil, "the fix builds the note")
        let page = try RawHTTP.get("/en/collapse.html", port: site.port)
        #expect(page.status == 200 && !page.body.contains("does not build"))
    }

    /// A template that does not parse stops the build before it reads the notes; an edit saved at the same time
    /// must still show once the template is fixed.
    @Test func anEditSavedWithABrokenTemplateShowsAfterTheFix() async throws {
        let site = try await ServedSite()
        let events = try RawHTTP(port: site.port)
        events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(events.read(until: "data: 1\n\n", deadline: .now() + 60) != nil)
        let template = site.root.appendingPathComponent("Templates/footer.mustache")
        let good = try String(contentsOf: template, encoding: .utf8)
        try Data((good + "{{#unclosed}}").utf8).write(to: template)
        try site.edit("notes/en/collapse.md") { $0 + "\nWritten while the template was broken.\n" }
        #expect(events.read(until: "event: failed\ndata: 2\n\n", deadline: .now() + 60) != nil)
        #expect(try RawHTTP.get("/__notesite/errors", port: site.port).body.contains("[template.invalid]"))

        try Data(good.utf8).write(to: template)
        #expect(events.read(until: "event: reload\ndata: 3\n\n", deadline: .now() + 60) != nil)
        #expect(try RawHTTP.get("/en/collapse.html", port: site.port).body.contains("Written while the template was broken."))
    }

    /// A complete rebuild moves the old site out and the new one in, entry by entry: a page asked for in that
    /// moment waits for the build instead of being missing, and a page that is missing after it is still a 404.
    @Test func aPageAskedForWhileTheSiteIsSwappedInWaitsForTheBuild() async throws {
        let site = try await ServedSite()
        let builds = site.server.site.builds
        let en = site.output.appendingPathComponent("en")
        let aside = site.root.appendingPathComponent("en-moved-out")
        builds.started()
        try FileManager.default.moveItem(at: en, to: aside)
        let page = Self.get("/en/collapse.html", port: site.port)
        let folder = Self.get("/en", port: site.port)
        let missing = Self.get("/en/nothing-here.html", port: site.port)
        try await Task.sleep(for: .milliseconds(300))
        try FileManager.default.moveItem(at: aside, to: en)
        builds.ended()
        let answer = try await page.value
        #expect(answer.status == 200, "a page of the site answered \(answer.status) during the swap")
        #expect(answer.body.contains("__notesite/live.js"))
        #expect(try await folder.value.status == 301)
        #expect(try await missing.value.status == 404)
    }

    /// `GET path` on a thread of its own, so the test can move files while the request waits.
    private static func get(_ path: String, port: Int) -> Task<(status: Int, headers: String, body: String), Error> {
        Task {
            try await withCheckedThrowingContinuation { continuation in
                DispatchQueue.global().async { continuation.resume(with: Result { try RawHTTP.get(path, port: port) }) }
            }
        }
    }

    @Test(arguments: [
        "/../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/%2E%2E/etc/passwd", "/%252e%252e/etc/passwd",
        "/en/..%2f..%2fetc%2fpasswd", "//etc/passwd", "/en/../../etc/passwd", "/en/..\\..\\etc\\passwd",
        "http://example.com/../etc/passwd", "/%00", "/en/%2e/collapse.html",
    ])
    func traversalIsRefused(path: String) async throws {
        let site = try await ServedSite()
        let answer = try RawHTTP.get(path, port: site.port)
        #expect([400, 403, 404].contains(answer.status), "\(path) → \(answer.status)")
        #expect(!answer.body.contains("root:"))
    }

    @Test func aLinkOutOfTheOutputFolderIsRefused() async throws {
        let site = try await ServedSite()
        let secret = site.root.appendingPathComponent("secret.txt")
        try Data("not for the web".utf8).write(to: secret)
        try FileManager.default.createSymbolicLink(at: site.output.appendingPathComponent("out.txt"), withDestinationURL: secret)
        let answer = try RawHTTP.get("/out.txt", port: site.port)
        #expect(answer.status == 403)
        #expect(!answer.body.contains("not for the web"))
    }
}

@Suite struct SafePathTests {
    @Test func mapsPathsToFilesInsideTheRoot() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-safepath-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("en"), withIntermediateDirectories: true)
        try Data("home".utf8).write(to: root.appendingPathComponent("index.html"))
        try Data("en".utf8).write(to: root.appendingPathComponent("en/index.html"))
        try Data("page".utf8).write(to: root.appendingPathComponent("en/a b.html"))
        let real = root.resolvingSymlinksInPath()
        #expect(SafePath.resolve("/", in: root) == .file(real.appendingPathComponent("index.html")))
        #expect(SafePath.resolve("/en/", in: root) == .file(real.appendingPathComponent("en/index.html")))
        #expect(SafePath.resolve("/en", in: root) == .redirect("/en/"))
        #expect(SafePath.resolve("/en/a%20b.html?x=1#top", in: root) == .file(real.appendingPathComponent("en/a b.html")))
        #expect(SafePath.resolve("/en/missing.html", in: root) == .notFound)
        #expect(SafePath.resolve("/.notesite-staging/index.html", in: root) == .notFound)
        for bad in ["/..", "/en/../index.html", "/%2e%2e/x", "/%252e%252e/x", "//x", "x", "/en/%5c..", "/%ZZ"] {
            guard case .refused = SafePath.resolve(bad, in: root) else {
                Issue.record("\(bad) was not refused")
                continue
            }
        }
    }

    @Test func injectsTheScriptBeforeTheLastBodyTag() {
        #expect(PreviewResponder.inject("<body><p>x</p></body></html>", script: "<s>") == "<body><p>x</p><s></body></html>")
        #expect(PreviewResponder.inject("<p>no body tag</p>", script: "<s>") == "<p>no body tag</p><s>")
    }
}
