import NotesiteMarkdown

/// One API of the known symbol list (`Content/data/symbols.yml`).
public struct Symbol: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case `class`, `protocol`, `struct`, `enum`, `case`, method, property, initializer, constant, notification

        var isType: Bool { [.class, .protocol, .struct, .enum].contains(self) }
    }

    /// The Swift versions whose spellings the list records, oldest first.
    public static let swiftVersions = ["2", "3", "4", "4.2"]

    /// What the list says of the symbol, in one `SharedBox` (nothing changes a symbol once the list is loaded).
    private struct Fields: Hashable, Sendable {
        let id: String
        let kind: Kind
        let container: String?
        let swift: String
        let swiftNames: [String: String]
        let objc: String?
        let introduced: String?
        let deprecated: String?
        let replacement: String?
        let replacementNote: String?
        let summary: String
        let declaration: String?
        let events: [String]
        let calledWhen: String?
        let returns: String?
        let translations: [Language: Texts]
        let location: SourceLocation?
        let topic: String?
    }

    private let box: SharedBox<Fields>

    public init(id: String, kind: Kind, container: String?, swift: String, swiftNames: [String: String],
                objc: String?, introduced: String?, deprecated: String?, replacement: String?, replacementNote: String?,
                summary: String, declaration: String?, events: [String], calledWhen: String?, returns: String?,
                translations: [Language: Texts], location: SourceLocation?, topic: String? = nil) {
        box = SharedBox(Fields(id: id, kind: kind, container: container, swift: swift, swiftNames: swiftNames,
                               objc: objc, introduced: introduced, deprecated: deprecated, replacement: replacement,
                               replacementNote: replacementNote, summary: summary, declaration: declaration,
                               events: events, calledWhen: calledWhen, returns: returns, translations: translations,
                               location: location, topic: topic))
    }

    public static func == (lhs: Symbol, rhs: Symbol) -> Bool {
        lhs.box === rhs.box || lhs.box.value == rhs.box.value
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.value)
    }

    /// Stable and unique: `UISplitViewControllerDelegate.primaryViewController(forCollapsing:)`. Also the `id` of
    /// the symbol's entry on its reference page.
    public var id: String { box.value.id }
    public var kind: Kind { box.value.kind }
    /// The type that declares it; nil for types and globals.
    public var container: String? { box.value.container }
    /// Today's Swift spelling, in selector form for methods: `primaryViewController(forCollapsing:)`.
    public var swift: String { box.value.swift }
    /// The spelling in each of `swiftVersions`; nil where the API did not exist yet.
    public var swiftNames: [String: String] { box.value.swiftNames }
    /// The Objective-C name or selector (`-primaryViewControllerForCollapsingSplitViewController:`).
    public var objc: String? { box.value.objc }
    public var introduced: String? { box.value.introduced }
    public var deprecated: String? { box.value.deprecated }
    /// The id of the symbol to use instead, for a deprecated one.
    public var replacement: String? { box.value.replacement }
    public var replacementNote: String? { box.value.replacementNote }
    public var summary: String { box.value.summary }
    /// The Swift declaration (delegate methods).
    public var declaration: String? { box.value.declaration }
    /// When UIKit calls it: collapsing, expanding, display-mode, show, show-detail, … (delegate methods).
    public var events: [String] { box.value.events }
    public var calledWhen: String? { box.value.calledWhen }
    public var returns: String? { box.value.returns }
    /// Chinese and Russian texts, where written; English is the fallback.
    public var translations: [Language: Texts] { box.value.translations }
    /// Where the entry starts in the data file.
    public var location: SourceLocation? { box.value.location }
    /// The id of the topic a type is listed under on the reference's index (`SymbolList.topics`).
    public var topic: String? { box.value.topic }

    /// The same symbol under another topic.
    func withTopic(_ topic: String?) -> Symbol {
        let f = box.value
        return Symbol(id: f.id, kind: f.kind, container: f.container, swift: f.swift, swiftNames: f.swiftNames, objc: f.objc,
                      introduced: f.introduced, deprecated: f.deprecated, replacement: f.replacement,
                      replacementNote: f.replacementNote, summary: f.summary, declaration: f.declaration, events: f.events,
                      calledWhen: f.calledWhen, returns: f.returns, translations: f.translations, location: f.location, topic: topic)
    }

    public struct Texts: Hashable, Sendable {
        public var summary: String?
        public var calledWhen: String?
        public var returns: String?
    }

    /// The reference page the entry is on: the outermost type it belongs to (`UISplitViewController` for
    /// `UISplitViewController.DisplayMode.allVisible`), or `Globals`.
    public var page: String {
        // Found by its byte: a split on `Character`s cost thousands of instructions a call, and the reference
        // pages and symbol links ask for a symbol's page many times.
        if let container {
            guard let dot = container.utf8.firstIndex(of: UInt8(ascii: ".")) else { return container }
            return String(container[..<dot])
        }
        return kind.isType ? id : "Globals"
    }

    /// The spellings a note might use for this symbol, in any Swift version or in Objective-C.
    public var spellings: Set<String> {
        var result: Set<String> = variants(of: swift)
        for name in swiftNames.values { result.formUnion(variants(of: name)) }
        result.formUnion(objcSpellings)
        return result
    }

    /// The ways a Swift name may be written: bare, qualified by its container, as `.case`, or as `Type(labels)`.
    func variants(of name: String) -> Set<String> {
        var result: Set<String> = [name]
        if let container {
            result.insert("\(container).\(name)")
            if let last = container.split(separator: ".").last { result.insert("\(last).\(name)") }
            if kind == .initializer, name.hasPrefix("init(") { result.insert(container + name.dropFirst(4)) }
        }
        if kind == .case { result.insert(".\(name)") }
        return Set(result.map(SymbolResolver.normalise))
    }

    /// The Objective-C name or selector, with and without its `-`/`+`, and a delegate selector without its
    /// first part, the sender, as notes often write it: `collapseSecondaryViewController:ontoPrimaryViewController:`
    /// for `-splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:`.
    var objcSpellings: Set<String> {
        guard let objc else { return [] }
        var result: Set<String> = [objc]
        let bare = objc.hasPrefix("-") || objc.hasPrefix("+") ? String(objc.dropFirst()) : objc
        result.insert(bare)
        let parts = bare.split(separator: ":")
        if parts.count >= 2, bare.hasSuffix(":"), let first = parts.first, first.hasSuffix("Controller") || first.hasSuffix("View") {
            result.insert(parts.dropFirst().map { "\($0):" }.joined())
        }
        return result
    }

    /// The name in a Swift version (`"2"`, `"3"`, `"4"`, `"4.2"`, or `"5"` for today's); nil when the API did not
    /// exist then.
    public func name(inSwift version: String) -> String? {
        Self.swiftVersions.contains(version) ? swiftNames[version] : swift
    }

    /// For each normalised written form of each Swift name (bare, qualified, `.case`, …), the Swift versions that
    /// call the symbol so, oldest first, `"5"` for today's.
    public var swiftVersionsBySpelling: [String: [String]] {
        var result: [String: [String]] = [:]
        for version in Self.swiftVersions {
            guard let name = swiftNames[version] else { continue }
            for key in variants(of: name) { result[key, default: []].append(version) }
        }
        for key in variants(of: swift) { result[key, default: []].append("5") }
        return result
    }
}
