/// What a note's front matter says about it.
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
                swift: String? = nil, source: Source? = nil, translationKey: String? = nil) {
        self.title = title
        self.date = date
        self.lang = lang
        self.summary = summary
        self.swift = swift
        self.source = source
        self.translationKey = translationKey
    }

    /// Keys a note's front matter may use.
    static let knownKeys = ["title", "date", "lang", "summary", "swift", "source", "translation_key"]
    static let knownSourceKeys = ["url", "author", "title", "mirror"]
    static let requiredKeys = ["title", "date", "lang"]
    static let swiftVersions = ["2", "3", "4", "4.2", "5"]
}
