import Foundation

/// Stage 6: writes the site into a staging folder inside the output folder, then swaps it into place.
///
/// Nothing is written outside the output folder; if writing fails, the previous site stays as it was. Entries of
/// the output folder whose names start with `.` (such as a committed `.gitignore`) are left alone.
public struct SiteWriter {
    public let output: URL
    private let staging: URL
    private let previous: URL
    private let fm = FileManager.default

    public init(output: URL) {
        self.output = output
        self.staging = output.appendingPathComponent(".notesite-staging")
        self.previous = output.appendingPathComponent(".notesite-previous")
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

    /// A site being written into the staging folder.
    public final class Staging {
        let writer: SiteWriter
        private var made: Set<String> = [""]

        init(writer: SiteWriter) {
            self.writer = writer
        }

        public func add(_ file: OutputFile) throws {
            try writer.put(file, under: writer.staging, made: &made, atomically: false)
        }

        /// Puts the new site in place of the old one.
        public func commit() throws {
            try writer.swap()
        }

        /// Forgets the staged files; the previous site stays.
        public func abandon() {
            try? writer.fm.removeItem(at: writer.staging)
        }
    }

    /// Replaces one file of the site in place, atomically: readers see the old file or the new one, never half.
    public func replace(_ file: OutputFile) throws {
        var made: Set<String> = []
        try put(file, under: output, made: &made, atomically: true)
    }

    /// Deletes one file of the site, if it is there.
    public func remove(_ path: String) throws {
        guard Self.isSafe(path) else {
            throw NotesiteError.outputInvalid(path: path, reason: "the path leaves the output folder")
        }
        let url = output.appendingPathComponent(path)
        if fm.fileExists(atPath: url.path) { try fm.removeItem(at: url) }
    }

    private func put(_ file: OutputFile, under root: URL, made: inout Set<String>, atomically: Bool) throws {
        guard Self.isSafe(file.path) else {
            throw NotesiteError.outputInvalid(path: file.path, reason: "the path leaves the output folder")
        }
        let folder = String(file.path.split(separator: "/").dropLast().joined(separator: "/"))
        if !made.contains(folder) {
            try fm.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
            made.insert(folder)
        }
        let destination = root.appendingPathComponent(file.path)
        switch file.contents {
        case .text(let text): try Data(text.utf8).write(to: destination, options: atomically ? .atomic : [])
        case .copy(let source):
            if atomically {
                let temporary = root.appendingPathComponent(folder).appendingPathComponent(".notesite-\(UUID().uuidString)")
                try fm.copyItem(at: source, to: temporary)
                _ = try? fm.removeItem(at: destination)
                try fm.moveItem(at: temporary, to: destination)
            } else {
                try? fm.removeItem(at: destination)
                try fm.copyItem(at: source, to: destination)
            }
        }
    }

    /// Moves the old site aside, the new one in, and deletes the old one.
    /// Puts the staged site in place entry by entry, so the output folder is never empty while it happens: a file
    /// replaces the old one in one `rename`; a folder moves in right after the old one moves aside. Old entries the
    /// new site lacks go last.
    fileprivate func swap() throws {
        try? fm.removeItem(at: previous)
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
        try fm.removeItem(at: previous)
    }

    /// A relative path with no `..`, no empty or `.` component and no leading `/`.
    static func isSafe(_ path: String) -> Bool {
        guard !path.isEmpty, !path.hasPrefix("/") else { return false }
        return path.split(separator: "/", omittingEmptySubsequences: false).allSatisfy {
            !$0.isEmpty && $0 != "." && $0 != ".."
        }
    }
}
