import Foundation

/// Which of a check's findings are reported: those at or above a severity and, when notes are named
/// (`notesite check FILES…`, as an editor or a pre-commit hook runs it), those in the named notes.
///
/// The whole site is still checked, so links to other notes resolve. With notes named, the errors that stop every
/// build of the site are reported too, wherever they are: a template or a data file that does not read, an
/// unreadable folder. Those of other notes are not: they are their own notes' business, and a full check reports
/// them.
public struct CheckSelection: Sendable {
    public var minimumSeverity: Diagnostic.Severity
    /// The named notes' paths as findings name them; nil: every file.
    public var notes: Set<String>?
    /// The display path of the content folder's `notes/`, with its slash.
    let notesFolder: String

    public init(minimumSeverity: Diagnostic.Severity = .note, notes: [String]? = nil, contentDisplay: String = "Content") {
        self.minimumSeverity = minimumSeverity
        self.notes = notes.map(Set.init)
        notesFolder = ContentLoader(root: URL(fileURLWithPath: "/"), displayRoot: contentDisplay).displayPath("notes/")
    }

    public func includes(_ diagnostic: Diagnostic) -> Bool {
        guard diagnostic.severity >= minimumSeverity else { return false }
        guard let notes, !notes.contains(diagnostic.file) else { return true }
        return diagnostic.severity == .error && !diagnostic.rule.isErrorInCheck && !diagnostic.file.hasPrefix(notesFolder)
    }

    /// Whether a finding's file is a note (or another file in the notes' folder), which `--fix` may change.
    public func isInNotes(_ file: String) -> Bool {
        file.hasPrefix(notesFolder)
    }

    /// A path given on the command line that is not a note of the content folder.
    public struct NotANote: Error, CustomStringConvertible, Equatable {
        public var path: String
        public var reason: String
        public var description: String { "'\(path)' \(reason)" }
    }

    /// The notes `paths` name, as findings name them (`Content/notes/en/a.md`), each once, in order. A path is
    /// relative to `workingDirectory` or absolute, as a shell or a pre-commit hook passes it; it must be a `.md`
    /// file inside the content folder's `notes/` (through symbolic links too).
    public static func notes(named paths: [String], content: URL, contentDisplay: String,
                             workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) throws(NotANote) -> [String] {
        let notesFolder = content.appendingPathComponent("notes").resolvingSymlinksInPath().path
        let display = ContentLoader(root: content, displayRoot: contentDisplay)
        var result: [String] = []
        for path in paths {
            let url = (path.hasPrefix("/") ? URL(fileURLWithPath: path) : workingDirectory.appendingPathComponent(path)).standardizedFileURL
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                throw NotANote(path: path, reason: "does not exist")
            }
            // The folder's links resolved, not the file's: a note may be a link to a file elsewhere in the content.
            let folder = url.deletingLastPathComponent().resolvingSymlinksInPath().path
            let full = (folder == "/" ? "" : folder) + "/" + url.lastPathComponent
            guard full.hasPrefix(notesFolder + "/") else {
                throw NotANote(path: path, reason: "is not in the notes of the content folder, \(display.displayPath("notes"))/")
            }
            guard !isFolder.boolValue else { throw NotANote(path: path, reason: "is a folder; name the notes in it") }
            guard url.lastPathComponent.hasSuffix(".md") else {
                throw NotANote(path: path, reason: "is not a note: notes are the .md files")
            }
            let shown = display.displayPath("notes/" + full.dropFirst(notesFolder.count + 1))
            if !result.contains(shown) { result.append(shown) }
        }
        return result
    }
}
