/// The notes' tags, language by language: a page per tag, `<lang>/tags/<slug>.html`, listing the notes that carry
/// it, and a list of the language's tags, `<lang>/tags/index.html`.
///
/// A tag's slug follows the rule of heading ids (`HeadingSlugger.slugify`): lowercase, punctuation dropped, spaces
/// to `-`, every script's letters kept, so `Split View` is `split-view`, `分割视图` is `分割视图` and `Сворачивание`
/// is `сворачивание`. Tags with one slug are one tag (`Swift`, `swift`), named as most of its notes write it.
public struct TagIndex: Sendable {
    public struct Tag: Sendable, Hashable {
        public var name: String
        public var slug: String
        /// The notes that carry it, as positions in the site index's `notes` (newest first).
        public var notes: [Int]
    }

    /// Each language's tags, by name (case ignored).
    private let byLanguage: [Language: [Tag]]

    public init(_ index: SiteIndex) {
        var found: [Language: [String: (spellings: [String: Int], notes: [Int])]] = [:]
        for i in index.notes.indices {
            let note = index.notes[i]
            var seen: Set<String> = []
            for name in note.metadata.tags {
                let slug = Self.slug(for: name)
                guard seen.insert(slug).inserted else { continue }
                found[note.language, default: [:]][slug, default: ([:], [])].spellings[name, default: 0] += 1
                found[note.language]![slug]!.notes.append(i)
            }
        }
        byLanguage = found.mapValues { tags in
            tags.map { slug, tag in
                // The spelling most notes use; of equals, the first in code-point order, so that a run names it as
                // the last run did.
                let name = tag.spellings.max { a, b in a.value != b.value ? a.value < b.value : a.key > b.key }!.key
                return Tag(name: name, slug: slug, notes: tag.notes)
            }.sorted { ($0.name.lowercased(), $0.name) < ($1.name.lowercased(), $1.name) }
        }
    }

    /// The tags of `language`'s notes, by name.
    public func tags(in language: Language) -> [Tag] {
        byLanguage[language] ?? []
    }

    /// The languages whose notes have tags.
    public var languages: [Language] {
        byLanguage.keys.sorted()
    }

    /// Every page the tags make, by path in the site: each language's list of tags and a page per tag.
    public var pagePaths: [String] {
        languages.flatMap { language in
            [Self.indexPath(language)] + tags(in: language).map { Self.pagePath($0.slug, language) }
        }
    }

    /// The file name of a tag's page, without `.html`. A tag of punctuation alone (`#`) is named by its bytes, and
    /// one whose slug is `index` is `index-tag`, since `index.html` is the list of tags. Cut to whole characters
    /// within 200 bytes: file systems take names of up to 255.
    public static func slug(for name: String) -> String {
        var slug = HeadingSlugger.slugify(name)
        while slug.utf8.count > 200 { slug.removeLast() }
        if slug.isEmpty || slug.allSatisfy({ $0 == "-" }) {
            return "tag-" + name.utf8.map { byte in
                let hex = String(byte, radix: 16)
                return hex.count == 1 ? "0" + hex : hex
            }.joined()
        }
        return slug == "index" ? "index-tag" : slug
    }

    public static func pagePath(_ slug: String, _ language: Language) -> String {
        "\(language.rawValue)/\(NotePlace.tagFolder)/\(slug).html"
    }

    public static func indexPath(_ language: Language) -> String {
        "\(language.rawValue)/\(NotePlace.tagFolder)/index.html"
    }
}
