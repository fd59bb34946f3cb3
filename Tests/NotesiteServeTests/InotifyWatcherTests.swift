#if os(Linux)
import Foundation
import Glibc
import NotesiteKit
import Testing
@testable import NotesiteServe

/// A content and a templates folder in a temporary folder, and what a watcher delivered from them.
final class WatchedFolders: @unchecked Sendable {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-watch-\(UUID().uuidString)")
    private let lock = NSLock()
    private var delivered: [FolderChanges] = []

    var options: SiteOptions {
        SiteOptions(content: root.appendingPathComponent("Content").path, templates: root.appendingPathComponent("Templates").path,
                    output: root.appendingPathComponent("public").path)
    }

    init() throws {
        try write("Content/notes/en/a.md", "# A\n")
        try write("Content/notes/en/b.md", "# B\n")
        try write("Content/notes/zh/c.md", "# C\n")
        try write("Content/data/symbols.yml", "types: []\n")
        try write("Templates/page.mustache", "{{{body}}}\n")
        try write("Templates/partials/footer.mustache", "<footer></footer>\n")
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ path: String, _ text: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    func deliver(_ changes: FolderChanges) { lock.withLock { delivered.append(changes) } }

    /// Everything delivered so far, merged.
    var seen: FolderChanges {
        lock.withLock { delivered.reduce(into: FolderChanges()) { $0.formUnion($1) } }
    }

    func forget() { lock.withLock { delivered = [] } }

    /// Waits until `done` holds for what was delivered, or `timeout` passes; whether it held.
    func waitUntil(timeout: Duration = .seconds(5), _ done: (FolderChanges) -> Bool) async -> Bool {
        let end = ContinuousClock.now + timeout
        while ContinuousClock.now < end {
            if done(seen) { return true }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return done(seen)
    }
}

@Suite struct InotifyWatcherTests {
    /// The bound on how soon an event is delivered: generous for a loaded machine, far below a poll-less hang.
    static let soon: Duration = .seconds(5)

    @Test func reportsAnEditedNoteADeletedNoteAndATemplate() async throws {
        let folders = try WatchedFolders()
        let watcher = try InotifyWatcher(options: folders.options)
        defer { watcher.stop() }
        watcher.start { folders.deliver($0) }

        try folders.write("Content/notes/en/a.md", "# A, edited\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/a.md") })

        try FileManager.default.removeItem(at: folders.url("Content/notes/zh/c.md"))
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/zh/c.md") })

        try folders.write("Templates/partials/footer.mustache", "<footer>new</footer>\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.templates.contains("partials/footer.mustache") })

        // An editor's swap file and a hidden folder's files are never reported.
        try folders.write("Content/notes/en/.a.md.swp", "swap")
        try folders.write("Content/.git/objects/x", "object")
        try folders.write("Content/notes/en/b.md", "# B, edited\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/b.md") })
        #expect(!folders.seen.content.contains { $0.contains(".a.md.swp") || $0.hasPrefix(".git") }, "\(folders.seen.content)")
        #expect(!folders.seen.rescan)
    }

    /// A new folder is watched as it appears: a note written in it later is reported by its path, and so is a
    /// note in a folder made inside it.
    @Test func watchesNewFoldersAsTheyAppear() async throws {
        let folders = try WatchedFolders()
        let watcher = try InotifyWatcher(options: folders.options)
        defer { watcher.stop() }
        let before = watcher.watchCount
        watcher.start { folders.deliver($0) }

        try FileManager.default.createDirectory(at: folders.url("Content/notes/en/guide"), withIntermediateDirectories: true)
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/guide") })
        try folders.write("Content/notes/en/guide/intro.md", "# Intro\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/guide/intro.md") })

        // Folders made in one go: the inner ones may exist before the outer one is watched.
        try FileManager.default.createDirectory(at: folders.url("Content/notes/en/guide/deep/deeper"), withIntermediateDirectories: true)
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/guide/deep") })
        #expect(await folders.waitUntil(timeout: Self.soon) { _ in watcher.watchCount == before + 3 })
        try folders.write("Content/notes/en/guide/deep/deeper/note.md", "# Deep\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/guide/deep/deeper/note.md") })

        // A folder moved within the content is watched at its new path, and no longer at the old one.
        try FileManager.default.moveItem(at: folders.url("Content/notes/en/guide"), to: folders.url("Content/notes/en/manual"))
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.isSuperset(of: ["notes/en/guide", "notes/en/manual"]) })
        folders.forget()
        try folders.write("Content/notes/en/manual/deep/deeper/note.md", "# Deep, moved\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/manual/deep/deeper/note.md") })
        #expect(!folders.seen.content.contains { $0.hasPrefix("notes/en/guide") }, "\(folders.seen.content)")
        #expect(watcher.watchCount == before + 3)
    }

    /// Changes made after the watches are set up and before `start` are reported at `start`; when they are more
    /// than the kernel's queue holds, the overflow asks for everything to be looked at again.
    @Test func aQueueOverflowAsksForARescan() async throws {
        let limit = Int((try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? 16384
        try #require(limit <= 1_000_000, "the kernel queues \(limit) events: too many to overflow cheaply")
        let folders = try WatchedFolders()
        let watcher = try InotifyWatcher(options: folders.options)
        defer { watcher.stop() }
        // Touching two files in turn: the kernel merges only an event identical to the one before it.
        let a = folders.url("Content/notes/en/a.md").path, b = folders.url("Content/notes/en/b.md").path
        for _ in 0..<(limit / 2 + 100) {
            _ = utimes(a, nil)
            _ = utimes(b, nil)
        }
        watcher.start { folders.deliver($0) }
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.rescan })

        // Watching goes on after the overflow.
        folders.forget()
        try folders.write("Content/notes/zh/c.md", "# C, edited\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/zh/c.md") })
    }

    /// A root folder that is moved away asks for a rescan, and is watched again once it is back.
    @Test func aRootFolderThatComesBackIsWatchedAgain() async throws {
        let folders = try WatchedFolders()
        let watcher = try InotifyWatcher(options: folders.options)
        defer { watcher.stop() }
        watcher.start { folders.deliver($0) }
        try FileManager.default.moveItem(at: folders.url("Templates"), to: folders.url("Templates-aside"))
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.rescan })
        try FileManager.default.moveItem(at: folders.url("Templates-aside"), to: folders.url("Templates"))
        // Back: reported once more as everything (it is looked for twice a second), then by path again.
        folders.forget()
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.rescan })
        folders.forget()
        try folders.write("Templates/page.mustache", "<main>{{{body}}}</main>\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.templates.contains("page.mustache") })
    }

    /// When inotify cannot be used, serve polls and says so once; changes are still reported.
    @Test func theFallbackPollsAndSaysWhy() async throws {
        let folders = try WatchedFolders()
        let notices = Notices()
        let watcher = FallbackWatcher(options: folders.options, interval: .milliseconds(50), notice: { notices.append($0) },
                                      makeInotify: { _ throws(InotifyWatcher.Failure) in throw .limitReached(path: "/x/notes") })
        defer { watcher.stop() }
        watcher.start { folders.deliver($0) }
        #expect(watcher.method == "polling every 50 ms")
        #expect(notices.all.count == 1)
        #expect(notices.all.first?.contains("cannot watch /x/notes: the limit of inotify watches per user is reached") == true,
                "\(notices.all)")
        #expect(notices.all.first?.contains("fs.inotify.max_user_watches") == true)
        #expect(notices.all.first?.contains("polling every 50 ms instead") == true)
        try folders.write("Content/notes/en/a.md", "# A, polled\n")
        #expect(await folders.waitUntil(timeout: Self.soon) { $0.content.contains("notes/en/a.md") })
        #expect(notices.all.count == 1)
    }

    @Test func automaticIsInotifyOnLinux() throws {
        let folders = try WatchedFolders()
        let watcher = makeFolderWatcher(.automatic, options: folders.options, interval: .milliseconds(150), notice: { _ in })
        watcher.start { _ in }
        defer { watcher.stop() }
        #expect(watcher.method == "inotify")
        #expect(makeFolderWatcher(.polling, options: folders.options, interval: .milliseconds(150), notice: { _ in }).method
            == "polling every 150 ms")
    }
}

final class Notices: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}
#endif
