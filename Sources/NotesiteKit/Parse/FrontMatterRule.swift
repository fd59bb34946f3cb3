/// Problems in a note's front matter.
public enum FrontMatterRule: String, RuleSet {
    case missing = "frontmatter.missing"
    case unclosed = "frontmatter.unclosed"
    case invalid = "frontmatter.invalid"
    case missingField = "frontmatter.missing-field"
    case unknownKey = "frontmatter.unknown-key"
    case langMismatch = "frontmatter.lang-mismatch"

    public static let group = "frontmatter"

    public var severity: Diagnostic.Severity {
        switch self {
        case .missing, .unclosed, .invalid, .missingField, .langMismatch: .error
        case .unknownKey: .warning
        }
    }

    public var summary: String {
        switch self {
        case .missing: "A note has no front matter."
        case .unclosed: "A note's front matter has no closing ---."
        case .invalid: "Front matter is not valid YAML or has a wrong value."
        case .missingField: "Front matter lacks title, date or lang."
        case .unknownKey: "Front matter has a key the site does not know."
        case .langMismatch: "Front matter's lang differs from the note's folder."
        }
    }
}
