import Foundation

/// What the parse stage makes of one note file: the note (nil when its front matter cannot be used), the problems
/// found in it, the API names it mentions and, for `check`, the findings on those names.
struct ParsedNote: Sendable {
    var note: Note?
    var diagnostics: [Diagnostic]
    var mentions: [Mention]
    /// `check`'s findings on the note's API names; nil when they were not looked for.
    var symbolDiagnostics: [Diagnostic]?
    /// The note's code blocks as the parse analysed them, for its page's colouring; nil once the page is made.
    var scans: CodeScanner.BlockScans?

    /// Parses `file` (with its front matter, when a listing read it already, and the days notes were first
    /// committed, for a note without a date) and reads what needs the Markdown tree while it is at hand: each code
    /// block is parsed once for the mentions, the checks and the colouring.
    init(_ file: SourceFile, frontMatter: NoteParser.FrontMatter? = nil, commitDates: CommitDates? = nil,
         finder: MentionFinder, checker: SymbolChecker?) {
        (note, diagnostics) = NoteParser.parse(file, frontMatter: frontMatter, commitDates: commitDates)
        let scans = CodeScanner.BlockScans()
        mentions = note.map { finder.mentions(in: $0, scans: scans) } ?? []
        symbolDiagnostics = note.flatMap { note in checker.map { $0.diagnostics(for: note, scans: scans) } }
        self.scans = scans
    }
}

extension ParsedNote {
    /// The parse of a note that `build` and `check` leave out of the site when it is a draft: no note, and of its
    /// findings only the one that says it is a draft, since nothing else of it is published and no problem in it
    /// may stop the build. Any other note as it is.
    func leavingOutDraft() -> ParsedNote {
        guard note?.metadata.draft == true else { return self }
        var parsed = self
        parsed.note = nil
        parsed.diagnostics = diagnostics.filter { $0.rule == FrontMatterRule.draft.rule }
        parsed.mentions = []
        parsed.symbolDiagnostics = nil
        parsed.scans = nil
        return parsed
    }
}

extension NoteParser {
    /// `note` with its text and Markdown tree, read and parsed again if a driver let them go. Throws when the
    /// file is no longer the one that was parsed: its page would not match its links, headings and mentions.
    static func withDocument(_ note: Note, from loader: ContentLoader) throws -> Note {
        guard !note.hasDocument else { return note }
        guard case .note(let file) = loader.read(note.source.path), ContentHash.of(file.text) == note.sourceHash else {
            throw NotesiteError.changedDuringRun(path: note.source.displayPath)
        }
        var note = note
        note.source = file
        note.document = NoteParser.document(of: file)
        note.hasDocument = true
        return note
    }
}
