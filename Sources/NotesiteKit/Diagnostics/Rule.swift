/// What a diagnostic is about: a stable id (`frontmatter.unknown-key`), the severity it is raised with unless its
/// site says otherwise, a one-line description for SARIF and `check --list-rules`, and whether `check` raises it
/// from a warning to an error.
///
/// A rule is made only from a case of a `RuleSet`, so a diagnostic cannot name a rule that the catalogue
/// (`RuleCatalog.all`) lacks, or one without a description.
public struct Rule: Hashable, Sendable, CustomStringConvertible {
    public let id: String
    public let severity: Diagnostic.Severity
    /// One sentence, ending in a period.
    public let summary: String
    /// Broken links and images are warnings while drafting (`build` still renders the page) and errors in the CI
    /// gate (`check`).
    public let isErrorInCheck: Bool

    fileprivate init(id: String, severity: Diagnostic.Severity, summary: String, isErrorInCheck: Bool) {
        self.id = id
        self.severity = severity
        self.summary = summary
        self.isErrorInCheck = isErrorInCheck
    }

    // The id names the rule: the rest follows from it.
    public static func == (lhs: Rule, rhs: Rule) -> Bool { lhs.id == rhs.id }
    public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    public var description: String { id }
}

/// The rules of one stage, one case each, declared beside the code that raises them. The raw value is the id, which
/// starts with the group and a dot (`link.unresolved`).
///
/// `severity` and `summary` are written as exhaustive `switch`es, so that a new case does not compile until it has
/// both. A new conforming type goes into `RuleCatalog.sets`.
public protocol RuleSet: CaseIterable, RawRepresentable<String>, Hashable, Sendable {
    /// The ids' common prefix, without the dot: `link`.
    static var group: String { get }
    /// The severity the rule is raised with where its site does not name another.
    var severity: Diagnostic.Severity { get }
    /// One sentence, ending in a period, for SARIF's rule list and `check --list-rules`.
    var summary: String { get }
    /// Whether `check` raises the rule's warnings to errors.
    var isErrorInCheck: Bool { get }
}

extension RuleSet {
    public var isErrorInCheck: Bool { false }

    public var rule: Rule {
        assert(RuleCatalog.listsSet(of: self), "\(Self.self) is missing from RuleCatalog.sets")
        return Rule(id: rawValue, severity: severity, summary: summary, isErrorInCheck: isErrorInCheck)
    }

    static var rules: [Rule] { allCases.map(\.rule) }
}
