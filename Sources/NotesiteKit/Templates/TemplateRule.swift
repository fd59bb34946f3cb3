/// The templates folder and its strings file: all but unknown variables stop the run.
public enum TemplateRule: String, RuleSet {
    case missing = "template.missing"
    case invalid = "template.invalid"
    case strings = "template.strings"
    case missingPartial = "template.missing-partial"
    case unknownVariable = "template.unknown-variable"
    case unreadable = "template.unreadable"

    public static let group = "template"

    public var severity: Diagnostic.Severity {
        switch self {
        case .missing, .invalid, .strings, .missingPartial, .unreadable: .error
        case .unknownVariable: .warning
        }
    }

    public var summary: String {
        switch self {
        case .missing: "The templates folder lacks a template every site needs."
        case .invalid: "A template does not parse as Mustache."
        case .strings: "The strings file (strings.yml) is missing, unreadable, or not a mapping of languages to texts."
        case .unreadable: "A file in the templates folder is not a regular file (a named pipe, a device, a socket)."
        case .missingPartial: "A template includes a partial that does not exist."
        case .unknownVariable: "A template names a variable no page provides, or a strings.yml key that does not exist."
        }
    }
}
