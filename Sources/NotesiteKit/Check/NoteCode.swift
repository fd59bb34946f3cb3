/// What a note's own code declares: the names it defines, never flagged whatever UIKit calls something, and the
/// types its classes and extensions inherit from or adopt, which say what an implicit `self` is and which
/// protocols' methods the note implements.
struct NoteCode: Sendable {
    /// Its classes, functions, variables, cases and outlets.
    var defined: Set<String> = []
    /// The names after the colon of its `class`, `struct`, `enum` and `extension` declarations
    /// (`UIViewController`, `UISplitViewControllerDelegate`).
    var supertypes: Set<String> = []

    static let empty = NoteCode()

    private static let declaring: Set<String> = ["class", "struct", "enum", "protocol", "func", "var", "let", "case",
                                                 "typealias", "@interface", "interface", "property"]
    private static let inheriting: Set<String> = ["class", "struct", "enum", "extension"]

    init() {}

    init(_ note: Note) {
        note.forEachCodeNode { node, _ in
            guard case .codeBlock(let info, let code) = node.kind, CodeScanner.Dialect(info: info) != nil else { return }
            add(CodeScanner.tokenize(Array(code.utf8)))
        }
    }

    /// Reads one block's tokens.
    mutating func add(_ tokens: [CodeScanner.Token]) {
        for (i, token) in tokens.enumerated() where i + 1 < tokens.count {
            if Self.declaring.contains(token.text), tokens[i + 1].kind == .identifier {
                defined.insert(tokens[i + 1].text)
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
}
