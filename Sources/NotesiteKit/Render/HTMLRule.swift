/// Raw HTML in notes, and the links of the rendered pages.
public enum HTMLRule: String, RuleSet {
    case linkBroken = "html.link-broken"
    case unsafe = "html.unsafe"
    case disallowed = "html.disallowed"

    public static let group = "html"

    public var severity: Diagnostic.Severity {
        switch self {
        case .linkBroken, .unsafe, .disallowed: .warning
        }
    }

    public var summary: String {
        switch self {
        case .linkBroken: "A link in a generated page leads to no file or id."
        case .unsafe: "Raw HTML in a note could run script or load other pages; it is removed from the page."
        case .disallowed: "Raw HTML in a note uses an element or attribute outside the allow-list, and it is removed; or a tag reads as text."
        }
    }

    public var isErrorInCheck: Bool {
        switch self {
        case .linkBroken, .unsafe: true
        case .disallowed: false
        }
    }
}
