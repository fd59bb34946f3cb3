import Foundation

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

/// Everything the content folder holds, read into memory.
public struct ContentTree: Sendable {
    /// Every `.md` file under `notes/`, sorted by path.
    public var notes: [SourceFile]
    /// Every other file under `notes/` (images and the like), as paths below `notes/`; copied to the output as is.
    public var assets: [String]
    public var diagnostics: [Diagnostic]
}

/// Errors that stop a run before it can look at any note.
public enum NotesiteError: Error, CustomStringConvertible, Equatable {
    case folderMissing(role: String, path: String)
    case unreadable(path: String, reason: String)
    case outputInvalid(path: String, reason: String)
    case templates(String)

    public var description: String {
        switch self {
        case .folderMissing(let role, let path): "the \(role) folder '\(path)' does not exist"
        case .unreadable(let path, let reason): "cannot read '\(path)': \(reason)"
        case .outputInvalid(let path, let reason): "cannot write the site to '\(path)': \(reason)"
        case .templates(let message): message
        }
    }
}

/// Stage 1: reads the content folder.
public struct ContentLoader {
    public let root: URL
    /// How diagnostics name the root (as the user typed it).
    public let displayRoot: String

    public init(root: URL, displayRoot: String) {
        self.root = root
        self.displayRoot = displayRoot
    }

    public func load() throws -> ContentTree {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw NotesiteError.folderMissing(role: "content", path: displayRoot)
        }
        let notesRoot = root.appendingPathComponent("notes")
        guard fm.fileExists(atPath: notesRoot.path) else {
            throw NotesiteError.folderMissing(role: "notes", path: join(displayRoot, "notes"))
        }
        guard fm.isReadableFile(atPath: notesRoot.path),
              let enumerator = fm.enumerator(at: notesRoot, includingPropertiesForKeys: [.isRegularFileKey, .isSymbolicLinkKey])
        else {
            throw NotesiteError.unreadable(path: join(displayRoot, "notes"), reason: "permission denied")
        }
        var notes: [SourceFile] = []
        var assets: [String] = []
        var diagnostics: [Diagnostic] = []
        let base = notesRoot.standardizedFileURL.path
        for case let url as URL in enumerator {
            let name = url.lastPathComponent
            if name.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            let values = try? url.resourceValues(forKeys: [.isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
            let path = "notes/" + relative
            guard url.pathExtension == "md" else {
                assets.append(relative)
                continue
            }
            switch read(path) {
            case .note(let file): notes.append(file)
            case .problem(let diagnostic): diagnostics.append(diagnostic)
            case .gone: continue
            }
        }
        notes.sort { $0.path < $1.path }
        assets.sort()
        return ContentTree(notes: notes, assets: assets, diagnostics: diagnostics)
    }

    /// What reading one note gave.
    public enum ReadResult {
        case note(SourceFile)
        /// The file is there but is not a readable UTF-8 note.
        case problem(Diagnostic)
        /// The file is not there (any more).
        case gone
    }

    /// Reads the note at `path` (below the content folder, `notes/<lang>/<slug>.md`).
    public func read(_ path: String) -> ReadResult {
        let url = root.appendingPathComponent(path)
        let display = join(displayRoot, path)
        let fm = FileManager.default
        guard fm.fileExists(atPath: url.path) else { return .gone }
        guard let data = fm.contents(atPath: url.path) else {
            return .problem(Diagnostic(.error, "content.unreadable", file: display, at: nil,
                                       "the note cannot be read; check its permissions"))
        }
        guard let text = Self.decode(data) else {
            return .problem(Diagnostic(.error, "content.encoding", file: display, at: nil,
                                       "the note is not UTF-8 text; save it as UTF-8"))
        }
        return .note(SourceFile(path: path, displayPath: display, text: text))
    }

    /// Whether a path below the content folder names a note: a `.md` file under `notes/`, not hidden.
    public static func isNotePath(_ path: String) -> Bool {
        path.hasPrefix("notes/") && path.hasSuffix(".md") && !path.split(separator: "/").contains { $0.hasPrefix(".") }
    }

    /// UTF-8 without a byte-order mark and with `\n` line ends, or nil when the bytes are not UTF-8.
    static func decode(_ data: Data) -> String? {
        var bytes = data[...]
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
        guard var text = String(validating: bytes, as: UTF8.self) else { return nil }
        if text.utf8.contains(UInt8(ascii: "\r")) {
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
