import Foundation
import NotesiteKit
import ServiceLifecycle

/// When serve rebuilds after changes: `settle` after the last one (an editor's save is often several writes, and a
/// rebuild in the middle of them would read half a file), but never later than `deadline` after the first change
/// not yet built, so that a file rewritten without pause (a generator, a sync tool) is still rebuilt every
/// `deadline` instead of never.
public struct Debounce: Sendable, Equatable {
    public var settle: Duration
    public var deadline: Duration

    public init(settle: Duration = .milliseconds(40), deadline: Duration = .milliseconds(250)) {
        self.settle = settle
        self.deadline = deadline
    }

    /// When to rebuild, given when the first and the last change not yet built came.
    public func due(first: ContinuousClock.Instant, last: ContinuousClock.Instant) -> ContinuousClock.Instant {
        min(last + settle, first + deadline)
    }
}

/// The changes not yet built and when the first and the last of them came: filled from the watcher's thread,
/// emptied by the rebuild loop.
final class ChangeInbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = FolderChanges()
    private var first: ContinuousClock.Instant?
    private var last: ContinuousClock.Instant?
    private var waiter: CheckedContinuation<Bool, Never>?
    private var closed = false

    func add(_ changes: FolderChanges) {
        guard !changes.isEmpty else { return }
        let now = ContinuousClock.now
        let waiter: CheckedContinuation<Bool, Never>? = lock.withLock {
            pending.formUnion(changes)
            if first == nil { first = now }
            last = now
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: true)
    }

    /// Ends `wait`: the server is stopping.
    func close() {
        let waiter: CheckedContinuation<Bool, Never>? = lock.withLock {
            closed = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: false)
    }

    /// Returns true once a change is pending (at once if one is), false when closed or the task is cancelled.
    func wait() async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let now: Bool? = lock.withLock {
                    if closed || Task.isCancelled { return false }
                    if first != nil { return true }
                    waiter = continuation
                    return nil
                }
                if let now { continuation.resume(returning: now) }
            }
        } onCancel: {
            close()
        }
    }

    /// When the first and the last pending change came; nil when none is pending.
    var window: (first: ContinuousClock.Instant, last: ContinuousClock.Instant)? {
        lock.withLock {
            guard let first, let last else { return nil }
            return (first, last)
        }
    }

    /// The pending changes, leaving none.
    func take() -> FolderChanges? {
        lock.withLock {
            guard first != nil else { return nil }
            defer {
                pending = FolderChanges()
                first = nil
                last = nil
            }
            return pending
        }
    }
}

/// Serve's rebuild loop: waits for the watcher to report changes, lets them settle as `debounce` says, learns
/// from the folders what really changed since the last build, and rebuilds that. Changes that come while a build
/// runs wait in the inbox for the next one.
struct SiteWatcher: Service {
    let options: SiteOptions
    let watcher: any FolderWatcher
    let inbox: ChangeInbox
    /// The folders as the last build read them.
    let baseline: FolderSnapshot
    let debounce: Debounce
    let site: PreviewSite
    let live: LiveReload
    let onBuild: @Sendable (PreviewServer.BuildEvent) -> Void

    func run() async throws {
        // Keeps the connections of open pages alive through proxies, and lets the server notice closed ones.
        let live = self.live
        let heartbeat = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(15))
                if !Task.isCancelled { await live.send(.heartbeat) }
            }
        }
        await withGracefulShutdownHandler {
            var snapshot = baseline
            while await inbox.wait() {
                while let window = inbox.window, ContinuousClock.now < debounce.due(first: window.first, last: window.last),
                      !Task.isCancelled, !Task.isShuttingDownGracefully {
                    try? await Task.sleep(until: debounce.due(first: window.first, last: window.last), clock: .continuous)
                }
                guard !Task.isCancelled, !Task.isShuttingDownGracefully, let hints = inbox.take() else { continue }
                let changes: SiteChanges
                if hints.rescan {
                    let now = FolderSnapshot(options: options)
                    changes = now.changes(since: snapshot)
                    snapshot = now
                } else {
                    changes = snapshot.refresh(content: hints.content, templates: hints.templates, options: options)
                }
                // A file touched but not changed, or one the site skips: nothing to build, unless the site that was
                // built is gone from the output folder (deleted or emptied; a request asks then), which the build
                // then builds again whole. Not after a failed build: the next change builds everything anyway.
                if changes.isEmpty {
                    guard await live.failure == nil, OutputLoss.of(output: options.output) != nil else { continue }
                }
                let event = await site.build(changes)
                // Reported before open pages reload, so that whoever reads the report has it once they do.
                onBuild(event)
                await live.built(event)
            }
        } onGracefulShutdown: {
            inbox.close()
            Task { await live.finish() }
        }
        heartbeat.cancel()
        watcher.stop()
        await live.finish()
    }
}
