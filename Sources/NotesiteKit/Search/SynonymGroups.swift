import NotesiteMarkdown
import Yams

/// Words a reader may use for one another, from `data/synonyms.yml`: a query word that is a member of a group also
/// finds the sections that use any other member. The notes and the reference say one thing in several ways (the
/// Chinese notes' 收起 is the reference's 折叠; UIKit's old "master" is its new "primary"), and a reader types
/// whichever they know.
///
/// The file is a list of groups under `groups:`, each a list of words:
///
/// ```yaml
/// groups:
///   - [收起, 折叠]
///   - [collapse, collapsed, collapsing, collapses]
/// ```
///
/// Members are kept as the search page compares them: lowercased, with `ё` as `е`. A member is one word (the
/// search page splits a query at spaces); a word belongs to one group at most.
public struct SynonymGroups: Hashable, Sendable {
    public private(set) var groups: [[String]]

    public static let none = SynonymGroups(groups: [])

    public init(groups: [[String]]) {
        self.groups = groups
    }

    /// A word as the search page compares it.
    static func normalised(_ word: String) -> String {
        word.lowercased().replacingOccurrences(of: "ё", with: "е")
    }

    /// The other members of the group `word` belongs to, or none.
    public func synonyms(of word: String) -> [String] {
        let word = Self.normalised(word)
        guard let group = groups.first(where: { $0.contains(word) }) else { return [] }
        return group.filter { $0 != word }
    }

    /// Reads `data/synonyms.yml`. What cannot be read is a `data.invalid` finding at its line, and is left out:
    /// the groups that can be read are kept.
    public static func load(text: String, file: String) -> (SynonymGroups, [Diagnostic]) {
        var yaml = YAMLSource(file: file, fileText: text)
        guard let root = yaml.compose(text, rule: DataRule.invalid, what: "the synonym list") else {
            return (.none, yaml.diagnostics)
        }
        guard let groupNodes = root.mapping?["groups"]?.sequence else {
            yaml.report(DataRule.invalid, at: yaml.location(of: root) ?? SourceLocation(line: 1, column: 1),
                        "the synonym list needs a list `groups:`, each group a list of words such as `- [收起, 折叠]`")
            return (.none, yaml.diagnostics)
        }
        var groups: [[String]] = []
        // Where each word was first listed, to name it when a later group lists it again.
        var listed: [String: SourceLocation] = [:]
        for node in groupNodes {
            let at = yaml.location(of: node)
            guard let memberNodes = node.sequence else {
                yaml.report(DataRule.invalid, at: at, "a synonym group must be a list of words, such as `- [收起, 折叠]`")
                continue
            }
            var group: [String] = []
            var places: [SourceLocation] = []
            for member in memberNodes {
                guard let raw = yaml.string(member, key: "a synonym", rule: DataRule.invalid) else { continue }
                let word = normalised(raw.trimmingWhitespace)
                let memberAt = yaml.location(of: member) ?? at
                if word.isEmpty { continue }
                if word.contains(where: \.isWhitespace) {
                    yaml.report(DataRule.invalid, at: memberAt,
                                "the synonym `\(raw)` has a space, and a query is split into words at spaces; list one word")
                    continue
                }
                if group.contains(word) {
                    yaml.report(DataRule.invalid, at: memberAt, "`\(raw)` is listed twice in this group; remove one")
                    continue
                }
                if let first = listed[word] {
                    yaml.report(DataRule.invalid, at: memberAt,
                                "`\(raw)` is already in the group at line \(first.line); a word belongs to one group, so merge the two groups")
                    continue
                }
                group.append(word)
                places.append(memberAt ?? SourceLocation(line: 1, column: 1))
            }
            if group.count < 2 {
                yaml.report(DataRule.invalid, at: at, "a synonym group needs at least two words; add another or remove the group")
                continue
            }
            for (word, place) in zip(group, places) { listed[word] = place }
            groups.append(group)
        }
        return (SynonymGroups(groups: groups), yaml.diagnostics)
    }
}
