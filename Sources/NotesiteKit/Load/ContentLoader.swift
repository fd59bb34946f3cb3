import Foundation
import NotesiteMarkdown

/// A note's file as read from disk.
public struct SourceFile: Hashable, Sendable {
    /// The path below the content folder, with `/` separators: `notes/zh/intermediate-adaptive-layout.md`.
    public var path: String
    /// The path as diagnostics show it: the content folder as the user named it, joined with `path`.
    public var displayPath: String
    /// The text with a byte-order mark removed and line ends normalised to `\n` (line numbers are unchanged).
    public var text: String

    public init(path: String, displayPath: String, text: String) {
        self.path = path
        self.displayPath = displayPath
        self.text = text
    }
}

/// What the content folder holds. The notes are listed, not read: the builder reads them a batch at a time
/// (`ContentLoader.read`), so a large site's text is never in memory at once.
public struct ContentTree: Sendable {
    /// Every `.md` file under `notes/`, as paths below the content folder (`notes/zh/a.md`), sorted.
    public var notes: [String]
    /// Every other file under `notes/` (images and the like), as paths below `notes/`; copied to the output as is.
    public var assets: [String]
    public var diagnostics: [Diagnostic]
}

/// Errors that stop a run before it can look at any note.
public enum NotesiteError: Error, CustomStringConvertible, Equatable {
    case folderMissing(role: String, path: String)
    case unreadable(path: String, reason: String)
    case outputInvalid(path: String, reason: String)
    /// The templates (or their strings) cannot be used: the finding, at its file and, where known, line and column.
    case templates(Diagnostic)
    case writeFailed(path: String, reason: String)
    case changedDuringRun(path: String)

    public var description: String {
        switch self {
        case .folderMissing(let role, let path): "the \(role) folder '\(path)' does not exist"
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .outputInvalid(let path, let reason): "cannot write the site to '\(path)': \(reason)"
        case .templates(let finding): finding.formatted
        case .writeFailed(let path, let reason): "cannot write '\(path)': \(reason)"
        case .changedDuringRun(let path): "'\(path)' changed while the site was being built; run the build again"
        }
    }

    /// The error as a run prints it: a template's finding as every finding is printed (where it is, its line and a
    /// caret: `DiagnosticPrinter`), anything else as `notesite: error: …`.
    public func printed(colours: Bool = false) -> String {
        if case .templates(let finding) = self {
            var printer = DiagnosticPrinter(colours: colours)
            return printer.format(finding)
        }
        return "notesite: error: \(description)"
    }

    /// Stops the run unless `folder` is a folder: the `role` folder (content, templates) as the user named it.
    static func requireFolder(_ folder: URL, role: String, displayPath: String) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw NotesiteError.folderMissing(role: role, path: displayPath)
        }
        guard isDirectory.boolValue else {
            throw NotesiteError.unreadable(path: displayPath, reason: "it is a file; name the \(role) folder")
        }
    }

    /// The error as a finding, for the formats machines read (`check --format json|sarif|github`), which would
    /// otherwise get nothing from a run that could not start: a template's own finding, or `run.failed` at the
    /// folder or file the error names.
    public var diagnostic: Diagnostic {
        switch self {
        case .templates(let finding):
            return finding
        case .folderMissing(_, let path), .unreadable(let path, _), .outputInvalid(let path, _), .writeFailed(let path, _),
             .changedDuringRun(let path):
            return Diagnostic(RunRule.failed, file: path, at: nil, description)
        }
    }
}

/// Stage 1: reads the content folder.
public struct ContentLoader: Sendable {
    public let root: URL
    /// How diagnostics name the root (as the user typed it).
    public let displayRoot: String
    /// `root` as a path, which reading a note joins with the note's path: a URL made for each read was a
    /// visible part of reading a large site.
    private let rootPath: String

    public init(root: URL, displayRoot: String) {
        self.root = root
        self.displayRoot = displayRoot
        self.rootPath = root.path
    }

    public func load() throws -> ContentTree {
        let fm = FileManager.default
        try NotesiteError.requireFolder(root, role: "content", displayPath: displayRoot)
        let notesRoot = root.appendingPathComponent("notes")
        guard fm.fileExists(atPath: notesRoot.path) else {
            throw NotesiteError.folderMissing(role: "notes", path: join(displayRoot, "notes"))
        }
        guard fm.isReadableFile(atPath: notesRoot.path), case .success(let top) = FolderEntry.list(rootPath + "/notes") else {
            throw NotesiteError.unreadable(path: join(displayRoot, "notes"), reason: "permission denied")
        }
        var notes: [String] = []
        var assets: [String] = []
        var diagnostics: [Diagnostic] = []
        // Folder by folder with readdir(3), links not followed: the folder's own list says which entries are
        // folders, where FileManager's enumerator made a URL and looked up each entry's type (40 ms for 10,000
        // notes, which the listing of the notes waited for).
        var pending: [(folder: String, entries: [FolderEntry])] = [("", top)]
        while let (folder, entries) = pending.popLast() {
            for entry in entries where !Self.isIgnored(entry.name) {
                let relative = folder.isEmpty ? entry.name : folder + "/" + entry.name
                let path = "notes/" + relative
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
                let language = path.split(separator: "/").first.flatMap { Language(rawValue: String($0)) }?.rawValue ?? "<lang>"
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
    public func read(_ path: String) -> ReadResult {
        let display = join(displayRoot, path)
        let bytes: [UInt8]
        switch contents(ofNote: path) {
        case nil: return .gone
        case .problem(let diagnostic)?: return .problem(diagnostic)
        case .read(.success(let read))?: bytes = read
        case .read(.failure(let failure))?:
            return .problem(Diagnostic(ContentRule.unreadable, file: display, at: nil,
                                       "the note cannot be read (\(String(cString: strerror(failure.code)))); check its permissions"))
        }
        switch bytes.withUnsafeBytes({ Self.decodeReporting($0) }) {
        case .success(let text):
            return .note(SourceFile(path: path, displayPath: display, text: text))
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
    /// asking took 30 ms at the start of a 10,000-note build, on a third thread beside the two listing the notes.
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
    /// front matter goes on past them (or the file is shorter). nil when the file is not a readable note; `read`
    /// tells why. For listing every note before any is parsed: the front matter is at the top, and a note's text
    /// is read whole only once.
    public func readFrontMatter(_ path: String, limit: Int = frontMatterLimit) -> SourceFile? {
        guard case .read(.success(var bytes))? = contents(ofNote: path, upTo: limit) else { return nil }
        let whole = bytes.count < limit
        if let end = Self.frontMatterEnd(bytes) {
            // Only the front matter is read now: the rest is checked and decoded with the whole note.
            bytes.removeSubrange(end...)
        } else if !whole {
            // Whole lines only: the cut never splits a character or the line that closes the front matter.
            guard let lastLineEnd = bytes.lastIndex(of: UInt8(ascii: "\n")) else { return read(path).file }
            bytes.removeSubrange((lastLineEnd + 1)...)
        }
        guard case .success(let text) = bytes.withUnsafeBytes({ Self.decodeReporting($0) }) else { return nil }
        let split = FrontMatterSplit(text)
        if !whole && split.hasFrontMatter && !split.isClosed { return read(path).file }
        return SourceFile(path: path, displayPath: join(displayRoot, path), text: text)
    }

    /// Where the front matter that `bytes` (a note's start) opens ends: just past the line break of its closing
    /// `---` or `...` line, with line breaks as `normalise` reads them (`\n`, `\r\n`, `\r`). nil when the bytes
    /// open no front matter or do not close it.
    static func frontMatterEnd(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { bytes -> Int? in
            let cr = UInt8(ascii: "\r"), lf = UInt8(ascii: "\n")
            var start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var first = true
            while start < bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != lf, bytes[end] != cr { end += 1 }
                guard end < bytes.count else { return nil }
                let next = bytes[end] == cr && end + 1 < bytes.count && bytes[end + 1] == lf ? end + 2 : end + 1
                let line = UnsafeBufferPointer(rebasing: bytes[start..<end])
                let isFence = line.elementsEqual("---".utf8)
                if first {
                    guard isFence else { return nil }
                    first = false
                } else if isFence || line.elementsEqual("...".utf8) {
                    return next
                }
                start = next
            }
            return nil
        }
    }

    /// What reading a note found: its bytes or why they could not be read, or a diagnostic for what it is
    /// (`inspect`); nil when it is gone or a folder.
    enum NoteContents {
        case read(Result<[UInt8], ReadFailure>)
        case problem(Diagnostic)
    }

    /// The bytes of the note at `path`, up to `limit`. A regular file is opened as it is, without following a
    /// link or waiting on a pipe, in one walk of its path where looking at it first (`inspect`) took another:
    /// 20,000 of them in a 10,000-note build. Anything else is looked at, and read only when it is a file.
    func contents(ofNote path: String, upTo limit: Int = .max) -> NoteContents? {
        let descriptor = open(rootPath + "/" + path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var info = stat()
            if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
                return .read(Self.contents(of: descriptor, upTo: limit))
            }
        }
        switch inspect(path) {
        case .gone, .folder: return nil
        case .problem(let diagnostic): return .problem(diagnostic)
        case .file: return .read(Self.contents(ofFile: rootPath + "/" + path, upTo: limit))
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

    /// Why a file's bytes are not a note's text, and where.
    struct EncodingProblem: Error {
        var location: SourceLocation?
        var message: String
    }

    /// Why a file could not be read: its `errno`.
    struct ReadFailure: Error {
        var code: Int32
    }

    /// The bytes of the file at `path`, or the `errno` that stopped reading them. Plain `open` and `read` calls
    /// into one array sized by `fstat`: `FileManager.contents(atPath:)` cost more than decoding the text.
    /// `limit`: at most this many bytes, from the start.
    static func contents(ofFile path: String, upTo limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(ReadFailure(code: errno)) }
        defer { close(descriptor) }
        return contents(of: descriptor, upTo: limit)
    }

    /// The bytes of the open file `descriptor`, from where it stands, up to `limit`.
    static func contents(of descriptor: Int32, upTo limit: Int = .max) -> Result<[UInt8], ReadFailure> {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(ReadFailure(code: errno)) }
        // One byte more than the size, so that a file that grew since `fstat` shows it by filling the array. Read
        // into memory that is not zeroed first: zeroing every note's bytes before reading over them cost a tenth
        // as much as cmark-gfm's parse of them.
        let capacity = min(Int(info.st_size) + 1, limit)
        var failure: Int32?
        var bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            while initialized < buffer.count {
                let read = Foundation.read(descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
                if read < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                if read == 0 { return }
                initialized += read
            }
        }
        if let failure { return .failure(ReadFailure(code: failure)) }
        var count = bytes.count
        // A file that filled the array has grown: it is read on, the array growing, up to `limit`.
        let grew = count == capacity
        while grew && count < limit {
            if count == bytes.count { bytes += [UInt8](repeating: 0, count: min(bytes.count, limit - count)) }
            let read = bytes.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress! + count, $0.count - count) }
            if read < 0 {
                if errno == EINTR { continue }
                return .failure(ReadFailure(code: errno))
            }
            if read == 0 { break }
            count += read
        }
        bytes.removeLast(bytes.count - count)
        return .success(bytes)
    }

    /// UTF-8 without a byte-order mark and with `\n` line ends, or nil when the bytes are not UTF-8.
    static func decode(_ data: Data) -> String? {
        try? data.withUnsafeBytes { decodeReporting($0) }.get()
    }

    /// `decode`, with the place of the first byte that is not UTF-8, or the sign that the file is binary.
    static func decodeReporting(_ raw: UnsafeRawBufferPointer) -> Result<String, EncodingProblem> {
        // The common case on raw bytes: no NUL (memchr) and valid UTF-8.
        if let base = raw.bindMemory(to: UInt8.self).baseAddress {
            var bytes = UnsafeBufferPointer(start: base, count: raw.count)
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = UnsafeBufferPointer(rebasing: bytes[3...]) }
            if bytes.isEmpty || memchr(bytes.baseAddress!, 0, bytes.count) == nil, let text = UTF8Text.string(bytes) {
                return .success(normalise(text))
            }
        } else {
            return .success("")
        }
        // Walking `Data` byte by byte costs an exclusivity check per byte; only a file that is not a note's text
        // gets here.
        let data = Data(raw)
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        if bytes.prefix(8192).contains(0) {
            let kind = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? "a PNG image" : bytes.starts(with: [0xFF, 0xD8, 0xFF]) ? "a JPEG image"
                : bytes.starts(with: [0x25, 0x50, 0x44, 0x46]) ? "a PDF" : "a binary file"
            return .failure(EncodingProblem(location: nil, message: "this is \(kind), not a Markdown note; give it its own extension (notes are the .md files)"))
        }
        if let nul = bytes.firstIndex(of: 0) {
            // cmark-gfm would read a NUL as U+FFFD (three bytes), and every later column on its line would be off.
            let before = bytes[..<nul]
            let line = before.reduce(1) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.startIndex
            return .failure(EncodingProblem(location: SourceLocation(line: line, column: nul - lineStart + 1),
                                            message: "the note holds a NUL byte, which text never does; delete it"))
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            // The first byte that is not part of a UTF-8 sequence, as a line and a byte column.
            var line = 1
            var lineStart = bytes.startIndex
            var index = bytes.startIndex
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            var offset = bytes.startIndex
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar):
                    let length = UTF8.width(scalar)
                    if scalar == "\n" { line += 1; lineStart = offset + 1 }
                    offset += length
                case .emptyInput: break loop
                case .error:
                    index = offset
                    break loop
                }
            }
            let column = index - lineStart + 1
            return .failure(EncodingProblem(location: SourceLocation(line: line, column: column),
                                            message: "the byte 0x\(String(bytes[index], radix: 16, uppercase: true)) is not UTF-8; the note must be saved as UTF-8 (it may be in GBK, Windows-1251 or Latin-1)"))
        }
        return .success(normalise(text))
    }

    private static func normalise(_ text: String) -> String {
        var text = text
        if text.containsASCII("\r") {
            text = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        return text
    }

    /// How diagnostics name a path below the content folder.
    public func displayPath(_ path: String) -> String {
        join(displayRoot, path)
    }

    private func join(_ a: String, _ b: String) -> String {
        a.isEmpty || a == "." ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
    }
}
