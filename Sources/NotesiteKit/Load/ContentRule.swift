/// Problems with the content folder's files as files: where they are, what they are named, what they hold.
public enum ContentRule: String, RuleSet {
    case conflictMarker = "content.conflict-marker"
    case duplicateSlug = "content.duplicate-slug"
    case duplicateTranslation = "content.duplicate-translation"
    case encoding = "content.encoding"
    case misplaced = "content.misplaced"
    case unknownLanguage = "content.unknown-language"
    case badSlug = "content.bad-slug"
    case unreadable = "content.unreadable"
    case tooDeep = "content.too-deep"
    case outside = "content.outside"
    case assetConflict = "content.asset-conflict"
    case notANote = "content.not-a-note"
    case badName = "content.bad-name"

    public static let group = "content"

    public var severity: Diagnostic.Severity {
        switch self {
        case .conflictMarker, .duplicateSlug, .encoding, .misplaced, .unknownLanguage, .badSlug, .unreadable, .outside,
             .assetConflict, .badName:
            .error
        case .duplicateTranslation, .tooDeep, .notANote:
            .warning
        }
    }

    public var summary: String {
        switch self {
        case .conflictMarker: "A git merge-conflict marker is left in a note."
        case .duplicateSlug: "Two notes of one language would get the same page."
        case .duplicateTranslation: "Two notes of one language share a translation_key."
        case .encoding: "A file is not UTF-8 text."
        case .misplaced: "A note is not in notes/<lang>/ (an error), or a Markdown file is outside notes/ and not built (a warning)."
        case .unknownLanguage: "A note's folder is not a language of the site."
        case .badSlug: "A note's file name cannot be a page name."
        case .unreadable: "A note, a folder under notes/ or a data file cannot be read."
        case .tooDeep: "Lists and quotes nest deeper than a page can show; the deeper levels are flattened."
        case .outside: "A note or file is a symbolic link to something outside the content folder."
        case .assetConflict: "A file under notes/ would be published where the site writes a page of its own."
        case .notANote: "A file named like a note (.MD, .markdown) is published as it is, not read as a note."
        case .badName: "A file or folder under notes/ has a name that is not UTF-8, which no page or link can name."
        }
    }
}
