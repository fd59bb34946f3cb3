/// What `notesite.toml` says about a site, every setting with its default: a folder with only `notes/` and no
/// configuration builds as one in Chinese, Russian and English, titled by the templates' `strings.yml`.
///
/// The file gives the site's own words (title, description, author, menu) and its languages; `strings.yml` keeps
/// the words of the page chrome. Command-line flags win over the file (`--base-url`), and the file over the
/// defaults. docs/configuration.md lists every setting.
public struct SiteConfig: Sendable {
    /// The site's languages in the order of the home page and the switcher.
    public var languages: SiteLanguages = .builtIn
    /// The site's title per language code; a language the file does not name takes `title`'s default (see
    /// `SiteWords`), and without any, `strings.yml`'s `site_title`.
    public var title = SiteWords()
    /// The description search engines and link previews show for a page without a summary of its own.
    public var description = SiteWords()
    /// Who writes the site: the feed's author, `<meta name="author">`.
    public var author: String?
    /// The address the site is published at.
    public var baseURL: String?
    /// Links the header shows after the languages and the reference.
    public var menu: [MenuEntry] = []
    /// The Swift era a note without `swift:` is checked as; nil: told by its code, then its date (`NoteEra`).
    public var defaultSwiftEra: String?
    /// The severity each rule is raised with instead of its own (`[check.rules]`).
    public var rules = RuleSeverities()
    /// The file's problems, at their line and column.
    public var diagnostics: [Diagnostic] = []
    /// The file as findings name it; nil when the site has none.
    public var file: String?

    public init() {}

    /// Every default: no file.
    public static let `default` = SiteConfig()

    /// Text in the site's languages, with a default for those it does not name.
    public struct SiteWords: Sendable, Hashable {
        /// By language code.
        public var byLanguage: [String: String] = [:]
        /// For every language the table does not name (a plain string in the file sets only this).
        public var fallback: String?

        public init(byLanguage: [String: String] = [:], fallback: String? = nil) {
            self.byLanguage = byLanguage
            self.fallback = fallback
        }

        public var isEmpty: Bool { byLanguage.isEmpty && fallback == nil }

        /// The text for `language`: its own, else the plain one, else English's, else nil.
        public func text(in language: Language) -> String? {
            byLanguage[language.code] ?? fallback ?? byLanguage[Language.en.code]
        }
    }

    /// One link of the header's menu.
    public struct MenuEntry: Sendable, Hashable {
        public var label: SiteWords
        /// An address with a scheme (`https://…`), or a path from the site's root (`reference/index.html`), which
        /// each page links to relatively, so the site still works opened from disk.
        public var url: String

        public init(label: SiteWords, url: String) {
            self.label = label
            self.url = url
        }
    }
}

/// `[check.rules]`: the severity a rule is raised with, in `build` and `check` alike, or `off`.
public struct RuleSeverities: Sendable, Hashable {
    public enum Setting: String, Sendable, Hashable, CaseIterable {
        case error, warning, note, off

        /// `remark`, as the printer names notes, is accepted too.
        init?(word: String) {
            if word == "remark" { self = .note } else { self.init(rawValue: word) }
        }
    }

    /// By rule id.
    public var byRule: [String: Setting] = [:]

    public init(byRule: [String: Setting] = [:]) {
        self.byRule = byRule
    }

    public var isEmpty: Bool { byRule.isEmpty }

    /// `diagnostics` with each configured rule's severity, and those set `off` left out.
    public func apply(to diagnostics: inout [Diagnostic]) {
        guard !byRule.isEmpty else { return }
        var kept: [Diagnostic] = []
        kept.reserveCapacity(diagnostics.count)
        for var diagnostic in diagnostics {
            switch byRule[diagnostic.rule.id] {
            case nil: break
            case .off: continue
            case .error: diagnostic.severity = .error
            case .warning: diagnostic.severity = .warning
            case .note: diagnostic.severity = .note
            }
            kept.append(diagnostic)
        }
        diagnostics = kept
    }
}
