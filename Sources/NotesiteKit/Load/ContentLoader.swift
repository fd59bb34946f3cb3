import Foundation
import NotesiteMarkdown

/// Stage 1: reads the content folder.
public struct ContentLoader: Sendable {
    public let root: URL
    /// How diagnostics name the root (as the user typed it).
    public let displayRoot: String
    /// `root` as a path, which reading a note joins with the note's path: a URL made for each read was a
    /// visible part of reading a large site.
    private let rootPath: String
    /// The day each note was first committed, for a note without a date; git is asked at the first such note, once
    /// for this loader (a run).
    public let commitDates: CommitDates
    /// The site's languages, given to every note read.
    public let languages: SiteLanguages

    public init(root: URL, displayRoot: String, languages: SiteLanguages = .builtIn) {
        self.root = root
        self.displayRoot = displayRoot
        self.rootPath = root.path
        self.commitDates = CommitDates(root: root)
        self.languages = languages
    }

    public func load() throws -> ContentTree {
        let top = try notesFolder()
        var notes: [String] = []
        var assets: [String] = []
        var diagnostics: [Diagnostic] = []
        // Folder by folder with readdir(3), links not followed: the folder's own list says which entries are
        // folders, where FileManager's enumerator made a URL and looked up each entry's type, which the listing of
        // the notes waited for.
        var pending: [(folder: String, entries: [FolderEntry])] = [("", top)]
        while let (folder, entries) = pending.popLast() {
            for entry in entries where !Self.isIgnored(entry.name) {
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                let path = "notes/" + relative
                if let bytes = entry.invalidName {
                    // Not UTF-8: no page, link or URL can name it, and it cannot be opened by the name read.
                    let shown = join(displayRoot, "notes/" + (folder.isEmpty ? "" : folder + "/") + FolderEntry.escaped(bytes))
                    diagnostics.append(Diagnostic(ContentRule.badName, file: shown, at: nil,
                                                  "the \(entry.kind == .folder ? "folder's" : "file's") name is not UTF-8 text, so it is left out of the site; rename it in UTF-8 (for example with convmv -f latin1 -t utf8)"))
                    continue
                }
                if entry.name.hasSuffix(".md") {
                    notes.append(path)
                    // A folder named so is listed as a note, which cannot be read, and its contents are listed too.
                    if entry.kind == .folder, case .success(let inside) = FolderEntry.list(rootPath + "/" + path) { pending.append((relative, inside)) }
                    continue
                }
                switch inspect(path) {
                case .file: assets.append(relative)
                case .problem(let diagnostic): diagnostics.append(diagnostic)
                case .folder:
                    // A link to a folder inside the content folder is not followed, as the enumerator did not follow
                    // it; one that leads outside is a problem above.
                    guard entry.kind == .folder else { continue }
                    guard access(rootPath + "/" + path, R_OK | X_OK) == 0, case .success(let inside) = FolderEntry.list(rootPath + "/" + path) else {
                        let reason = String(cString: strerror(errno))
                        diagnostics.append(Diagnostic(ContentRule.unreadable, file: join(displayRoot, path), at: nil,
                                                      "this folder cannot be read (\(reason)), so the notes and images in it would be left out of the site; make it readable (chmod a+rx) or move them out of it"))
                        continue
                    }
                    pending.append((relative, inside))
                case .gone: break
                }
            }
        }
        notes.sort()
        assets.sort()
        diagnostics += strayNotes()
        return ContentTree(notes: notes, assets: assets, diagnostics: diagnostics)
    }

    /// The entries of the notes folder; throws when it or the content folder is missing or cannot be read, which
    /// stops a build before anything is written. `notesite serve` asks before a rebuild that reads single notes,
    /// so that a notes folder moved away is the error a build gives rather than a site without notes.
    @discardableResult
    func notesFolder() throws -> [FolderEntry] {
        try NotesiteError.requireFolder(root, role: "content", displayPath: displayRoot)
        guard FileManager.default.fileExists(atPath: rootPath + "/notes") else {
            throw NotesiteError.folderMissing(role: "notes", path: join(displayRoot, "notes"))
        }
        guard FileManager.default.isReadableFile(atPath: rootPath + "/notes"), case .success(let top) = FolderEntry.list(rootPath + "/notes") else {
            throw NotesiteError.unreadable(path: join(displayRoot, "notes"), reason: "permission denied")
        }
        return top
    }

    /// Markdown files in the content folder outside `notes/` (`Content/en/a.md`), which are never built: each is
    /// a warning (`content.misplaced`), rather than a note that silently is not on the site.
    private func strayNotes() -> [Diagnostic] {
        let fm = FileManager.default
        var found: [Diagnostic] = []
        let top = ((try? fm.contentsOfDirectory(atPath: rootPath)) ?? []).filter { $0 != "notes" && !Self.isIgnored($0) }.sorted()
        for name in top {
            var isDirectory: ObjCBool = false
            guard fm.fileExists(atPath: rootPath + "/" + name, isDirectory: &isDirectory) else { continue }
            let paths = isDirectory.boolValue
                ? ((fm.subpaths(atPath: rootPath + "/" + name) ?? []).filter { !$0.split(separator: "/").contains(where: Self.isIgnored) }.sorted().map { name + "/" + $0 })
                : [name]
            for path in paths where path.lowercased().hasSuffix(".md") {
                let language = path.split(separator: "/").first.flatMap { languages.language(code: String($0)) }?.code ?? "<lang>"
                found.append(Diagnostic(.warning, ContentRule.misplaced, file: join(displayRoot, path), at: nil,
                                        "this note is outside notes/, so it is not built; move it to notes/\(language)/"))
            }
        }
        return found
    }

    /// What reading one note gave.
    public enum ReadResult: Sendable {
        case note(SourceFile)
        /// The file is there but is not a readable UTF-8 note.
        case problem(Diagnostic)
        /// The file is not there (any more).
        case gone

        var file: SourceFile? {
            if case .note(let file) = self { return file }
            return nil
        }
    }

    /// Reads the note at `path` (below the content folder, `notes/<lang>/<slug>.md`).
    /// The size in bytes of the file at `path` (below the content folder); nil when it cannot be told.
    func byteCount(of path: String) -> Int? {
        var info = stat()
        return stat(rootPath + "/" + path, &info) == 0 ? Int(info.st_size) : nil
    }

    public func read(_ path: String) -> ReadResult {
        let display = join(displayRoot, path)
        let bytes: [UInt8]
        switch contents(ofNote: path) {
        case nil: return .gone
        case .problem(let diagnostic)?: return .problem(diagnostic)
        case .read(.success(let read))?: bytes = read.bytes
        case .read(.failure(let failure))?:
            return .problem(Diagnostic(ContentRule.unreadable, file: display, at: nil,
                                       "the note cannot be read (\(String(cString: strerror(failure.code)))); check its permissions"))
        }
        switch bytes.withUnsafeBytes({ Self.decodeReporting($0) }) {
        case .success(let text):
            return .note(SourceFile(path: path, displayPath: display, text: text, languages: languages))
        case .failure(let problem):
            return .problem(Diagnostic(ContentRule.encoding, file: display, at: problem.location, problem.message))
        }
    }

    /// How much of a note listing the notes reads first (`readFrontMatter`), and `prefetch` asks for at least.
    public static let frontMatterLimit = 8192

    /// Asks the system, on a thread of its own, to read `paths` into its file cache ahead of the reads that need
    /// them, and returns at once. Each read of a note that is not cached waits for the disk, and two threads
    /// reading notes one at a time keep the disk far from busy: a cold build of a large site spent most of
    /// listing its notes waiting. Asked for all at once, the reads are queued together and are under way or
    /// done by the time the notes are read. The start of each, which listing the notes reads, then the rest of
    /// each, up to `budget` bytes in all (so that a notebook larger than the memory that caches it does not push
    /// out its own start). Does nothing where the system takes no such advice.
    ///
    /// When the start of every one of some 32 notes spread through the list is in the cache already (a build
    /// after another, or of a folder just written), the notes are taken to be cached and nothing is asked: the
    /// asking costs a large build a third thread at its start, beside the two listing the notes (`make bench`).
    public func prefetch(_ paths: [String], budget: Int = 1 << 30) {
        #if os(Linux)
        guard !paths.isEmpty else { return }
        let rootPath = rootPath
        let step = max(1, paths.count / 32)
        if stride(from: 0, to: paths.count, by: step).allSatisfy({ Self.startIsCached(rootPath + "/" + paths[$0]) == true }) {
            return
        }
        let thread = Thread {
            // The start of every note first, which the listing reads before anything else, then the rest of each
            // within the budget: asked for note by note, the listing's reads of the later notes' starts queued
            // behind the earlier notes' whole files.
            var rest: [(descriptor: Int32, size: Int)] = []
            var left = budget
            for path in paths {
                let descriptor = open(rootPath + "/" + path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
                guard descriptor >= 0 else { continue }
                var info = stat()
                guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                    close(descriptor)
                    continue
                }
                let size = Int(info.st_size)
                _ = posix_fadvise(descriptor, 0, off_t(min(size, Self.frontMatterLimit)), POSIX_FADV_WILLNEED)
                left -= min(size, Self.frontMatterLimit)
                if size > Self.frontMatterLimit, size - Self.frontMatterLimit <= left {
                    left -= size - Self.frontMatterLimit
                    rest.append((descriptor, size))
                } else {
                    close(descriptor)
                }
            }
            for (descriptor, size) in rest {
                _ = posix_fadvise(descriptor, off_t(Self.frontMatterLimit), off_t(size - Self.frontMatterLimit), POSIX_FADV_WILLNEED)
                close(descriptor)
            }
        }
        thread.start()
        #endif
    }

    /// Whether the first page of the regular file at `path` is in the system's file cache; nil when that cannot
    /// be told (not a regular file, empty, or not mappable). Maps the page without touching it, so nothing is read.
    static func startIsCached(_ path: String) -> Bool? {
        #if os(Linux)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOFOLLOW)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0 else { return nil }
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        guard let mapped = mmap(nil, page, PROT_READ, MAP_SHARED, descriptor, 0), mapped != MAP_FAILED else { return nil }
        defer { munmap(mapped, page) }
        var resident: UInt8 = 0
        guard mincore(mapped, page, &resident) == 0 else { return nil }
        return resident & 1 == 1
        #else
        return nil
        #endif
    }

    /// The start of the note at `path`, far enough to hold its front matter: up to the front matter's closing line
    /// when its first `limit` bytes hold it; otherwise the whole lines of those bytes, or all of the note when the
    /// front matter goes on past them (or the file is shorter). With it, the size of the whole file in bytes, which
    /// the read looked up anyway. nil when the file is not a readable note; `read` tells why. For listing every
    /// note before any is parsed: the front matter is at the top, and a note's text is read whole only once.
    public func readFrontMatter(_ path: String, limit: Int = frontMatterLimit) -> (file: SourceFile, byteCount: Int)? {
        guard case .read(.success(let start))? = contents(ofNote: path, upTo: limit) else { return nil }
        var bytes = start.bytes
        let whole = bytes.count < limit
        func readWhole() -> (file: SourceFile, byteCount: Int)? { read(path).file.map { ($0, start.fileSize) } }
        if let end = Self.frontMatterEnd(bytes) {
            // Only the front matter is read now: the rest is checked and decoded with the whole note.
            bytes.removeSubrange(end...)
        } else if !whole {
            // Whole lines only: the cut never splits a character or the line that closes the front matter.
            guard let lastLineEnd = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return readWhole() }
            bytes.removeSubrange((lastLineEnd + 1)...)
        }
        guard case .success(let text) = bytes.withUnsafeBytes({ Self.decodeReporting($0) }) else { return nil }
        let split = FrontMatterSplit(text)
        if !whole && split.hasFrontMatter && !split.isClosed { return readWhole() }
        return (SourceFile(path: path, displayPath: join(displayRoot, path), text: text, languages: languages), start.fileSize)
    }

    /// Where the front matter that `bytes` (a note's start) opens ends: just past the line break of its closing
    /// line, with line breaks as `normalise` reads them (`\n`, `\r\n`, `\r`). YAML opens with `---` and closes
    /// with `---` or `...`, TOML opens and closes with `+++`, each line allowed spaces and tabs after it, as
    /// `FrontMatterSplit` reads them. nil when the bytes open no front matter or do not close it.
    static func frontMatterEnd(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bytes -> Int? in
            let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var opening: FrontMatterSplit.Fence?
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != lf, bytes[end] != cr { end += 1 }
                guard end < bytes.count else { return nil }
                let next = bytes[end] == cr && end + 1 < bytes.count && bytes[end + 1] == lf ? end + 2 : end + 1
                let fence = FrontMatterSplit.fence(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                if let opening {
                    if fence == opening || (opening == .dashes && fence == .dots) { return next }
                } else {
                    guard fence == .dashes || fence == .pluses else { return nil }
                    opening = fence
                }
                start = next
            }
            return nil
        }
    }

    /// What reading a note found: its bytes or why they could not be read, or a diagnostic for what it is
    /// (`inspect`); nil when it is gone or a folder.
    enum NoteContents {
        case read(Result<SizedBytes, ReadFailure>)
        case problem(Diagnostic)
    }

    /// The bytes of the note at `path`, up to `limit`. A regular file is opened as it is, without following a
    /// link or waiting on a pipe, in one walk of its path where looking at it first (`inspect`) would take another
    /// for every note. Anything else is looked at, and read only when it is a file.
    func contents(ofNote path: String, upTo limit: Int = .max) -> NoteContents? {
        let descriptor = open(rootPath + "/" + path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                let size = Int(info.st_size)
                return .read(Self.contents(of: descriptor, size: size, upTo: limit).map { SizedBytes(bytes: $0, fileSize: size) })
            }
        }
        switch inspect(path) {
        case .gone, .folder: return nil
        case .problem(let diagnostic): return .problem(diagnostic)
        case .file: return .read(Self.sizedContents(ofFile: rootPath + "/" + path, upTo: limit))
        }
    }

    /// What a path below the content folder is, looked at without following it blindly.
    enum Entry {
        /// A regular file inside the content folder (directly, or by a link that stays inside).
        case file
        case folder
        case gone
        /// Something that must not be read: a link out of the content folder or to nothing, a pipe, a device.
        case problem(Diagnostic)
    }

    func inspect(_ path: String) -> Entry {
        let location = rootPath + "/" + path
        let display = join(displayRoot, path)
        var info = stat()
        guard lstat(location, &info) == 0 else { return .gone }
        if info.st_mode & S_IFMT == S_IFLNK {
            let url = root.appendingPathComponent(path)
            let destination = (try? FileManager.default.destinationOfSymbolicLink(atPath: url.path)) ?? "?"
            guard stat(url.path, &info) == 0 else {
                return .problem(Diagnostic(ContentRule.unreadable, file: display, at: nil,
                                           "this is a symbolic link to '\(destination)', which cannot be read (\(String(cString: strerror(errno)))); fix or remove the link"))
            }
            let resolved = url.resolvingSymlinksInPath().standardizedFileURL.path
            let inside = root.resolvingSymlinksInPath().standardizedFileURL.path
            guard resolved.hasPrefix(inside + "/") else {
                return .problem(Diagnostic(ContentRule.outside, file: display, at: nil,
                                           "this is a symbolic link to '\(destination)', outside the content folder, which notesite never reads or publishes; copy the file into the content folder instead"))
            }
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        default:
            return .problem(Diagnostic(ContentRule.unreadable, file: display, at: nil,
                                       "this is not a regular file (a pipe, socket or device), so it is not read; remove it from the content folder"))
        }
    }

    /// Whether a path below the content folder names a note: a `.md` file under `notes/`, not hidden.
    public static func isNotePath(_ path: String) -> Bool {
        path.hasPrefix("notes/") && path.hasSuffix(".md") && !path.split(separator: "/").contains { isIgnored($0) }
    }

    /// Names the site passes over: hidden files and folders (`.git`, `.a.md.swp`), and editors' backups and
    /// autosaves (`a.md~`, `#a.md#`), which would otherwise be published as they are, drafts and all.
    public static func isIgnored(_ name: some StringProtocol) -> Bool {
        name.hasPrefix(".") || name.hasSuffix("~") || (name.count > 1 && name.hasPrefix("#") && name.hasSuffix("#"))
    }

    /// How diagnostics name a path below the content folder.
    public func displayPath(_ path: String) -> String {
        join(displayRoot, path)
    }

    private func join(_ a: String, _ b: String) -> String {
        a.isEmpty || a == "." ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }
}
