import Foundation

/// Stage 6: writes the site into a staging folder inside the output folder, then swaps it into place.
///
/// Nothing is written outside the output folder; if writing fails, the previous site stays as it was. Entries of
/// the output folder whose names start with `.` (such as a committed `.gitignore`) are left alone.
public struct SiteWriter {
    public let output: URL
    let staging: URL
    let previous: URL
    /// `output` and `staging` as paths, which writing each file joins with the file's path.
    let outputPath: String
    let stagingPath: String
    let fm = FileManager.default
    /// What a writer does when another notesite is writing this output folder (`OutputLock`).
    public var contention: OutputLock.Contention = .wait { _ in }
    /// The output folder as the user named it, for messages.
    public var displayPath: String
    /// Whether files in the output folder that no build wrote are deleted (`--clean`) rather than kept
    /// (`foreignFiles`).
    public var deletesForeignFiles = false

    public init(output: URL) {
        self.displayPath = output.path
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
    /// `lock`: the output folder's lock, when the caller holds it already; otherwise the staging takes it and lets
    /// go of it when the site is in place or abandoned.
    /// `madeOutput`: whether the caller's lock made the output folder (a first build), which then holds no old site.
    public func begin(lock: OutputLock? = nil, madeOutput: Bool = false) throws -> Staging {
        let existed = !madeOutput && fm.fileExists(atPath: outputPath)
        let own = lock == nil ? try self.lock() : nil
        try? fm.removeItem(at: staging)
        try fm.createDirectory(at: staging, withIntermediateDirectories: true)
        return Staging(writer: self, madeOutput: !existed, hasOldSite: existed && hasSiteEntries(), lock: own)
    }

    /// Lets go of the output folder's `lock`; when taking it made the folder (`madeOutput`), a failed first build
    /// leaves no empty folder behind. The lock file goes first, while it is held: a writer waiting on it then locks a
    /// new one (`OutputLock`); rmdir removes only an empty folder.
    public func release(_ lock: OutputLock, madeOutput: Bool) {
        if madeOutput {
            unlink(outputPath + "/" + OutputLock.fileName)
            rmdir(outputPath)
        }
        lock.release()
    }

    /// Takes the output folder's lock (`OutputLock`), making the folder when it is missing; waits or fails as
    /// `contention` says when another notesite holds it.
    /// Then finishes putting in place a site whose build was stopped halfway (`finishInterruptedCommit`).
    public func lock() throws -> OutputLock {
        try fm.createDirectory(at: output, withIntermediateDirectories: true)
        let lock = try OutputLock.acquire(folder: outputPath, display: displayPath, contention: contention) { [output] in
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        }
        do {
            try finishInterruptedCommit()
        } catch {
            lock.release()
            throw error
        }
        return lock
    }

    /// Whether the output folder holds anything but entries whose names start with `.`: an old site, whose files
    /// the new one may keep. One that does not is never looked in for them.
    private func hasSiteEntries() -> Bool {
        guard case .success(let entries) = FolderEntry.list(outputPath) else { return true }
        return entries.contains { !$0.name.hasPrefix(".") }
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
        /// The files of the new site written to the staging folder, and those that the site in the output folder
        /// holds already, which stay where they are (both guarded by `lock`).
        private var written: [String] = []
        private var kept: [String] = []

        /// Whether `begin` made the output folder, which `abandon` then removes again.
        private let madeOutput: Bool
        /// Whether the output folder holds a site whose files the new one may keep. Without one (a first build, or
        /// one after the output was deleted), no file of the new site is looked for there: on a site of 2,000
        /// notes those were 4,000 look-ups that all failed (`make bench`, cold).
        private let hasOldSite: Bool
        /// The output folder's lock when the staging took it itself: let go of once the site is in place or
        /// abandoned.
        private let outputLock: OutputLock?
        /// The files in the output folder that no build wrote, found and kept by `commit` (none when the writer
        /// `deletesForeignFiles`).
        public private(set) var keptForeignFiles: [String] = []

        init(writer: SiteWriter, madeOutput: Bool = false, hasOldSite: Bool = true, lock: OutputLock? = nil) {
            self.writer = writer
            self.madeOutput = madeOutput
            self.hasOldSite = hasOldSite
            self.outputLock = lock
            previous = hasOldSite ? SiteManifest.load(from: writer.outputPath) : SiteManifest()
        }

        /// Stages `file`; returns the hash of its bytes (nil for a copied file), worked out to tell whether the old
        /// site has it already.
        @discardableResult
        public func add(_ file: OutputFile) throws -> ContentHash? {
            try writer.put(file, under: writer.stagingPath, atomically: false, staging: self) { folder in
                try makeFolder(folder)
            }
        }

        private func makeFolder(_ folder: String) throws {
            try lock.withLock {
                guard !made.contains(folder) else { return }
                do {
                    try writer.fm.createDirectory(at: writer.staging.appendingPathComponent(folder), withIntermediateDirectories: true)
                } catch {
                    throw NotesiteError.writeFailed(path: writer.stagingPath + "/" + folder, reason: SiteWriter.reason(of: error))
                }
                made.insert(folder)
            }
        }

        /// The record of the old site's file `path`, at `current`, when it holds `bytes` (whose hash is `hash`):
        /// told by the manifest when the file is as it was written, else by reading it. nil when it does not.
        fileprivate func oldFile(_ path: String, at current: String, holds bytes: UnsafeRawBufferPointer,
                                 hash: ContentHash) -> SiteManifest.Record? {
            guard hasOldSite else { return nil }
            if let record = previous.records[path], let found = SiteManifest.identity(at: current),
               found.size == record.size, found.inode == record.inode, found.modified == record.modified {
                return record.size == bytes.count && record.hash == hash ? record : nil
            }
            guard SiteWriter.file(at: current, holds: bytes), let found = SiteManifest.identity(at: current) else { return nil }
            return SiteManifest.Record(hash: hash, size: found.size, inode: found.inode, modified: found.modified)
        }

        /// Notes the file written to the staging folder, for the new manifest: its hash and the identity it had once
        /// written (both nil for a copy, which is listed as the site's but vouched for by nothing).
        fileprivate func record(_ path: String, hash: ContentHash?, identity: SiteManifest.Identity?) {
            let record = hash.flatMap { hash in
                identity.map { SiteManifest.Record(hash: hash, size: $0.size, inode: $0.inode, modified: $0.modified) }
            } ?? .unvouched
            lock.withLock {
                written.append(path)
                if SiteManifest.canRecord(path) { staged.records[path] = record }
            }
        }

        /// Notes that the new site's file `path` is the old site's file, as `record` describes it: it stays.
        fileprivate func keep(_ path: String, record: SiteManifest.Record) {
            lock.withLock {
                kept.append(path)
                if SiteManifest.canRecord(path) { staged.records[path] = record }
            }
        }

        /// Puts the new site and its manifest in place of the old ones. The manifest also marks the folder as a
        /// site notesite wrote, which a build requires of an output folder that is not empty (`validateOutput`);
        /// one that cannot be written costs the next build only the reading it saves (the old one, whose records
        /// no longer match the files, stays), so that is not an error.
        ///
        /// When most of the new site is in the old one already, the written files are moved into the old site
        /// one by one and the files it no longer has are deleted (`merge`): a rebuild that changed a few pages
        /// touches only those. Otherwise (or when the old site is not laid out as the new one needs, say a file
        /// where the new site has a folder), the old files that stay are linked into the staging folder and the
        /// folders are swapped (`swap`).
        public func commit() throws {
            defer { outputLock?.release() }
            let written = lock.withLock { self.written }
            let kept = lock.withLock { self.kept }
            // Only a manifest that lists every file of its site tells the files no build wrote.
            let foreign = hasOldSite && previous.listsEveryFile
                ? try writer.foreignFiles(previous: previous, site: Set((written + kept).map { UTF8Key($0) }))
                : ForeignFiles()
            let staying = foreign.quiet + (writer.deletesForeignFiles ? [] : foreign.reported)
            keptForeignFiles = writer.deletesForeignFiles ? [] : foreign.reported
            let merged = kept.count >= written.count
                ? try writer.merge(written: written, kept: kept, staying: Set(staying.map { UTF8Key($0) }))
                : false
            if merged {
                writeManifest(in: writer.outputPath)
            } else {
                try linkIntoStaging(kept + staying)
                // Swapped in with the site, so that the site is never in place without it.
                writeManifest(in: writer.stagingPath)
                try writer.swap()
            }
        }

        private func writeManifest(in folder: String) {
            let text = lock.withLock { staged }.text()
            let temporary = folder + "/" + SiteManifest.fileName + "-" + UUID().uuidString
            do {
                try text.withUnsafeBytes { try SiteWriter.write($0, to: temporary) }
                if rename(temporary, folder + "/" + SiteManifest.fileName) != 0 { unlink(temporary) }
            } catch {
                unlink(temporary)
            }
            CrashPoint.step()
        }

        /// Forgets the staged files; the previous site stays.
        public func abandon() {
            try? writer.fm.removeItem(at: writer.staging)
            if let outputLock { writer.release(outputLock, madeOutput: madeOutput) }
        }

        /// Hard links to the old site's files that stay, in the staging folder, so that it holds the whole site.
        private func linkIntoStaging(_ paths: [String]) throws {
            let failure = try SiteWriter.firstFailure(in: paths) { path in
                try makeFolder(SiteWriter.folder(of: path))
                return link(writer.outputPath + "/" + path, writer.stagingPath + "/" + path) == 0 ? nil : errno
            }
            if let (path, code) = failure {
                throw NotesiteError.writeFailed(path: path, reason: code == ENOENT || code == EEXIST
                    ? String(cString: strerror(code)) + "; it changed while the site was being built, so build again"
                    : SiteWriter.reason(code))
            }
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
    /// text, nothing is written: the old file stays (`Staging.commit`). Returns the hash of the bytes when
    /// staging, which hashes them.
    @discardableResult
    private func put(_ file: OutputFile, under root: String, atomically: Bool, staging: Staging? = nil,
                     makeFolder: (String) throws -> Void) throws -> ContentHash? {
        guard Self.isSafe(file.path) else {
            throw NotesiteError.outputInvalid(path: file.path, reason: "the path leaves the output folder")
        }
        let folder = Self.folder(of: file.path)
        // Paths as strings: a URL made for each of thousands of files was a visible part of writing them.
        let destination = root + "/" + file.path
        // Atomically: into a hidden file beside the destination, then renamed over it in one step.
        let target = atomically ? root + "/" + (folder.isEmpty ? "" : folder + "/") + ".notesite-\(UUID().uuidString)" : destination
        var hashed: ContentHash?
        func put(_ bytes: UnsafeRawBufferPointer) throws {
            guard let staging else {
                try makeFolder(folder)
                try Self.write(bytes, to: target)
                return
            }
            let hash = ContentHash.of(bytes)
            hashed = hash
            if let record = staging.oldFile(file.path, at: outputPath + "/" + file.path, holds: bytes, hash: hash) {
                staging.keep(file.path, record: record)
                return
            }
            try makeFolder(folder)
            let identity = try Self.write(bytes, to: target)
            staging.record(file.path, hash: hash, identity: identity)
        }
        switch file.contents {
        case .text(var text):
            try text.withUTF8 { try put(UnsafeRawBufferPointer($0)) }
        case .bytes(let bytes):
            try bytes.withUnsafeBytes { try put($0) }
        case .copy(let source):
            try makeFolder(folder)
            try? fm.removeItem(atPath: target)
            do {
                try fm.copyItem(atPath: source.path, toPath: target)
            } catch {
                throw NotesiteError.writeFailed(path: target, reason: Self.reason(of: error))
            }
            staging?.record(file.path, hash: nil, identity: nil)
        }
        if atomically, rename(target, destination) != 0 {
            let reason = Self.reason(errno)
            unlink(target)
            throw NotesiteError.writeFailed(path: file.path, reason: reason)
        }
        return hashed
    }

    /// Writes `bytes` to a new or truncated file; the file's identity once written (nil if `fstat` fails). Plain
    /// `write(2)` calls: Foundation's `Data.write` also calls `fsync` for every file, which made writing 4,000 files
    /// of a site take longer than rendering them. A site can be built again; it does not need each file on the
    /// platter before the next is written.
    @discardableResult
    static func write(_ bytes: UnsafeRawBufferPointer, to path: String) throws -> SiteManifest.Identity? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw NotesiteError.writeFailed(path: path, reason: Self.reason(errno))
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
            throw NotesiteError.writeFailed(path: path, reason: Self.reason(failure))
        }
        var info = stat()
        return fstat(descriptor, &info) == 0 ? SiteManifest.Identity(info) : nil
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
}
