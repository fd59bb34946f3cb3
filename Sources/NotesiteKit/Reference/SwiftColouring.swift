// The raw token kinds: a token's `tokenKind` made a `String` of every identifier's and keyword's text to say
// what the colouring needed only the kind of.
@_spi(RawSyntax) import SwiftSyntax

/// The syntax colouring of a Swift snippet, worked out token by token while `SwiftNameExtractor` walks its tree in
/// source order, so one walk serves both.
///
/// The rules are those of swift-syntax's classifier (SwiftIDEUtils' `classifications`), and a test holds the two
/// to the same spans: a token is coloured by its kind; an identifier takes the role of the nearest node around it
/// that gives its part one (a type's name, an argument label, an `#if` condition, an availability platform); an
/// attribute's name is coloured whole; comments in trivia are coloured; and neighbouring pieces of one kind make
/// one span. The classifier works out each role by comparing the key path of every child of every node with its
/// table, which cost more than parsing the snippet. Here the range a node gives a role to is recorded when the
/// walk reaches it, and a token looks only at the innermost of those around it.
struct SwiftColouring {
    /// What the classifier tells apart. Kinds without a colour still matter: two pieces of one kind next to each
    /// other merge, and a piece of another kind between them keeps them apart.
    enum Kind: Equatable {
        /// Whitespace and punctuation.
        case plain
        /// Identifiers, operators and editor placeholders: no colour of their own.
        case other
        case keyword, attribute, type, string, regex, integer, float, directive, label
        case lineComment, blockComment, docLineComment, docBlockComment

        var cssClass: String? {
            switch self {
            case .plain, .other: nil
            case .keyword: "tok-keyword"
            case .attribute: "tok-attribute"
            case .type: "tok-type"
            case .string, .regex: "tok-string"
            case .integer, .float: "tok-number"
            case .directive: "tok-directive"
            case .label: "tok-label"
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: "tok-comment"
            }
        }
    }

    /// The ranges (without trivia) that the nodes entered gave a role to, in the order they were entered; those
    /// that end before the walk's position are dropped as it moves on.
    private var roles: [(range: Range<Int>, kind: Kind)] = []
    /// The attribute name being walked, which is coloured as one piece.
    private var attributeName: Range<Int>?
    private var spans: [CodeHighlighter.Span] = []
    /// The last piece, still growing while pieces of its kind follow it directly.
    private var run: (kind: Kind, range: Range<Int>)?
    /// The snippet's bytes, which tell trivia that holds a comment (it has a `/`) from trivia that does not.
    private let source: [UInt8]

    init(source: String) {
        self.source = Array(source.utf8)
    }

    /// Records that the identifiers in `range` (a node's text, without its trivia; outside any role given further
    /// in) take `kind`'s colour. Recorded when the walk reaches the node.
    mutating func role(_ kind: Kind, of range: Range<Int>) {
        dropRoles(endingBy: range.lowerBound)
        roles.append((range, kind))
    }

    /// The walk reaches an attribute's name, whose text is `range`: the name (`objc`, `available`) is coloured
    /// whole, whatever its tokens are.
    mutating func enterAttribute(named range: Range<Int>) {
        attributeName = range
    }

    /// Colours the next token of the walk, with its trivia; it starts (with its leading trivia) at `offset`.
    mutating func add(_ token: RawSyntaxTokenView, at offset: Int) {
        let leading = token.leadingTriviaByteLength
        let start = offset + leading
        let end = start + token.textByteLength
        if let name = attributeName {
            if !name.isEmpty, start >= name.lowerBound, end <= name.upperBound {
                // Inside the name only its first token's leading trivia and its last token's trailing trivia count.
                if start == name.lowerBound {
                    trivia(token.leadingRawTriviaPieces, at: offset)
                    report(.attribute, name)
                }
                if end == name.upperBound {
                    trivia(token.trailingRawTriviaPieces, at: end)
                    attributeName = nil
                }
                return
            }
            if start >= name.upperBound { attributeName = nil }
        }
        if leading > 0 {
            if holdsSlash(offset..<start) { trivia(token.leadingRawTriviaPieces, at: offset) } else { report(.plain, offset..<start) }
        }
        report(kind(of: token, range: start..<end), start..<end)
        let trailing = token.trailingTriviaByteLength
        if trailing > 0 {
            if holdsSlash(end..<(end + trailing)) { trivia(token.trailingRawTriviaPieces, at: end) } else { report(.plain, end..<(end + trailing)) }
        }
    }

    /// The spans, once the walk is over.
    mutating func finish() -> [CodeHighlighter.Span] {
        flush()
        return spans
    }

    /// Whether the snippet's bytes in `range` hold a `/`, as every comment does. Trivia without one is whitespace
    /// (or text the parser skipped), all of it plain, and is coloured without forming its pieces.
    private func holdsSlash(_ range: Range<Int>) -> Bool {
        guard range.lowerBound >= 0, range.upperBound <= source.count else { return true }
        for i in range where source[i] == UInt8(ascii: "/") { return true }
        return false
    }

    private mutating func dropRoles(endingBy offset: Int) {
        while let last = roles.last, last.range.upperBound <= offset { roles.removeLast() }
    }

    private mutating func kind(of token: RawSyntaxTokenView, range: Range<Int>) -> Kind {
        switch token.rawKind {
        case .identifier:
            dropRoles(endingBy: range.lowerBound)
            // Usually the innermost role is last; a role can also be recorded before tokens that come ahead of
            // it (a parameter's name comes after its attributes).
            for role in roles.reversed() where role.range.lowerBound <= range.lowerBound && range.upperBound <= role.range.upperBound {
                return role.kind
            }
            return .other
        case .keyword, .poundSourceLocation: return .keyword
        case .atSign: return .attribute
        case .binaryOperator, .prefixOperator, .postfixOperator, .colonColon, .dollarIdentifier: return .other
        case .integerLiteral: return .integer
        case .floatLiteral: return .float
        case .stringQuote, .multilineStringQuote, .singleQuote, .stringSegment: return .string
        case .regexSlash, .regexPoundDelimiter, .regexLiteralPattern: return .regex
        case .poundIf, .poundElseif, .poundElse, .poundEndif: return .directive
        case .unknown: return token.rawText.first == UInt8(ascii: "\"") ? .string : .plain
        default: return .plain
        }
    }

    private mutating func trivia(_ pieces: [RawTriviaPiece], at offset: Int) {
        var offset = offset
        for piece in pieces {
            let length = piece.byteLength
            let kind: Kind = switch piece {
            case .lineComment: .lineComment
            case .blockComment: .blockComment
            case .docLineComment: .docLineComment
            case .docBlockComment: .docBlockComment
            default: .plain
            }
            report(kind, offset..<(offset + length))
            offset += length
        }
    }

    private mutating func report(_ kind: Kind, _ range: Range<Int>) {
        if kind == .plain, range.isEmpty { return }
        if let run, run.kind == kind, run.range.upperBound == range.lowerBound {
            self.run = (kind, run.range.lowerBound..<range.upperBound)
            return
        }
        flush()
        run = (kind, range)
    }

    private mutating func flush() {
        if let run, let css = run.kind.cssClass { spans.append(CodeHighlighter.Span(range: run.range, cssClass: css)) }
        run = nil
    }
}
