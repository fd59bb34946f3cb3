import Foundation
import NotesiteMarkdown
import Yams

/// The known symbol list: every API the site has a reference entry for.
public struct SymbolList: Sendable {
    public let symbols: [Symbol]
    /// The index's topics, in the order it shows them.
    public let topics: [ReferenceTopic]
    /// What the index says of the types that have members in the list but no entry of their own, by name.
    public let listedTypes: [String: ListedType]
    private let byID: [String: Int]
    /// Made with the list and shared by its copies: what was worked out with one list is known not to hold for
    /// another (`CodeScanner.BlockScans`).
    private let identity = Identity()

    private final class Identity: Sendable {}

    public init(symbols: [Symbol], topics: [ReferenceTopic] = [], listedTypes: [String: ListedType] = [:]) {
        self.symbols = symbols
        self.topics = topics
        self.listedTypes = listedTypes
        var byID: [String: Int] = [:]
        for (i, symbol) in symbols.enumerated() where byID[symbol.id] == nil { byID[symbol.id] = i }
        self.byID = byID
    }

    public subscript(id: String) -> Symbol? { byID[id].map { symbols[$0] } }

    /// Where the symbol `id` is in `symbols`.
    func position(of id: String) -> Int? { byID[id] }

    /// Whether `other` is this list or a copy of it (not merely a list with the same entries).
    func isSame(as other: SymbolList) -> Bool { identity === other.identity }

    public static let empty = SymbolList(symbols: [])

    /// Reads and validates `symbols.yml`. Every problem is a diagnostic at its position in the file; entries that
    /// cannot be used are left out, the rest load.
    public static func load(text: String, file: String) -> (SymbolList, [Diagnostic]) {
        var yaml = YAMLSource(file: file, fileText: text)
        guard let root = yaml.compose(text, rule: DataRule.invalid, what: "the symbol list") else {
            return (.empty, yaml.diagnostics)
        }
        guard let entries = root.mapping?["symbols"]?.sequence else {
            yaml.report(DataRule.invalid, at: yaml.location(of: root) ?? SourceLocation(line: 1, column: 1),
                        "the symbol list must have a key `symbols:` holding a list of entries")
            return (.empty, yaml.diagnostics)
        }
        let topics = parseTopics(root.mapping?["topics"], yaml: &yaml)
        let topicIDs = Set(topics.map(\.id))
        var symbols: [Symbol] = []
        var firstSeen: [String: SourceLocation] = [:]
        for entry in entries {
            guard var symbol = parseEntry(entry, yaml: &yaml) else { continue }
            if let topic = symbol.topic, !topicIDs.contains(topic) {
                reportUnknownTopic(topic, of: symbol.id, at: yaml.location(of: entry.mapping?["topic"]), topics: topics, yaml: &yaml)
                symbol = symbol.withTopic(nil)
            } else if symbol.topic != nil, !symbol.kind.isType || symbol.page != symbol.id {
                yaml.report(DataRule.invalid, at: yaml.location(of: entry.mapping?["topic"]),
                            "'\(symbol.id)' is not a type with a page of its own, and `topic` groups the index's pages; give the topic to '\(symbol.page)'")
                symbol = symbol.withTopic(nil)
            }
            if let earlier = firstSeen[symbol.id] {
                yaml.report(DataRule.duplicateID, at: symbol.location,
                            "the id '\(symbol.id)' is already used by the entry at line \(earlier.line); ids must be unique")
                continue
            }
            firstSeen[symbol.id] = symbol.location ?? SourceLocation(line: 0, column: 0)
            symbols.append(symbol)
        }
        let ids = Set(symbols.map(\.id))
        for symbol in symbols {
            if let replacement = symbol.replacement, !ids.contains(replacement) {
                var message = "the replacement '\(replacement)' of '\(symbol.id)' is not an id in the list"
                if let near = NearMiss.best(for: replacement, in: Array(ids)) { message += "; did you mean '\(near)'?" }
                yaml.report(DataRule.danglingReplacement, at: symbol.location, message)
            }
        }
        var listedTypes: [String: ListedType] = [:]
        let pages = Set(symbols.map(\.page))
        for (name, (listed, location)) in parseListedTypes(root.mapping?["types"], yaml: &yaml).sorted(by: { $0.key < $1.key }) {
            if ids.contains(name) {
                yaml.report(DataRule.invalid, at: location, "'\(name)' has an entry of its own; give that entry its `topic` and `summary` instead")
                continue
            }
            guard pages.contains(name) else {
                yaml.report(DataRule.invalid, at: location, "no entry of the list is on a page '\(name)', so the index never shows it; remove it from `types`")
                continue
            }
            var listed = listed
            if let topic = listed.topic, !topicIDs.contains(topic) {
                reportUnknownTopic(topic, of: name, at: location, topics: topics, yaml: &yaml)
                listed.topic = nil
            }
            listedTypes[name] = listed
        }
        return (SymbolList(symbols: symbols, topics: topics, listedTypes: listedTypes), yaml.diagnostics)
    }

    private static func parseEntry(_ node: Node, yaml: inout YAMLSource) -> Symbol? {
        let at = yaml.location(of: node)
        guard let map = node.mapping else {
            yaml.report(DataRule.invalid, at: at, "each entry of `symbols` must be a mapping with `id`, `kind` and `swift`")
            return nil
        }
        func text(_ key: String) -> String? { yaml.string(map[key], key: key, rule: DataRule.invalid) }
        guard let id = text("id"), !id.isEmpty else {
            yaml.report(DataRule.invalid, at: at, "the entry has no `id`; give it a stable, unique id such as `UISplitViewController.isCollapsed`")
            return nil
        }
        guard let kindText = text("kind") else {
            yaml.report(DataRule.invalid, at: at, "'\(id)' has no `kind`")
            return nil
        }
        guard let kind = Symbol.Kind(rawValue: kindText) else {
            let known = Symbol.Kind.allCases.map(\.rawValue)
            var message = "'\(id)' has the unknown kind '\(kindText)'"
            message += NearMiss.best(for: kindText, in: known).map { "; did you mean '\($0)'?" } ?? "; use one of \(known.joined(separator: ", "))"
            yaml.report(DataRule.unknownKind, at: yaml.location(of: map["kind"]) ?? at, message)
            return nil
        }
        guard let swift = text("swift") else {
            yaml.report(DataRule.invalid, at: at, "'\(id)' has no `swift` name")
            return nil
        }
        var names: [String: String] = [:]
        if let versions = map["swift_versions"]?.mapping {
            for (key, value) in versions {
                guard let version = key.string, Symbol.swiftVersions.contains(version) else {
                    yaml.report(DataRule.invalid, at: yaml.location(of: key),
                                "'\(key.string ?? "?")' is not a Swift version of the list; use \(Symbol.swiftVersions.joined(separator: ", "))")
                    continue
                }
                if let name = yaml.string(value, key: "swift_versions.\(version)", rule: DataRule.invalid) { names[version] = name }
            }
        }
        var translations: [Language: Symbol.Texts] = [:]
        if let i18n = map["i18n"]?.mapping {
            for (key, value) in i18n {
                guard let lang = key.string.flatMap(Language.init(rawValue:)), let texts = value.mapping else { continue }
                translations[lang] = Symbol.Texts(
                    summary: yaml.string(texts["summary"], key: "summary", rule: DataRule.invalid),
                    calledWhen: yaml.string(texts["called_when"], key: "called_when", rule: DataRule.invalid),
                    returns: yaml.string(texts["returns"], key: "returns", rule: DataRule.invalid))
            }
        }
        let events = map["events"]?.sequence?.compactMap(\.string) ?? []
        let symbol = Symbol(id: id, kind: kind, container: text("container"), swift: swift, swiftNames: names, objc: text("objc"),
                            introduced: text("introduced"), deprecated: text("deprecated"), replacement: text("replacement"),
                            replacementNote: text("replacement_note"), summary: text("summary") ?? "",
                            declaration: text("declaration"), events: events, calledWhen: text("called_when"),
                            returns: text("returns"), translations: translations, location: at, topic: text("topic"))
        // The entry's page is a file of the site, named after its type: a name that is not an identifier could
        // leave the reference's folder or take the place of one of its pages.
        let from = symbol.container == nil ? "`id`" : "`container`"
        if symbol.page.lowercased() == "index" {
            yaml.report(DataRule.invalid, at: at,
                        "'\(id)' would be on reference/\(symbol.page).html, which is the reference's own list; its \(from) must name the type as UIKit does")
            return nil
        }
        guard isIdentifier(symbol.page) else {
            yaml.report(DataRule.invalid, at: at,
                        "'\(id)' cannot have a reference page: the page is named after its \(from), which must be a type's name such as `UISplitViewController` (ASCII letters, digits and `_`), not '\(symbol.page)'")
            return nil
        }
        return symbol
    }

    /// A type's name, which names its page of `reference/`: an ASCII identifier (so it cannot leave the folder).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.utf8.first, !(0x30...0x39).contains(first) else { return false }
        return name.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x5F }
    }
}
