import NotesiteMarkdown

/// Stage 3: every note of the site, findable by its source path, in the order pages list them.
public struct SiteIndex: Sendable {
    /// Notes grouped by language (in `Language` order), newest first within a language.
    public let notes: [Note]
    /// Files under `notes/` that are not notes, as paths below `notes/`.
    public let assets: Set<String>
    private let byPath: [String: Int]
    private let idsByPath: [String: Set<String>]
    /// Each language's notes, in page order, and each note's position among them: the pager and the language
    /// pages ask for these once per note, so they are worked out once per site.
    private let byLanguage: [Language: [Note]]
    private let positionInLanguage: [String: Int]
    private let byTranslationKey: [String: [Note]]

    public init(notes: [Note], assets: [String]) {
        self.notes = notes.sorted {
            if $0.language != $1.language { return $0.language < $1.language }
            let l = $0.metadata.date ?? NoteDate(year: 0, month: 1)
            let r = $1.metadata.date ?? NoteDate(year: 0, month: 1)
            if l != r { return l > r }
            return $0.slug < $1.slug
        }
        self.assets = Set(assets)
        var byPath: [String: Int] = [:]
        var ids: [String: Set<String>] = [:]
        for (i, note) in self.notes.enumerated() {
            byPath[note.source.path] = i
            ids[note.source.path] = Set(note.headings.map(\.id)).union(NoteParser.reservedIDs)
        }
        self.byPath = byPath
        self.idsByPath = ids
        var byLanguage: [Language: [Note]] = [:]
        var positions: [String: Int] = [:]
        var byKey: [String: [Note]] = [:]
        for note in self.notes {
            positions[note.source.path] = byLanguage[note.language, default: []].count
            byLanguage[note.language, default: []].append(note)
            if let key = note.metadata.translationKey { byKey[key, default: []].append(note) }
        }
        self.byLanguage = byLanguage
        self.positionInLanguage = positions
        self.byTranslationKey = byKey
    }

    /// Notes that would be written to the same page (`content.duplicate-slug`): a second note of one language with
    /// the same slug, which a case-insensitive file system or a copied folder can produce.
    public static func duplicateSlugs(in notes: [Note]) -> [Diagnostic] {
        laterDuplicates(in: notes, key: { $0.outputPath.lowercased() }) { note, earlier in
            Diagnostic(.error, "content.duplicate-slug", file: note.source.displayPath, at: nil,
                       "this note would be written to \(note.outputPath), like \(earlier.source.displayPath); rename one of the files")
        }
    }

    /// Notes of one language that share a `translation_key`: a page can link only one of them as the translation.
    /// The first by path keeps the place; each later one is a warning that names it.
    public static func duplicateTranslations(in notes: [Note]) -> [Diagnostic] {
        laterDuplicates(in: notes, key: { note in note.metadata.translationKey.map { note.language.rawValue + "\u{0}" + $0 } }) { note, earlier in
            Diagnostic(.warning, "content.duplicate-translation", file: note.source.displayPath, at: nil,
                       "this note and \(earlier.source.displayPath) are both the \(note.language.rawValue) version of translation_key '\(note.metadata.translationKey ?? "")'; other languages link only to \(earlier.source.displayPath). Give this note its own translation_key")
        }
    }

    /// In path order, each note whose `key` an earlier note already has, reported against that earlier note. Notes
    /// without a key take part in nothing.
    private static func laterDuplicates(in notes: [Note], key: (Note) -> String?,
                                        report: (_ note: Note, _ earlier: Note) -> Diagnostic) -> [Diagnostic] {
        var first: [String: Note] = [:]
        var result: [Diagnostic] = []
        for note in notes.sorted(by: { $0.source.path < $1.source.path }) {
            guard let key = key(note) else { continue }
            if let earlier = first[key] {
                result.append(report(note, earlier))
            } else {
                first[key] = note
            }
        }
        return result
    }

    /// The other notes that share `note`'s `translation_key`, in language order.
    public func translations(of note: Note) -> [Note] {
        guard let key = note.metadata.translationKey else { return [] }
        return (byTranslationKey[key] ?? []).filter { $0.source.path != note.source.path && $0.language != note.language }
    }

    public func note(atSourcePath path: String) -> Note? {
        byPath[path].map { notes[$0] }
    }

    public func notes(in language: Language) -> [Note] {
        byLanguage[language] ?? []
    }

    /// The notes before and after `note` among its language's notes, as the pager links them.
    public func neighbours(of note: Note) -> (previous: Note?, next: Note?) {
        guard let position = positionInLanguage[note.source.path], let siblings = byLanguage[note.language] else { return (nil, nil) }
        return (position > 0 ? siblings[position - 1] : nil, position + 1 < siblings.count ? siblings[position + 1] : nil)
    }

    /// The languages that have at least one note.
    public var languages: [Language] {
        Language.allCases.filter { byLanguage[$0] != nil }
    }

    /// Whether the page of the note at `path` has an element with this id.
    public func page(ofSourcePath path: String, hasID id: String) -> Bool {
        idsByPath[path]?.contains(id) ?? false
    }
}
