/// Finds the symbol a spelling in a note stands for, whatever Swift version or language the spelling is from.
public struct SymbolResolver: Sendable {
    public let list: SymbolList
    private let bySpelling: [String: [String]]
    private let byBaseName: [String: [String]]

    public init(list: SymbolList) {
        self.list = list
        var bySpelling: [String: Set<String>] = [:]
        var byBaseName: [String: Set<String>] = [:]
        for symbol in list.symbols {
            for spelling in symbol.spellings {
                bySpelling[Self.normalise(spelling), default: []].insert(symbol.id)
                if symbol.kind == .method, let paren = spelling.firstIndex(of: "("), !spelling.containsASCII(".") {
                    byBaseName[String(spelling[..<paren]), default: []].insert(symbol.id)
                }
            }
        }
        self.bySpelling = bySpelling.mapValues { $0.sorted() }
        self.byBaseName = byBaseName.mapValues { $0.sorted() }
    }

    /// The symbol `spelling` names, or nil when it names none or more than one.
    public func resolve(_ spelling: String) -> Symbol? {
        var text = Substring(spelling)
        while text.first == " " { text.removeFirst() }
        while text.last == " " { text.removeLast() }
        if text.hasPrefix("self.") { text = text.dropFirst(5) }
        let key = text.hasSuffix("()") ? String(text.dropLast(2)) : String(text)
        if let ids = bySpelling[key], ids.count == 1 { return list[ids[0]] }
        // A method named without its labels (`setOverrideTraitCollection`) counts when only one method has that name
        // and the name is a compound one: a plain word such as `size` or `show` is more likely a variable.
        if !key.containsASCII("("), !key.containsASCII(":"), key.utf8.dropFirst().contains(where: { $0 >= 0x41 && $0 <= 0x5A }) || key.dropFirst().contains(where: \.isUppercase),
           let ids = byBaseName[key], ids.count == 1 {
            return list[ids[0]]
        }
        return nil
    }

    /// `name()` and `name` are the same spelling: Swift 2 wrote some properties as methods.
    static func normalise(_ spelling: String) -> String {
        spelling.hasSuffix("()") ? String(spelling.dropLast(2)) : spelling
    }
}
