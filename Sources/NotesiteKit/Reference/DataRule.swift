/// The data files: the known symbol list, the call sequences and the collapse table.
public enum DataRule: String, RuleSet {
    case invalid = "data.invalid"
    case duplicateID = "data.duplicate-id"
    case unknownKind = "data.unknown-kind"
    case danglingReplacement = "data.dangling-replacement"
    case danglingSymbol = "data.dangling-symbol"
    case unknownTopic = "data.unknown-topic"
    case unreadable = "data.unreadable"

    public static let group = "data"

    public var severity: Diagnostic.Severity {
        switch self {
        case .invalid, .duplicateID, .unknownKind, .danglingReplacement, .danglingSymbol, .unknownTopic, .unreadable: .error
        }
    }

    public var summary: String {
        switch self {
        case .invalid: "A data file has a wrong shape or value."
        case .duplicateID: "Two symbols share an id."
        case .unknownKind: "A symbol has an unknown kind."
        case .danglingReplacement: "A symbol's replacement is not in the list."
        case .danglingSymbol: "A call sequence names a symbol not in the list."
        case .unknownTopic: "A type's topic is not one of the list's topics."
        case .unreadable: "A data file cannot be read, or is not a regular file (a named pipe, a device)."
        }
    }
}
