import Foundation

extension FixApplier {
    /// Why a fixed file was not written.
    public enum WriteError: Error, CustomStringConvertible, Equatable {
        /// The file's bytes are no longer the ones the fix-its were applied to: an editor saved it meanwhile.
        case changedSinceRead(String)
        case failed(String, reason: String)

        public var description: String {
            switch self {
            case .changedSinceRead(let file): "\(file) changed while it was being fixed; it was left as it is, run the check again"
            case .failed(let file, let reason): "could not write \(file): \(reason)"
            }
        }
    }

    /// Writes `fix.after` to `path` in place of `fix.before`: into a new file beside it with the same permissions,
    /// then renamed over it, so a reader sees the old file or the new one, never a part. Nothing is written when
    /// the file on disk no longer holds `fix.before`. A symbolic link is followed: the file it names is replaced,
    /// and the link stays.
    public static func write(_ fix: FileFix, to path: String) throws {
        guard fix.changed else { return }
        let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        var status = stat()
        guard stat(target, &status) == 0 else { throw WriteError.failed(fix.file, reason: String(cString: strerror(errno))) }
        let directory = (target as NSString).deletingLastPathComponent
        let name = (target as NSString).lastPathComponent
        let temporary = (directory as NSString).appendingPathComponent(".\(name).notesite-fix-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, status.st_mode & 0o7777)
        guard descriptor >= 0 else { throw WriteError.failed(fix.file, reason: String(cString: strerror(errno))) }
        var renamed = false
        defer { if !renamed { unlink(temporary) } }
        let written = fix.after.withUnsafeBytes { buffer -> Bool in
            var done = 0
            while done < buffer.count {
                let n = Foundation.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 { if errno == EINTR { continue }; return false }
                done += n
            }
            return true
        }
        // The mode asked of open() is narrowed by the umask; the file keeps its own.
        let kept = fchmod(descriptor, status.st_mode & 0o7777) == 0 && (getuid() != 0 || fchown(descriptor, status.st_uid, status.st_gid) == 0)
        let synced = fsync(descriptor) == 0
        let reason = String(cString: strerror(errno))
        close(descriptor)
        guard written, kept, synced else { throw WriteError.failed(fix.file, reason: reason) }
        // The last moment to find that the file was saved since it was read.
        guard let now = FileManager.default.contents(atPath: target), [UInt8](now) == fix.before else {
            throw WriteError.changedSinceRead(fix.file)
        }
        guard rename(temporary, target) == 0 else { throw WriteError.failed(fix.file, reason: String(cString: strerror(errno))) }
        renamed = true
    }
}
