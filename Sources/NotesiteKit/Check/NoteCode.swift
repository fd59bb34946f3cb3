/// What a note's own code declares: the names it defines, never flagged whatever UIKit calls something, the
/// types its classes and extensions inherit from or adopt, which say what an implicit `self` is and which
/// protocols' methods the note implements, and the types it gives its variables and parameters, which say what
/// their members are.
struct NoteCode: Sendable {
    /// Its classes, functions, variables, cases and outlets.
    var defined: Set<String> = []
    /// The methods and properties it overrides (`override func viewDidLoad()`): names of the SDK's, declared again.
    var overridden: Set<String> = []
    /// The names after the colon of its `class`, `struct`, `enum` and `extension` declarations
    /// (`UIViewController`, `UISplitViewControllerDelegate`).
    var supertypes: Set<String> = []
    /// Whether it declares a `struct`, an `enum`, a `protocol` or an `extension`: a `self` in the note may then be one
    /// of those rather than an instance of its classes.
    var declaresOtherTypes = false
    /// The initialisers its Swift declares, by their labels (`init(storyboard:)`): an extension may give a UIKit
    /// type one that no list has.
    var initialisers: Set<String> = []
    /// The type each variable or parameter is declared with, in Swift: `svc: UISplitViewController`,
    /// `vc: UIViewController?`, `let alert = UIAlertController(…)`. A name declared with two different types (in two
    /// functions, say) has none here (`declaresType(of:)` is still true): which one a use of it means is not known.
    private(set) var declaredTypes: [String: String] = [:]
    private var ambiguous: Set<String> = []

    /// Whether the note declares `name` with a type, one or several.
    func declaresType(of name: String) -> Bool {
        declaredTypes[name] != nil || ambiguous.contains(name)
    }

    static let empty = NoteCode()

    private static let declaring: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "case",
                                                 "typealias", "@interface", "interface", "property"]
    private static let inheriting: Set<String> = ["class", "struct", "enum", "extension"]
    private static let otherTypes: Set<String> = ["struct", "enum", "protocol", "extension"]

    init() {}

    init(_ note: Note) {
        note.forEachCodeNode { node, _ in
            guard case .codeBlock(let info, let code) = node.kind, let dialect = CodeScanner.Dialect(info: info) else { return }
            let tokens = CodeScanner.tokenize(Array(code.utf8))
            add(tokens)
            if dialect == .swift { addDeclaredTypes(tokens) }
            if dialect == .objc { addObjCVariables(tokens) }
        }
    }

    /// Reads one block's tokens.
    mutating func add(_ tokens: [CodeScanner.Token]) {
        for (i, token) in tokens.enumerated() where i + 1 < tokens.count {
            if Self.declaring.contains(token.text), tokens[i + 1].kind == .identifier {
                defined.insert(tokens[i + 1].text)
            }
            // `override func`, `override public var`, `override open func`: the first name after `func` or `var`.
            if token.text == "override", let keyword = tokens[(i + 1)...].prefix(4).firstIndex(where: { $0.text == "func" || $0.text == "var" }),
               keyword + 1 < tokens.count, tokens[keyword + 1].kind == .identifier {
                overridden.insert(tokens[keyword + 1].text)
            }
            if Self.otherTypes.contains(token.text), tokens[i + 1].kind == .identifier { declaresOtherTypes = true }
            if token.text == "init", i == 0 || tokens[i - 1].text != ".", let labels = Self.declaredLabels(tokens, after: i) {
                initialisers.insert("init(\(labels))")
            }
            // `class Name: Super, Protocol {` and `extension Name: Protocol {`; Objective-C's
            // `@interface Name : Super <Protocol>` too.
            guard Self.inheriting.contains(token.text) || token.text == "interface", tokens[i + 1].kind == .identifier else { continue }
            var j = i + 2
            guard j < tokens.count, tokens[j].text == ":" else { continue }
            j += 1
            // The tokens carry no line breaks: a declaration without a body (Objective-C's) ends within a few names.
            let end = min(tokens.count, j + 12)
            while j < end, tokens[j].text != "{", tokens[j].text != "where", tokens[j].text != "@" {
                if tokens[j].kind == .identifier { supertypes.insert(tokens[j].text) }
                j += 1
            }
        }
    }

    /// Objective-C's variables and constants, by the type or qualifier before their name and the `=` or `;` after
    /// it: `Class UIApplicationClass = …;`, `static NSString * const UID = @"…";`, `UIView *view;`.
    mutating func addObjCVariables(_ tokens: [CodeScanner.Token]) {
        for i in tokens.indices.dropFirst().dropLast() where tokens[i].kind == .identifier {
            guard tokens[i + 1].text == "=" || tokens[i + 1].text == ";" else { continue }
            let before = tokens[i - 1]
            let isType = before.kind == .identifier
                && (before.text.first?.isUppercase == true || Self.objcTypeWords.contains(before.text))
            if before.text == "*" || isType { defined.insert(tokens[i].text) }
        }
    }

    /// The words of C and Objective-C that stand before a variable's name, beside capitalised types.
    private static let objcTypeWords: Set<String> = ["const", "id", "int", "void", "char", "float", "double", "long",
                                                     "short", "unsigned", "signed", "bool", "instancetype"]

    /// The labels of the initialiser declared at `tokens[at]` (`init(_ a: Int, b: Int)`, `init?(…)`), as a
    /// selector writes them (`_:b:`); nil when no parameter list follows.
    static func declaredLabels(_ tokens: [CodeScanner.Token], after at: Int) -> String? {
        var i = at + 1
        if i < tokens.count, tokens[i].text == "?" || tokens[i].text == "!" { i += 1 }
        guard i < tokens.count, tokens[i].text == "(" else { return nil }
        var labels = "", depth = 0, expectsLabel = true
        for token in tokens[i...] {
            switch token.text {
            case "(", "[", "<": depth += 1
            case ")", "]", ">":
                depth -= 1
                if depth == 0 { return labels }
            case "," where depth == 1: expectsLabel = true
            default:
                if depth == 1, expectsLabel, token.kind == .identifier {
                    labels += token.text + ":"
                    expectsLabel = false
                }
            }
        }
        return nil
    }

    /// Reads the types one Swift block gives its names: `name: Type` as a parameter or a variable declares it, when
    /// the type is a plain name (not an array, a tuple or a closure) and nothing is read from it (`frame: CGRect.zero`
    /// is an argument, not a declaration); and `let name = Type(…)`.
    mutating func addDeclaredTypes(_ tokens: [CodeScanner.Token]) {
        for i in tokens.indices.dropLast(2) where tokens[i].kind == .identifier && tokens[i].text.first?.isLowercase == true {
            let next = tokens[i + 1].text, type = tokens[i + 2]
            guard type.kind == .identifier, type.text.first?.isUppercase == true else { continue }
            let after = i + 3 < tokens.count ? tokens[i + 3].text : ""
            let before = i > 0 ? tokens[i - 1] : nil
            if next == ":", after != ".", after != "(", after != "<",
               // A parameter (`(_ svc:`, `, svc:`, `(svc:`) or a variable; not the middle of `a ? b : C`.
               before.map({ ["(", ",", "let", "var"].contains($0.text) || $0.kind == .identifier }) ?? true {
                declare(tokens[i].text, as: type.text)
            } else if next == "=", after == "(", let before, before.text == "let" || before.text == "var",
                      !Self.isReadFrom(tokens, callOpeningAt: i + 3) {
                declare(tokens[i].text, as: type.text)
            }
        }
    }

    /// Whether something is read from the result of the call whose arguments open at token `open`
    /// (`ProcessInfo().operatingSystemVersion`), so that the variable it is given to is not of the called type.
    private static func isReadFrom(_ tokens: [CodeScanner.Token], callOpeningAt open: Int) -> Bool {
        var depth = 0
        for j in tokens.indices.dropFirst(open) {
            switch tokens[j].text {
            case "(", "[", "{": depth += 1
            case ")", "]", "}":
                depth -= 1
                if depth == 0 { return j + 1 < tokens.count && [".", "?", "!", "["].contains(tokens[j + 1].text) }
            default: break
            }
        }
        return true
    }

    private mutating func declare(_ name: String, as type: String) {
        guard !ambiguous.contains(name) else { return }
        if let known = declaredTypes[name], known != type {
            declaredTypes[name] = nil
            ambiguous.insert(name)
        } else {
            declaredTypes[name] = type
        }
    }
}
