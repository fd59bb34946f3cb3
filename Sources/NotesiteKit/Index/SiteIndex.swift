import NotesiteMarkdown

/// Stage 3: every note of the site, findable by its source path, in the order pages list them.
public struct SiteIndex: Sendable {
    /// Notes grouped by language (in `Language` order), newest first within a language.
    public let notes: [Note]
    /// Files under `notes/` that are not notes, as paths below `notes/`.
    public let assets: Set<String>
    /// Each note's source path, in the order of `notes`: a pass over every note that needs only its path reads
    /// these rather than the notes, each of which `for`, `filter` and `map` would copy.
    public let sourcePaths: [String]
    /// Every lookup is by position in `notes`, which holds each note once: a `Note` is large, and a site of
    /// large site's notes copied into several tables would cost a rebuild more than the edit does.
    private let byPath: [String: Int]
    /// Each language's notes, a run of `notes` (which are grouped by language).
    private let languageRanges: [Language: Range<Int>]
    private let byTranslationKey: [String: [Int]]
    /// The notes that are their folder's page (`notes/en/split-view/README.md`), by the folder's source path
    /// (`notes/en/split-view`): a link to the folder leads to them.
    private let byFolder: [String: Int]
    /// The notes by the name their page had on the site they were written for (`addressNames(ofSlug:)`).
    private let byAddressName: [String: [Int]]

    public init(notes: [Note], assets: [String]) {
        let undated = NoteDate(year: 0, month: 1)
        let keys = notes.map { (language: $0.language, date: $0.metadata.date ?? undated, slug: $0.slug) }
        let order = keys.indices.sorted { i, j in
            let a = keys[i], b = keys[j]
            if a.language != b.language { return a.language < b.language }
            if a.date != b.date { return a.date > b.date }
            return a.slug < b.slug
        }
        self.notes = order.map { notes[$0] }
        self.assets = Set(assets)
        var byPath: [String: Int] = [:]
        byPath.reserveCapacity(notes.count)
        var ranges: [Language: Range<Int>] = [:]
        var byKey: [String: [Int]] = [:]
        var byFolder: [String: Int] = [:]
        var byAddressName: [String: [Int]] = [:]
        // By position: `for note in` would copy each note.
        for i in self.notes.indices {
            let path = self.notes[i].source.path
            byPath[path] = i
            // The first by path, as `duplicateSlugs` keeps it.
            if let folder = NotePlace.folder(ofFolderPage: path) {
                if let other = byFolder[folder] {
                    if path < self.notes[other].source.path { byFolder[folder] = i }
                } else {
                    byFolder[folder] = i
                }
            }
            let language = self.notes[i].language
            ranges[language] = (ranges[language]?.lowerBound ?? i)..<(i + 1)
            if let key = self.notes[i].metadata.translationKey { byKey[key, default: []].append(i) }
            for name in Self.addressNames(ofSlug: self.notes[i].slug) { byAddressName[name, default: []].append(i) }
        }
        self.byAddressName = byAddressName
        self.byPath = byPath
        let sorted = self.notes
        self.sourcePaths = sorted.indices.map { sorted[$0].source.path }
        self.languageRanges = ranges
        self.byTranslationKey = byKey
        self.byFolder = byFolder
    }

    /// Notes that would be written to the same page (`content.duplicate-slug`): a second note of one language with
    /// the same slug, which a case-insensitive file system or a copied folder can produce, or a folder's README.md
    /// beside a note named like the folder, or a dated file name beside the same name undated.
    public static func duplicateSlugs(in notes: [Note]) -> [Diagnostic] {
        let keys = notes.indices.map { LanguageKey(language: notes[$0].language, text: notes[$0].slug.lowercasedIfNeeded) }
        return laterDuplicates(in: notes, keys: keys) { note, earlier in
            // Why two files of different names share a page, where their names alone do not say it.
            let reasons = [note, earlier].compactMap { NotePlace.reason(forPath: $0.source.path) }
            let why = reasons.isEmpty ? "" : " (\(Array(Set(reasons)).sorted().joined(separator: "; ")))"
            return Diagnostic(ContentRule.duplicateSlug, file: note.source.displayPath, at: nil,
                              "this note and \(earlier.source.displayPath) would both be written to \(note.outputPath)\(why); rename or move one of them")
        }
    }

    /// Notes of one language that share a `translation_key`: a page can link only one of them as the translation.
    /// The first by path keeps the place; each later one is a warning that names it.
    public static func duplicateTranslations(in notes: [Note]) -> [Diagnostic] {
        let keys = notes.indices.map { i in notes[i].metadata.translationKey.map { LanguageKey(language: notes[i].language, text: $0) } }
        return laterDuplicates(in: notes, keys: keys) { note, earlier in
            Diagnostic(ContentRule.duplicateTranslation, file: note.source.displayPath, at: nil,
                       "this note and \(earlier.source.displayPath) are both the \(note.language.rawValue) version of translation_key '\(note.metadata.translationKey ?? "")'; other languages link only to \(earlier.source.displayPath). Give this note its own translation_key")
        }
    }

    /// Files under `notes/` that the site would publish where it writes a file of its own (`content.asset-conflict`,
    /// an error: one of the two would be lost), and files named like notes that are not read as notes
    /// (`content.not-a-note`: `a.MD`, `a.markdown` are published as they are, front matter and all).
    /// Compared without case, as a case-insensitive file system would.
    public func assetProblems(displayPath: (String) -> String) -> [Diagnostic] {
        let languages = Array(Set(Language.builtIn + self.languages))
        var generated = Set(PageRenderer.ownFiles(languages) + notes.map(\.outputPath) + TagIndex(self).pagePaths)
        generated = Set(generated.map { $0.lowercased() })
        var found: [Diagnostic] = []
        for asset in assets.sorted() {
            let lowered = asset.lowercased()
            let display = displayPath("notes/" + asset)
            if generated.contains(lowered) || PageRenderer.siteFolders.contains(where: { lowered.hasPrefix($0 + "/") }) {
                let languagePage = PageRenderer.languagePages.first { page in languages.contains { "\($0.rawValue)/\(page.key).html" == lowered } }
                let owner = notes.first { $0.outputPath.lowercased() == lowered }.map { "the page of \($0.source.displayPath)" }
                    ?? languagePage?.value ?? "a page of its own"
                found.append(Diagnostic(ContentRule.assetConflict, file: display, at: nil,
                                        "this file would be published as \(asset), where the site writes \(owner); rename or move it"))
            } else if lowered.hasSuffix(".md") || lowered.hasSuffix(".markdown") {
                let base = asset.split(separator: "/").last.map { String($0.split(separator: ".").first ?? $0) } ?? asset
                found.append(Diagnostic(ContentRule.notANote, file: display, at: nil,
                                        "only files ending in .md are notes, so this one is published as it is, front matter and all; rename it to \(base).md"))
            }
        }
        return found
    }

    private struct LanguageKey: Hashable {
        var language: Language
        var text: String
    }

    /// In path order, each note whose key (`keys`, by position) an earlier note already has, reported against that
    /// earlier note. Notes without a key take part in nothing. Only notes that share a key are sorted, which in a
    /// sound site is none.
    private static func laterDuplicates<Key: Hashable>(in notes: [Note], keys: [Key?],
                                                       report: (_ note: Note, _ earlier: Note) -> Diagnostic) -> [Diagnostic] {
        var first: [Key: Int] = [:]
        first.reserveCapacity(notes.count)
        var shared: [Key: [Int]] = [:]
        for i in keys.indices {
            guard let key = keys[i] else { continue }
            if let earlier = first[key] {
                shared[key, default: [earlier]].append(i)
            } else {
                first[key] = i
            }
        }
        var result: [Diagnostic] = []
        for group in shared.values {
            let sorted = group.sorted { notes[$0].source.path < notes[$1].source.path }
            for later in sorted.dropFirst() { result.append(report(notes[later], notes[sorted[0]])) }
        }
        return result.sorted { $0.file < $1.file }
    }

    /// The other notes that share `note`'s `translation_key`, in language order.
    public func translations(of note: Note) -> [Note] {
        guard let key = note.metadata.translationKey else { return [] }
        return (byTranslationKey[key] ?? []).map { notes[$0] }.filter { $0.source.path != note.source.path && $0.language != note.language }
    }

    public func note(atSourcePath path: String) -> Note? {
        byPath[path].map { notes[$0] }
    }

    /// The source path of the note that is the page of the folder at `folder` (`notes/en/split-view`), if any.
    public func folderNote(_ folder: String) -> String? {
        byFolder[folder].map { notes[$0].source.path }
    }

    /// The names a note's page may have had on a Jekyll or Hugo site, whose addresses end in the post's name
    /// (`/dark-mode/`, `/2015/10/08/thinking-in-swift-1/`): the last part of its slug, which has no Jekyll date
    /// before it already (`NotePlace`), and that part without a date written as `20151008-`, in lower case.
    static func addressNames(ofSlug slug: String) -> [String] {
        let name = (slug.split(separator: "/").last.map(String.init) ?? slug).lowercased()
        let bytes = Array(name.utf8)
        let dated = bytes.count > 9 && bytes[8] == UInt8(ascii: "-") && bytes[..<8].allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        return dated ? [name, String(decoding: bytes[9...], as: UTF8.self)] : [name]
    }

    /// The source path of the note a site-root address without a file (`/dark-mode/`) names by its last part, read
    /// as a page name: the one of that name in `language`, or else the only one in the site; nil when there is
    /// none, or several.
    public func note(namedByAddress address: String, language: Language?) -> String? {
        guard let last = address.split(separator: "/").last else { return nil }
        let found = byAddressName[NotePlace.pageName(String(last)).lowercased()] ?? []
        let own = found.filter { notes[$0].language == language }
        if own.count == 1 { return notes[own[0]].source.path }
        return found.count == 1 ? notes[found[0]].source.path : nil
    }

    /// The page of the note at `path`, for the links of other notes' pages to it.
    public func outputPath(ofSourcePath path: String) -> String? {
        byPath[path].map { notes[$0].outputPath }
    }

    /// Where the note at `path` stands in `notes`; nil when the site has no such note.
    public func position(ofSourcePath path: String) -> Int? {
        byPath[path]
    }

    public func notes(in language: Language) -> ArraySlice<Note> {
        languageRanges[language].map { notes[$0] } ?? []
    }

    /// The notes before and after `note` among its language's notes, as the pager links them.
    public func neighbours(of note: Note) -> (previous: Note?, next: Note?) {
        guard let position = byPath[note.source.path], let range = languageRanges[note.language] else { return (nil, nil) }
        return (position > range.lowerBound ? notes[position - 1] : nil, position + 1 < range.upperBound ? notes[position + 1] : nil)
    }

    /// The languages that have at least one note.
    public var languages: [Language] {
        languageRanges.keys.sorted()
    }

    /// Whether a link to the page of the note at `path` with this fragment finds its place: a heading's id, or
    /// the top of the page (`NoteParser.isTopOfPage`).
    public func page(ofSourcePath path: String, hasID id: String) -> Bool {
        guard let position = byPath[path] else { return false }
        return NoteParser.isTopOfPage(id) || notes[position].headings.contains { $0.id == id }
    }
}
