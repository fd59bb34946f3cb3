/// API names in notes, checked against the known symbol list.
public enum SymbolRule: String, RuleSet {
    case unknown = "symbol.unknown"
    case malformed = "symbol.malformed"
    case renamed = "symbol.renamed"
    case deprecated = "symbol.deprecated"
    case unchecked = "symbol.unchecked"

    public static let group = "symbol"

    public var severity: Diagnostic.Severity {
        switch self {
        case .malformed: .error
        case .unknown, .renamed, .deprecated: .warning
        case .unchecked: .note
        }
    }

    public var summary: String {
        switch self {
        case .unknown: "An API name is not in the known symbol list."
        case .malformed: "An API name reference cannot be right."
        case .renamed: "An API name is spelled as in another Swift version than the note's."
        case .deprecated: "An API was deprecated by the note's era."
        case .unchecked: "There is no known symbol list, so check cannot check API names."
        }
    }
}
