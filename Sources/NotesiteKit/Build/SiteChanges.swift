import Foundation

/// What changed since the builder's last run: paths below the content folder (`notes/en/a.md`, `data/symbols.yml`)
/// and whether anything under the templates folder changed.
public struct SiteChanges: Sendable, Equatable {
    public var content: Set<String>
    public var templates: Bool

    public init(content: Set<String> = [], templates: Bool = false) {
        self.content = content
        self.templates = templates
    }

    public var isEmpty: Bool { content.isEmpty && !templates }
}
