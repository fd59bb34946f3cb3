/// What a note says about itself: its front matter, and what stands in for a key it lacks (see `NoteParser`).
public struct NoteMetadata: Hashable, Sendable {
    public var title: String
    public var date: NoteDate?
    public var lang: Language?
    public var summary: String?
    /// The Swift version the note's code is written for (`"2"`, `"3"`, `"4"`, `"4.2"`, `"5"`).
    public var swift: String?
    public var source: Source?
    /// Notes that translate each other share this key.
    public var translationKey: String?
    /// The note's `tags`, `categories` and `keywords`, in the order written, each once.
    public var tags: [String]
    /// `draft: true` or `published: false`: the site does not publish the note.
    public var draft: Bool
    /// Where `title` comes from.
    public var titleSource: TitleSource

    /// Where a note's title comes from.
    public enum TitleSource: Hashable, Sendable {
        /// The front matter's `title`.
        case frontMatter
        /// The note's first heading, a level-1 heading that is the first heading of the note: the page shows it as
        /// its title, and not again in the body.
        case heading
        /// The file's name, made readable (`uisplitview-notes.md` → "Uisplitview notes").
        case fileName
    }

    /// Where the note was first published, for attribution.
    public struct Source: Hashable, Sendable {
        public var url: String?
        public var author: String?
        public var title: String?
        public var mirror: String?

        public init(url: String? = nil, author: String? = nil, title: String? = nil, mirror: String? = nil) {
            self.url = url
            self.author = author
            self.title = title
            self.mirror = mirror
        }
    }

    public init(title: String, date: NoteDate? = nil, lang: Language? = nil, summary: String? = nil,
                swift: String? = nil, source: Source? = nil, translationKey: String? = nil, tags: [String] = [],
                draft: Bool = false, titleSource: TitleSource = .frontMatter) {
        self.title = title
        self.date = date
        self.lang = lang
        self.summary = summary
        self.swift = swift
        self.source = source
        self.translationKey = translationKey
        self.tags = tags
        self.draft = draft
        self.titleSource = titleSource
    }

    /// Whether the pages of other notes show `self` and `other` alike: they name a note by its title, order the
    /// lists by date and link translations by key. The summary is left out: the listing that a one-shot build
    /// renders pages against reads only the front matter, and a summary taken from the note's first paragraph
    /// needs the whole note (`NoteParser.parse`); only the note's own page and the lists, made from the parse,
    /// show it.
    func listsAlike(_ other: NoteMetadata) -> Bool {
        var a = self, b = other
        a.summary = nil
        b.summary = nil
        return a == b
    }

    static let knownSourceKeys = ["url", "author", "title", "mirror", "path", "commit"]
    static let swiftVersions = ["2", "3", "4", "4.2", "5"]

    /// The value of `swiftVersions` whose era a release of Swift (`2.0`, `4.1`, `5.2`, `6.0`) is in: its major
    /// version, but 4.2's, with Swift 5's for later ones. Nil for Swift 1, whose spellings no value stands for, and
    /// for what is not a version number.
    static func swiftEra(ofVersion version: String) -> String? {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard let first = parts.first, let major = Int(first), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && Int($0) != nil }) else {
            return nil
        }
        switch major {
        case 2, 3: return String(major)
        case 4: return parts.count > 1 && Int(parts[1])! >= 2 ? "4.2" : "4"
        case 5...: return "5"
        default: return nil
        }
    }
}
