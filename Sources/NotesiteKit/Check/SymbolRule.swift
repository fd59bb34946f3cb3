/// API names in notes, checked against the known symbol lists.
public enum SymbolRule: String, RuleSet {
    case unknown = "symbol.unknown"
    case malformed = "symbol.malformed"
    case renamed = "symbol.renamed"
    case deprecated = "symbol.deprecated"
    case nearMiss = "symbol.near-miss"
    case confusable = "symbol.confusable"
    case era = "symbol.era"
    case unchecked = "symbol.unchecked"

    public static let group = "symbol"

    public var severity: Diagnostic.Severity {
        switch self {
        case .malformed: .error
        case .unknown, .renamed, .deprecated, .nearMiss, .confusable: .warning
        case .era, .unchecked: .note
        }
    }

    public var summary: String {
        switch self {
        case .unknown: "An API name is not in the known symbol lists."
        case .malformed: "An API name reference cannot be right."
        case .renamed: "An API name is spelled as in another Swift version than the note's."
        case .deprecated: "An API was deprecated by the note's era."
        case .nearMiss: "A method a note implements nearly matches a delegate or overridable method, so UIKit never calls it."
        case .confusable: "An identifier mixes letters of two scripts that look alike, so it is not the name it appears to be."
        case .era: "Which Swift era a note without `swift:` is checked as, and why."
        case .unchecked: "There is no known symbol list, so check cannot check API names."
        }
    }
}
