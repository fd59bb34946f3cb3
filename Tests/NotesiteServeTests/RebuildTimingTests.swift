import Foundation
import NotesiteKit
import NotesiteTestSupport
import Testing
@testable import NotesiteServe

private let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A copy of the fixture site served on a free port with the given watching settings, recording when each build
/// ended.
final class TimedSite: @unchecked Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-timing-\(UUID().uuidString)")
    let port: Int
    private let task: Task<Void, Error>
    private let log = Log()

    private final class Log: @unchecked Sendable {
        let lock = NSLock()
        var builds: [(event: PreviewServer.BuildEvent, at: ContinuousClock.Instant)] = []
        func record(_ event: PreviewServer.BuildEvent) { lock.withLock { builds.append((event, ContinuousClock.now)) } }
    }

    var content: URL { root.appendingPathComponent("Content") }

    init(watch: WatchMethod = .automatic, debounce: Debounce = Debounce()) async throws {
        let root = self.root, content = root.appendingPathComponent("Content")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Tests/NotesiteKitTests/Fixtures/site"), to: content)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: root.appendingPathComponent("Templates"))
        var configuration = PreviewServer.Configuration(options: SiteOptions(
            content: content.path, templates: root.appendingPathComponent("Templates").path,
            output: root.appendingPathComponent("public").path))
        configuration.port = 0
        configuration.handlesSignals = false
        configuration.watch = watch
        configuration.pollInterval = .milliseconds(50)
        configuration.debounce = debounce
        let server = PreviewServer(configuration: configuration)
        let ready = AsyncStream<Int>.makeStream()
        let log = self.log
        task = Task {
            try await server.run(onBuild: { log.record($0) }, onReady: { ready.continuation.yield($0) })
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

    /// The rebuilds (not the first build) so far, with when each ended.
    var rebuilds: [(event: PreviewServer.BuildEvent, at: ContinuousClock.Instant)] {
        log.lock.withLock { log.builds.filter { $0.event.changes != nil } }
    }

    /// Waits until a rebuild for which `matches` holds has been recorded, or `timeout` passes; whether one was.
    /// A page can show a rebuild's output a moment before the server reports that rebuild, so tests about the
    /// rebuilds wait for the report rather than for the page.
    func waitForRebuild(timeout: Duration = .seconds(60), where matches: (PreviewServer.BuildEvent) -> Bool) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if rebuilds.contains(where: { matches($0.event) }) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return rebuilds.contains(where: { matches($0.event) })
    }

    /// Waits until the page at `path` contains `text`, or `timeout` passes; whether it did.
    func waitUntil(_ path: String, contains text: String, timeout: Duration) async throws -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if try await get(path).contains(text) { return true }
            try? await Task.sleep(for: .milliseconds(20))
        }
        return try await get(path).contains(text)
    }

    /// The body of `GET path`, read on a dispatch thread: a blocking read on one of the few cooperative threads
    /// can starve the server it waits for, whose responses run on them too.
    func get(_ path: String) async throws -> String {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(with: Result { try RawHTTP.get(path, port: port).body }) }
        }
    }
}

@Suite(.serialized) struct RebuildTimingTests {
    @Test func theDueTimeIsTheSettleDelayCappedByTheDeadline() {
        let debounce = Debounce(settle: .milliseconds(40), deadline: .milliseconds(250))
        let start = ContinuousClock.now
        #expect(debounce.due(first: start, last: start) == start + .milliseconds(40))
        #expect(debounce.due(first: start, last: start + .milliseconds(100)) == start + .milliseconds(140))
        // Writes that never pause: the deadline after the first one.
        #expect(debounce.due(first: start, last: start + .milliseconds(230)) == start + .milliseconds(250))
        #expect(debounce.due(first: start, last: start + .seconds(2)) == start + .milliseconds(250))
    }

    /// A note rewritten every 10 ms for four seconds (faster than any settle delay) is rebuilt while the writes go
    /// on, not only once they stop (four, not two: beside the suite's other tests on two cores, a first rebuild
    /// took longer than two); the last build shows the last write. (Polling every 50 ms sees a pause between
    /// looks, so only the system's notifications, which see every write, need the deadline.)
    @Test func aNoteRewrittenWithoutPauseIsRebuiltWhileTheWritesGoOn() async throws {
        let site = try await TimedSite()
        let note = site.content.appendingPathComponent("notes/en/collapse.md")
        let original = try String(contentsOf: note, encoding: .utf8)
        let start = ContinuousClock.now
        var writes = 0
        while ContinuousClock.now - start < .seconds(4) {
            writes += 1
            try Data((original + "\nWrite number \(writes).\n").utf8).write(to: note)
            try await Task.sleep(for: .milliseconds(10))
        }
        let end = ContinuousClock.now
        // Started while the writes went on (a loaded machine may take longer to finish it).
        let during = site.rebuilds.filter { $0.at - .seconds($0.event.report?.seconds ?? 0) < end }
        #expect(during.count >= 1, "no rebuild started during \(writes) writes in 4 s")
        #expect(during.allSatisfy { $0.event.changes?.content == ["notes/en/collapse.md"] })

        // Once the writes stop, a last rebuild reads the last one.
        let last = "Write number \(writes)."
        #expect(try await site.waitUntil("/en/collapse.html", contains: last, timeout: .seconds(60)), "the page never showed \(last)")
    }

    /// An edit is picked up end to end by each way of watching, and a save that changes nothing rebuilds nothing.
    @Test(arguments: [WatchMethod.automatic, .polling])
    func anEditIsServedAndATouchIsNot(watch: WatchMethod) async throws {
        let site = try await TimedSite(watch: watch)
        let note = site.content.appendingPathComponent("notes/en/collapse.md")
        let text = try String(contentsOf: note, encoding: .utf8)
        try Data((text + "\nA sentence saved while serving.\n").utf8).write(to: note)
        #expect(try await site.waitUntil("/en/collapse.html", contains: "A sentence saved while serving.", timeout: .seconds(60)))
        #expect(await site.waitForRebuild { $0.changes?.content == ["notes/en/collapse.md"] })
        #expect(site.rebuilds.count == 1)

        // An editor's swap file comes and goes: nothing to rebuild.
        let swap = site.content.appendingPathComponent("notes/en/.collapse.md.swp")
        try Data("swap".utf8).write(to: swap)
        try FileManager.default.removeItem(at: swap)
        try await Task.sleep(for: .milliseconds(600))
        #expect(site.rebuilds.count == 1, "\(site.rebuilds.map { $0.event.changes?.content ?? [] })")
    }

    /// A folder of notes that appears while serving is built: its notes are pages.
    @Test func aNewFolderWithANoteIsBuilt() async throws {
        let site = try await TimedSite()
        let folder = site.content.appendingPathComponent("notes/en/guide")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("---\ntitle: A guide\ndate: 2024-05-02\n---\n\nThe first words of the guide.\n".utf8)
            .write(to: folder.appendingPathComponent("start.md"))
        #expect(try await site.waitUntil("/en/guide/start.html", contains: "The first words of the guide.", timeout: .seconds(60)))
        #expect(await site.waitForRebuild { $0.changes?.content.contains("notes/en/guide/start.md") == true },
                "\(site.rebuilds.map { $0.event.changes?.content ?? [] })")
    }
}
