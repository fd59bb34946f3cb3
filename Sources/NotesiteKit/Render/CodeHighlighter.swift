/// Colours code at build time (no script needed): Swift from its swift-syntax tree (`SwiftColouring`), Objective-C from a
/// small lexer, anything else left plain. Names that resolve to reference entries become links inside the colouring.
public enum CodeHighlighter {
    public struct Span: Hashable, Sendable {
        /// UTF-8 byte range in the code.
        public var range: Range<Int>
        public var cssClass: String
    }

    /// A link over a name of the code.
    public struct Link: Sendable {
        public var range: Range<Int>
        public var href: String
        public var title: String
    }

    /// `<a class="symbol">` around `html`: how every page links a name to its reference entry.
    public static func symbolLink(href: String, title: String?, html: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(href.utf8.count + html.utf8.count + 64)
        appendSymbolLinkOpening(href: href, title: title, to: &out)
        out += html.utf8
        out += "</a>".utf8
        return String(decoding: out, as: UTF8.self)
    }

    /// The opening tag of `symbolLink`, appended to `out`.
    static func appendSymbolLinkOpening(href: String, title: String?, to out: inout [UInt8]) {
        out += "<a class=\"symbol\" href=\"".utf8
        out += Escape.href(href).utf8
        if let title {
            out += "\" title=\"".utf8
            out += Escape.attribute(title).utf8
        }
        out += "\">".utf8
    }

    /// The code as HTML: escaped, coloured by `spans`, with `links` wrapped around their names. Put together as
    /// bytes: a `String` for each piece of each token, decoded and escaped apart, cost more than the colouring.
    public static func html(_ code: String, spans: [Span], links: [Link]) -> String {
        var code = code
        return code.withUTF8 { bytes in
            let links = links.sorted { $0.range.lowerBound < $1.range.lowerBound }
            var linkIndex = 0
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 2 + spans.count * 30 + links.count * 100)
            var position = 0

            func escaped(_ range: Range<Int>) {
                Escape.appendText(UnsafeBufferPointer(rebasing: bytes[range]), to: &out)
            }

            func text(_ range: Range<Int>) {
                // Links lie on single tokens, so they fall inside one span or in the plain text between spans.
                var start = range.lowerBound
                while linkIndex < links.count, links[linkIndex].range.lowerBound < range.upperBound {
                    let link = links[linkIndex]
                    guard link.range.lowerBound >= start, link.range.upperBound <= range.upperBound else { linkIndex += 1; continue }
                    escaped(start..<link.range.lowerBound)
                    appendSymbolLinkOpening(href: link.href, title: link.title, to: &out)
                    escaped(link.range)
                    out += "</a>".utf8
                    start = link.range.upperBound
                    linkIndex += 1
                }
                escaped(start..<range.upperBound)
            }

            for span in spans.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where span.range.lowerBound >= position {
                let end = min(span.range.upperBound, bytes.count)
                guard span.range.lowerBound < end else { continue }
                text(position..<span.range.lowerBound)
                out += "<span class=\"".utf8
                out += span.cssClass.utf8
                out += "\">".utf8
                text(span.range.lowerBound..<end)
                out += "</span>".utf8
                position = end
            }
            text(position..<bytes.count)
            return String(decoding: out, as: UTF8.self)
        }
    }

    // MARK: Objective-C

    private static let objcKeywords: Set<String> = [
        "if", "else", "return", "for", "while", "do", "switch", "case", "default", "break", "continue", "void", "int",
        "float", "double", "char", "long", "short", "unsigned", "signed", "const", "static", "extern", "struct", "enum",
        "typedef", "self", "super", "nil", "Nil", "YES", "NO", "id", "BOOL", "instancetype", "NULL", "sizeof",
        "nonatomic", "strong", "weak", "copy", "assign", "readonly", "readwrite", "nullable", "nonnull",
    ]

    /// Comments, strings, numbers, keywords, `@` directives, `#` lines and `UI`/`NS` type names.
    public static func objcSpans(_ code: String) -> [Span] {
        let b = Array(code.utf8)
        var spans: [Span] = []
        var i = 0
        func isIdent(_ c: UInt8) -> Bool { (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0x30 && c <= 0x39) || c == 0x5F }
        var lineStart = true
        while i < b.count {
            let c = b[i]
            let start = i
            if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "/") {
                while i < b.count, b[i] != 0x0A { i += 1 }
                spans.append(Span(range: start..<i, cssClass: "tok-comment"))
            } else if c == UInt8(ascii: "/"), i + 1 < b.count, b[i + 1] == UInt8(ascii: "*") {
                i += 2
                while i + 1 < b.count, !(b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/")) { i += 1 }
                i = min(b.count, i + 2)
                spans.append(Span(range: start..<i, cssClass: "tok-comment"))
            } else if c == UInt8(ascii: "\"") || (c == UInt8(ascii: "@") && i + 1 < b.count && b[i + 1] == UInt8(ascii: "\"")) {
                i += c == UInt8(ascii: "@") ? 2 : 1
                while i < b.count, b[i] != UInt8(ascii: "\""), b[i] != 0x0A { i += b[i] == UInt8(ascii: "\\") ? 2 : 1 }
                i = min(b.count, i + 1)
                spans.append(Span(range: start..<i, cssClass: "tok-string"))
            } else if c == UInt8(ascii: "#"), lineStart {
                while i < b.count, b[i] != 0x0A { i += 1 }
                spans.append(Span(range: start..<i, cssClass: "tok-directive"))
            } else if c == UInt8(ascii: "@"), i + 1 < b.count, isIdent(b[i + 1]) {
                i += 1
                while i < b.count, isIdent(b[i]) { i += 1 }
                spans.append(Span(range: start..<i, cssClass: "tok-keyword"))
            } else if c >= 0x30 && c <= 0x39 {
                while i < b.count, isIdent(b[i]) || b[i] == UInt8(ascii: ".") { i += 1 }
                spans.append(Span(range: start..<i, cssClass: "tok-number"))
            } else if isIdent(c) {
                while i < b.count, isIdent(b[i]) { i += 1 }
                let word = String(decoding: b[start..<i], as: UTF8.self)
                if objcKeywords.contains(word) {
                    spans.append(Span(range: start..<i, cssClass: "tok-keyword"))
                } else if (word.hasPrefix("UI") || word.hasPrefix("NS") || word.hasPrefix("CG")) && word.count > 2 {
                    spans.append(Span(range: start..<i, cssClass: "tok-type"))
                }
            } else {
                i += 1
            }
            if c == 0x0A { lineStart = true } else if c != 0x20 && c != 0x09 { lineStart = false }
        }
        return spans
    }
}
