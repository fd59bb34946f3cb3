import Foundation

/// The day each file of the content folder was first committed, for a note that gives no date of its own, when the
/// folder is in a git work tree. git is asked once, for every file (one `git log` over the folder), and only when a
/// note asks: a site whose notes all have dates never starts it. A run's loader holds one, so each run asks again
/// (a note committed since then gets its day).
public final class CommitDates: @unchecked Sendable {
    private let root: URL
    private let lock = NSLock()
    private var dates: [String: NoteDate]?

    public init(root: URL) {
        self.root = root
    }

    /// The day the file at `path` (below the content folder, `notes/en/a.md`) was first committed, following
    /// renames; nil when it is not committed, the folder is not in a work tree, or there is no `git`.
    public func date(of path: String) -> NoteDate? {
        lock.lock()
        defer { lock.unlock() }
        if dates == nil { dates = Self.read(root) }
        return dates?[path]
    }

    /// Every committed file's first day, by path below `root`.
    static func read(_ root: URL) -> [String: NoteDate] {
        guard let git = executable("git") else { return [:] }
        let process = Process()
        process.executableURL = git
        // Oldest first, so that a rename carries the day its old name was added; NUL-separated, so that any name
        // reads as it is. `--relative` gives paths below the content folder and leaves out the rest of the work tree.
        process.arguments = ["-C", root.path, "-c", "log.showSignature=false", "log", "--diff-filter=AR", "-M",
                             "--name-status", "-z", "--format=%x01%as", "--reverse", "--relative", "--", "."]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_OPTIONAL_LOCKS"] = "0"
        process.environment = environment
        do {
            try process.run()
        } catch {
            return [:]
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return [:] }
        return parse(data)
    }

    /// `git log --name-status -z --format=%x01%as` read: for each commit, `\u{1}` and its day, then each change's
    /// status and path (two paths for a rename), each ended by a NUL.
    static func parse(_ data: Data) -> [String: NoteDate] {
        var dates: [String: NoteDate] = [:]
        var day: NoteDate?
        let fields = data.split(separator: 0, omittingEmptySubsequences: false).map { String(decoding: $0, as: UTF8.self) }
        var i = 0
        while i < fields.count {
            let field = fields[i].drop { $0 == "\n" }
            i += 1
            if field.first == "\u{1}" {
                day = NoteDate(parsing: String(field.dropFirst()))
            } else if field.hasPrefix("A"), i < fields.count {
                if dates[fields[i]] == nil { dates[fields[i]] = day }
                i += 1
            } else if field.hasPrefix("R") || field.hasPrefix("C"), i + 1 < fields.count {
                let (old, new) = (fields[i], fields[i + 1])
                if let first = dates[old] ?? day { dates[new] = first }
                i += 2
            }
        }
        return dates
    }

    /// The program `name` on the `PATH`, if there is one.
    private static func executable(_ name: String) -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return URL(fileURLWithPath: candidate) }
        }
        return nil
    }
}
