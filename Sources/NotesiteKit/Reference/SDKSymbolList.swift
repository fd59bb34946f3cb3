import NotesiteMarkdown

/// One API of the generated symbol list (`data/sdk-symbols.tsv`): a name the iOS SDK declares, with its spelling
/// in each Swift era and in Objective-C and its availability. It has no page of its own; the curated list
/// (`symbols.yml`) is what the reference is made from.
public struct SDKSymbol: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable {
        case `class`, `protocol`, `struct`, `enum`, `case`, method, property, initializer, constant, function, `typealias`

        /// Kinds that one can be mistaken for another: "did you mean" suggests a name of the same family only.
        public enum Family: Sendable { case type, callable, value }

        public var family: Family {
            switch self {
            case .class, .protocol, .struct, .enum, .`typealias`: .type
            case .method, .initializer, .function: .callable
            case .case, .property, .constant: .value
            }
        }
    }

    public let kind: Kind
    public let module: String
    /// The declaring type's Swift path (`UISplitViewController.DisplayMode`); nil for types at the top level and
    /// globals.
    public let container: String?
    /// Today's Swift name, in selector form for anything called: `show(_:sender:)`.
    public let name: String
    /// The whole dotted path in Swift 4.0 (and so in Swift 3, give or take a few names), where it differs.
    public let swift4: String?
    /// The whole dotted path in Swift 2, where the iOS 9 SDK had the API and it could be matched.
    public let swift2: String?
    /// The Objective-C name, selector (`-showViewController:sender:`) or C name.
    public let objc: String?
    public let introduced: String?
    /// An iOS version, `future` for a deprecation announced for a later release, or `yes` for one without a version.
    public let deprecated: String?
    public let obsoleted: String?
    /// The name to use instead, as the SDK gives it.
    public let renamed: String?
    /// A class's superclass and protocols, a protocol's parents, or a property's type.
    public let related: [String]

    /// Today's dotted path: `UISplitViewController.show(_:sender:)`.
    public var path: String { container.map { "\($0).\(name)" } ?? name }

    /// The dotted path in a Swift era (`"1"` and `"2"` read as Swift 2, `"3"` as Swift 4): nil when the list
    /// does not know the Swift 2 spelling.
    public func path(inSwift era: String) -> String? {
        switch era {
        case "1", "2": swift2
        case "3", "4": swift4 ?? path
        default: path
        }
    }

    /// The iOS release in which the API stopped being recommended, as a number; nil when it never did or only will.
    public var deprecatedIn: Double? {
        guard let deprecated else { return nil }
        return deprecated == "yes" ? 0 : Double(deprecated)
    }

    /// The bare base name of a dotted path: `showDetailViewController` for
    /// `UIViewController.showDetailViewController(_:sender:)`.
    static func baseName(of path: String) -> String {
        let last = lastComponent(of: path)
        return String(last[..<(last.utf8.firstIndex(of: UInt8(ascii: "(")) ?? last.endIndex)])
    }

    /// The last component of a dotted path, leaving dots inside a selector's parentheses alone.
    static func lastComponent(of path: String) -> Substring {
        lastComponent(of: path[...])
    }

    static func lastComponent(of path: Substring) -> Substring {
        guard let dot = lastDot(in: path) else { return path }
        return path[path.utf8.index(after: dot)...]
    }

    /// Where the last dot between a path's components is, before any selector's parentheses.
    static func lastDot(in path: Substring) -> String.Index? {
        let utf8 = path.utf8
        let end = utf8.firstIndex(of: UInt8(ascii: "(")) ?? utf8.endIndex
        return utf8[..<end].lastIndex(of: UInt8(ascii: "."))
    }

    /// The ways a dotted path may be written in a note: whole, from its innermost type on (`DisplayMode.allVisible`),
    /// bare, and as an implicit member (`.allVisible`) for cases and properties. A case is never bare: code names
    /// it with its type or a dot, and a bare `String` or `Default` is something else. The list's look-ups tell a
    /// form by `isForm(_:of:)`, which the tests hold to this.
    func forms(of path: String) -> [String] {
        var result = [path]
        guard let last = Self.lastDot(in: path[...]) else {
            if kind == .case { result.append("." + path) }
            return result
        }
        let utf8 = path.utf8
        let bare = path[utf8.index(after: last)...]
        // Where the innermost type's name starts, after the dot before it.
        let inner = Self.lastDot(in: path[..<last]).map { utf8.index(after: $0) }
        if let inner { result.append(String(path[inner...])) }
        if kind != .case { result.append(String(bare)) }
        if kind == .case || kind == .property { result.append("." + bare) }
        // An initialiser is called by its type's name: `UIImage(named:)`.
        if kind == .initializer, bare.hasPrefix("init(") {
            let labels = bare.dropFirst(4)
            result.append(String(path[..<last]) + labels)
            if let inner { result.append(String(path[inner..<last]) + labels) }
        }
        return result
    }

    /// Whether code may name the symbol as an implicit member, with nothing before the dot (`.allVisible`, `.main`):
    /// a case, or a property of its own type (or of the Swift type an `NS` class bridges to, `NSCalendar.current`),
    /// as a static member must be to stand where its type is expected; one of unknown type too.
    var takesImplicitMember: Bool {
        switch kind {
        case .case: return true
        case .property:
            guard let type = related.first.map({ $0.hasSuffix("?") ? String($0.dropLast()) : $0 }), let container else { return true }
            return type == container || (container.hasPrefix("NS") && type == container.dropFirst(2))
        default: return false
        }
    }

    /// The Objective-C spellings: the name, a selector with and without its `-`/`+`.
    var objcForms: [String] {
        guard let objc else { return [] }
        if let first = objc.first, first == "-" || first == "+" { return [objc, String(objc.dropFirst())] }
        return [objc]
    }

    /// The eras in which `spelling` is one of the symbol's forms (`forms(of:)`, and `objcForms` for Objective-C);
    /// empty when it is none of them.
    func eras(_ spelling: String) -> SDKSymbolList.Eras {
        var eras: SDKSymbolList.Eras = []
        // Today's path in Swift 4.2 and 5, Swift 4's (where it differs) in Swift 3 and 4, and Swift 2's.
        let today = isForm(spelling, of: path)
        if today { eras.formUnion([.swift42, .swift5]) }
        if swift4.map({ isForm(spelling, of: $0) }) ?? today { eras.formUnion([.swift3, .swift4]) }
        if let swift2, isForm(spelling, of: swift2) { eras.formUnion(.swift2) }
        if objcForms.contains(spelling) { eras.formUnion(.objc) }
        return eras
    }

    /// An initialiser's call by its type's name, from the innermost type on: `Weight(rawValue:)` for
    /// `UIFont.Weight.init(rawValue:)`; nil for anything else.
    static func typeCall(of path: String) -> Substring? {
        let last = lastComponent(of: path)
        guard last.hasPrefix("init("), let dot = lastDot(in: path[...]) else { return nil }
        return (lastComponent(of: path[..<dot]) + last.dropFirst(4))[...]
    }

    /// Whether `spelling` is one of `forms(of: path)`, told without making them: a key can stand for hundreds of
    /// symbols (every initialiser has `init(coder:)`), and most of them are not what the spelling names.
    func isForm(_ spelling: String, of path: String) -> Bool {
        if spelling == path { return true }
        let whole = path[...]
        guard let last = SDKSymbol.lastDot(in: whole) else { return kind == .case && spelling.hasPrefix(".") && spelling.dropFirst() == whole }
        let bare = whole[path.utf8.index(after: last)...]
        if spelling.hasPrefix(".") { return (kind == .case || kind == .property) && spelling.dropFirst() == bare }
        if spelling == bare { return kind != .case }
        // From the innermost type on, and an initialiser called by its type's name, whole or from the innermost type.
        let inner = SDKSymbol.lastDot(in: whole[..<last]).map { whole.utf8.index(after: $0) }
        if let inner, spelling == whole[inner...] { return true }
        guard kind == .initializer, bare.hasPrefix("init(") else { return false }
        let labels = bare.dropFirst(4)
        guard spelling.hasSuffix(labels) else { return false }
        let type = spelling.dropLast(labels.count)
        return type == whole[..<last] || inner.map { type == whole[$0..<last] } ?? false
    }

    /// The keys (`SDKSymbolList.key(of:)`) of all the symbol's forms, some more than once: the last component of
    /// each Swift path, which is the key of all its forms but an initialiser's call by its type, the key of that call,
    /// and the Objective-C name without its `-` or `+`.
    var keys: [Substring] {
        // Today's path is `name` after the container's: its last component is `name`'s.
        var result = [SDKSymbol.lastComponent(of: name)]
        if let swift4 { result.append(SDKSymbol.lastComponent(of: swift4)) }
        if let swift2 { result.append(SDKSymbol.lastComponent(of: swift2)) }
        if kind == .initializer {
            for path in [path, swift4, swift2] as [String?] {
                if let path, let call = Self.typeCall(of: path) { result.append(call) }
            }
        }
        if let objc { result.append(SDKSymbolList.key(of: objc)) }
        return result
    }
}

/// The generated symbol list: every public API of UIKit and Core Data, and the Foundation, CoreGraphics, QuartzCore,
/// Dispatch and Objective-C runtime names UIKit code uses, read from `data/sdk-symbols.tsv` (made by `make symbols`).
/// `check` reads it; a build does not.
public struct SDKSymbolList: Sendable {
    /// The Swift eras a spelling can belong to, as bits.
    public struct Eras: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let swift2 = Eras(rawValue: 1)
        public static let swift3 = Eras(rawValue: 2)
        public static let swift4 = Eras(rawValue: 4)
        public static let swift42 = Eras(rawValue: 8)
        public static let swift5 = Eras(rawValue: 16)
        public static let objc = Eras(rawValue: 32)

        /// The era a note's Swift version (`"1"` … `"5"`) is judged by.
        public init(version: String) {
            switch version {
            case "1", "2": self = .swift2
            case "3": self = .swift3
            case "4": self = .swift4
            case "4.2": self = .swift42
            default: self = .swift5
            }
        }

        /// The oldest-first names of the Swift eras in the set.
        public var versions: [String] {
            [(Eras.swift2, "2"), (.swift3, "3"), (.swift4, "4"), (.swift42, "4.2"), (.swift5, "5")]
                .filter { contains($0.0) }.map(\.1)
        }
    }

    /// A symbol a spelling names, and the eras that spell it so.
    public struct Match: Sendable {
        public let symbol: SDKSymbol
        public let eras: Eras
    }

    public let symbols: [SDKSymbol]
    /// The type names macOS has and iOS does not (rows of kind `mac-type`: AppKit's `NSView`, Foundation's
    /// `NSTask`). Only the names are known: they are no symbols, and nothing is judged by them.
    public let macTypes: Set<String>
    /// The `UI` and `NS` macros the SDK's headers define (rows of kind `macro`: `NSLocalizedStringFromTable`,
    /// `NSAssert1`), which Swift does not import. Only the names are known.
    public let macros: Set<String>
    /// The header's `# …` lines: where the data came from.
    public let header: [String]
    /// Each symbol by the hash of every key (`key(of:)`) its forms have, sorted by hash, then by place in `symbols`.
    ///
    /// A spelling is looked up by its key, and each symbol found is kept only when the spelling is one of its forms
    /// (`SDKSymbol.forms(of:)`, `objcForms`): so the index holds one or two keys per spelling of a symbol rather
    /// than its five or so forms as strings. `check` makes the index when it starts, and a check of a small site
    /// spent most of its time making every form of all 22,000 symbols (`make bench`).
    private let byKey: [(hash: UInt64, index: Int32)]
    /// What `matches(_:)` found for each spelling asked about, something or nothing: notes repeat names.
    private let found = SharedCache<String, [Match]>()
    private let membersByType: [String: [Int32]]
    /// Methods, initialisers and functions by base name in any era (`showDetailViewController`).
    private let callablesByBase: [String: [Int32]]
    /// The types of the properties of each name (`navigationController`: `UINavigationController`).
    private let propertyTypes: [String: Set<String>]
    /// Each type's lineage, once asked for (`lineage(of:)`); shared by the copies of the list.
    private let lineages = SharedCache<String, [String]>()

    public static let empty = SDKSymbolList(symbols: [], header: [])

    /// What the list holds, from its header: "the iOS 16.4 SDK's UIKit, Foundation, … and SwiftUI names, and
    /// macOS's AppKit and Foundation type names", read from the `sdk:`, `counts:` and `macos:` lines, so that a list
    /// generated with more modules says so. Nil when the header does not say (a list written by hand, or by an older
    /// generator).
    public var contents: String? {
        /// The modules of a `counts:` or `macos:` line (`UIKit=9370 Foundation=10268 …`) that have rows.
        func modules(_ prefix: String) -> [Substring] {
            guard let line = header.first(where: { $0.hasPrefix(prefix) }) else { return [] }
            return line.dropFirst(prefix.count).split(separator: " ").compactMap { entry in
                guard let equals = entry.firstIndex(of: "="), let count = Int(entry[entry.index(after: equals)...]), count > 0 else { return nil }
                return entry[..<equals]
            }
        }
        /// "A", "A and B", "A, B and C".
        func listing(_ names: [Substring]) -> String {
            names.count < 2 ? names.map(String.init).joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
        }
        let iOS = modules("counts: ")
        guard !iOS.isEmpty else { return nil }
        let version = header.first { $0.hasPrefix("sdk: ") }.flatMap { line -> Substring? in
            guard let range = line.range(of: "after iOS ") else { return nil }
            return line[range.upperBound...].prefix { $0 == "." || $0.isNumber }
        }
        var text = (version.map { "the iOS \($0) SDK's " } ?? "the SDK's ") + listing(iOS) + " names"
        let macOS = modules("macos: ")
        if !macOS.isEmpty { text += ", and macOS's \(listing(macOS)) type names" }
        return text
    }

    public var isEmpty: Bool { symbols.isEmpty }

    public init(symbols: [SDKSymbol], header: [String], macTypes: Set<String> = [], macros: Set<String> = []) {
        self.symbols = symbols
        self.header = header
        self.macTypes = macTypes
        self.macros = macros
        var byKey: [(hash: UInt64, index: Int32)] = []
        var members: [String: [Int32]] = [:]
        var callables: [String: [Int32]] = [:]
        var propertyTypes: [String: Set<String>] = [:]
        byKey.reserveCapacity(symbols.count * 2)
        for (i, symbol) in symbols.enumerated() {
            let index = Int32(i)
            for key in symbol.keys { byKey.append((Self.hash(key), index)) }
            if let container = symbol.container { members[container, default: []].append(index) }
            if symbol.kind.family == .callable {
                // Today's path ends with `name`.
                var bases = [SDKSymbol.baseName(of: symbol.name)]
                for other in [symbol.swift4, symbol.swift2] {
                    if let base = other.map(SDKSymbol.baseName(of:)), !bases.contains(base) { bases.append(base) }
                }
                for base in bases { callables[base, default: []].append(index) }
            }
            // A property of its own type is a constant of a typed enum or an option set (`UIMenu.Identifier.view`),
            // and one of an attribute scope names an attribute's key (`AttributeScopes.FoundationAttributes.imageURL`):
            // neither is something a receiver is.
            if symbol.kind == .property, let container = symbol.container, !container.hasPrefix("AttributeScopes"),
               let type = symbol.related.first, type != container {
                propertyTypes[symbol.name, default: []].insert(type)
            }
        }
        byKey.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.index < $1.index }
        self.byKey = byKey
        self.membersByType = members
        self.callablesByBase = callables
        self.propertyTypes = propertyTypes
    }

    /// What a spelling is looked up by: its last component (`allVisible` for `.allVisible` and
    /// `UISplitViewController.DisplayMode.allVisible`, `show(_:sender:)`), without an Objective-C method's `-` or `+`.
    static func key(of spelling: String) -> Substring {
        var rest = spelling[...]
        if let first = rest.utf8.first, first == UInt8(ascii: ".") || first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            rest = rest.dropFirst()
        }
        return SDKSymbol.lastComponent(of: rest)
    }

    private static func hash(_ key: Substring) -> UInt64 {
        key.utf8.withContiguousStorageIfAvailable { XXH64.hash(UnsafeRawBufferPointer($0)) }
            ?? XXH64.hash(String(key))
    }

    /// Every symbol that `spelling` names in some era or in Objective-C, with the eras that spell it so.
    public func matches(_ spelling: String) -> [Match] {
        if let known = found[spelling] { return known }
        let hash = Self.hash(Self.key(of: spelling))
        var result: [Match] = []
        // The first entry with the hash, by halving.
        var i = 0, end = byKey.count
        while i < end {
            let middle = (i + end) / 2
            if byKey[middle].hash < hash { i = middle + 1 } else { end = middle }
        }
        var last: Int32 = -1
        while i < byKey.count, byKey[i].hash == hash {
            let index = byKey[i].index
            i += 1
            // A symbol with two keys of the same hash is there twice.
            guard index != last else { continue }
            last = index
            let eras = symbols[Int(index)].eras(spelling)
            if !eras.isEmpty { result.append(Match(symbol: symbols[Int(index)], eras: eras)) }
        }
        found[spelling] = result
        return result
    }

    public func contains(_ spelling: String) -> Bool { !matches(spelling).isEmpty }

    /// The methods, initialisers and functions whose base name is `base` in some era.
    public func callables(named base: String) -> [SDKSymbol] {
        (callablesByBase[base] ?? []).map { symbols[Int($0)] }
    }

    /// The one type that every property called `name` has (`navigationController`: `UINavigationController`);
    /// nil when there is no such property or they differ.
    public func propertyType(named name: String) -> String? {
        guard let types = propertyTypes[name], types.count == 1 else { return nil }
        return types.first
    }

    /// The type called `name` today (`UIAlertController`, `UISplitViewController.DisplayMode`).
    public func type(named name: String) -> SDKSymbol? {
        matches(name).lazy.map(\.symbol).first { $0.kind.family == .type && $0.path == name }
    }

    /// A type's members of one kind and those of its superclasses and protocols, nearest first. Members of other
    /// kinds are not copied out of the list: a UIKit class inherits hundreds, and `check` asks for a type's
    /// properties or methods for each name it finds wrong (`make bench`).
    public func members(of type: String, kind: SDKSymbol.Kind) -> [SDKSymbol] {
        lineage(of: type).flatMap { container in
            (membersByType[container] ?? []).compactMap { index in symbols[Int(index)].kind == kind ? symbols[Int(index)] : nil }
        }
    }

    /// Whether `type`, with what it inherits, has a member spelled `name` (bare, selector form or Swift 2's).
    public func hasMember(_ name: String, in type: String) -> Bool {
        matches(name).contains { match in
            guard let container = match.symbol.container else { return false }
            return inherits(type, from: container)
        }
    }

    /// Whether `type` is `container` or inherits from it (through superclasses and protocols).
    public func inherits(_ type: String, from container: String) -> Bool {
        type == container || lineage(of: type).contains(container)
    }

    /// `type` and everything it inherits from, nearest first: worked out once per type, since every member
    /// read from a receiver asks (`make bench` times `check`).
    private func lineage(of type: String) -> [String] {
        if let known = lineages[type] { return known }
        var seen: Set<String> = []
        var queue = [type]
        var result: [String] = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            if let symbol = self.type(named: next) { queue += symbol.related }
        }
        lineages[type] = result
        return result
    }

    /// The names of one family, each written as a note would write it bare: for "did you mean".
    public func names(of family: SDKSymbol.Kind.Family) -> [String] {
        var result: Set<String> = []
        for symbol in symbols where symbol.kind.family == family {
            result.insert(family == .type ? symbol.path : symbol.name)
        }
        return result.sorted()
    }
}
