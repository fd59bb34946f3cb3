/// Problems in `notesite.toml`, at their line and column. A setting with a problem keeps its default.
public enum ConfigRule: String, RuleSet {
    case unknownKey = "config.unknown-key"
    case invalid = "config.invalid"

    public static let group = "config"

    public var severity: Diagnostic.Severity {
        switch self {
        case .unknownKey: .warning
        case .invalid: .error
        }
    }

    public var summary: String {
        switch self {
        case .unknownKey: "The settings file (notesite.toml) has a key notesite does not know, which it ignores."
        case .invalid: "The settings file (notesite.toml) is not valid TOML, or a setting has a value of the wrong kind or out of range."
        }
    }
}
