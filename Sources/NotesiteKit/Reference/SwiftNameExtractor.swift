import SwiftParser
import SwiftSyntax

/// Finds the API names in a Swift snippet with swift-syntax: type references, member accesses (also the implicit
/// `.member`), calls with their argument labels, and function declarations (`override func` and delegate-method
/// implementations) with their external parameter names. Each name comes with the spellings to try, most
/// specific first, in the form the symbol list uses (`setOverrideTraitCollection(_:forChildViewController:)`).
enum SwiftNameExtractor {
    static func references(in code: String) -> [CodeScanner.Reference] {
        let visitor = Visitor(colouring: nil)
        visitor.walk(Parser.parse(source: code))
        return visitor.sortedReferences
    }

    /// The names and the syntax colouring of a snippet from one parse and one walk of its tree.
    static func analyse(_ code: String) -> (references: [CodeScanner.Reference], spans: [CodeHighlighter.Span]) {
        let visitor = Visitor(colouring: SwiftColouring(source: code))
        visitor.walk(Parser.parse(source: code))
        return (visitor.sortedReferences, visitor.colouring!.finish())
    }

    private final class Visitor: SyntaxVisitor {
        var references: [CodeScanner.Reference] = []
        /// The colours of the tokens walked so far; nil when only the names are wanted.
        var colouring: SwiftColouring?

        init(colouring: SwiftColouring?) {
            self.colouring = colouring
            super.init(viewMode: .sourceAccurate)
        }

        var sortedReferences: [CodeScanner.Reference] {
            references.sorted { $0.range.lowerBound < $1.range.lowerBound }
        }

        override func visit(_ token: TokenSyntax) -> SyntaxVisitorContinueKind {
            colouring?.add(token)
            return .visitChildren
        }

        override func visit(_ node: AttributeSyntax) -> SyntaxVisitorContinueKind {
            colouring?.enter(node)
            return .visitChildren
        }

        /// Tokens already named by a call or declaration, so their plain reference is not added again.
        private var claimed: Set<Int> = []

        private func add(_ token: TokenSyntax, _ candidates: [String]) {
            let start = token.positionAfterSkippingLeadingTrivia.utf8Offset
            guard !claimed.contains(start) else { return }
            claimed.insert(start)
            let text = token.text.hasPrefix("`") ? String(token.text.dropFirst().dropLast()) : token.text
            guard !text.isEmpty, text != "_" else { return }
            references.append(CodeScanner.Reference(range: start..<(start + token.trimmedLength.utf8Length), candidates: candidates))
        }

        override func visit(_ node: FunctionCallExprSyntax) -> SyntaxVisitorContinueKind {
            let labels = node.arguments.map { $0.label?.text ?? "_" }
            let selector = "(" + labels.map { "\($0):" }.joined() + ")"
            if let reference = node.calledExpression.as(DeclReferenceExprSyntax.self) {
                let name = reference.baseName.text
                add(reference.baseName, [name + selector, name])
            } else if let member = node.calledExpression.as(MemberAccessExprSyntax.self) {
                let name = member.declName.baseName.text
                var candidates = [name + selector]
                if let base = member.base?.as(DeclReferenceExprSyntax.self) { candidates.append("\(base.baseName.text).\(name)\(selector)") }
                candidates += ["." + name, name]
                add(member.declName.baseName, candidates)
            }
            return .visitChildren
        }

        override func visit(_ node: MemberAccessExprSyntax) -> SyntaxVisitorContinueKind {
            let name = node.declName.baseName.text
            var candidates = ["." + name]
            if let base = node.base?.as(DeclReferenceExprSyntax.self) { candidates.insert("\(base.baseName.text).\(name)", at: 0) }
            candidates.append(name)
            add(node.declName.baseName, candidates)
            return .visitChildren
        }

        override func visit(_ node: DeclReferenceExprSyntax) -> SyntaxVisitorContinueKind {
            add(node.baseName, [node.baseName.text])
            return .visitChildren
        }

        override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
            let parameters = Array(node.signature.parameterClause.parameters)
            let labels = parameters.map(\.firstName.text)
            let name = node.name.text
            var candidates = [name + "(" + labels.map { "\($0):" }.joined() + ")"]
            // Swift 2 gave a function's first parameter no label unless it was written twice.
            if let first = parameters.first, first.secondName == nil, first.firstName.text != "_" {
                candidates.append(name + "(" + (["_"] + labels.dropFirst()).map { "\($0):" }.joined() + ")")
            }
            candidates.append(name)
            add(node.name, candidates)
            return .visitChildren
        }

        override func visit(_ node: IdentifierTypeSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.type, of: node.name)
            add(node.name, [node.name.text])
            return .visitChildren
        }

        // The nodes that give an identifier below them a colour of its own.

        override func visit(_ node: MemberTypeSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.type, of: node.name)
            return .visitChildren
        }

        override func visit(_ node: LabeledExprSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.label, of: node.label)
            return .visitChildren
        }

        override func visit(_ node: FunctionParameterSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.label, of: node.firstName)
            return .visitChildren
        }

        override func visit(_ node: DeclModifierSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.attribute, of: node.name)
            return .visitChildren
        }

        override func visit(_ node: IfConfigClauseSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.directive, of: node.condition)
            return .visitChildren
        }

        override func visit(_ node: PlatformVersionItemSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.keyword, of: node.platformVersion)
            return .visitChildren
        }

        override func visit(_ node: PlatformVersionSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.keyword, of: node.platform)
            return .visitChildren
        }

        override func visit(_ node: PrecedenceGroupAssociativitySyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.keyword, of: node.associativityLabel)
            return .visitChildren
        }

        override func visit(_ node: PrecedenceGroupRelationSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.keyword, of: node.higherThanOrLowerThanLabel)
            return .visitChildren
        }

        override func visit(_ node: OperatorDeclSyntax) -> SyntaxVisitorContinueKind {
            colouring?.role(.other, of: node.name)
            return .visitChildren
        }
    }
}
