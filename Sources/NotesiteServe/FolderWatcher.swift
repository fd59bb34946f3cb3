import Foundation
import NotesiteKit

/// Where something may have changed under the content and templates folders: paths relative to each folder (a
/// file, or a folder standing for everything below it), or everything, when the watcher lost track.
///
/// These are hints: `FolderSnapshot.refresh` looks at the paths again to learn what really changed, so a hint
/// too many costs a `stat`, never a wrong build.
public struct FolderChanges: Sendable, Equatable {
    public var content: Set<String>
    public var templates: Set<String>
    /// Look at every file again (the system dropped events, or a watched folder itself was moved).
    public var rescan: Bool

    public init(content: Set<String> = [], templates: Set<String> = [], rescan: Bool = false) {
        self.content = content
        self.templates = templates
        self.rescan = rescan
    }

    public static let everything = FolderChanges(rescan: true)

    public var isEmpty: Bool { content.isEmpty && templates.isEmpty && !rescan }

    public mutating func formUnion(_ other: FolderChanges) {
        content.formUnion(other.content)
        templates.formUnion(other.templates)
        rescan = rescan || other.rescan
    }
}

/// Notices changes under the content and templates folders and hands them to `deliver`, on a thread of its own,
/// from `start` until `stop`. Serve's rebuild loop does not care how: the system's notifications or polling.
public protocol FolderWatcher: AnyObject, Sendable {
    /// How it watches, for the terminal and the tests: "inotify", "polling every 150 ms".
    var method: String { get }
    func start(_ deliver: @escaping @Sendable (FolderChanges) -> Void)
    func stop()
}

/// Takes a full `FolderSnapshot` every `interval` and hands on the files that differ from the last one. Works on
/// every system and file system (network folders included), at the cost of a `stat` per file per look: about 5%
/// of a core on 2,000 notes at 150 ms.
public final class PollingWatcher: FolderWatcher, @unchecked Sendable {
    let options: SiteOptions
    let interval: Duration
    /// The timer and the last look are touched on this queue only: looking never waits for, or holds up, the
    /// threads that answer requests.
    private let queue = DispatchQueue(label: "notesite.polling")
    private var timer: (any DispatchSourceTimer)?

    public var method: String { "polling every \(Int((interval / .milliseconds(1)).rounded())) ms" }

    public init(options: SiteOptions, interval: Duration) {
        self.options = options
        self.interval = interval
    }

    public func start(_ deliver: @escaping @Sendable (FolderChanges) -> Void) {
        let options = self.options
        // Taken here, so that a change made once `start` returns is seen by the first look.
        var snapshot = FolderSnapshot(options: options)
        let nanoseconds = Int(interval / .nanoseconds(1))
        queue.sync {
            guard timer == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: queue)
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            timer.setEventHandler {
                let now = FolderSnapshot(options: options)
                guard now != snapshot else { return }
                let changes = now.changes(since: snapshot)
                snapshot = now
                deliver(FolderChanges(content: changes.content, templates: changes.templates ? [""] : []))
            }
            self.timer = timer
            timer.resume()
        }
    }

    public func stop() {
        queue.sync {
            timer?.cancel()
        }
    }
}

/// How serve watches: the system's notifications where there are any (inotify on Linux), else polling.
public enum WatchMethod: Sendable, Equatable {
    /// inotify on Linux, falling back to polling every `interval` where it is unavailable or fails; polling on
    /// other systems.
    case automatic
    /// Polling only: for network folders, whose changes made on other machines the system does not report.
    case polling
}

/// The watcher for `method`: inotify when it can be set up, polling otherwise. `notice` hears, once, why
/// polling is used where inotify was wanted.
public func makeFolderWatcher(_ method: WatchMethod, options: SiteOptions, interval: Duration,
                              notice: @escaping @Sendable (String) -> Void) -> any FolderWatcher {
    #if os(Linux)
    if method == .automatic {
        return FallbackWatcher(options: options, interval: interval, notice: notice)
    }
    #endif
    return PollingWatcher(options: options, interval: interval)
}

#if os(Linux)
/// inotify, and polling from the moment it cannot go on: at start (no inotify, or the watch limit is reached) or
/// later (a new folder past the limit).
final class FallbackWatcher: FolderWatcher, @unchecked Sendable {
    let options: SiteOptions
    let interval: Duration
    let notice: @Sendable (String) -> Void
    private let lock = NSLock()
    private var current: (any FolderWatcher)?
    private var stopped = false
    private var fellBack = false

    var method: String { lock.withLock { current?.method ?? "inotify" } }

    /// The inotify watcher to try first; the tests pass one that fails.
    let makeInotify: @Sendable (SiteOptions) throws(InotifyWatcher.Failure) -> InotifyWatcher

    init(options: SiteOptions, interval: Duration, notice: @escaping @Sendable (String) -> Void,
         makeInotify: @escaping @Sendable (SiteOptions) throws(InotifyWatcher.Failure) -> InotifyWatcher = { options throws(InotifyWatcher.Failure) in try InotifyWatcher(options: options) }) {
        self.options = options
        self.interval = interval
        self.notice = notice
        self.makeInotify = makeInotify
    }

    func start(_ deliver: @escaping @Sendable (FolderChanges) -> Void) {
        do {
            let inotify = try makeInotify(options)
            inotify.onFailure = { [weak self] failure in self?.fallBack(failure, deliver) }
            lock.withLock { current = inotify }
            inotify.start(deliver)
        } catch {
            fallBack(error, deliver)
        }
    }

    private func fallBack(_ failure: InotifyWatcher.Failure, _ deliver: @escaping @Sendable (FolderChanges) -> Void) {
        let polling = PollingWatcher(options: options, interval: interval)
        let (goes, previous): (Bool, (any FolderWatcher)?) = lock.withLock {
            guard !stopped, !fellBack else { return (false, nil) }
            fellBack = true
            defer { current = polling }
            return (true, current)
        }
        guard goes else { return }
        previous?.stop()
        notice("notesite: warning: \(failure.message); looking for changes by \(polling.method) instead")
        polling.start(deliver)
        // What happened between the failure and the first look is found by comparing everything once.
        deliver(.everything)
    }

    func stop() {
        let current: (any FolderWatcher)? = lock.withLock {
            stopped = true
            return self.current
        }
        current?.stop()
    }
}
#endif
