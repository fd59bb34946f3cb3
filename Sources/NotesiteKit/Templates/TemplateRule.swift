/// The templates folder and its strings file: all but unknown variables stop the run.
public enum TemplateRule: String, RuleSet {
    case missing = "template.missing"
    case invalid = "template.invalid"
    case strings = "template.strings"
    case missingPartial = "template.missing-partial"
    case unknownVariable = "template.unknown-variable"

    public static let group = "template"

    public var severity: Diagnostic.Severity {
        switch self {
        case .missing, .invalid, .strings, .missingPartial: .error
        case .unknownVariable: .warning
        }
    }

    public var summary: String {
        switch self {
        case .missing: "The templates folder lacks a template every site needs."
        case .invalid: "A template does not parse as Mustache."
        case .strings: "The strings file (strings.yml) is missing, unreadable, or not a mapping of languages to texts."
        case .missingPartial: "A template includes a partial that does not exist."
        case .unknownVariable: "A template names a variable no page provides, or a strings.yml key that does not exist."
        }
    }
}
