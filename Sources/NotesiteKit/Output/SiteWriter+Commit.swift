import Foundation

/// Putting a staged site in place of the old one: by swapping the top-level entries (`swap`) or moving the new files
/// into the old site (`merge`), each behind a journal (`CommitJournal`) that lets the next writer finish the moves
/// of a build stopped among them (`finishInterruptedCommit`).
extension SiteWriter {
    /// Finishes the commit a stopped build left halfway, as its journal lists it (`CommitJournal`), so that the
    /// output folder holds one whole site; and deletes what a build stopped before its commit left: its staging
    /// folder, the old site's entries moved aside, a manifest half written. Called with the output folder locked.
    func finishInterruptedCommit() throws {
        if let journal = try CommitJournal.load(from: outputPath) {
            switch journal.kind {
            case .swap: try finishSwap(incoming: journal.incoming, removed: journal.removed)
            case .merge: try finishMerge(written: journal.incoming, gone: journal.removed, emptied: journal.emptied)
            }
        }
        guard case .success(let entries) = FolderEntry.list(outputPath) else { return }
        for entry in entries {
            if entry.name == ".notesite-staging" || entry.name == ".notesite-previous" {
                try Self.removeTree(at: outputPath + "/" + entry.name)
            } else if entry.name.hasPrefix(SiteManifest.fileName + "-") || entry.name.hasPrefix(CommitJournal.fileName + "-") {
                unlink(outputPath + "/" + entry.name)
            }
        }
    }

    /// Moves the old site aside, the new one in, and deletes the old one.
    /// Puts the staged site in place entry by entry, so the output folder is never empty while it happens: a file
    /// replaces the old one in one `rename`; a folder moves in right after the old one moves aside. Old entries the
    /// new site lacks go last.
    func swap() throws {
        let incoming = try fm.contentsOfDirectory(atPath: staging.path)
        let outgoing = try fm.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        // Every old folder moves aside whole, which the system allows only when the folder itself can be written
        // (its `..` changes): checked for all of them before the first move, so that one that cannot be moved
        // stops the build with the old site as it was, rather than halfway.
        try Self.requireWritable(outputPath)
        for name in outgoing {
            var isFolder: ObjCBool = false
            if fm.fileExists(atPath: outputPath + "/" + name, isDirectory: &isFolder), isFolder.boolValue {
                try Self.requireWritable(outputPath + "/" + name)
            }
        }
        let removed = outgoing.filter { !incoming.contains($0) && !Self.hostFiles.contains($0) }
        try CommitJournal(kind: .swap, incoming: incoming, removed: removed).write(in: outputPath)
        try finishSwap(incoming: incoming, removed: removed)
    }

    /// The moves of `swap` from wherever they stopped: each staged entry of `incoming` still in the staging folder
    /// moves in (the old entry aside first when either is a folder), then the old entries `removed` move aside, and
    /// the staging folder, the old entries and the journal are deleted.
    func finishSwap(incoming: [String], removed: [String]) throws {
        try? Self.removeTree(at: previous.path)
        try fm.createDirectory(at: previous, withIntermediateDirectories: true)
        for name in incoming {
            let new = staging.appendingPathComponent(name)
            let old = output.appendingPathComponent(name)
            var oldIsFolder: ObjCBool = false
            var newIsFolder: ObjCBool = false
            // Moved in already, by the build this one finishes.
            guard fm.fileExists(atPath: new.path, isDirectory: &newIsFolder) else { continue }
            let oldExists = fm.fileExists(atPath: old.path, isDirectory: &oldIsFolder)
            if oldExists, oldIsFolder.boolValue || newIsFolder.boolValue {
                try moveAside(old, to: previous.appendingPathComponent(name))
                CrashPoint.step()
            }
            // rename(2) replaces a file atomically; a folder's place is empty by now.
            guard rename(new.path, old.path) == 0 else {
                throw NotesiteError.writeFailed(path: old.path, reason: Self.reason(errno))
            }
            CrashPoint.step()
        }
        for name in removed where fm.fileExists(atPath: outputPath + "/" + name) {
            try moveAside(output.appendingPathComponent(name), to: previous.appendingPathComponent(name))
            CrashPoint.step()
        }
        try Self.removeTree(at: stagingPath)
        CrashPoint.step()
        try Self.removeTree(at: previous.path)
        CrashPoint.step()
        CommitJournal.remove(from: outputPath)
    }

    /// Files at the top of the output folder that a host reads and a build never deletes, though it did not write
    /// them: GitHub Pages' custom domain, and Netlify's and Cloudflare Pages' headers and redirects. (Names that
    /// start with `.`, such as `.nojekyll`, are kept too.)
    public static let hostFiles: Set<String> = ["CNAME", "_headers", "_redirects"]

    /// Moves the old site's entry `old` to `aside`, naming it when that fails.
    private func moveAside(_ old: URL, to aside: URL) throws {
        do {
            try fm.moveItem(at: old, to: aside)
        } catch {
            throw NotesiteError.writeFailed(path: old.path, reason: Self.reason(of: error))
        }
    }

    /// Throws, naming `folder` and what to do, unless this process may make, rename and delete entries in it.
    static func requireWritable(_ folder: String) throws {
        guard access(folder, W_OK | X_OK) != 0 else { return }
        let reason = String(cString: strerror(errno))
        throw NotesiteError.writeFailed(path: folder, reason: reason + "; the build replaces what is in it, so make it writable (chmod -R u+w) or build into another folder. The site there was left as it was")
    }

    /// Moves the staged files `written` into the old site, over the files they replace, and deletes the old
    /// site's files that are neither those nor `kept` (the old files that stay), and the folders left empty.
    /// Entries of the output folder whose names start with `.` are left alone, as by `swap`. Returns false,
    /// having changed no file (at most made a folder the new site has), when the old site is not laid out as the
    /// new one needs: a kept file is not a plain
    /// file in a plain folder of the site (it changed meanwhile, or a folder on its way is a link), or a written
    /// file's place or a folder on its way is something else in the old site. Throws when a written file cannot
    /// be moved in; the journal then lets the next writer finish the moves (`finishInterruptedCommit`).
    func merge(written: [String], kept: [String], staying: Set<UTF8Key>) throws -> Bool {
        guard let old = try? Self.entries(below: outputPath, skippingHidden: true) else { return false }
        var folders: Set<UTF8Key> = []
        for path in written + kept {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                guard folders.insert(UTF8Key(String(folder))).inserted else { break }
            }
        }
        guard kept.allSatisfy({ old[UTF8Key($0)] == .file }),
              written.allSatisfy({ old[UTF8Key($0)] != .folder }),
              folders.allSatisfy({ old[$0] == nil || old[$0] == .folder })
        else { return false }
        // Every old folder a file is moved into, or deleted from, must be writable, checked before the first move:
        // one that is not stops the build with the old site as it was, not part old and part new.
        var touched: Set<String> = []
        for path in written where old[UTF8Key(Self.folder(of: path))] != nil || Self.folder(of: path).isEmpty {
            touched.insert(Self.folder(of: path))
        }
        // The old files the new site does not have, deleted below: none, most times, which counting tells without a
        // set of the site's 20,000 paths (the kept files are old files, each once).
        let oldFiles = old.values.reduce(0) { $0 + ($1 == .folder ? 0 : 1) }
        let writtenPaths = Set(written.map { UTF8Key($0) })
        let replaced = writtenPaths.reduce(0) { $0 + (old[$1] == nil ? 0 : 1) }
        var gone: [String] = []
        if oldFiles > kept.count + replaced {
            let site = writtenPaths.union(kept.map { UTF8Key($0) })
            gone = old.filter { $0.value != .folder && !site.contains($0.key) && !staying.contains($0.key) && !Self.hostFiles.contains($0.key.string) }.map(\.key.string)
            for path in gone { touched.insert(Self.folder(of: path)) }
        }
        for folder in touched.sorted() {
            try Self.requireWritable(folder.isEmpty ? outputPath : outputPath + "/" + folder)
        }
        // Parents first: a folder's path sorts before the paths inside it.
        for folder in folders.filter({ old[$0] == nil }).map(\.string).sorted() {
            if mkdir(outputPath + "/" + folder, 0o755) != 0 && errno != EEXIST { return false }
        }
        let emptied = old.filter { $0.value == .folder && !folders.contains($0.key) }.keys.map(\.string)
        try CommitJournal(kind: .merge, incoming: written, removed: gone, emptied: emptied).write(in: outputPath)
        try finishMerge(written: written, gone: gone, emptied: emptied)
        return true
    }

    /// The moves of `merge` from wherever they stopped: each staged file of `written` still in the staging folder
    /// moves over its old copy, the old files `gone` are deleted, then the folders `emptied` where nothing is left,
    /// the staging folder and the journal.
    func finishMerge(written: [String], gone: [String], emptied: [String]) throws {
        for path in written where rename(stagingPath + "/" + path, outputPath + "/" + path) != 0 {
            // Moved in already, by the build this one finishes.
            if errno == ENOENT, access(stagingPath + "/" + path, F_OK) != 0 { continue }
            throw NotesiteError.writeFailed(path: outputPath + "/" + path, reason: Self.reason(errno))
        }
        CrashPoint.step()
        if !gone.isEmpty {
            try? Self.unlinkAll(gone.map { outputPath + "/" + $0 })
            CrashPoint.step()
        }
        // Deepest first; a folder that something was put in meanwhile stays.
        for folder in emptied.sorted(by: >) {
            rmdir(outputPath + "/" + folder)
        }
        try? Self.removeTree(at: stagingPath)
        CrashPoint.step()
        CommitJournal.remove(from: outputPath)
    }
}
