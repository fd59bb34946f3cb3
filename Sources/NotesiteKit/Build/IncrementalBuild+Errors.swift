import Foundation

extension IncrementalBuild {
    /// The notes (source path and display path) that the errors among `diagnostics` belong to, when every error
    /// belongs to a note; nil when an error belongs to something else, which stops the run.
    static func notesWithErrors(_ diagnostics: [Diagnostic], notes: some Collection<String>,
                                unreadable: some Collection<String>, loader: ContentLoader) -> [(path: String, display: String)]? {
        let errors = diagnostics.filter { $0.severity == .error }
        guard !errors.isEmpty else { return [] }
        var byDisplay: [String: String] = [:]
        for path in notes { byDisplay[loader.displayPath(path)] = path }
        for display in unreadable where display.hasSuffix(".md") {
            if let range = display.range(of: "notes/", options: .backwards) { byDisplay[display] = String(display[range.lowerBound...]) }
        }
        var erring: [(path: String, display: String)] = []
        var seen: Set<String> = []
        for error in errors {
            guard let path = byDisplay[error.file], error.rule != ContentRule.duplicateSlug.rule else { return nil }
            if seen.insert(error.file).inserted { erring.append((path, error.file)) }
        }
        return erring
    }
}
