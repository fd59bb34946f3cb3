#if os(Linux)
import Foundation
import Glibc
import NotesiteKit

/// Watches the content and templates folders with inotify: one watch on every folder below them (new folders are
/// watched as they appear), read on a dispatch queue only when the kernel has events, so an idle server does no
/// work at all. Hidden folders (`.git`) and the names the site skips are neither watched nor reported.
///
/// When the kernel's queue overflows, or a watched root folder is moved or deleted, it reports `everything`; a
/// root that is gone is looked for again twice a second until it is back.
final class InotifyWatcher: FolderWatcher, @unchecked Sendable {
    enum Failure: Error, Equatable {
        /// `inotify_init1` failed: the per-user limit of inotify instances (`fs.inotify.max_user_instances`), or
        /// a kernel without inotify.
        case unavailable(errno: Int32)
        /// `inotify_add_watch` failed with ENOSPC: the per-user limit of watches (`fs.inotify.max_user_watches`).
        case limitReached(path: String)

        var message: String {
            switch self {
            case .unavailable(let code):
                "inotify is not available (\(String(cString: strerror(code)))); raise fs.inotify.max_user_instances if too many programs use it"
            case .limitReached(let path):
                "cannot watch \(path): the limit of inotify watches per user is reached; raise it with sysctl fs.inotify.max_user_watches=524288"
            }
        }
    }

    enum Root: Sendable { case content, templates }

    /// A watched folder: below which root, at which path relative to it ("" for the root itself).
    private struct Place: Hashable {
        let root: Root
        let path: String

        func child(_ name: String) -> Place { Place(root: root, path: path.isEmpty ? name : path + "/" + name) }
        func contains(_ other: Place) -> Bool {
            other.root == root && (path.isEmpty || other.path == path || other.path.hasPrefix(path + "/"))
        }
    }

    private static let mask = UInt32(IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM
        | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF) | UInt32(IN_ONLYDIR | IN_DONT_FOLLOW | IN_EXCL_UNLINK)

    private let rootPaths: [Root: String]
    private let descriptor: Int32
    /// Everything below is touched on this queue only, once started.
    private let queue = DispatchQueue(label: "notesite.inotify")
    /// A watch descriptor's folders: usually one; two when the templates folder is inside the content folder.
    private var places: [Int32: [Place]] = [:]
    private var watches: [Place: Int32] = [:]
    private var lostRoots: Set<Root> = []
    private var source: (any DispatchSourceRead)?
    private var retry: (any DispatchSourceTimer)?
    private var deliver: (@Sendable (FolderChanges) -> Void)?
    private var stopped = false

    /// Called (off the queue) when watching cannot go on, such as a new folder past the watch limit.
    var onFailure: (@Sendable (Failure) -> Void)?

    var method: String { "inotify" }

    /// How many folders are watched, for the tests.
    var watchCount: Int { queue.sync { watches.count } }

    /// Sets up the watches at once, so that changes made between this and `start` are reported by `start`.
    init(options: SiteOptions) throws(Failure) {
        rootPaths = [.content: options.content.standardizedFileURL.path,
                     .templates: options.templates.standardizedFileURL.path]
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .unavailable(errno: errno) }
        do {
            for root in [Root.content, .templates] { try watchTree(Place(root: root, path: "")) }
        } catch {
            close(descriptor)
            throw error
        }
    }

    func start(_ deliver: @escaping @Sendable (FolderChanges) -> Void) {
        queue.sync {
            guard source == nil, !stopped else { return }
            self.deliver = deliver
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            // Strong references: `stop` cancels the source, which lets its handlers go.
            source.setEventHandler { self.readEvents() }
            let descriptor = self.descriptor
            source.setCancelHandler { close(descriptor) }
            self.source = source
            source.resume()
            if !lostRoots.isEmpty { scheduleRetry() }
        }
    }

    func stop() {
        queue.sync {
            guard !stopped else { return }
            stopped = true
            retry?.cancel()
            retry = nil
            deliver = nil
            if let source { source.cancel() } else { close(descriptor) }
        }
    }

    // MARK: Watches

    /// Watches `place` and every folder below it. A folder that is gone, not a folder or not readable is passed
    /// over (the snapshot does not see into it either); only the watch limit is an error.
    private func watchTree(_ place: Place) throws(Failure) {
        guard let rootPath = rootPaths[place.root] else { return }
        let path = place.path.isEmpty ? rootPath : rootPath + "/" + place.path
        let watch = inotify_add_watch(descriptor, path, Self.mask)
        guard watch >= 0 else {
            if errno == ENOSPC { throw .limitReached(path: path) }
            if place.path.isEmpty { lostRoots.insert(place.root) }
            return
        }
        if place.path.isEmpty { lostRoots.remove(place.root) }
        if !(places[watch]?.contains(place) ?? false) { places[watch, default: []].append(place) }
        watches[place] = watch
        for name in Self.subfolders(of: path) {
            try watchTree(place.child(name))
        }
    }

    /// The folders directly in `path` that the site reads: not hidden, not links.
    private static func subfolders(of path: String) -> [String] {
        guard let directory = opendir(path) else { return [] }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != "..", !ContentLoader.isIgnored(name) else { continue }
            switch Int32(entry.pointee.d_type) {
            case Int32(DT_DIR): names.append(name)
            case Int32(DT_UNKNOWN):
                var info = stat()
                if fstatat(dirfd(directory), name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR {
                    names.append(name)
                }
            default: break
            }
        }
        return names
    }

    /// Stops watching `place` and the folders below it: it was moved away or deleted.
    private func unwatchTree(_ place: Place) {
        for (watched, watch) in watches where place.contains(watched) {
            watches[watched] = nil
            places[watch]?.removeAll { $0 == watched }
            if places[watch]?.isEmpty ?? false {
                places[watch] = nil
                inotify_rm_watch(descriptor, watch)
            }
        }
    }

    /// Looks for lost root folders twice a second until they are back, then reports everything once.
    private func scheduleRetry() {
        guard retry == nil, !stopped else { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.schedule(deadline: .now() + .milliseconds(500), repeating: .milliseconds(500))
        timer.setEventHandler { [self] in
            for root in lostRoots { addWatches(Place(root: root, path: "")) }
            guard lostRoots.isEmpty else { return }
            retry?.cancel()
            retry = nil
            deliver?(.everything)
        }
        retry = timer
        timer.resume()
    }

    /// `watchTree`, handing the watch limit to `onFailure`.
    private func addWatches(_ place: Place) {
        do {
            try watchTree(place)
        } catch {
            let onFailure = self.onFailure
            DispatchQueue.global().async { onFailure?(error) }
        }
    }

    // MARK: Events

    private func readEvents() {
        var changes = FolderChanges()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !stopped {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                // struct inotify_event: int wd; uint32_t mask, cookie, len; char name[len] (NUL-padded).
                while offset + 16 <= count {
                    let watch = raw.loadUnaligned(fromByteOffset: offset, as: Int32.self)
                    let mask = raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let bytes = raw[(offset + 16)..<min(offset + 16 + length, count)]
                    let name = String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
                    offset += 16 + length
                    handle(watch: watch, mask: mask, name: name, into: &changes)
                }
            }
        }
        if !changes.isEmpty { deliver?(changes) }
    }

    private func handle(watch: Int32, mask: UInt32, name: String, into changes: inout FolderChanges) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            // Events were dropped, folders made meanwhile among them: watch what is there now, look at everything.
            changes.rescan = true
            for root in [Root.content, .templates] { addWatches(Place(root: root, path: "")) }
            return
        }
        guard let watched = places[watch] else { return }
        if mask & UInt32(IN_IGNORED) != 0 {
            // The kernel dropped the watch: its folder was deleted, or the file system unmounted.
            places[watch] = nil
            for place in watched where watches[place] == watch { watches[place] = nil }
            lostRoot(in: watched, into: &changes)
            return
        }
        if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
            // A folder below a root is reported by its parent too; a root itself has no parent watched.
            if watched.contains(where: { $0.path.isEmpty }) {
                for place in watched { unwatchTree(place) }
                lostRoot(in: watched, into: &changes)
            }
            return
        }
        guard !name.isEmpty, !ContentLoader.isIgnored(name) else { return }
        for place in watched {
            let child = place.child(name)
            switch place.root {
            case .content: changes.content.insert(child.path)
            case .templates: changes.templates.insert(child.path)
            }
            guard mask & UInt32(IN_ISDIR) != 0 else { continue }
            if mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 { unwatchTree(child) }
            if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 { addWatches(child) }
        }
    }

    private func lostRoot(in places: [Place], into changes: inout FolderChanges) {
        let roots = places.filter(\.path.isEmpty).map(\.root)
        guard !roots.isEmpty else { return }
        lostRoots.formUnion(roots)
        changes.rescan = true
        scheduleRetry()
    }
}
#endif
