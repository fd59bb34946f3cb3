/// Problems in a note's front matter, and drafts. A note needs no front matter: its title, date and summary have
/// stand-ins (`NoteParser`), so no key is required.
public enum FrontMatterRule: String, RuleSet {
    case unclosed = "frontmatter.unclosed"
    case invalid = "frontmatter.invalid"
    case duplicateKey = "frontmatter.duplicate-key"
    case unknownKey = "frontmatter.unknown-key"
    case langMismatch = "frontmatter.lang-mismatch"
    case draft = "frontmatter.draft"

    public static let group = "frontmatter"

    public var severity: Diagnostic.Severity {
        switch self {
        case .unclosed, .invalid, .langMismatch: .error
        case .unknownKey, .duplicateKey: .warning
        case .draft: .note
        }
    }

    public var summary: String {
        switch self {
        case .unclosed: "A note's front matter has no closing --- (or +++ for TOML)."
        case .invalid: "Front matter is not valid YAML or TOML, or has a wrong value."
        case .duplicateKey: "Front matter sets a key twice in one mapping; the last is read, as Jekyll reads it."
        case .unknownKey: "Front matter has a key that neither notesite nor another site generator defines, but is a near miss of one."
        case .langMismatch: "Front matter's lang differs from the note's folder."
        case .draft: "A note is a draft (draft: true or published: false), which the site does not publish."
        }
    }
}
