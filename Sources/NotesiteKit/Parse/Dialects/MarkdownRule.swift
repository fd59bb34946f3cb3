/// Markdown that another site generator or renderer reads its own way, and that this site shows otherwise.
public enum MarkdownRule: String, RuleSet {
    case foreignSyntax = "markdown.foreign-syntax"
    case headingNoSpace = "markdown.heading-no-space"

    public static let group = "markdown"

    public var severity: Diagnostic.Severity {
        switch self {
        case .foreignSyntax, .headingNoSpace: .warning
        }
    }

    public var summary: String {
        switch self {
        case .foreignSyntax: "A Liquid tag or Hugo shortcode that this site does not run is left out of the page."
        case .headingNoSpace: "A line starts with # and no space, so GitHub and this site show it as text, not as a heading."
        }
    }
}
