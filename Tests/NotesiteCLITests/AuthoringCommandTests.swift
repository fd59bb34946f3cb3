import Foundation
import NotesiteTestSupport
import Testing

/// `notesite new` and `notesite serve`, run as the author runs them.
@Suite struct AuthoringCommandTests {
    private let cli = CommandLineTests()

    @Test func newWritesANoteThatBuildsAndRefusesToOverwriteIt() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let made = try cli.notesite(["new", "Collapsing a split view", "--lang", "en", "--swift", "5"], in: root)
        #expect(made.status == 0, "\(made.stderr)")
        #expect(made.stdout == "Content/notes/en/collapsing-a-split-view.md\n")
        let text = try String(contentsOf: root.appendingPathComponent("Content/notes/en/collapsing-a-split-view.md"), encoding: .utf8)
        #expect(text.hasPrefix("---\ntitle: \"Collapsing a split view\"\ndate: 20"))
        #expect(text.contains("\nlang: en\n") && text.contains("\nswift: \"5\"\n"))
        // The new note passes the gate as it is, and builds.
        let check = try cli.notesite(["check"], in: root)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try cli.notesite(["build", "--quiet"], in: root).status == 0)

        try Data("the author's words".utf8).write(to: root.appendingPathComponent("Content/notes/en/collapsing-a-split-view.md"))
        let again = try cli.notesite(["new", "Collapsing a split view", "--lang", "en"], in: root)
        #expect(again.status == 1)
        #expect(again.stderr.contains("Content/notes/en/collapsing-a-split-view.md already exists; choose another title or pass --slug"))
        let kept = try String(contentsOf: root.appendingPathComponent("Content/notes/en/collapsing-a-split-view.md"), encoding: .utf8)
        #expect(kept == "the author's words")
    }

    @Test func newRefusesWhatTheBuildWouldReject() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let seven = try cli.notesite(["new", "X", "--lang", "en", "--swift", "7"], in: root)
        #expect(seven.status != 0)
        #expect(seven.stderr.contains("'7' is not a Swift version the notes know; use one of 2, 3, 4, 4.2, 5"), "\(seven.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/notes/en/x.md").path))

        let elsewhere = try cli.notesite(["new", "X", "--lang", "en", "--content", "Contnet"], in: root)
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("the content folder 'Contnet' does not exist"), "\(elsewhere.stderr)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Contnet").path))
    }

    @Test func newDerivesSlugsFromChineseAndRussianTitles() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let zh = try cli.notesite(["new", "分割视图的收起", "--lang", "zh"], in: root)
        #expect(zh.stdout == "Content/notes/zh/fen-ge-shi-tu-de-shou-qi.md\n", "\(zh.stderr)")
        let ru = try cli.notesite(["new", "Сворачивание и расширение", "--lang", "ru"], in: root)
        #expect(ru.stdout == "Content/notes/ru/svorachivanie-i-rasshirenie.md\n", "\(ru.stderr)")
        let chosen = try cli.notesite(["new", "Anything", "--lang", "ru", "--slug", "my-note"], in: root)
        #expect(chosen.stdout == "Content/notes/ru/my-note.md\n")
        let bad = try cli.notesite(["new", "Anything", "--lang", "en", "--slug", "../escape"], in: root)
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("'../escape' cannot name a note file"))
        // The usage shown is the command's own.
        #expect(bad.stderr.contains("Usage: notesite new <title> --lang <lang>"), "\(bad.stderr)")
        let reserved = try cli.notesite(["new", "Anything", "--lang", "zh", "--slug", "index"], in: root)
        #expect(reserved.status == 64)
        #expect(reserved.stderr.contains("'index' names zh/index.html, a page the site writes itself"))
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("Content/notes/zh/index.md").path))
        let noLang = try cli.notesite(["new", "Anything"], in: root)
        #expect(noLang.status == 64)
        #expect(noLang.stderr.contains("--lang"))
    }

    /// The server starts on a free port, answers, and stops cleanly on Ctrl-C (SIGINT), even with a page
    /// listening for reloads.
    @Test func serveStopsCleanlyOnInterrupt() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let process = Process()
        process.executableURL = cli.binary
        process.arguments = ["serve", "--port", "0"]
        process.currentDirectoryURL = root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var printed = ""
        let deadline = Date().addingTimeInterval(20)
        while !printed.contains("(Ctrl-C stops)\n"), Date() < deadline {
            printed += String(decoding: out.fileHandleForReading.availableData, as: UTF8.self)
        }
        let port = try #require(printed.firstMatch(of: /127\.0\.0\.1:(\d+)\//).flatMap { Int($0.1) }, "\(printed)")
        #expect(printed.hasPrefix("Built 1 note: 6 pages"))

        // An open event stream must not keep the server from stopping.
        let listener = try RawHTTP(port: port)
        listener.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        #expect(listener.read(until: "\n\n", deadline: .now() + 60) != nil, "no event on connecting")
        let page = try Data(contentsOf: URL(string: "http://127.0.0.1:\(port)/en/hello.html")!)
        #expect(String(decoding: page, as: UTF8.self).contains("<h1>Hello</h1>"))

        kill(process.processIdentifier, SIGINT)
        let stopBy = Date().addingTimeInterval(10)
        while process.isRunning, Date() < stopBy { usleep(20_000) }
        #expect(!process.isRunning, "still running 10 s after SIGINT")
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        printed += String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed.hasSuffix("Stopped.\n"))
    }

    @Test func serveStopsWhenThereIsNothingToServe() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = try cli.notesite(["serve", "--port", "0", "--content", "Nowhere"], in: root)
        #expect(missing.status == 2)
        #expect(missing.stderr == "notesite: error: the content folder 'Nowhere' does not exist\n", "\(missing.stderr)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("public"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: root.appendingPathComponent("public/thesis.tex"))
        let foreign = try cli.notesite(["serve", "--port", "0"], in: root)
        #expect(foreign.status == 2)
        #expect(foreign.stderr.contains("it holds files that are not a site notesite built ('thesis.tex')"), "\(foreign.stderr)")
    }

    @Test func serveExplainsAPortInUse() throws {
        let root = try cli.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let holder = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(holder) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(holder, $0, length) } }
        listen(holder, 1)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(holder, $0, &length) } }
        let port = Int(UInt16(bigEndian: address.sin_port))
        let result = try cli.notesite(["serve", "--port", "\(port)"], in: root)
        #expect(result.status == 2)
        #expect(result.stderr.contains("port \(port) on 127.0.0.1 is in use"), "\(result.stderr)")
        // Said before the site is built: nothing built, nothing written.
        #expect(!result.stdout.contains("Built") && !result.stderr.contains("warning"), "\(result.stdout)")
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("public").path))
        // An address the machine does not have is said as plainly.
        let elsewhere = try cli.notesite(["serve", "--port", "8000", "--host", "192.0.2.1"], in: root)
        #expect(elsewhere.status == 2)
        #expect(elsewhere.stderr.contains("192.0.2.1 is not an address of this machine"), "\(elsewhere.stderr)")
    }
}
