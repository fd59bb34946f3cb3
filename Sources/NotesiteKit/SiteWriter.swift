import Foundation

/// Stage 6: writes the site into a staging folder inside the output folder, then swaps it into place.
///
/// Nothing is written outside the output folder; if writing fails, the previous site stays as it was. Entries of
/// the output folder whose names start with `.` (such as a committed `.gitignore`) are left alone.
public struct SiteWriter {
    public let output: URL
    private let staging: URL
    private let previous: URL
    /// `output` and `staging` as paths, which writing each file joins with the file's path.
    private let outputPath: String
    private let stagingPath: String
    private let fm = FileManager.default

    public init(output: URL) {
        self.output = output
        self.staging = output.appendingPathComponent(".notesite-staging")
        self.previous = output.appendingPathComponent(".notesite-previous")
        self.outputPath = output.path
        self.stagingPath = staging.path
    }

    /// Writes `files`, replacing the previous site only once all of them are on disk.
    public func write(_ files: [OutputFile]) throws {
        let staging = try begin()
        do {
            for file in files { try staging.add(file) }
        } catch {
            staging.abandon()
            throw error
        }
        try staging.commit()
    }

    /// Starts a complete new site in the staging folder; files are added one by one (so a large site is never
    /// held in memory as a whole) and the site is swapped in by `commit()`.
    public func begin() throws -> Staging {
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        return Staging(writer: self)
    }

    /// A site being written into the staging folder. Files may be added from several threads at once.
    public final class Staging: @unchecked Sendable {
        let writer: SiteWriter
        /// The folders made so far; guarded by `lock`.
        private var made: Set<String> = [""]
        private let lock = NSLock()
        /// The manifest of the site in the output folder, and the one of the files staged so far (guarded by
        /// `lock`).
        private let previous: SiteManifest
        private var staged = SiteManifest()

        init(writer: SiteWriter) {
            self.writer = writer
            previous = SiteManifest.load(from: writer.outputPath)
        }

        /// Stages `file`; returns the hash of its bytes (nil for a copied file), worked out to tell whether the old
        /// site has it already.
        @discardableResult
        public func add(_ file: OutputFile) throws -> ContentHash? {
            try writer.put(file, under: writer.stagingPath, atomically: false, staging: self) { folder in
                try lock.withLock {
                    guard !made.contains(folder) else { return }
                    try writer.fm.createDirectory(at: writer.staging.appendingPathComponent(folder), withIntermediateDirectories: true)
                    made.insert(folder)
                }
            }
        }

        /// Whether the old site's file `path`, at `current`, holds `bytes` (whose hash is `hash`): told by the
        /// manifest when the file is as it was written, else by reading it.
        fileprivate func oldFile(_ path: String, at current: String, holds bytes: UnsafeRawBufferPointer,
                                 hash: ContentHash) -> Bool {
            if let record = previous.records[path], let found = SiteManifest.identity(at: current),
               found.size == record.size, found.inode == record.inode, found.modified == record.modified {
                return record.size == bytes.count && record.hash == hash
            }
            return SiteWriter.file(at: current, holds: bytes)
        }

        /// Notes the staged file for the new manifest.
        fileprivate func record(_ path: String, hash: ContentHash, at target: String) {
            guard SiteManifest.canRecord(path), let found = SiteManifest.identity(at: target) else { return }
            let record = SiteManifest.Record(hash: hash, size: found.size, inode: found.inode, modified: found.modified)
            lock.withLock { staged.records[path] = record }
        }

        /// Puts the new site in place of the old one, then its manifest in place of the old site's. A manifest
        /// that cannot be written costs the next build only the reading it saves, so that is not an error.
        public func commit() throws {
            try writer.swap()
            let manifest = lock.withLock { staged }
            let temporary = writer.outputPath + "/" + SiteManifest.fileName + "-" + UUID().uuidString
            var text = manifest.text()
            do {
                try text.withUTF8 { try SiteWriter.write(UnsafeRawBufferPointer($0), to: temporary) }
                if rename(temporary, writer.outputPath + "/" + SiteManifest.fileName) != 0 { unlink(temporary) }
            } catch {
                unlink(temporary)
            }
        }

        /// Forgets the staged files; the previous site stays.
        public func abandon() {
            try? writer.fm.removeItem(at: writer.staging)
        }
    }

    /// Replaces one file of the site in place, atomically: readers see the old file or the new one, never half.
    public func replace(_ file: OutputFile) throws {
        try put(file, under: outputPath, atomically: true) { folder in
            try fm.createDirectory(at: output.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
    }

    /// Deletes one file of the site, if it is there.
    public func remove(_ path: String) throws {
        guard Self.isSafe(path) else {
            throw NotesiteError.outputInvalid(path: path, reason: "the path leaves the output folder")
        }
        let url = output.appendingPathComponent(path)
        if fm.fileExists(atPath: url.path) { try fm.removeItem(at: url) }
    }

    /// Writes `file` below `root`, after `makeFolder` has made sure its folder (a path below `root`) exists.
    /// `staging`: the site being staged. When the site in the output folder already has the file with the same
    /// text, the staged file is a hard link to it instead of a copy. Deleting the old site then frees no blocks for
    /// the files that did not change, which on a file system that discards freed blocks costs more than writing
    /// them. Returns the hash of the bytes written when staging, which hashes them.
    @discardableResult
    private func put(_ file: OutputFile, under root: String, atomically: Bool, staging: Staging? = nil,
                     makeFolder: (String) throws -> Void) throws -> ContentHash? {
        guard Self.isSafe(file.path) else {
            throw NotesiteError.outputInvalid(path: file.path, reason: "the path leaves the output folder")
        }
        let folder = String(file.path.split(separator: "/").dropLast().joined(separator: "/"))
        try makeFolder(folder)
        // Paths as strings: a URL made for each of thousands of files was a visible part of writing them.
        let destination = root + "/" + file.path
        // Atomically: into a hidden file beside the destination, then renamed over it in one step.
        let target = atomically ? root + "/" + (folder.isEmpty ? "" : folder + "/") + ".notesite-\(UUID().uuidString)" : destination
        var hashed: ContentHash?
        func put(_ bytes: UnsafeRawBufferPointer) throws {
            guard let staging else {
                try Self.write(bytes, to: target)
                return
            }
            let current = outputPath + "/" + file.path
            let hash = ContentHash.of(bytes)
            if !(staging.oldFile(file.path, at: current, holds: bytes, hash: hash) && link(current, target) == 0) {
                try Self.write(bytes, to: target)
            }
            staging.record(file.path, hash: hash, at: target)
            hashed = hash
        }
        switch file.contents {
        case .text(var text):
            try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
        case .bytes(let bytes):
            try bytes.withUnsafeBytes { try put($0) }
        case .copy(let source):
            try? fm.removeItem(atPath: target)
            try fm.copyItem(atPath: source.path, toPath: target)
        }
        if atomically, rename(target, destination) != 0 {
            let reason = String(cString: strerror(errno))
            unlink(target)
            throw NotesiteError.writeFailed(path: file.path, reason: reason)
        }
        return hashed
    }

    /// Writes `bytes` to a new or truncated file. Plain `write(2)` calls: Foundation's `Data.write` also calls
    /// `fsync` for every file, which made writing 4,000 files of a site take longer than rendering them. A site
    /// can be built again; it does not need each file on the platter before the next is written.
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw NotesiteError.writeFailed(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        let failure: Int32? = {
            var offset = 0
            while offset < bytes.count {
                let count = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += count
            }
            return nil
        }()
        if let failure {
            throw NotesiteError.writeFailed(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// Whether the regular file at `path` holds exactly `bytes` (false when it cannot be read).
    static func file(at path: String, holds bytes: UnsafeRawBufferPointer) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size == bytes.count else { return false }
        guard let base = bytes.baseAddress else { return true }
        var chunk = [UInt8](repeating: 0, count: min(bytes.count, 1 << 16))
        var offset = 0
        while offset < bytes.count {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, min($0.count, bytes.count - offset)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0, chunk.withUnsafeBytes({ memcmp($0.baseAddress!, base + offset, count) }) == 0 else { return false }
            offset += count
        }
        return true
    }

    /// Moves the old site aside, the new one in, and deletes the old one.
    /// Puts the staged site in place entry by entry, so the output folder is never empty while it happens: a file
    /// replaces the old one in one `rename`; a folder moves in right after the old one moves aside. Old entries the
    /// new site lacks go last.
    fileprivate func swap() throws {
        try? Self.removeTree(at: previous.path)
        try fm.createDirectory(at: previous, withIntermediateDirectories: true)
        let incoming = try fm.contentsOfDirectory(atPath: staging.path)
        for name in incoming {
            let new = staging.appendingPathComponent(name)
            let old = output.appendingPathComponent(name)
            var oldIsFolder: ObjCBool = false
            var newIsFolder: ObjCBool = false
            let oldExists = fm.fileExists(atPath: old.path, isDirectory: &oldIsFolder)
            _ = fm.fileExists(atPath: new.path, isDirectory: &newIsFolder)
            if oldExists, oldIsFolder.boolValue || newIsFolder.boolValue {
                try fm.moveItem(at: old, to: previous.appendingPathComponent(name))
            }
            // rename(2) replaces a file atomically; a folder's place is empty by now.
            guard rename(new.path, old.path) == 0 else {
                throw NotesiteError.outputInvalid(path: old.path, reason: String(cString: strerror(errno)))
            }
        }
        for name in try fm.contentsOfDirectory(atPath: output.path) where !name.hasPrefix(".") && !incoming.contains(name) {
            try fm.moveItem(at: output.appendingPathComponent(name), to: previous.appendingPathComponent(name))
        }
        try fm.removeItem(at: staging)
        try Self.removeTree(at: previous.path)
    }

    /// Deletes the folder at `path` with everything in it, its files on both cores, some hundreds at a time: on
    /// one thread, deleting the old copy of a 10,000-note site (20,000 files) took 0.15–0.2 s, all of it after the
    /// new site was in place. Symbolic links are deleted, not followed.
    static func removeTree(at path: String) throws {
        var files: [String] = []
        var folders: [String] = []
        var pending = [path]
        while let folder = pending.popLast() {
            folders.append(folder)
            guard let listing = opendir(folder) else {
                throw NotesiteError.writeFailed(path: folder, reason: String(cString: strerror(errno)))
            }
            defer { closedir(listing) }
            while let entry = readdir(listing) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
                guard name != ".", name != ".." else { continue }
                let child = folder + "/" + name
                var isFolder = Int32(entry.pointee.d_type) == DT_DIR
                if Int32(entry.pointee.d_type) == DT_UNKNOWN {
                    // A file system that does not say in the listing.
                    var info = stat()
                    isFolder = lstat(child, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
                }
                if isFolder { pending.append(child) } else { files.append(child) }
            }
        }
        let batches = stride(from: 0, to: files.count, by: 256).map { Array(files[$0..<min($0 + 256, files.count)]) }
        let failures = batches.parallelMap { batch -> (String, Int32)? in
            for file in batch where unlink(file) != 0 && errno != ENOENT { return (file, errno) }
            return nil
        }
        if let (file, code) = failures.lazy.compactMap({ $0 }).first {
            throw NotesiteError.writeFailed(path: file, reason: String(cString: strerror(code)))
        }
        // Deepest first: a folder is listed before the folders inside it.
        for folder in folders.reversed() where rmdir(folder) != 0 && errno != ENOENT {
            throw NotesiteError.writeFailed(path: folder, reason: String(cString: strerror(errno)))
        }
    }

    /// A relative path with no `..`, no empty or `.` component and no leading `/`.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}
