import Foundation

/// The names the Swift 2 interface dumps of apple/swift-3-api-guidelines-review (branch swift-2) declare: the iOS 9
/// SDK as Swift 2 imported it, one file per header, every declaration on one line, types only at the top level.
///
///     class UISplitViewController : UIViewController {
///       var collapsed: Bool { get }
///       func displayModeButtonItem() -> UIBarButtonItem
///     }
///
/// Members are kept in their selector form (`showViewController(_:sender:)`, `init(style:)`), properties and cases
/// bare. The dumps leave out overrides and protocol witnesses, so a member is looked for in the type, in its
/// superclass and in the protocols they adopt.
struct Swift2Interface {
    struct TypeEntry {
        var kind = "extension"
        var inherits: [String] = []
        var members: Set<String> = []
    }

    private(set) var types: [String: TypeEntry] = [:]
    /// Top-level functions (selector form), constants, variables and type aliases.
    private(set) var globals: Set<String> = []
    /// Top-level functions by base name: `UIEdgeInsetsInsetRect` → `UIEdgeInsetsInsetRect(_:_:)`.
    private(set) var functionsByBase: [String: [String]] = [:]
    private(set) var files = 0
    private(set) var declarations = 0

    private static let modifiers: Set<String> = [
        "class", "static", "convenience", "required", "optional", "weak", "unowned", "unowned(unsafe)", "final",
        "mutating", "nonmutating", "dynamic", "override", "public", "lazy", "prefix", "postfix", "infix", "indirect",
    ]

    /// Reads every `.swift` file under `folder` in name order.
    mutating func read(folder: URL) throws {
        let manager = FileManager.default
        guard let names = manager.enumerator(atPath: folder.path)?.compactMap({ $0 as? String }) else { return }
        for name in names.filter({ $0.hasSuffix(".swift") }).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
            read(text: try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8))
            files += 1
        }
    }

    mutating func read(text: String) {
        var current: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let indented = rawLine.first == " "
            var line = Self.strippingAttributes(rawLine.trimmingCharacters(in: .whitespaces))
            if line.isEmpty || line == "}" {
                if line == "}" && !indented { current = nil }
                continue
            }
            var words = line.split(separator: " ", maxSplits: 1).map(String.init)
            // `class` starts a declaration at the top level and is a modifier (`class func`) inside a type.
            while indented, let first = words.first, Self.modifiers.contains(first), words.count == 2 {
                line = words[1]
                words = line.split(separator: " ", maxSplits: 1).map(String.init)
            }
            guard let keyword = words.first else { continue }
            let rest = words.count == 2 ? words[1] : ""
            if !indented, ["class", "struct", "enum", "protocol", "extension"].contains(keyword), line.hasSuffix("{") {
                let (name, inherits) = Self.typeHeader(rest)
                var entry = types[name] ?? TypeEntry()
                if keyword != "extension" { entry.kind = keyword }
                entry.inherits += inherits.filter { !entry.inherits.contains($0) }
                types[name] = entry
                current = name
                continue
            }
            guard let member = Self.memberName(keyword: keyword, rest: rest, isTopLevel: !indented) else { continue }
            declarations += 1
            if indented, let current {
                types[current, default: TypeEntry()].members.insert(member)
            } else if !indented {
                globals.insert(member)
                if keyword == "func", let paren = member.firstIndex(of: "(") {
                    functionsByBase[String(member[..<paren]), default: []].append(member)
                }
                if keyword == "typealias", types[member] == nil {
                    types[member] = TypeEntry(kind: "typealias")
                }
            }
        }
    }

    /// The types `type` inherits from, directly or not, by name (names without a dump, like `NSObject`, included).
    func ancestors(of type: String) -> Set<String> {
        var queue = types[type]?.inherits ?? []
        var seen: Set<String> = []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted else { continue }
            queue += types[next]?.inherits ?? []
        }
        return seen
    }

    /// Whether `type`, its superclasses or the protocols any of them adopt declare `member`.
    func declares(_ type: String, _ member: String) -> Bool {
        var queue = [type]
        var seen: Set<String> = []
        while let next = queue.popLast() {
            guard seen.insert(next).inserted, let entry = types[next] else { continue }
            if entry.members.contains(member) { return true }
            queue += entry.inherits
        }
        return false
    }

    // MARK: - Reading one declaration

    /// Drops leading attributes (`@available(iOS 8.0, *)`, `@NSCopying`, `@warn_unused_result(…)`) and comments.
    static func strippingAttributes(_ line: String) -> String {
        var text = Substring(line)
        while true {
            if text.hasPrefix("/*"), let end = text.range(of: "*/") {
                text = text[end.upperBound...].drop { $0 == " " }
                continue
            }
            guard text.first == "@" else { break }
            var index = text.index(after: text.startIndex)
            while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "_" {
                index = text.index(after: index)
            }
            if index < text.endIndex, text[index] == "(" {
                var depth = 0
                while index < text.endIndex {
                    if text[index] == "(" { depth += 1 }
                    if text[index] == ")" { depth -= 1; if depth == 0 { index = text.index(after: index); break } }
                    index = text.index(after: index)
                }
            }
            text = text[index...].drop { $0 == " " }
        }
        return String(text)
    }

    /// `UISplitViewController : UIViewController {` → the name and what it inherits from.
    private static func typeHeader(_ rest: String) -> (String, [String]) {
        var header = Substring(rest.dropLast()).trimmingCharacters(in: .whitespaces)
        if let whereRange = header.range(of: " where ") { header = String(header[..<whereRange.lowerBound]) }
        let parts = header.split(separator: ":", maxSplits: 1)
        let name = baseName(parts[0].trimmingCharacters(in: .whitespaces))
        let inherits = parts.count > 1
            ? splitTopLevel(parts[1], separator: ",").map { baseName($0.trimmingCharacters(in: .whitespaces)) }
            : []
        return (name, inherits.filter { !$0.isEmpty })
    }

    /// The name without generic parameters: `NSArray<ObjectType>` → `NSArray`.
    private static func baseName(_ text: String) -> String {
        String(text.prefix { $0 != "<" && $0 != " " })
    }

    /// The list entry for a member or global: `func showViewController(_ vc: …, sender sender: …)` →
    /// `showViewController(_:sender:)`, `init(style style: …)` → `init(style:)`, `var collapsed: Bool` → `collapsed`.
    private static func memberName(keyword: String, rest: String, isTopLevel: Bool) -> String? {
        switch keyword {
        case "func":
            let name = String(rest.prefix { $0 != "(" && $0 != "<" && $0 != " " })
            guard let first = name.unicodeScalars.first, first == "_" || CharacterSet.letters.contains(first) else {
                return nil
            }
            guard let labels = parameterLabels(after: rest.dropFirst(name.count), isInitializer: false) else { return nil }
            return name + "(" + labels.map { $0 + ":" }.joined() + ")"
        case "init", "init?", "init!":
            return parameterLabels(after: Substring(rest), isInitializer: true).map { "init(" + $0.map { $0 + ":" }.joined() + ")" }
        case _ where keyword.hasPrefix("init(") || keyword.hasPrefix("init?(") || keyword.hasPrefix("init!("):
            let text = keyword.drop { $0 != "(" } + " " + rest
            return parameterLabels(after: Substring(text), isInitializer: true).map { "init(" + $0.map { $0 + ":" }.joined() + ")" }
        case "var", "let", "case", "typealias":
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            return name.isEmpty ? nil : name
        default:
            return nil
        }
    }

    /// The argument labels of the parameter list that starts `text` (after any generic parameters). Swift 2 gave a
    /// function's first parameter no label unless the dump names one; an initialiser's parameters all have labels.
    private static func parameterLabels(after text: Substring, isInitializer: Bool) -> [String]? {
        var text = text.drop { $0 == " " }
        if text.first == "<" {
            var depth = 0
            var index = text.startIndex
            while index < text.endIndex {
                if text[index] == "<" { depth += 1 }
                if text[index] == ">" { depth -= 1; if depth == 0 { break } }
                index = text.index(after: index)
            }
            guard index < text.endIndex else { return nil }
            text = text[text.index(after: index)...]
        }
        guard text.first == "(" else { return nil }
        var depth = 0
        var end = text.startIndex
        for index in text.indices {
            if text[index] == "(" { depth += 1 }
            if text[index] == ")" { depth -= 1; if depth == 0 { end = index; break } }
        }
        let inside = text[text.index(after: text.startIndex)..<end].trimmingCharacters(in: .whitespaces)
        if inside.isEmpty { return [] }
        return splitTopLevel(inside, separator: ",").enumerated().map { position, parameter in
            let head = parameter.prefix { $0 != ":" }
            let words = head.split(separator: " ").map(String.init).filter { !["inout", "var", "let"].contains($0) }
            if words.count >= 2 { return words[0] }
            if position == 0 && !isInitializer { return "_" }
            return words.first ?? "_"
        }
    }

    /// Splits at `separator` outside brackets, parentheses and generic arguments (`->` is not a bracket).
    static func splitTopLevel<S: StringProtocol>(_ text: S, separator: Character) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        var previous: Character = " "
        for character in text {
            switch character {
            case "(", "[", "<": depth += 1
            case ")", "]": depth -= 1
            case ">" where previous != "-": depth -= 1
            default: break
            }
            if character == separator && depth == 0 {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
            previous = character
        }
        let last = current.trimmingCharacters(in: .whitespaces)
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts
    }
}
