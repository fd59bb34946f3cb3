import Foundation

/// One writer at a time in an output folder: an advisory lock (`flock`) on `.notesite-lock` inside it, held while a
/// build stages and puts its site in place, and while `notesite serve` writes a rebuild. Two builds into one folder
/// (two terminals, an editor's build task beside serve, two CI jobs on one runner) otherwise interleave their files
/// and leave pages of both.
///
/// The lock file holds the holder's process id, for the message of the one that waits. The system lets go of the
/// lock when its holder exits, however it exits, so a lock is never left behind by a dead process.
public final class OutputLock {
    static let fileName = ".notesite-lock"

    /// Whether a second writer waits for the first, and what it is told meanwhile.
    public enum Contention: Sendable {
        /// Wait, after calling the handler once with the holder's process id (nil when it cannot be read).
        case wait(@Sendable (_ holder: Int32?) -> Void)
        /// Fail at once with `NotesiteError.outputBusy`.
        case fail
    }

    private var descriptor: Int32
    let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { release() }

    /// Takes the lock of the output folder `folder`, which must exist; `display` names it in messages.
    /// `makeFolder` makes the folder again when a writer that made it and failed removed it meanwhile.
    static func acquire(folder: String, display: String, contention: Contention,
                        makeFolder: () throws -> Void) throws -> OutputLock {
        let path = folder + "/" + fileName
        var told = false
        while true {
            try makeFolder()
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else {
                throw NotesiteError.writeFailed(path: path, reason: String(cString: strerror(errno)) + "; notesite keeps its lock there while it writes the site")
            }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                let code = errno
                guard code == EWOULDBLOCK else {
                    close(descriptor)
                    throw NotesiteError.writeFailed(path: path, reason: String(cString: strerror(code)))
                }
                switch contention {
                case .fail:
                    let holder = Self.holder(descriptor)
                    close(descriptor)
                    throw NotesiteError.outputBusy(path: display, holder: holder)
                case .wait(let tell):
                    if !told { tell(Self.holder(descriptor)) }
                    told = true
                    while flock(descriptor, LOCK_EX) != 0 {
                        guard errno == EINTR else {
                            let reason = String(cString: strerror(errno))
                            close(descriptor)
                            throw NotesiteError.writeFailed(path: path, reason: reason)
                        }
                    }
                }
            }
            // The file locked must still be the one at the path: a first build that failed removes the folder it
            // made, lock file and all, and a writer that waited on that file locks the next one instead.
            var locked = stat()
            var current = stat()
            if fstat(descriptor, &locked) == 0, lstat(path, &current) == 0,
               locked.st_ino == current.st_ino, locked.st_dev == current.st_dev {
                let pid = Array("\(getpid())\n".utf8)
                _ = ftruncate(descriptor, 0)
                _ = pid.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
                return OutputLock(descriptor: descriptor, path: path)
            }
            close(descriptor)
        }
    }

    /// Lets go of the lock (once).
    func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    /// The process id the lock file at `descriptor` names, if any.
    private static func holder(_ descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
