/// Every rule, for SARIF's rule list and `notesite check --list-rules`: the cases of each stage's `RuleSet`.
public enum RuleCatalog {
    /// The rule types, in the order of the pipeline's stages. Each declares its rules where they are raised; only
    /// the types are listed here, so a rule cannot be raised without being in the catalogue.
    static let sets: [any RuleSet.Type] = [
        ConfigRule.self, ContentRule.self, RunRule.self, FrontMatterRule.self, MarkdownRule.self, LinkRule.self, ImageRule.self,
        SymbolRule.self, HTMLRule.self, TemplateRule.self, DataRule.self, OutputRule.self,
    ]

    /// Every rule, grouped by stage, each group in its declaration order.
    public static let all: [Rule] = sets.flatMap { $0.rules }

    /// The rules that `check` treats as errors although `build` only warns about them.
    public static let errorsInCheck: Set<Rule> = Set(all.filter(\.isErrorInCheck))

    private static let byID: [String: Rule] = Dictionary(uniqueKeysWithValues: all.map { ($0.id, $0) })

    /// The rule with this id, if there is one.
    public static func rule(id: String) -> Rule? { byID[id] }

    static func listsSet<R: RuleSet>(of _: R) -> Bool {
        sets.contains { ObjectIdentifier($0) == ObjectIdentifier(R.self) }
    }

    /// A table for people: id, default severity (and whether `check` makes it an error), description.
    public static func table(_ rules: [Rule] = all) -> String {
        func severity(_ rule: Rule) -> String {
            rule.severity.rawValue + (rule.isErrorInCheck ? ", error in check" : "")
        }
        let idWidth = rules.map(\.id.count).max() ?? 0
        let severityWidth = max("SEVERITY".count, rules.map { severity($0).count }.max() ?? 0)
        func row(_ id: String, _ severity: String, _ summary: String) -> String {
            id.padding(idWidth) + "  " + severity.padding(severityWidth) + "  " + summary + "\n"
        }
        return row("RULE", "SEVERITY", "DESCRIPTION") + rules.map { row($0.id, severity($0), $0.summary) }.joined()
    }

    /// `{"rules": [{"id", "severity", "errorInCheck", "description"}, ...]}`, keys in a fixed order.
    public static func json(_ rules: [Rule] = all) -> String {
        let rows = rules.map { rule in
            "{\"id\": \(JSON.string(rule.id)), \"severity\": \(JSON.string(rule.severity.rawValue)), "
                + "\"errorInCheck\": \(rule.isErrorInCheck), \"description\": \(JSON.string(rule.summary))}"
        }
        return "{\n  \"rules\": [\n    " + rows.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }
}

private extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
