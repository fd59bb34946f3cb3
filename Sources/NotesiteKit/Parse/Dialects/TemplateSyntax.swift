/// The pieces of Liquid (Jekyll, Hexo) and Hugo syntax that the dialect pass reads, on a line's bytes.
enum TemplateSyntax {
    /// A tag or shortcode found at an offset of a line: where it ends (the offset after it), its name and its
    /// arguments as written.
    struct Tag {
        enum Kind: Equatable {
            /// `{% name args %}`
            case liquidTag
            /// `{{ expression }}`
            case liquidOutput
            /// `{{< name args >}}` or `{{% name args %}}`
            case shortcode
        }

        var kind: Kind
        var start: Int
        var end: Int
        /// The text between the delimiters, without Liquid's `-` whitespace control and the spaces around it.
        var inner: ArraySlice<UInt8>
        /// The first word of `inner` (for a closing shortcode, `/name`).
        var name: String
        /// `inner` after the name, trimmed.
        var arguments: String

        var isClosing: Bool { kind == .shortcode ? name.hasPrefix("/") : name.hasPrefix("end") }
    }

    /// The tag or shortcode that starts at `k` (at a `{`), if it closes on the same line.
    static func tag(in b: [UInt8], at k: Int) -> Tag? {
        guard k + 1 < b.count, b[k] == UInt8(ascii: "{") else { return nil }
        let kind: Tag.Kind
        let open: Int
        let close: [UInt8]
        if b[k + 1] == UInt8(ascii: "%") {
            (kind, open, close) = (.liquidTag, 2, Array("%}".utf8))
        } else if b[k + 1] == UInt8(ascii: "{"), k + 2 < b.count, b[k + 2] == UInt8(ascii: "<") {
            (kind, open, close) = (.shortcode, 3, Array(">}}".utf8))
        } else if b[k + 1] == UInt8(ascii: "{"), k + 2 < b.count, b[k + 2] == UInt8(ascii: "%") {
            (kind, open, close) = (.shortcode, 3, Array("%}}".utf8))
        } else if b[k + 1] == UInt8(ascii: "{") {
            (kind, open, close) = (.liquidOutput, 2, Array("}}".utf8))
        } else {
            return nil
        }
        guard let closeAt = find(close, in: b, from: k + open) else { return nil }
        var inner = b[(k + open)..<closeAt]
        // Liquid's whitespace control (`{%-`, `-%}`, `{{-`, `-}}`).
        if kind != .shortcode {
            if inner.first == UInt8(ascii: "-") { inner = inner.dropFirst() }
            if inner.last == UInt8(ascii: "-") { inner = inner.dropLast() }
        }
        inner = trimmed(inner)
        guard !inner.isEmpty else { return nil }
        // `{{</* name */>}}`: Hugo's way to show a shortcode as written.
        if kind == .shortcode, inner.starts(with: "/*".utf8) {
            return Tag(kind: kind, start: k, end: closeAt + close.count, inner: inner, name: "/*", arguments: "")
        }
        let nameEnd = inner.firstIndex { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") } ?? inner.endIndex
        var name = String(decoding: inner[inner.startIndex..<nameEnd], as: UTF8.self)
        var rest = trimmed(inner[nameEnd...])
        // `{{< / highlight >}}`
        if kind == .shortcode, name == "/" {
            let space = rest.firstIndex(of: UInt8(ascii: " ")) ?? rest.endIndex
            name = "/" + String(decoding: rest[rest.startIndex..<space], as: UTF8.self)
            rest = trimmed(rest[space...])
        }
        guard kind == .liquidOutput || name.utf8.allSatisfy({ isNameByte($0) || $0 == UInt8(ascii: "/") }) else { return nil }
        return Tag(kind: kind, start: k, end: closeAt + close.count, inner: inner, name: name,
                   arguments: String(decoding: rest, as: UTF8.self))
    }

    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "-")
    }

    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var s = s
        while let first = s.first, first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") { s = s.dropFirst() }
        while let last = s.last, last == UInt8(ascii: " ") || last == UInt8(ascii: "\t") || last == UInt8(ascii: "\r") { s = s.dropLast() }
        return s
    }

    static func find(_ needle: [UInt8], in b: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from <= b.count - needle.count else { return nil }
        var i = from
        while i <= b.count - needle.count {
            if b[i] == needle[0], b[i..<(i + needle.count)].elementsEqual(needle) { return i }
            i += 1
        }
        return nil
    }

    /// The words of a tag's arguments, quotes removed (`"a b"` is one word).
    static func words(_ arguments: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for c in arguments {
            if let q = quote {
                if c == q { quote = nil } else { current.append(c) }
            } else if c == "\"" || c == "'" {
                quote = c
                inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(c)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    // MARK: Addresses

    /// Jekyll's site variables that stand for the site's address at the start of a link or image address.
    static let addressPrefixes: Set<String> = ["site.url", "site.baseurl", "site.asseturl"]

    /// The templates at the start of an address (`{{ site.baseurl }}/images/a.png`, `{% asset_path a.png %}`,
    /// `{{ "/a.png" | relative_url }}`, `{% post_url 2016-01-01-a %}`, `{{< ref "a.md" >}}`), read from offset `k`
    /// of `b`: where they end (after the `/` that follows a site variable) and the path relative to the note's
    /// folder that they stand for. nil when `b` has no such template at `k`.
    static func address(in b: [UInt8], at k: Int) -> (end: Int, path: [UInt8])? {
        var q = k
        var path: [UInt8]?
        while q < b.count, b[q] == UInt8(ascii: "{"), let tag = tag(in: b, at: q) {
            switch tag.kind {
            case .liquidOutput:
                let expression = String(decoding: tag.inner, as: UTF8.self)
                if addressPrefixes.contains(expression) {
                    q = tag.end
                    continue
                }
                // `"/assets/a.png" | relative_url`
                let parts = expression.split(separator: "|", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, ["relative_url", "absolute_url", "prepend: site.baseurl", "prepend: site.url"].contains(parts[1]),
                      let literal = words(parts[0]).first, parts[0].first == "\"" || parts[0].first == "'" else { break }
                path = Array(literal.utf8)
            case .liquidTag:
                guard let first = words(tag.arguments).first else { break }
                switch tag.name {
                case "asset_path", "asset": path = Array(first.utf8)
                case "post_url": path = Array((first + ".md").utf8)
                case "link": path = Array((first.split(separator: "/").last.map(String.init) ?? first).utf8)
                default: break
                }
            case .shortcode:
                guard tag.name == "ref" || tag.name == "relref", let first = words(tag.arguments).first else { break }
                path = Array(first.utf8)
            }
            if path != nil { q = tag.end }
            break
        }
        guard q > k else { return nil }
        if var path {
            while path.first == UInt8(ascii: "/") { path.removeFirst() }
            return (q, path)
        }
        // Only site variables: the rest of the address is the path, without its leading `/`.
        if q < b.count, b[q] == UInt8(ascii: "/") { q += 1 }
        return (q, [])
    }

    /// The path relative to the note's folder that `destination` stands for when it starts with a template
    /// (`address(in:at:)`), with the rest of the address after it; nil otherwise.
    static func path(ofTemplatedAddress destination: String) -> String? {
        guard destination.utf8.first == UInt8(ascii: "{") else { return nil }
        let b = Array(destination.utf8)
        guard let (end, path) = address(in: b, at: 0) else { return nil }
        return String(decoding: path + b[end...], as: UTF8.self)
    }
}
