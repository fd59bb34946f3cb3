/// Links in notes that lead nowhere.
public enum LinkRule: String, RuleSet {
    case unresolved = "link.unresolved"
    case anchorMissing = "link.anchor-missing"
    case footnoteMissing = "link.footnote-missing"
    case externalBroken = "link.external-broken"
    case template = "link.template"
    case anchorText = "link.anchor-text"
    case empty = "link.empty"

    public static let group = "link"

    public var severity: Diagnostic.Severity {
        switch self {
        case .unresolved, .anchorMissing, .footnoteMissing, .externalBroken, .template, .empty: .warning
        // The page links the heading's id, so the link works here; only GitHub and editors miss it.
        case .anchorText: .note
        }
    }

    public var summary: String {
        switch self {
        case .unresolved: "A relative link leads to no note or file."
        case .anchorMissing: "A #fragment is not an id on its page."
        case .footnoteMissing: "A footnote reference ([^label]) names no footnote, so it shows as written."
        case .externalBroken: "An external link does not answer with success."
        case .template: "An address starts with a Jekyll or Hugo template ({{ site.baseurl }}) and its file is not beside the note."
        case .anchorText: "A #fragment names a heading by its text, not its id; the page links the id."
        case .empty: "A link has no address ([text](), or a word for one: [text](url)), so the page shows its text alone, or no text ([](https://…)), so it shows its address."
        }
    }

    public var isErrorInCheck: Bool {
        switch self {
        case .unresolved, .anchorMissing: true
        case .footnoteMissing, .externalBroken, .template, .anchorText, .empty: false
        }
    }
}
