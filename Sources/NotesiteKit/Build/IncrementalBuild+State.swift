import Foundation

/// What `IncrementalBuild` keeps between runs: each note's part, and the search index as it is on disk.
extension IncrementalBuild {
    /// What one note contributes, kept between runs. A class: every run walks all the notes' states, and copying
    /// a `Note` costs a retain per field. Made by the parsing workers, then read and changed on the builder's
    /// thread only.
    final class NoteState: @unchecked Sendable {
        var note: Note?
        let diagnostics: [Diagnostic]
        var mentions: [Mention] = []
        /// Link problems, with the destination as written; they depend on other notes, so they are worked out
        /// again when a note they point to changes.
        var linkProblems: [(destination: String, diagnostic: Diagnostic)] = [] { didSet { sorted = nil } }
        /// The source paths this note's links point to (found or not), for working out who to check again.
        var targets: Set<String> = []
        /// The note's sections (without their text, which is in the note's text script) and words for the search
        /// index, once worked out.
        var search: SearchIndex.Entries?
        /// The note's code blocks as its parse analysed them, kept until its page has used them for colouring.
        var scans: CodeScanner.BlockScans?

        private var sorted: [Diagnostic]?

        /// The note's diagnostics and link problems in display order, sorted again only when they change.
        var sortedDiagnostics: [Diagnostic] {
            if let sorted { return sorted }
            let result = (diagnostics + linkProblems.map(\.diagnostic)).sortedForDisplay()
            sorted = result
            return result
        }

        init(note: Note?, diagnostics: [Diagnostic], mentions: [Mention] = [], scans: CodeScanner.BlockScans? = nil) {
            self.note = note
            self.diagnostics = diagnostics
            self.mentions = mentions
            self.scans = scans
        }

        convenience init(_ parsed: ParsedNote) {
            self.init(note: parsed.note, diagnostics: parsed.diagnostics, mentions: parsed.mentions, scans: parsed.scans)
        }
    }

    /// The search index on disk, as the last run that wrote it whole left it: the ids of each note's sections, by
    /// source path, and the notes edited since, whose sections are in the patch script instead. A rebuild writes
    /// the patch (a few notes' entries) rather than the index (every note's).
    struct SearchBase {
        var sections: [String: Range<Int>]
        /// The index's `SearchIndex.generation(of:)`, which its patches name.
        var generation: String
        var patched: Set<String> = []

        /// Past this many edited notes, the index is written whole again and the patch emptied.
        static func patchLimit(notes: Int) -> Int { max(32, notes / 50) }
    }
}
