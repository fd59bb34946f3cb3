/// A run that cannot start, as a finding: for the formats machines read, which would otherwise get nothing.
public enum RunRule: String, RuleSet {
    case failed = "run.failed"

    public static let group = "run"

    public var severity: Diagnostic.Severity {
        switch self {
        case .failed: .error
        }
    }

    public var summary: String {
        switch self {
        case .failed: "The run could not start: a missing folder, an output folder it must not write, or broken templates."
        }
    }
}
