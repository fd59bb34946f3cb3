/// Links in notes that lead nowhere.
public enum LinkRule: String, RuleSet {
    case unresolved = "link.unresolved"
    case anchorMissing = "link.anchor-missing"
    case footnoteMissing = "link.footnote-missing"
    case externalBroken = "link.external-broken"

    public static let group = "link"

    public var severity: Diagnostic.Severity {
        switch self {
        case .unresolved, .anchorMissing, .footnoteMissing, .externalBroken: .warning
        }
    }

    public var summary: String {
        switch self {
        case .unresolved: "A relative link leads to no note or file."
        case .anchorMissing: "A #fragment is not an id on its page."
        case .footnoteMissing: "A footnote reference ([^label]) names no footnote, so it shows as written."
        case .externalBroken: "An external link does not answer with success."
        }
    }

    public var isErrorInCheck: Bool {
        switch self {
        case .unresolved, .anchorMissing: true
        case .footnoteMissing, .externalBroken: false
        }
    }
}
