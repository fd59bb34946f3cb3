/// Finds the API names in a piece of code, spelled the way the symbol list spells them: a call or declaration with
/// its argument labels (`setOverrideTraitCollection(_:forChildViewController:)`), an Objective-C selector
/// (`collapseSecondaryViewController:ontoPrimaryViewController:`), an implicit member (`.Regular`), or a plain name.
///
/// A lexical scan, not a parser: it skips comments and string literals and reads labels at the top level of each
/// argument list, which is what the notes' snippets need.
public enum CodeScanner {
    /// A name found in code.
    public struct Reference: Hashable, Sendable {
        /// The UTF-8 byte range of the name's first identifier in the code (what a link wraps).
        public var range: Range<Int>
        /// Spellings to try, most specific first.
        public var candidates: [String]
        /// Whether the name is a member read from something written before it (`a.b`, `f().b`), not an implicit
        /// member (`.b`): its `.b` spelling is not a case.
        public var hasReceiver = false

        public init(range: Range<Int>, candidates: [String], hasReceiver: Bool = false) {
            self.range = range
            self.candidates = candidates
            self.hasReceiver = hasReceiver
        }
    }

    public enum Dialect: Sendable {
        case swift, objc

        /// The dialect of a fenced code block's info string, or of inline code (nil info).
        public init?(info: String) {
            // The info string's first word, found by its bytes.
            let bytes = info.utf8
            let start = bytes.firstIndex { $0 != UInt8(ascii: " ") } ?? bytes.endIndex
            let end = bytes[start...].firstIndex(of: UInt8(ascii: " ")) ?? bytes.endIndex
            switch info[start..<end].lowercased() {
            case "swift": self = .swift
            case "objc", "objective-c", "objectivec", "obj-c", "m", "mm": self = .objc
            default: return nil
            }
        }
    }

    /// One note's code blocks, each analysed once however many passes read it: the mentions and check's API name
    /// checks while the note is parsed, then its page's colouring. It is used by one thread at a time: filled
    /// where the note is parsed, and handed with the note to the thread that renders its page.
    public final class BlockScans: @unchecked Sendable {
        private struct Key: Hashable {
            var dialect: Dialect
            var code: String
        }

        private var byCode: [Key: Analysis] = [:]
        /// The list the names were cut down to (`keepForPages`); nil while every name found is kept.
        private var keptFor: SymbolList?

        public init() {}

        /// Whether the analyses hold every name that `finder` resolves: not when they were cut down to another
        /// symbol list, such as the one before `data/symbols.yml` changed.
        func serves(_ finder: MentionFinder) -> Bool {
            keptFor.map { $0.isSame(as: finder.resolver.list) } ?? true
        }

        /// How many distinct blocks were analysed.
        public var count: Int { byCode.count }

        public func scan(_ code: String, dialect: Dialect) -> [Reference] {
            analysis(of: code, dialect: dialect).references
        }

        /// Each block's names that `finder` resolves, with their symbols and the spellings that matched: found
        /// once for the note's mentions and its page's links.
        private var resolvedByCode: [Key: [(Reference, Symbol, String)]] = [:]
        /// The list `resolvedByCode` was resolved against.
        private var resolvedWith: SymbolList?

        func resolved(_ code: String, dialect: Dialect, by finder: MentionFinder) -> [(Reference, Symbol, String)] {
            if let list = resolvedWith, !list.isSame(as: finder.resolver.list) { resolvedByCode = [:] }
            resolvedWith = finder.resolver.list
            let key = Key(dialect: dialect, code: code)
            if let known = resolvedByCode[key] { return known }
            let names = finder.resolved(analysis(of: code, dialect: dialect).references)
            resolvedByCode[key] = names
            return names
        }

        public func analysis(of code: String, dialect: Dialect) -> Analysis {
            let key = Key(dialect: dialect, code: code)
            if let known = byCode[key] { return known }
            let analysis = CodeScanner.analyse(code, dialect: dialect)
            byCode[key] = analysis
            return analysis
        }

        /// Keeps of each block only what its page uses: the colouring, and the names `finder` resolves, each with
        /// the one spelling that matched. A site's worth of every name with all its candidate spellings, kept from
        /// the parse until the pages render, is many small allocations that slow every other one down.
        public func keepForPages(resolvingWith finder: MentionFinder) {
            keptFor = finder.resolver.list
            for (key, analysis) in byCode {
                // The names the note's mentions resolved already.
                let names = resolved(key.code, dialect: key.dialect, by: finder).map { reference, _, spelling in
                    Reference(range: reference.range, candidates: [spelling])
                }
                byCode[key] = Analysis(references: names, spans: analysis.spans)
            }
            resolvedByCode = [:]
        }
    }

    /// What one read of a code block finds: its names and its colouring.
    public struct Analysis: Sendable {
        public var references: [Reference]
        public var spans: [CodeHighlighter.Span]
    }

    /// The names and the colouring of a block, from one parse of Swift, or one pass of the lexers for Objective-C.
    public static func analyse(_ code: String, dialect: Dialect) -> Analysis {
        switch dialect {
        case .swift:
            let (references, spans) = SwiftNameExtractor.analyse(code)
            return Analysis(references: references, spans: spans)
        case .objc:
            return Analysis(references: scan(code, dialect: .objc), spans: CodeHighlighter.objcSpans(code))
        }
    }

    /// Swift is parsed with swift-syntax; Objective-C is read by the small lexer below.
    public static func scan(_ code: String, dialect: Dialect) -> [Reference] {
        switch dialect {
        case .swift: SwiftNameExtractor.references(in: code)
        case .objc: objcReferences(tokenize(Array(code.utf8)))
        }
    }

    /// The lexical reading of Swift, for inline code in prose, where a fragment is often not valid Swift.
    public static func scanFragment(_ code: String) -> [Reference] {
        swiftReferences(tokenize(Array(code.utf8)))
    }

    // MARK: Tokens

    struct Token {
        enum Kind { case identifier, punctuation }
        var kind: Kind
        var text: String
        var range: Range<Int>
    }

    static func tokenize(_ bytes: [UInt8]) -> [Token] {
        var tokens: [Token] = []
        var i = 0
        func isIdentStart(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F || b == 0x24 || b >= 0x80 }
        func isIdent(_ b: UInt8) -> Bool { isIdentStart(b) || (b >= 0x30 && b <= 0x39) }
        /// The length of a no-break space (U+00A0) or an ideographic space (U+3000) at `at`, else 0: code copied
        /// from a web page is indented with them, and they part names as a space does.
        func unicodeSpaceLength(at at: Int) -> Int {
            if bytes[at] == 0xC2, at + 1 < bytes.count, bytes[at + 1] == 0xA0 { return 2 }
            if bytes[at] == 0xE3, at + 2 < bytes.count, bytes[at + 1] == 0x80, bytes[at + 2] == 0x80 { return 3 }
            return 0
        }
        while i < bytes.count {
            let b = bytes[i]
            if b >= 0x80, case let length = unicodeSpaceLength(at: i), length > 0 {
                i += length
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "/") {
                while i < bytes.count, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            } else if b == UInt8(ascii: "/"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < bytes.count, !(bytes[i] == UInt8(ascii: "*") && bytes[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i += 2
            } else if b == UInt8(ascii: "\"") {
                i += 1
                while i < bytes.count, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\n") {
                    i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1
                }
                i += 1
            } else if isIdentStart(b) {
                let start = i
                while i < bytes.count, isIdent(bytes[i]), bytes[i] < 0x80 || unicodeSpaceLength(at: i) == 0 { i += 1 }
                tokens.append(Token(kind: .identifier, text: String(decoding: bytes[start..<i], as: UTF8.self), range: start..<i))
            } else if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D {
                i += 1
            } else if b >= 0x30 && b <= 0x39 {
                while i < bytes.count, isIdent(bytes[i]) || bytes[i] == UInt8(ascii: ".") { i += 1 }
            } else {
                tokens.append(Token(kind: .punctuation, text: String(UnicodeScalar(b)), range: i..<(i + 1)))
                i += 1
            }
        }
        return tokens
    }

    // MARK: Swift

    private static func swiftReferences(_ tokens: [Token]) -> [Reference] {
        var result: [Reference] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard token.kind == .identifier else { i += 1; continue }
            let previous = i > 0 ? tokens[i - 1].text : ""
            let isDeclaration = i > 0 && tokens[i - 1].text == "func"
            var candidates: [String] = []
            if i + 1 < tokens.count, tokens[i + 1].text == "(" {
                let labels = labels(tokens, open: i + 1, declaration: isDeclaration)
                candidates.append("\(token.text)(\(labels.map { "\($0):" }.joined()))")
                // Swift 2 gave a function's first parameter no label unless it was written twice, as the code
                // blocks' reading does (`func loadRequest(request: NSURLRequest)` is `loadRequest(_:)`).
                if isDeclaration, let first = labels.first, first != "_",
                   parameters(tokens, open: i + 1).first?.internalName == nil {
                    candidates.append("\(token.text)(\((["_"] + labels.dropFirst()).map { "\($0):" }.joined()))")
                }
            }
            if previous == "." {
                candidates.append("." + token.text)
                // `Type.member`: try the qualified name too.
                if i >= 2, tokens[i - 2].kind == .identifier { candidates.append("\(tokens[i - 2].text).\(token.text)") }
            }
            candidates.append(token.text)
            if !isKeyword(token.text) {
                let hasReceiver = previous == "." && i >= 2
                    && (tokens[i - 2].kind == .identifier || [")", "]", "?", "!"].contains(tokens[i - 2].text))
                result.append(Reference(range: token.range, candidates: candidates, hasReceiver: hasReceiver))
            }
            i += 1
        }
        return result
    }

    /// The argument labels of a call, `f(a, label: b)` → `["_", "label"]`, or the external parameter names of a
    /// declaration, `func f(_ a: T, label b: U)` → `["_", "label"]`; `f()` → `[]`.
    private static func labels(_ tokens: [Token], open: Int, declaration: Bool) -> [String] {
        if declaration { return parameters(tokens, open: open).map(\.label) }
        var labels: [String] = []
        var depth = 0
        var atStart = true
        var j = open
        while j < tokens.count {
            let t = tokens[j]
            if ["(", "[", "{"].contains(t.text) {
                depth += 1
                if depth == 1 { atStart = true; j += 1; continue }
            } else if [")", "]", "}"].contains(t.text) {
                depth -= 1
                if depth == 0 { break }
            } else if depth == 1, t.text == "," {
                atStart = true
                j += 1
                continue
            }
            if depth == 1, atStart {
                let isLabel = t.kind == .identifier && j + 1 < tokens.count && tokens[j + 1].text == ":"
                    && !(j + 2 < tokens.count && tokens[j + 2].text == ":")
                labels.append(isLabel ? t.text : "_")
                atStart = false
            }
            j += 1
        }
        return labels
    }

    /// One parameter of a declaration: its first name (the label, or `_`), where that is, and the second name.
    struct Parameter {
        var label: String
        var labelRange: Range<Int>
        var internalName: String?
    }

    /// The parameters of the declaration whose list opens at token `open`: `func f(_ a: T, label b: U)`.
    static func parameters(_ tokens: [Token], open: Int) -> [Parameter] {
        var result: [Parameter] = []
        var depth = 0
        var atStart = true
        for j in tokens.indices.dropFirst(open) {
            let token = tokens[j]
            switch token.text {
            case "(", "[", "<":
                depth += 1
            case ")", "]", ">":
                depth -= 1
                if depth == 0 { return result }
            case "," where depth == 1:
                atStart = true
            default:
                if depth == 1, atStart, token.kind == .identifier {
                    let second = j + 1 < tokens.count && tokens[j + 1].kind == .identifier ? tokens[j + 1].text : nil
                    result.append(Parameter(label: token.text, labelRange: token.range, internalName: second))
                    atStart = false
                }
            }
        }
        return result
    }

    private static let keywords: Set<String> = [
        "func", "let", "var", "if", "else", "guard", "return", "class", "struct", "enum", "protocol", "extension",
        "override", "private", "public", "internal", "fileprivate", "open", "static", "self", "Self", "super", "nil",
        "true", "false", "in", "for", "while", "switch", "case", "default", "break", "continue", "import", "as", "is",
        "try", "throws", "rethrows", "weak", "unowned", "lazy", "init", "deinit", "where", "some", "any", "inout",
        "optional", "required", "convenience", "mutating", "get", "set", "didSet", "willSet", "typealias", "do", "catch",
        "void", "id", "YES", "NO", "return", "_",
    ]

    private static func isKeyword(_ word: String) -> Bool { keywords.contains(word) }

    // MARK: Objective-C

    /// Message sends `[receiver part:arg part:arg]`, method declarations `- (T)part:(T)a part:(T)b`, and names.
    private static func objcReferences(_ tokens: [Token]) -> [Reference] {
        var result: [Reference] = []
        var consumed = Set<Int>()
        for (i, token) in tokens.enumerated() where token.kind == .identifier {
            guard !consumed.contains(i) else { continue }
            // A selector part: `name:` whose previous token ends an expression or opens the method.
            if i + 1 < tokens.count, tokens[i + 1].text == ":", !isNameBeforeColon(tokens, at: i) {
                var parts: [String] = []
                var j = i
                var depth = 0
                while j < tokens.count {
                    let t = tokens[j]
                    if t.text == "[" || t.text == "(" { depth += 1 }
                    if t.text == "]" || t.text == ")" {
                        if depth == 0 { break }
                        depth -= 1
                    }
                    if t.text == ";" || t.text == "{" { break }
                    if depth == 0, t.kind == .identifier, j + 1 < tokens.count, tokens[j + 1].text == ":" {
                        parts.append(t.text)
                        consumed.insert(j)
                    }
                    j += 1
                }
                let selector = parts.map { "\($0):" }.joined()
                result.append(Reference(range: token.range, candidates: [selector, "-" + selector, "+" + selector]))
                continue
            }
            if !isKeyword(token.text) {
                result.append(Reference(range: token.range, candidates: [token.text]))
            }
        }
        return result
    }

    /// Whether the `name:` at token `i` is a name followed by a colon of another kind than a selector's: a
    /// dictionary literal's key (`@{NSLocalizedDescriptionKey: …, NSUnderlyingErrorKey: …}`), a conditional's first
    /// value (`flag ? NSTextAlignmentLeft : …`), a `case` label, or the class in an object's description that a
    /// log prints (`<NSObject: 0x100b001b0>`, in output a note shows as Objective-C).
    private static func isNameBeforeColon(_ tokens: [Token], at i: Int) -> Bool {
        guard i > 0 else { return false }
        return ["{", ",", "?", "<", "case"].contains(tokens[i - 1].text)
    }
}
