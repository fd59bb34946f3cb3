/// Finds the symbol a spelling in a note stands for, whatever Swift version or language the spelling is from.
public struct SymbolResolver: Sendable {
    public let list: SymbolList
    /// The symbol each spelling names, by its place in `list`, for the spellings that name exactly one.
    private let bySpelling: [String: Int]
    /// The method each base name names, by its place in `list`, for the names only one method has.
    private let byBaseName: [String: Int]
    /// The method each long part of an Objective-C selector names, by its place in `list`, for the parts only one
    /// method has: prose names a delegate method by the part that says what it does
    /// (`separateSecondaryViewControllerFromPrimaryViewController`).
    private let bySelectorPart: [String: Int]

    public init(list: SymbolList) {
        self.list = list
        var bySpelling: [String: Set<String>] = [:]
        var byBaseName: [String: Set<String>] = [:]
        var bySelectorPart: [String: Set<String>] = [:]
        for symbol in list.symbols {
            for part in Self.distinctiveParts(ofSelector: symbol.objc) { bySelectorPart[part, default: []].insert(symbol.id) }
            for spelling in symbol.spellings {
                bySpelling[Self.normalise(spelling), default: []].insert(symbol.id)
                if symbol.kind == .method, let paren = spelling.firstIndex(of: "("), !spelling.containsASCII(".") {
                    byBaseName[String(spelling[..<paren]), default: []].insert(symbol.id)
                }
            }
        }
        func unambiguous(_ ids: [String: Set<String>]) -> [String: Int] {
            ids.compactMapValues { ids in ids.count == 1 ? list.position(of: ids.first!) : nil }
        }
        self.bySpelling = unambiguous(bySpelling)
        self.byBaseName = unambiguous(byBaseName)
        self.bySelectorPart = unambiguous(bySelectorPart)
    }

    /// The parts of a method's selector long enough to name it alone: not its first part when that is the sender
    /// (`splitViewController:`), and only parts of sixteen characters or more, in camel case.
    static func distinctiveParts(ofSelector objc: String?) -> [String] {
        guard let objc, let first = objc.first, first == "-" || first == "+", objc.hasSuffix(":") else { return [] }
        let parts = objc.dropFirst().split(separator: ":")
        let sender = parts.count > 1 && (parts[0].hasSuffix("Controller") || parts[0].hasSuffix("View"))
        return parts.dropFirst(sender ? 1 : 0).filter { $0.count >= 16 && Self.hasCapitalAfterFirst(String($0)) }.map(String.init)
    }

    /// The symbol `spelling` names, or nil when it names none or more than one.
    public func resolve(_ spelling: String) -> Symbol? {
        let key = Self.key(of: spelling)
        if let position = bySpelling[key] { return list.symbols[position] }
        // A method named without its labels (`setOverrideTraitCollection`) counts when only one method has that name
        // and the name is a compound one: a plain word such as `size` or `show` is more likely a variable.
        if !key.containsASCII("("), !key.containsASCII(":"), Self.hasCapitalAfterFirst(key), let position = byBaseName[key] {
            return list.symbols[position]
        }
        let part = key.hasSuffix(":") ? String(key.dropLast()) : key
        if !part.containsASCII(":"), !part.containsASCII("("), let position = bySelectorPart[part] {
            return list.symbols[position]
        }
        return nil
    }

    /// `spelling` as the tables hold it: without the spaces around it, a leading `self.` or a trailing `()`. Names
    /// in code, which are most of what is looked up, have none of those: they come back as they are.
    private static func key(of spelling: String) -> String {
        let utf8 = spelling.utf8
        if let first = utf8.first, let last = utf8.last, first != UInt8(ascii: " "), last != UInt8(ascii: " "),
           !spelling.hasSuffix("()"), first != UInt8(ascii: "s") || !spelling.hasPrefix("self.") {
            return spelling
        }
        var text = Substring(spelling)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        return text.hasSuffix("()") ? String(text.dropLast(2)) : String(text)
    }

    /// Whether a capital follows the first character: in ASCII by its bytes, else by the characters' properties.
    private static func hasCapitalAfterFirst(_ key: String) -> Bool {
        var ascii = true
        for byte in key.utf8.dropFirst() {
            if byte &- UInt8(ascii: "A") < 26 { return true }
            if byte >= 0x80 { ascii = false }
        }
        return !ascii && key.dropFirst().contains(where: \.isUppercase)
    }

    /// `name()` and `name` are the same spelling: Swift 2 wrote some properties as methods.
    static func normalise(_ spelling: String) -> String {
        spelling.hasSuffix("()") ? String(spelling.dropLast(2)) : spelling
    }
}
