/// One line of Content/data/sdk-symbols.tsv.
struct Row {
    var kind = "", module = "", container = "", name = "", swift4 = "", swift2 = "", objc = ""
    var introduced = "", deprecated = "", obsoleted = "", renamed = "", related = ""

    static let columns = [
        "kind", "module", "container", "name", "swift4", "swift2", "objc", "introduced", "deprecated", "obsoleted",
        "renamed", "related",
    ]

    var fields: [String] {
        [kind, module, container, name, swift4, swift2, objc, introduced, deprecated, obsoleted, renamed, related]
    }

    var path: String { container.isEmpty ? name : container + "." + name }

    /// Every name `rows` are known by, without a call's labels: a top-level row's name, and any row's Objective-C,
    /// Swift 2 and Swift 4 names, so that a type iOS nests (`NSExpression.ExpressionType`) is known by its C name
    /// (`NSExpressionType`) and a function (`NSLocalizedString(_:tableName:bundle:value:comment:)`) by its base name.
    static func knownNames(_ rows: [Row]) -> Set<String> {
        var known: Set<String> = []
        for row in rows {
            for name in [row.container.isEmpty ? row.name : "", row.objc, row.swift2, row.swift4] where !name.isEmpty {
                known.insert(String(name.prefix { $0 != "(" }))
            }
        }
        return known
    }

    /// Sorted by container, then name, then kind; the other columns only order rows that share those three.
    static func precedes(_ a: Row, _ b: Row) -> Bool {
        let left = [a.container, a.name, a.kind] + a.fields
        let right = [b.container, b.name, b.kind] + b.fields
        for (x, y) in zip(left, right) where x != y {
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        }
        return false
    }
}

/// Makes the rows from the Swift 5 graphs, with the Swift 4 graphs, the Swift 4 type names of the API notes and the
/// Swift 2 dumps for the older names.
struct RowBuilder {
    static let kinds: [String: String] = [
        "swift.class": "class", "swift.protocol": "protocol", "swift.struct": "struct", "swift.enum": "enum",
        "swift.enum.case": "case", "swift.method": "method", "swift.type.method": "method",
        "swift.property": "property", "swift.type.property": "property", "swift.init": "initializer",
        "swift.var": "constant", "swift.func": "function", "swift.typealias": "typealias",
    ]
    static let typeKinds: Set<String> = ["class", "protocol", "struct", "enum", "typealias"]
    /// Left out of `related`: every type conforms to `Copyable` and `Escapable` since Swift 5.9, and the extractor
    /// lists a class's `Sendable` conformance in some runs and not in others (it depends on what the compiler had
    /// checked before, so a cold module cache gives another answer than a warm one).
    static let leftOutProtocols: Set<String> = ["s:s8CopyableP", "s:s9EscapableP", "s:s8SendableP"]

    struct Counts {
        var leftOutKinds: [String: Int] = [:]
        var underscored = 0
        var synthesized = 0
        var unavailable = 0
        var repeated = 0
    }

    let swift5: GraphSet
    let swift4: GraphSet
    let swift4TypeNames: [String: String]
    let matcher: Swift2Matcher
    private(set) var counts = Counts()

    init(swift5: GraphSet, swift4: GraphSet, swift4TypeNames: [String: String], matcher: Swift2Matcher) {
        self.swift5 = swift5
        self.swift4 = swift4
        self.swift4TypeNames = swift4TypeNames
        self.matcher = matcher
    }

    mutating func rows() -> [Row] {
        let renames = swift4PrefixRenames()
        let related = relatedTypes()
        var rows: [Row] = []
        var seen: Set<String> = []
        for loaded in swift5.symbols {
            let symbol = loaded.symbol
            guard let kind = Self.kinds[symbol.kind.identifier] else {
                counts.leftOutKinds[symbol.kind.identifier, default: 0] += 1
                continue
            }
            if symbol.usr.contains("::SYNTHESIZED::") { counts.synthesized += 1; continue }
            if symbol.pathComponents.contains(where: { $0.hasPrefix("_") }) { counts.underscored += 1; continue }
            guard seen.insert(symbol.usr + "\u{0}" + symbol.path).inserted else { counts.repeated += 1; continue }
            let dates = Availability(symbol.availability)
            if dates.unavailable { counts.unavailable += 1; continue }

            var row = Row()
            row.kind = kind
            row.module = loaded.module
            row.container = symbol.pathComponents.dropLast().joined(separator: ".")
            row.name = symbol.pathComponents.last ?? ""
            row.introduced = dates.introduced
            row.deprecated = dates.deprecated
            row.obsoleted = dates.obsoleted
            row.renamed = dates.renamed
            if let old = swift4Path(of: symbol, renames: renames), old != row.path { row.swift4 = old }
            let clang = ClangName(usr: symbol.usr)
            row.objc = clang?.spelling ?? ""
            if let clang {
                row.swift2 = matcher.path(for: clang, isInitializer: kind == "initializer") ?? ""
            }
            switch kind {
            case "class", "protocol": row.related = related[symbol.usr, default: []].joined(separator: ",")
            case "property": row.related = Self.propertyType(symbol.declarationFragments ?? [])
            default: break
            }
            rows.append(row)
        }
        return rows
    }

    // MARK: - Swift 4

    /// Today's path of each type that Swift 4 named differently → its Swift 4 name:
    /// `UIApplication.LaunchOptionsKey` → `UIApplicationLaunchOptionsKey`.
    private func swift4PrefixRenames() -> [String: String] {
        var renames: [String: String] = [:]
        for loaded in swift4.symbols {
            guard let kind = Self.kinds[loaded.symbol.kind.identifier], Self.typeKinds.contains(kind) else { continue }
            let cName: String
            switch ClangName(usr: loaded.symbol.usr) {
            case .tag(let name)?, .objcClass(let name)?, .objcProtocol(let name)?: cName = name
            default: continue
            }
            if let old = swift4TypeNames[cName] { renames[loaded.symbol.path] = old }
        }
        return renames
    }

    /// The symbol's path in the Swift 4 graph, with the longest leading type that Swift 4 named differently renamed.
    private func swift4Path(of symbol: GraphSymbol, renames: [String: String]) -> String? {
        let candidates = swift4.symbols(usr: symbol.usr).map(\.symbol).filter { $0.isAsync == symbol.isAsync }
        guard let match = candidates.first(where: { $0.pathComponents.last == symbol.pathComponents.last })
            ?? candidates.first(where: { $0.kind.identifier == symbol.kind.identifier }) ?? candidates.first
        else { return nil }
        let components = match.pathComponents
        for count in stride(from: components.count, through: 1, by: -1) {
            if let old = renames[components.prefix(count).joined(separator: ".")] {
                return ([old] + components.dropFirst(count)).joined(separator: ".")
            }
        }
        return match.path
    }

    // MARK: - Related types

    /// For each class: its superclass, then the protocols it adopts; for each protocol: the protocols it inherits.
    private func relatedTypes() -> [String: [String]] {
        var inherits: [String: [String]] = [:]
        var conforms: [String: Set<String>] = [:]
        for relationship in swift5.relationships where !Self.leftOutProtocols.contains(relationship.target) {
            guard relationship.kind == "inheritsFrom" || relationship.kind == "conformsTo",
                  let name = typeName(relationship.target, fallback: relationship.targetFallback) else { continue }
            if relationship.kind == "inheritsFrom" {
                if !inherits[relationship.source, default: []].contains(name) { inherits[relationship.source, default: []].append(name) }
            } else {
                conforms[relationship.source, default: []].insert(name)
            }
        }
        var related: [String: [String]] = [:]
        for source in Set(inherits.keys).union(conforms.keys) {
            let first = inherits[source] ?? []
            let rest = (conforms[source] ?? []).subtracting(first).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            related[source] = first + rest
        }
        return related
    }

    /// Today's Swift name of a relationship's target: its path when it is in the graphs, else the fallback that
    /// names it in another module (`ObjectiveC.NSObjectProtocol` → `NSObjectProtocol`).
    private func typeName(_ usr: String, fallback: String?) -> String? {
        if let symbol = swift5.symbols(usr: usr).first?.symbol { return symbol.path }
        guard let fallback, let dot = fallback.firstIndex(of: ".") else { return fallback }
        return String(fallback[fallback.index(after: dot)...])
    }

    /// A property's type as one nominal name: `UINavigationController?` → `UINavigationController`,
    /// `[UIViewController]` → `Array`, `[String : Any]` → `Dictionary`, `UISplitViewController.DisplayMode` as it is;
    /// empty for function and tuple types.
    static func propertyType(_ fragments: [GraphSymbol.Fragment]) -> String {
        guard let identifier = fragments.firstIndex(where: { $0.kind == "identifier" }) else { return "" }
        var text = Substring(fragments[(identifier + 1)...].map(\.spelling).joined())
        guard text.hasPrefix(":") else { return "" }
        text = text.dropFirst()
        if let accessors = text.range(of: " {") { text = text[..<accessors.lowerBound] }
        if let value = text.range(of: " = ") { text = text[..<value.lowerBound] }
        return nominal(text.trimmingCharacters(in: .whitespaces))
    }

    private static func nominal(_ type: String) -> String {
        var text = Substring(type)
        while text.last == "?" || text.last == "!" { text = text.dropLast() }
        for keyword in ["any ", "some "] where text.hasPrefix(keyword) { text = text.dropFirst(keyword.count) }
        if text.hasPrefix("(") && text.hasSuffix(")") {
            let inside = text.dropFirst().dropLast()
            if inside.contains("->") || Swift2Interface.splitTopLevel(inside, separator: ",").count != 1 { return "" }
            return nominal(String(inside))
        }
        if text.hasPrefix("[") {
            let inside = text.dropFirst().dropLast()
            return Swift2Interface.splitTopLevel(inside, separator: ":").count > 1 ? "Dictionary" : "Array"
        }
        let name = text.prefix { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        guard name.count == text.count || text.dropFirst(name.count).first == "<" else { return "" }
        return String(name)
    }
}

/// A symbol's iOS dates from its availability entries: `iOS` for versions, `*` (any platform) and `Swift` for
/// deprecations without a version.
struct Availability {
    var introduced = "", deprecated = "", obsoleted = "", renamed = ""
    var unavailable = false

    init(_ entries: [GraphSymbol.Availability]?) {
        for entry in entries ?? [] {
            switch entry.domain {
            case "iOS":
                if introduced.isEmpty, let version = entry.introduced { introduced = Self.format(version) }
                if deprecated.isEmpty, let version = entry.deprecated { deprecated = Self.format(version) }
                if obsoleted.isEmpty, let version = entry.obsoleted { obsoleted = Self.format(version) }
                note(entry)
            case "*", nil:
                note(entry)
            case "Swift":
                // Versions here are language versions: obsoleted by Swift 5 means Swift 5 code cannot use it.
                if let version = entry.obsoleted, version.major <= 5 { unavailable = true }
                if let version = entry.deprecated, version.major <= 5 { markDeprecated(entry) }
            default:
                break
            }
        }
    }

    private mutating func note(_ entry: GraphSymbol.Availability) {
        if entry.isUnconditionallyUnavailable == true { unavailable = true }
        if renamed.isEmpty, let name = entry.renamed { renamed = name }
        if entry.isUnconditionallyDeprecated == true || entry.deprecated != nil { markDeprecated(entry) }
    }

    private mutating func markDeprecated(_ entry: GraphSymbol.Availability) {
        if deprecated.isEmpty { deprecated = "yes" }
        if renamed.isEmpty, let name = entry.renamed { renamed = name }
    }

    /// `8.0`; a deprecation "in a future version" has major version 100000.
    static func format(_ version: GraphSymbol.Version) -> String {
        version.major >= 100000 ? "future" : "\(version.major).\(version.minor ?? 0)"
    }
}
