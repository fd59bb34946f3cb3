import SwiftParser
// The raw tree: walking it reads each node where the parser left it. `SyntaxVisitor` made a `Syntax` value for
// every node and token of every snippet (an arena record, retains, a dispatch per kind), which cost about as much
// as parsing the snippet (`make bench-stages`).
@_spi(RawSyntax) import SwiftSyntax

/// Finds the API names in a Swift snippet with swift-syntax: type references, member accesses (also the implicit
/// `.member`), calls with their argument labels, and function declarations (`override func` and delegate-method
/// implementations) with their external parameter names. Each name comes with the spellings to try, most
/// specific first, in the form the symbol list uses (`setOverrideTraitCollection(_:forChildViewController:)`).
enum SwiftNameExtractor {
    static func references(in code: String) -> [CodeScanner.Reference] {
        var walker = Walker(colouring: nil)
        walker.walk(Parser.parse(source: code))
        return walker.references
    }

    /// The names and the syntax colouring of a snippet from one parse and one walk of its tree.
    static func analyse(_ code: String) -> (references: [CodeScanner.Reference], spans: [CodeHighlighter.Span]) {
        var walker = Walker(colouring: SwiftColouring(source: code))
        walker.walk(Parser.parse(source: code))
        return (walker.references, walker.colouring!.finish())
    }

    /// A walk of the tree in source order, as swift-syntax's source-accurate view has it (tokens the parser made
    /// up for broken code are skipped), that keeps each node's offset in the snippet.
    ///
    /// A node that names something below it (a call names its callee's last identifier, an argument gives its
    /// label a colour) leaves a note for that node, found by its identity when the walk reaches it with its
    /// offset: the offset of a node is known only once everything before it has been walked.
    private struct Walker {
        /// The names, in the order of their offsets (the order the walk reaches them).
        var references: [CodeScanner.Reference] = []
        /// The colours of the tokens walked so far; nil when only the names are wanted.
        var colouring: SwiftColouring?
        /// Notes for nodes below the one being walked, until the walk reaches them. A handful at most at a time;
        /// those for tokens the parser made up are never reached and stay.
        private var notes: [(node: RawSyntax.ID, note: Note)] = []

        private enum Note {
            /// The token is a name to look up, with these spellings. A token is named once: the outermost node
            /// that names it decides its spellings (a call's, not its callee's own).
            case name([String], hasReceiver: Bool)
            /// The node's identifiers take this colour (`SwiftColouring.role`).
            case role(SwiftColouring.Kind)
            /// The node is an attribute's name, coloured whole.
            case attributeName
        }

        init(colouring: SwiftColouring?) {
            self.colouring = colouring
        }

        /// Walks the tree of a parsed snippet. The raw nodes live in the tree's arena, which the tree keeps.
        mutating func walk(_ tree: SourceFileSyntax) {
            withExtendedLifetime(tree) { walk(tree.raw, at: 0) }
        }

        /// Walks `node`, which starts (with its leading trivia) at byte `offset` of the snippet.
        mutating func walk(_ node: RawSyntax, at offset: Int) {
            if !notes.isEmpty { takeNotes(for: node, at: offset) }
            if let token = node.tokenView {
                colouring?.add(token, at: offset)
                return
            }
            leaveNotes(for: node)
            guard let layout = node.layoutView else { return }
            var childOffset = offset
            for child in layout.children {
                guard let child else { continue }
                if child.tokenView.map({ $0.presence == .present }) ?? true { walk(child, at: childOffset) }
                childOffset += child.byteLength
            }
        }

        /// Acts on the notes left for `node`: its colour role or attribute name before its tokens are coloured,
        /// and its name.
        private mutating func takeNotes(for node: RawSyntax, at offset: Int) {
            let id = node.id
            var i = 0
            while i < notes.count {
                guard notes[i].node == id else {
                    i += 1
                    continue
                }
                let start = offset + node.leadingTriviaByteLength
                // A node of trivia alone would end before it starts.
                let text = start..<max(start, offset + node.byteLength - node.trailingTriviaByteLength)
                switch notes.remove(at: i).note {
                case .role(let kind): colouring?.role(kind, of: text)
                case .attributeName: colouring?.enterAttribute(named: text)
                case .name(let candidates, let hasReceiver):
                    guard let token = node.tokenView else { continue }
                    var name = token.rawText
                    if name.first == UInt8(ascii: "`") { name = SyntaxText(rebasing: name.dropFirst().dropLast()) }
                    guard !name.isEmpty, name != "_" else { continue }
                    references.append(CodeScanner.Reference(range: text, candidates: candidates, hasReceiver: hasReceiver))
                }
            }
        }

        private mutating func name(_ token: RawTokenSyntax, _ candidates: [String], hasReceiver: Bool = false) {
            let id = token.raw.id
            for (node, note) in notes where node == id {
                if case .name = note { return }
            }
            notes.append((id, .name(candidates, hasReceiver: hasReceiver)))
        }

        private mutating func role(_ kind: SwiftColouring.Kind, of node: (some RawSyntaxNodeProtocol)?) {
            guard colouring != nil, let node else { return }
            notes.append((node.raw.id, .role(kind)))
        }

        private static func text(_ token: RawTokenSyntax) -> String {
            String(syntaxText: token.tokenText)
        }

        /// The name a member is read from: `navigationController` in `navigationController.x`,
        /// `navigationController?.x`, `navigationController!.x` and `self.navigationController?.x`; `self` in
        /// `self.x`; the type in `ARNetworkManager().x`, an instance made there. Nil for anything longer (another
        /// call, a subscript, a chain of two members).
        private static func receiver(_ base: RawExprSyntax?) -> String? {
            guard let base else { return nil }
            if let reference = RawDeclReferenceExprSyntax(base) { return text(reference.baseName) }
            if let call = RawFunctionCallExprSyntax(base), let type = RawDeclReferenceExprSyntax(call.calledExpression),
               text(type.baseName).first?.isUppercase == true {
                return text(type.baseName)
            }
            if let optional = RawOptionalChainingExprSyntax(base) { return receiver(optional.expression) }
            if let forced = RawForceUnwrapExprSyntax(base) { return receiver(forced.expression) }
            if let member = RawMemberAccessExprSyntax(base), let inner = member.base.flatMap(RawDeclReferenceExprSyntax.init),
               text(inner.baseName) == "self" {
                return text(member.declName.baseName)
            }
            return nil
        }

        /// Whether an argument is a stand-in for the arguments a snippet leaves out: `...` or an editor placeholder.
        private static func standsForArguments(_ expression: RawExprSyntax) -> Bool {
            if RawEditorPlaceholderExprSyntax(expression) != nil { return true }
            guard let reference = RawDeclReferenceExprSyntax(expression) else { return false }
            let name = reference.baseName.tokenText
            return name == "..." || name.hasPrefix("<#")
        }

        /// The notes a node of one of the kinds that name or colour something below it leaves.
        private mutating func leaveNotes(for node: RawSyntax) {
            switch node.kind {
            case .functionCallExpr:
                let call = RawFunctionCallExprSyntax(node)!
                // `UITableViewCell(...)`, `UIStackView(<#...#>)`: arguments left out say nothing of the labels.
                let selector = call.arguments.elements.contains { Self.standsForArguments($0.expression) } ? ""
                    : "(" + call.arguments.elements.map { ($0.label.map(Self.text) ?? "_") + ":" }.joined() + ")"
                if let reference = RawDeclReferenceExprSyntax(call.calledExpression) {
                    let name = Self.text(reference.baseName)
                    self.name(reference.baseName, selector.isEmpty ? [name] : [name + selector, name])
                } else if let member = RawMemberAccessExprSyntax(call.calledExpression) {
                    let name = Self.text(member.declName.baseName)
                    var candidates = selector.isEmpty ? [] : [name + selector]
                    if !selector.isEmpty, let receiver = Self.receiver(member.base) {
                        candidates.append("\(receiver).\(name)\(selector)")
                    }
                    candidates += ["." + name, name]
                    self.name(member.declName.baseName, candidates, hasReceiver: member.base != nil)
                }
            case .memberAccessExpr:
                let member = RawMemberAccessExprSyntax(node)!
                let name = Self.text(member.declName.baseName)
                var candidates = ["." + name]
                if let receiver = Self.receiver(member.base) {
                    candidates.insert("\(receiver).\(name)", at: 0)
                }
                candidates.append(name)
                self.name(member.declName.baseName, candidates, hasReceiver: member.base != nil)
            case .declReferenceExpr:
                let reference = RawDeclReferenceExprSyntax(node)!
                name(reference.baseName, [Self.text(reference.baseName)])
            case .functionDecl:
                let function = RawFunctionDeclSyntax(node)!
                let parameters = function.signature.parameterClause.parameters.elements
                let labels = parameters.map { Self.text($0.firstName) }
                let name = Self.text(function.name)
                var candidates = [name + "(" + labels.map { "\($0):" }.joined() + ")"]
                // Swift 2 gave a function's first parameter no label unless it was written twice.
                if let first = parameters.first, first.secondName == nil, labels[0] != "_" {
                    candidates.append(name + "(" + (["_"] + labels.dropFirst()).map { "\($0):" }.joined() + ")")
                }
                candidates.append(name)
                self.name(function.name, candidates)
            case .identifierType:
                let type = RawIdentifierTypeSyntax(node)!
                role(.type, of: type.name)
                name(type.name, [Self.text(type.name)])
            case .attribute:
                if colouring != nil { notes.append((RawAttributeSyntax(node)!.attributeName.raw.id, .attributeName)) }
            // The nodes that give an identifier below them a colour of its own.
            case .memberType: role(.type, of: RawMemberTypeSyntax(node)!.name)
            case .labeledExpr: role(.label, of: RawLabeledExprSyntax(node)!.label)
            case .functionParameter: role(.label, of: RawFunctionParameterSyntax(node)!.firstName)
            case .declModifier: role(.attribute, of: RawDeclModifierSyntax(node)!.name)
            case .ifConfigClause: role(.directive, of: RawIfConfigClauseSyntax(node)!.condition)
            case .platformVersionItem: role(.keyword, of: RawPlatformVersionItemSyntax(node)!.platformVersion)
            case .platformVersion: role(.keyword, of: RawPlatformVersionSyntax(node)!.platform)
            case .precedenceGroupAssociativity: role(.keyword, of: RawPrecedenceGroupAssociativitySyntax(node)!.associativityLabel)
            case .precedenceGroupRelation: role(.keyword, of: RawPrecedenceGroupRelationSyntax(node)!.higherThanOrLowerThanLabel)
            case .operatorDecl: role(.other, of: RawOperatorDeclSyntax(node)!.name)
            default: break
            }
        }
    }
}
