import Foundation

/// A note's file as read from disk.
public struct SourceFile: Hashable, Sendable {
    /// The path below the content folder, with `/` separators: `notes/zh/intermediate-adaptive-layout.md`.
    public var path: String
    /// The path as diagnostics show it: the content folder as the user named it, joined with `path`.
    public var displayPath: String
    /// The text with a byte-order mark removed and line ends normalised to `\n` (line numbers are unchanged).
    public var text: String
    /// The site's languages, which the folder under `notes/` and the front matter's `lang` must name one of.
    public var languages: SiteLanguages

    public init(path: String, displayPath: String, text: String, languages: SiteLanguages = .builtIn) {
        self.path = path
        self.displayPath = displayPath
        self.text = text
        self.languages = languages
    }
}

/// What the content folder holds. The notes are listed, not read: the builder reads them a batch at a time
/// (`ContentLoader.read`), so a large site's text is never in memory at once.
public struct ContentTree: Sendable {
    /// Every `.md` file under `notes/`, as paths below the content folder (`notes/zh/a.md`), sorted.
    public var notes: [String]
    /// Every other file under `notes/` (images and the like), as paths below `notes/`; copied to the output as is.
    public var assets: [String]
    public var diagnostics: [Diagnostic]
}
