import NotesiteMarkdown
import Yams

/// A heading of the reference's index: the types under it share a subject (collapsing, display modes, traits).
/// The list's `topics:` gives them in the order the index shows them, each named in every language of the site.
public struct ReferenceTopic: Hashable, Sendable {
    public var id: String
    public var names: [Language: String]

    /// The topic under which the index lists every deprecated entry, whatever its page.
    public static let deprecatedID = "deprecated"

    /// The name in `language`, or in English where the list gives none.
    public func name(in language: Language) -> String { names[language] ?? names[.en] ?? id }
}

/// What the index says of a type the list has members of but no entry for (`UIFont`, with `UIFont.withSize(_:)`):
/// the list's `types:`, for a page whose type is not itself an API the notes are checked against.
public struct ListedType: Hashable, Sendable {
    public var topic: String?
    public var summary: String?
}

extension SymbolList {
    /// Reads `topics:`, a list of `{id, en, zh, ru}`. A topic without an id, or with one already used, is left out.
    static func parseTopics(_ node: Node?, yaml: inout YAMLSource) -> [ReferenceTopic] {
        guard let node else { return [] }
        guard let items = node.sequence else {
            yaml.report(DataRule.invalid, at: yaml.location(of: node), "`topics` must be a list of topics, each with an `id` and its name in `en`, `zh` and `ru`")
            return []
        }
        var topics: [ReferenceTopic] = []
        for item in items {
            guard let map = item.mapping, let id = yaml.string(map["id"], key: "id", rule: DataRule.invalid), !id.isEmpty else {
                yaml.report(DataRule.invalid, at: yaml.location(of: item), "each topic needs an `id` and its name in `en`, `zh` and `ru`")
                continue
            }
            if topics.contains(where: { $0.id == id }) {
                yaml.report(DataRule.duplicateID, at: yaml.location(of: map["id"]), "the topic '\(id)' is listed twice; topic ids must be unique")
                continue
            }
            var names: [Language: String] = [:]
            for language in Language.builtIn {
                names[language] = yaml.string(map[language.rawValue], key: language.rawValue, rule: DataRule.invalid)
            }
            if names[.en] == nil {
                yaml.report(DataRule.invalid, at: yaml.location(of: item), "the topic '\(id)' has no English name; add `en:`")
            }
            topics.append(ReferenceTopic(id: id, names: names))
        }
        return topics
    }

    /// Reads `types:`, a mapping from a page's type to its `topic` and `summary`.
    static func parseListedTypes(_ node: Node?, yaml: inout YAMLSource) -> [String: (ListedType, SourceLocation?)] {
        guard let node else { return [:] }
        guard let map = node.mapping else {
            yaml.report(DataRule.invalid, at: yaml.location(of: node), "`types` must be a mapping from a type's name to its `topic` and `summary`")
            return [:]
        }
        var result: [String: (ListedType, SourceLocation?)] = [:]
        for (key, value) in map {
            guard let name = key.string, let fields = value.mapping else {
                yaml.report(DataRule.invalid, at: yaml.location(of: key), "each of `types` is a type's name holding its `topic` and `summary`")
                continue
            }
            let listed = ListedType(topic: yaml.string(fields["topic"], key: "topic", rule: DataRule.invalid),
                                    summary: yaml.string(fields["summary"], key: "summary", rule: DataRule.invalid))
            result[name] = (listed, yaml.location(of: fields["topic"]) ?? yaml.location(of: key))
        }
        return result
    }

    /// An unknown topic as a finding at `location`, with the nearest known id.
    static func reportUnknownTopic(_ topic: String, of owner: String, at location: SourceLocation?, topics: [ReferenceTopic],
                                   yaml: inout YAMLSource) {
        let known = topics.map(\.id)
        var message = "'\(owner)' has the topic '\(topic)', which `topics` does not list"
        if let near = NearMiss.best(for: topic, in: known) {
            message += "; did you mean '\(near)'?"
        } else if known.isEmpty {
            message += "; add it to a top-level `topics:` list with its names in `en`, `zh` and `ru`"
        } else {
            message += "; use one of \(known.joined(separator: ", ")), or add it to `topics`"
        }
        yaml.report(DataRule.unknownTopic, at: location, message)
    }
}
