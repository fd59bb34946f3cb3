import Foundation

/// The file-system work under `SiteWriter`: listing a folder's tree, deleting files and trees on every core, and
/// telling paths that stay inside the output folder.
extension SiteWriter {
    /// What an entry of a folder is: a regular file, a folder, or something else (a symbolic link, a pipe).
    typealias EntryKind = FolderEntry.Kind

    /// What is below `root`, by path relative to it: without following links, and without the entries of `root`
    /// whose names start with `.` when `skippingHidden`. By their bytes, as the file system tells names apart: two
    /// names that differ only in how a character is composed are two entries.
    static func entries(below root: String, skippingHidden: Bool = false) throws -> [UTF8Key: EntryKind] {
        var found: [UTF8Key: EntryKind] = [:]
        var pending = [""]
        while let folder = pending.popLast() {
            let path = folder.isEmpty ? root : root + "/" + folder
            let entries: [FolderEntry]
            switch FolderEntry.list(path) {
            case .success(let listed): entries = listed
            case .failure(let failure): throw NotesiteError.writeFailed(path: path, reason: reason(failure.code))
            }
            for entry in entries where !(skippingHidden && folder.isEmpty && entry.name.hasPrefix(".")) {
                let child = folder.isEmpty ? entry.name : folder + "/" + entry.name
                found[UTF8Key(child)] = entry.kind
                if entry.kind == .folder { pending.append(child) }
            }
        }
        return found
    }

    /// Deletes the files at `paths` (not following links), some hundreds at a time on all cores.
    static func unlinkAll(_ paths: [String]) throws {
        let failure = try firstFailure(in: paths) { file in unlink(file) == 0 || errno == ENOENT ? nil : errno }
        if let (file, code) = failure {
            throw NotesiteError.writeFailed(path: file, reason: reason(code))
        }
    }

    /// Runs `operation` (a system call on one file, returning its `errno` when it fails) on each of `paths`, some
    /// hundreds at a time on all cores; a batch stops at its first failure. The first failure in the paths' order.
    static func firstFailure(in paths: [String], _ operation: @Sendable (String) throws -> Int32?) throws -> (path: String, code: Int32)? {
        let batches = stride(from: 0, to: paths.count, by: 256).map { Array(paths[$0..<min($0 + 256, paths.count)]) }
        let failures = try batches.parallelMap { batch -> (path: String, code: Int32)? in
            for path in batch {
                if let code = try operation(path) { return (path, code) }
            }
            return nil
        }
        return failures.lazy.compactMap { $0 }.first
    }

    /// Deletes the folder at `path` with everything in it, its files on every core, some hundreds at a time: the old
    /// copy of a large site is deleted after the new site is in place, at the very end of a build, where one thread
    /// alone would leave the other cores idle (`make bench`). Symbolic links are deleted, not followed.
    /// A folder that is not there is no error: a stopped build may have deleted it already.
    static func removeTree(at path: String) throws {
        var info = stat()
        if lstat(path, &info) != 0, errno == ENOENT { return }
        let found = try entries(below: path)
        try unlinkAll(found.filter { $0.value != .folder }.map { path + "/" + $0.key.string })
        // Deepest first: a folder's path sorts before the paths inside it.
        let folders = found.filter { $0.value == .folder }.keys.map { path + "/" + $0.string }.sorted(by: >) + [path]
        for folder in folders where rmdir(folder) != 0 && errno != ENOENT {
            throw NotesiteError.writeFailed(path: folder, reason: reason(errno))
        }
    }

    /// What the system's error `code` means for a file the site writes, and what to do about it: `strerror`'s
    /// words alone ("No space left on device") do not say that a disk with room can be out of inodes, or what a
    /// denied permission asks of the user.
    static func reason(_ code: Int32) -> String {
        let words = String(cString: strerror(code))
        switch code {
        case ENOSPC: return words + "; the disk is full or out of inodes (see df -h and df -i): free some and build again. The site there was left as it was"
        case EDQUOT: return words + "; your disk quota is used up: free some and build again. The site there was left as it was"
        case EACCES, EPERM: return words + "; make it writable (chmod -R u+w) or build into another folder"
        case EROFS: return words + "; the file system is mounted read-only: build into another folder"
        default: return words
        }
    }

    /// `reason` for the system error under a Foundation file error, whose own description often names no path and
    /// says nothing of what to do.
    static func reason(of error: Error) -> String {
        if let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return reason(Int32(underlying.code))
        }
        return error.localizedDescription
    }

    /// The folder of a safe path (`isSafe`): all of it before its last `/`, or "" for a file at the top.
    static func folder(of path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return String(path[..<slash])
    }

    /// A relative path with no `..`, no empty or `.` component and no leading `/`.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        // On the bytes, as the system splits a path (and a split on `Character`s cost thousands of instructions a
        // file).
        return path.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && !$0.elementsEqual(".".utf8) && !$0.elementsEqual("..".utf8)
        }
    }
}
