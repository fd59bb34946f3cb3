/// What happens to the output folder that a build reports.
public enum OutputRule: String, RuleSet {
    case foreignFile = "output.foreign-file"

    public static let group = "output"

    public var severity: Diagnostic.Severity {
        switch self {
        case .foreignFile: .warning
        }
    }

    public var summary: String {
        switch self {
        case .foreignFile: "A file in the output folder that no build wrote: kept where it is, or deleted with --clean."
        }
    }
}
