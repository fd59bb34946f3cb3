import Foundation
import NotesiteMarkdown

/// One Mustache template, parsed once when the templates load and rendered for every page
/// (`Template+Render.swift`).
///
/// It follows the Mustache spec for what the site's templates can use: variables (`{{name}}` escaped for HTML,
/// `{{{name}}}` and `{{&name}}` as they are), dotted names and `{{.}}`, sections and inverted sections, comments,
/// partials (a standalone partial's indentation indents each of its lines), set delimiters (`{{=<% %>=}}`), and
/// standalone tags, whose line leaves nothing in the output. Lambdas, inheritance (`{{<parent}}`, `{{$block}}`),
/// dynamic partials (`{{>*name}}`), pragmas (`{{%...}}`) and transforms (`{{name(x)}}`) are refused at their
/// position: a page's context is data, so nothing could call them.
struct Template: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(Name, escaped: Bool)
        case section(Name, [Node], inverted: Bool)
        case partial(String, indentation: String, at: SourceLocation)
    }

    /// A tag's name, split at its dots once, here rather than at every lookup. `.` has no parts.
    struct Name: Sendable {
        let text: String
        let parts: [String]
        let location: SourceLocation
    }

    /// Why a template does not parse, at the tag (or text) it stops on.
    struct ParseError: Error, Sendable, Equatable {
        let location: SourceLocation
        let message: String
    }

    let nodes: [Node]
    /// The text the nodes were parsed from: an indented partial is parsed again from it, indented.
    let source: String

    init(parsing source: String) throws(ParseError) {
        var parser = Parser(Array(source.utf8))
        let tokens = try parser.tokens()
        nodes = try Self.tree(Self.droppingStandaloneLines(tokens))
        self.source = source
    }

    /// The template as a partial included at `indentation`: every line of its source starts with it
    /// (the spec's rule, so text interpolated into the partial is not indented).
    func indented(by indentation: String) -> Template {
        var text = ""
        var atLineStart = true
        for character in source.unicodeScalars {
            if atLineStart { text += indentation }
            text.unicodeScalars.append(character)
            atLineStart = character == "\n"
        }
        return (try? Template(parsing: text)) ?? self
    }

    // MARK: Tokens

    fileprivate enum Token {
        case text(String)
        /// `\n` or `\r\n`.
        case newline(String)
        case variable(Name, escaped: Bool)
        case open(Name, inverted: Bool)
        case close(Name)
        /// Its indentation is set only when it stands alone on its line.
        case partial(String, indentation: String, at: SourceLocation)
        /// A comment or a change of delimiters: a standalone tag that renders nothing.
        case silent

        var isStandaloneKind: Bool {
            switch self {
            case .open, .close, .partial, .silent: return true
            default: return false
            }
        }

        var isBlank: Bool {
            if case .text(let text) = self { return text.utf8.allSatisfy { $0 == 0x20 || $0 == 0x09 } }
            return false
        }
    }

    /// Removes the lines that hold only whitespace and one standalone tag (section, inverted section, close,
    /// comment, partial, delimiters): their whitespace and line break go; a partial keeps the whitespace before
    /// it as its indentation.
    private static func droppingStandaloneLines(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var lineStart = 0
        while lineStart < tokens.count {
            var lineEnd = lineStart
            while lineEnd < tokens.count {
                if case .newline = tokens[lineEnd] { break }
                lineEnd += 1
            }
            let line = tokens[lineStart..<lineEnd]
            let tags = line.filter { !$0.isBlank }
            if tags.count == 1, let tag = tags.first, tag.isStandaloneKind {
                if case .partial(let name, _, let location) = tag {
                    // Only the whitespace before the tag is its indentation (the spec's rule): blanks after it go
                    // with the line, and counted in they would shift every line of the partial to the right.
                    var indentation = ""
                    for token in line {
                        guard case .text(let text) = token else { break }
                        indentation += text
                    }
                    result.append(.partial(name, indentation: indentation, at: location))
                } else {
                    result.append(tag)
                }
            } else {
                result.append(contentsOf: line)
                if lineEnd < tokens.count { result.append(tokens[lineEnd]) }
            }
            lineStart = lineEnd + 1
        }
        return result
    }

    /// Nests the tokens by their sections.
    private static func tree(_ tokens: [Token]) throws(ParseError) -> [Node] {
        var stack: [(name: Name, inverted: Bool, nodes: [Node])] = []
        var nodes: [Node] = []
        for token in tokens {
            switch token {
            case .text(let text), .newline(let text):
                if case .text(let previous)? = nodes.last {
                    nodes[nodes.count - 1] = .text(previous + text)
                } else {
                    nodes.append(.text(text))
                }
            case .variable(let name, let escaped):
                nodes.append(.variable(name, escaped: escaped))
            case .partial(let name, let indentation, let location):
                nodes.append(.partial(name, indentation: indentation, at: location))
            case .open(let name, let inverted):
                stack.append((name, inverted, nodes))
                nodes = []
            case .close(let name):
                guard let open = stack.popLast() else {
                    throw ParseError(location: name.location, message: "'{{/\(name.text)}}' closes no open section; remove it")
                }
                guard open.name.text == name.text else {
                    throw ParseError(location: name.location, message: "'{{/\(name.text)}}' closes the section '\(open.name.text)' opened at \(open.name.location); write '{{/\(open.name.text)}}'")
                }
                let section = Node.section(open.name, nodes, inverted: open.inverted)
                nodes = open.nodes
                nodes.append(section)
            case .silent:
                break
            }
        }
        if let open = stack.last {
            throw ParseError(location: open.name.location, message: "the section '\(open.name.text)' is not closed; add '{{/\(open.name.text)}}'")
        }
        return nodes
    }

    // MARK: Parser

    /// Cuts the template's bytes into text, line breaks and tags, with the delimiters in force at each point.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0
        var line = 1
        var lineStart = 0
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var location: SourceLocation { SourceLocation(line: line, column: position - lineStart + 1) }

        mutating func tokens() throws(ParseError) -> [Token] {
            var tokens: [Token] = []
            var textStart = position
            func flushText(upTo end: Int) {
                if end > textStart { tokens.append(.text(String(decoding: bytes[textStart..<end], as: UTF8.self))) }
            }
            while position < bytes.count {
                if bytes[position] == 0x0A || (bytes[position] == 0x0D && position + 1 < bytes.count && bytes[position + 1] == 0x0A) {
                    flushText(upTo: position)
                    let length = bytes[position] == 0x0A ? 1 : 2
                    tokens.append(.newline(String(decoding: bytes[position..<position + length], as: UTF8.self)))
                    position += length
                    line += 1
                    lineStart = position
                    textStart = position
                } else if matches(open, at: position) {
                    flushText(upTo: position)
                    tokens.append(try tag())
                    textStart = position
                } else {
                    position += 1
                }
            }
            flushText(upTo: position)
            return tokens
        }

        private func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
            guard index + delimiter.count <= bytes.count else { return false }
            for (offset, byte) in delimiter.enumerated() where bytes[index + offset] != byte { return false }
            return true
        }

        /// Reads one tag, from its opening delimiter to its closing one.
        private mutating func tag() throws(ParseError) -> Token {
            let start = location
            let closeText = String(decoding: close, as: UTF8.self)
            position += open.count
            let sigil: UInt8? = position < bytes.count && Array("{&#^/!>=<$%".utf8).contains(bytes[position]) ? bytes[position] : nil
            if sigil != nil { position += 1 }
            // The closing delimiter; a triple mustache's own `}` comes before it, and `=` before a delimiter change's.
            let ending: [UInt8] = switch sigil {
            case UInt8(ascii: "{"): Array("}".utf8) + close
            case UInt8(ascii: "="): Array("=".utf8) + close
            default: close
            }
            let contentStart = position
            while position < bytes.count, !matches(ending, at: position) {
                // Another tag opening inside this one: this one was left unclosed (a comment may hold anything).
                if sigil != UInt8(ascii: "!"), sigil != UInt8(ascii: "="), matches(open, at: position) {
                    throw ParseError(location: start, message: "the tag is not closed before the next one opens; end it with '\(String(decoding: ending, as: UTF8.self))'")
                }
                if bytes[position] == 0x0A {
                    line += 1
                    lineStart = position + 1
                }
                position += 1
            }
            guard position < bytes.count else {
                throw ParseError(location: start, message: "the tag is not closed; end it with '\(String(decoding: ending, as: UTF8.self))'")
            }
            let content = String(decoding: bytes[contentStart..<position], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            position += ending.count
            switch sigil {
            case UInt8(ascii: "!"):
                return .silent
            case UInt8(ascii: "="):
                let parts = content.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw ParseError(location: start, message: "'\(content)' does not set delimiters; write the opening and closing delimiter with a space between, as in '{{=<% %>=}}'")
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                return .silent
            case UInt8(ascii: ">"):
                guard !content.hasPrefix("*") else {
                    throw ParseError(location: start, message: "dynamic partials ('{{>*name}}') are not supported; name the partial")
                }
                guard !content.isEmpty, !content.contains(where: \.isWhitespace) else {
                    throw ParseError(location: start, message: "'\(content)' is not a partial's name; write '{{> name}}'")
                }
                return .partial(content, indentation: "", at: start)
            case UInt8(ascii: "<"), UInt8(ascii: "$"):
                throw ParseError(location: start, message: "template inheritance ('{{<parent}}', '{{$block}}') is not supported; use partials")
            case UInt8(ascii: "%"):
                throw ParseError(location: start, message: "pragmas ('{{%...}}') are not supported; remove the tag")
            default:
                let name = try Self.name(content, at: start, closing: closeText)
                switch sigil {
                case UInt8(ascii: "#"): return .open(name, inverted: false)
                case UInt8(ascii: "^"): return .open(name, inverted: true)
                case UInt8(ascii: "/"): return .close(name)
                case UInt8(ascii: "{"), UInt8(ascii: "&"): return .variable(name, escaped: false)
                default: return .variable(name, escaped: true)
                }
            }
        }

        /// `a.b.c` or `.`; anything else stops the run.
        private static func name(_ content: String, at location: SourceLocation, closing: String) throws(ParseError) -> Name {
            if content == "." { return Name(text: content, parts: [], location: location) }
            if content.contains("(") {
                throw ParseError(location: location, message: "'\(content)': transforms are not supported; name a variable the page provides")
            }
            let parts = content.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard !content.isEmpty, !parts.contains(where: { $0.isEmpty || $0.contains(where: \.isWhitespace) }) else {
                throw ParseError(location: location, message: "'\(content)' is not a variable name; write a name, or names joined by dots, before '\(closing)'")
            }
            return Name(text: content, parts: parts, location: location)
        }
    }
}
