/// What an import would do, before anything is written: one entry for each note, each file a note links to, and
/// each Markdown file passed over, with the reason. `Importer.apply` carries it out; `--dry-run` prints it.
public struct ImportPlan: Sendable {
    public enum Action: String, Sendable {
        /// Written where nothing was.
        case create
        /// Written over what an earlier import wrote (or moved from there to another language's folder).
        case update
        /// Left as it is: it is what the import would write.
        case unchanged
    }

    /// Where a note's language came from.
    public enum LanguageOrigin: String, Sendable {
        /// `--lang`.
        case option
        /// The note's own `lang` key.
        case frontMatter
        /// The folder an earlier import (or the user, moving it) put the note in.
        case earlierImport
        /// Its prose (`LanguageDetector`).
        case detected
    }

    public struct Note: Sendable {
        /// The note's path inside the source folder.
        public var sourcePath: String
        /// Its path below the content folder: `notes/<lang>/<slug>.md`.
        public var destination: String
        public var language: Language
        public var languageOrigin: LanguageOrigin
        /// What the prose says, when the language was told by it.
        public var detection: LanguageDetector.Detection?
        /// What is added to its front matter, with where each value came from (`date (from the file name)`).
        public var added: [String]
        public var convertedFromTOML: Bool
        public var action: Action
        /// The note an earlier import wrote to another place, which this one replaces (`--lang` moved it).
        public var replacing: String?
        /// The text written.
        public var text: String
        /// What the user should know: links left as they were, values notesite will refuse.
        public var warnings: [String]

        /// The language is a guess the user should look at.
        public var isUncertain: Bool { languageOrigin == .detected && detection?.isUncertain == true }
    }

    /// A file a note links to (an image, a download), copied so the link keeps working as written.
    public struct File: Sendable {
        public var sourcePath: String
        /// Its path below the content folder.
        public var destination: String
        public var action: Action
        /// The notes that link to it, by their paths inside the source folder.
        public var linkedFrom: [String]

        public var isImage: Bool {
            let lowered = destination.lowercased()
            return [".png", ".jpg", ".jpeg", ".gif", ".svg", ".webp", ".avif", ".bmp", ".ico", ".tif", ".tiff", ".heic"].contains(where: lowered.hasSuffix)
        }
    }

    /// A Markdown file that is not imported.
    public struct Skipped: Sendable {
        public var path: String
        public var reason: SkipReason
    }

    public enum SkipReason: Hashable, Sendable {
        /// LICENSE, CHANGELOG, CONTRIBUTING, CODE_OF_CONDUCT.
        case notANote
        /// Hugo's `_index.md`.
        case listPage
        case hidden
        /// Outside the folders a site keeps its notes in (the folders, as text).
        case outsideNotes(String)
        /// Not UTF-8 text: why, and where.
        case notUTF8(String)
        case unclosedFrontMatter
        /// A symbolic link to a file outside the source folder, or to nothing.
        case linkOutside
        case unreadable(String)

        /// The reason in a few words, for the summary's groups.
        public var group: String {
            switch self {
            case .notANote: "not a note"
            case .listPage: "list page"
            case .hidden: "hidden"
            case .outsideNotes: "outside the site's notes"
            case .notUTF8: "not UTF-8"
            case .unclosedFrontMatter: "unclosed front matter"
            case .linkOutside: "link out of the folder"
            case .unreadable: "unreadable"
            }
        }

        public var description: String {
            switch self {
            case .notANote: "not a note (a project's file)"
            case .listPage: "a list page (Hugo's _index.md lists a section; notesite makes its own lists)"
            case .hidden: "a hidden file"
            case .outsideNotes(let folders): "outside \(folders), where the site keeps its notes"
            case .notUTF8(let why): "not UTF-8: \(why); convert it to UTF-8 (iconv -f GBK -t UTF-8, for example) and import again"
            case .unclosedFrontMatter: "its front matter (the `---` line at its top) is never closed; add a `---` line after it, or remove the first line, and import again"
            case .linkOutside: "a symbolic link to a file outside the source folder, or to nothing"
            case .unreadable(let why): "it cannot be read (\(why))"
            }
        }
    }

    public var source: ImportSource
    public var contentDisplay: String
    public var notes: [Note]
    public var files: [File]
    public var skipped: [Skipped]
    /// Problems that are not one note's (the source's git remote, for example).
    public var warnings: [String]

    /// The notes whose language is a guess to check.
    public var uncertainNotes: [Note] { notes.filter(\.isUncertain) }

    /// A path below the content folder as messages name it.
    public func display(_ path: String) -> String {
        contentDisplay.isEmpty || contentDisplay == "." ? path : (contentDisplay.hasSuffix("/") ? contentDisplay + path : contentDisplay + "/" + path)
    }

    /// What the plan does, a line for each note, file and skipped file, with each note's warnings under it: what
    /// `--dry-run` (and `--verbose`) prints.
    public var lines: [String] {
        var out = ["\(source.displayRoot) is \(source.shape.name)."]
        for note in notes {
            let verb = note.replacing != nil ? "move" : note.action == .create ? "new" : note.action.rawValue
            var line = "\(verb) \(note.sourcePath) → \(display(note.destination)) [\(note.language.rawValue), \(describe(note.languageOrigin, note))]"
            if !note.added.isEmpty { line += "; adds \(note.added.joined(separator: ", "))" }
            if note.convertedFromTOML { line += "; front matter converted from TOML" }
            if let old = note.replacing { line += "; removes \(display(old))" }
            out.append(line)
            out += warnings(of: note).map { "    warning: " + $0 }
        }
        for file in files {
            let verb = file.action == .create ? "copy" : file.action.rawValue
            out.append("\(verb) \(file.sourcePath) → \(display(file.destination))")
        }
        for skip in skipped {
            out.append("skip \(skip.path): \(skip.reason.description)")
        }
        out += warnings.map { "warning: " + $0 }
        return out
    }

    private func describe(_ origin: LanguageOrigin, _ note: Note) -> String {
        switch origin {
        case .option: "from --lang"
        case .frontMatter: "from its lang"
        case .earlierImport: "where an earlier import put it"
        case .detected: note.isUncertain ? "detected, uncertain" : "detected"
        }
    }

    /// A note's warnings, its uncertain language first.
    public func warnings(of note: Note) -> [String] {
        var out: [String] = []
        if note.isUncertain, let detection = note.detection {
            let others = Language.builtIn.filter { $0 != note.language }.map(\.rawValue)
            out.append("its language is uncertain: \(detection.uncertainty ?? ""); imported as \(note.language.rawValue). If it is in another language, import again with --lang \(others.joined(separator: "|")), or move \(display(note.destination)) into notes/\(others[0])/ or notes/\(others[1])/ and change its `lang:`")
        }
        return out + note.warnings
    }

    /// Every warning, one line each, named by the source path: what a run prints on standard error.
    public var warningLines: [String] {
        notes.flatMap { note in warnings(of: note).map { "warning: \(note.sourcePath): \($0)" } } + warnings.map { "warning: " + $0 }
    }

    /// One sentence: how many notes were imported (by language), files copied, notes updated and unchanged, and
    /// files skipped, by reason. `written`: false for a dry run, which says what it would do.
    public func summary(written: Bool) -> String {
        let created = notes.filter { $0.action == .create }
        let byLanguage = Language.builtIn.map { language in "\(language.rawValue) \(created.filter { $0.language == language }.count)" }
        let copied = files.filter { $0.action != .unchanged }
        let images = copied.filter(\.isImage).count
        var what = "\(counted(created.count, "note")) (\(byLanguage.joined(separator: ", "))), \(counted(images, "image"))"
        if copied.count > images { what += ", \(counted(copied.count - images, "other file"))" }
        let updated = notes.filter { $0.action == .update }.count
        let unchanged = notes.filter { $0.action == .unchanged }.count
        var groups: [(String, Int)] = []
        for skip in skipped {
            if let index = groups.firstIndex(where: { $0.0 == skip.reason.group }) { groups[index].1 += 1 } else { groups.append((skip.reason.group, 1)) }
        }
        var skippedPart = counted(skipped.count, "file")
        if !groups.isEmpty { skippedPart += ": " + groups.map { "\($0.0) (\($0.1))" }.joined(separator: ", ") }
        if written {
            return "Imported \(what); updated \(updated), unchanged \(unchanged); skipped \(skippedPart)."
        }
        return "Would import \(what); update \(updated), unchanged \(unchanged); skip \(skippedPart). Nothing was written (--dry-run)."
    }
}
