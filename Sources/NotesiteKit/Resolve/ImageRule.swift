/// Images in notes that cannot show.
public enum ImageRule: String, RuleSet {
    case empty = "image.empty"
    case missing = "image.missing"
    case githubBlob = "image.github-blob"

    public static let group = "image"

    public var severity: Diagnostic.Severity {
        switch self {
        case .empty, .missing, .githubBlob: .warning
        }
    }

    public var summary: String {
        switch self {
        case .empty: "An image has no address."
        case .missing: "A local image file does not exist."
        case .githubBlob: "An image points at a GitHub blob page, which is HTML, not the image."
        }
    }

    public var isErrorInCheck: Bool {
        switch self {
        case .missing, .githubBlob: true
        case .empty: false
        }
    }
}
