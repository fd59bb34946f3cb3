import NotesiteMarkdown

/// One API of the known symbol list (`Content/data/symbols.yml`).
public struct Symbol: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case `class`, `protocol`, `struct`, `enum`, `case`, method, property, initializer, constant, notification

        var isType: Bool { [.class, .protocol, .struct, .enum].contains(self) }
    }

    /// The Swift versions whose spellings the list records, oldest first.
    public static let swiftVersions = ["2", "3", "4", "4.2"]

    /// Stable and unique: `UISplitViewControllerDelegate.primaryViewController(forCollapsing:)`. Also the `id` of
    /// the symbol's entry on its reference page.
    public var id: String
    public var kind: Kind
    /// The type that declares it; nil for types and globals.
    public var container: String?
    /// Today's Swift spelling, in selector form for methods: `primaryViewController(forCollapsing:)`.
    public var swift: String
    /// The spelling in each of `swiftVersions`; nil where the API did not exist yet.
    public var swiftNames: [String: String]
    /// The Objective-C name or selector (`-primaryViewControllerForCollapsingSplitViewController:`).
    public var objc: String?
    public var introduced: String?
    public var deprecated: String?
    /// The id of the symbol to use instead, for a deprecated one.
    public var replacement: String?
    public var replacementNote: String?
    public var summary: String
    /// The Swift declaration (delegate methods).
    public var declaration: String?
    /// When UIKit calls it: collapsing, expanding, display-mode, show, show-detail, … (delegate methods).
    public var events: [String]
    public var calledWhen: String?
    public var returns: String?
    /// Chinese and Russian texts, where written; English is the fallback.
    public var translations: [Language: Texts]
    /// Where the entry starts in the data file.
    public var location: SourceLocation?

    public struct Texts: Hashable, Sendable {
        public var summary: String?
        public var calledWhen: String?
        public var returns: String?
    }

    /// The reference page the entry is on: the outermost type it belongs to (`UISplitViewController` for
    /// `UISplitViewController.DisplayMode.allVisible`), or `Globals`.
    public var page: String {
        if let container { return String(container.split(separator: ".").first ?? Substring(container)) }
        return kind.isType ? id : "Globals"
    }

    /// The spellings a note might use for this symbol, in any Swift version or in Objective-C.
    public var spellings: Set<String> {
        var names: Set<String> = [swift]
        names.formUnion(swiftNames.values)
        var result = names
        for name in names {
            if let container {
                result.insert("\(container).\(name)")
                if let last = container.split(separator: ".").last { result.insert("\(last).\(name)") }
            }
            if kind == .case { result.insert(".\(name)") }
            if kind == .initializer, let container, name.hasPrefix("init(") {
                result.insert(container + name.dropFirst(4))
            }
        }
        if let objc {
            result.insert(objc)
            let bare = objc.hasPrefix("-") || objc.hasPrefix("+") ? String(objc.dropFirst()) : objc
            result.insert(bare)
            // Notes often leave out a delegate selector's first part, the sender: for
            // `-splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:` they write
            // `collapseSecondaryViewController:ontoPrimaryViewController:`.
            let parts = bare.split(separator: ":")
            if parts.count >= 3 || (parts.count == 2 && bare.hasSuffix(":")), let first = parts.first,
               first.hasSuffix("Controller") || first.hasSuffix("View") {
                result.insert(parts.dropFirst().map { "\($0):" }.joined())
            }
        }
        return result
    }
}
