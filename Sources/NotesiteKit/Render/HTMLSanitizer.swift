import Foundation

/// Raw HTML in notes, kept for an allow-list of harmless elements and attributes.
///
/// Notes come from scraped pages and old blogs; the HTML they carry must not run code in a reader's browser.
/// Elements and attributes on the allow-list are written again, attributes quoted and escaped. `script`, `style`,
/// `iframe` and their kind are removed with their content; other elements outside the list lose their tags and keep
/// their text. `on…` handlers, `javascript:` (and other script) URLs and `style` attributes that can run or fetch
/// something are removed. Every removal is a finding with its place in the fragment, so `check` can point at it.
public enum HTMLSanitizer {
    /// Something removed from a fragment, at a UTF-8 byte offset into it.
    public struct Finding: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// Could run code or load another page into this one (`html.unsafe`).
            case unsafe
            /// Outside the allow-list but harmless; the tag is dropped and its text kept (`html.disallowed`).
            case disallowed
        }

        public var kind: Kind
        public var offset: Int
        public var message: String
        /// How to fix it, when there is better advice than removing it.
        public var advice: String?
        /// Whether a backslash before the tag's `<` would make it text: a tag no HTML has (`Array<String>`).
        public var escapes = false
    }

    /// A fragment as `sanitize` leaves it: what a page shows of it.
    public struct Clean: Hashable, Sendable {
        /// The fragment with only allowed markup.
        public var html: String
        /// The element removed with its content whose end tag the fragment lacks (an inline `<script>`, whose text
        /// and end tag are in the nodes after it).
        public var unclosed: String?
        /// Where `html` holds the address of each link and image it keeps (`href`, `src`), as UTF-8 byte ranges in
        /// order, with the address as written: a page writes the address it leads to there (`withAddresses`).
        public var addresses: [Address] = []
        /// The links (`a` elements) the fragment opens less those it closes: `<a href="…">` in one inline node and
        /// `</a>` in a later one hold the nodes between inside a link.
        public var linksOpened = 0

        public struct Address: Hashable, Sendable {
            public var range: Range<Int>
            public var address: String
            public var isImage: Bool
        }

        /// The fragment with each address replaced by what `rewrite` makes of it (nil: as written).
        public func withAddresses(_ rewrite: HTMLRenderer.LinkRewriter) -> String {
            guard !addresses.isEmpty else { return html }
            var out: [UInt8] = []
            out.reserveCapacity(html.utf8.count + 16 * addresses.count)
            var done = 0
            var html = html
            html.withUTF8 { bytes in
                for slot in addresses {
                    out += bytes[done..<slot.range.lowerBound]
                    out += Escape.href(rewrite(slot.address, slot.isImage) ?? slot.address).utf8
                    done = slot.range.upperBound
                }
                out += bytes[done...]
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// A link's `href` or an image's `src` that the fragment keeps, with its character references decoded, at the
    /// UTF-8 byte offset of the attribute in the fragment: a note's raw HTML links and images are checked and
    /// pointed at pages like its Markdown ones.
    public struct Link: Sendable, Equatable {
        public var address: String
        public var isImage: Bool
        public var offset: Int
    }

    /// The fragment cleaned, what was removed, and the links and images it keeps.
    public static func sanitize(_ html: String) -> (clean: Clean, findings: [Finding], links: [Link]) {
        var sanitizer = Run(bytes: Array(html.utf8))
        sanitizer.run()
        let clean = Clean(html: String(decoding: sanitizer.out, as: UTF8.self), unclosed: sanitizer.unclosed,
                          addresses: sanitizer.addresses, linksOpened: sanitizer.linksOpened)
        return (clean, sanitizer.findings, sanitizer.links)
    }

    /// Whether `value` (an attribute's URL, entities already decoded) could run script when followed.
    static func isScriptURL(_ value: String, attribute: String, element: String) -> Bool {
        // Browsers ignore control characters and spaces inside a scheme: `java\tscript:` runs.
        let squeezed = String(String.UnicodeScalarView(value.unicodeScalars.filter { $0.value > 0x20 })).lowercased()
        guard let colon = squeezed.firstIndex(of: ":") else { return false }
        let scheme = squeezed[..<colon]
        if scheme.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return false }
        switch scheme {
        case "http", "https", "mailto", "tel", "ftp": return false
        case "data":
            // An image may be inline data, except SVG, which can carry script.
            let rest = squeezed[squeezed.index(after: colon)...]
            return !((element == "img" || element == "source") && rest.hasPrefix("image/") && !rest.hasPrefix("image/svg"))
        default: return true
        }
    }

    /// Whether a `style` attribute can run script or fetch something.
    static func isUnsafeStyle(_ value: String) -> Bool {
        let lowered = Array(value.lowercased().utf8)
        // CSS comments and escapes can split a keyword: `exp/**/ression(`, `\65xpression(`. Comments go, then
        // spaces and control characters.
        var squeezed: [UInt8] = []
        squeezed.reserveCapacity(lowered.count)
        var i = 0
        while i < lowered.count {
            if lowered[i] == UInt8(ascii: "/"), i + 1 < lowered.count, lowered[i + 1] == UInt8(ascii: "*") {
                var j = i + 2
                while j + 1 < lowered.count, !(lowered[j] == UInt8(ascii: "*") && lowered[j + 1] == UInt8(ascii: "/")) { j += 1 }
                i = j + 1 < lowered.count ? j + 2 : lowered.count
                continue
            }
            if lowered[i] == UInt8(ascii: "\\") { return true }
            if lowered[i] > 0x20 { squeezed.append(lowered[i]) }
            i += 1
        }
        return unsafeStyleWords.contains { word in
            word.count <= squeezed.count && (0...(squeezed.count - word.count)).contains { start in squeezed[start..<(start + word.count)].elementsEqual(word) }
        }
    }

    private static let unsafeStyleWords = ["expression(", "javascript:", "vbscript:", "url(", "@import", "behavior:", "-moz-binding", "image-set("].map { Array($0.utf8) }

    /// One pass over one fragment.
    private struct Run {
        let bytes: [UInt8]
        var out: [UInt8] = []
        var findings: [Finding] = []
        var unclosed: String?
        var links: [Link] = []
        var addresses: [Clean.Address] = []
        var linksOpened = 0
        var i = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            out.reserveCapacity(bytes.count)
        }

        mutating func run() {
            while i < bytes.count {
                let byte = bytes[i]
                guard byte == UInt8(ascii: "<") else {
                    out.append(byte)
                    i += 1
                    continue
                }
                let next = i + 1 < bytes.count ? bytes[i + 1] : 0
                if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    skipComment()
                } else if isLetter(next) || (next == UInt8(ascii: "/") && i + 2 < bytes.count && isLetter(bytes[i + 2])) {
                    tag()
                } else {
                    // A `<` that starts no tag is text.
                    out += Array("&lt;".utf8)
                    i += 1
                }
            }
        }

        /// `<!-- … -->`, `<!DOCTYPE …>`, `<![CDATA[ … ]]>` and `<? … >`: none of them shows in a page; all go.
        private mutating func skipComment() {
            if starts(with: "<!--") {
                i = find("-->", from: i + 4).map { $0 + 3 } ?? bytes.count
            } else if starts(with: "<![CDATA[") {
                i = find("]]>", from: i + 9).map { $0 + 3 } ?? bytes.count
            } else {
                i = find(">", from: i + 2).map { $0 + 1 } ?? bytes.count
            }
        }

        /// A tag as `scanTag` reads it: where its name and each attribute's name and value are in `bytes`.
        private struct ScannedTag {
            var closing: Bool
            var name: Range<Int>
            /// Just past the tag's `>` (or the fragment's end).
            var end: Int
        }

        /// The attributes of the tag `scanTag` read last, as ranges in `bytes` (kept from tag to tag).
        private var scannedAttributes: [(name: Range<Int>, value: Range<Int>?)] = []

        /// Each tag written so far that was kept as it was cleaned, with nothing found and no address to rewrite,
        /// and what it became: a table repeats its few tags, `<td style="…">`, hundreds of times.
        private var written: [TagText: [UInt8]] = [:]

        /// A tag's bytes as written, compared and hashed as bytes.
        private struct TagText: Hashable {
            let bytes: ArraySlice<UInt8>
            static func == (a: TagText, b: TagText) -> Bool { a.bytes.elementsEqual(b.bytes) }
            func hash(into hasher: inout Hasher) { bytes.withUnsafeBytes { hasher.combine(bytes: $0) } }
        }

        /// Reads the tag at `i`: its name, attributes (name, name=value, name="value", name='value') and end.
        private mutating func scanTag() -> ScannedTag {
            var j = i + 1
            let closing = bytes[j] == UInt8(ascii: "/")
            if closing { j += 1 }
            let nameStart = j
            while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "/") { j += 1 }
            let name = nameStart..<j
            scannedAttributes.removeAll(keepingCapacity: true)
            while j < bytes.count, bytes[j] != UInt8(ascii: ">") {
                if isSpace(bytes[j]) || bytes[j] == UInt8(ascii: "/") { j += 1; continue }
                let attributeStart = j
                while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">"), bytes[j] != UInt8(ascii: "="),
                      !(bytes[j] == UInt8(ascii: "/") && j + 1 < bytes.count && bytes[j + 1] == UInt8(ascii: ">")) { j += 1 }
                let attributeName = attributeStart..<j
                while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                var value: Range<Int>?
                if j < bytes.count, bytes[j] == UInt8(ascii: "=") {
                    j += 1
                    while j < bytes.count, isSpace(bytes[j]) { j += 1 }
                    if j < bytes.count, bytes[j] == UInt8(ascii: "\"") || bytes[j] == UInt8(ascii: "'") {
                        let quote = bytes[j]
                        let valueStart = j + 1
                        j = valueStart
                        while j < bytes.count, bytes[j] != quote { j += 1 }
                        value = valueStart..<j
                        if j < bytes.count { j += 1 }
                    } else {
                        let valueStart = j
                        while j < bytes.count, !isSpace(bytes[j]), bytes[j] != UInt8(ascii: ">") { j += 1 }
                        value = valueStart..<j
                    }
                }
                if !attributeName.isEmpty { scannedAttributes.append((attributeName, value)) }
            }
            return ScannedTag(closing: closing, name: name, end: min(j + 1, bytes.count))
        }

        private mutating func tag() {
            let start = i
            let scanned = scanTag()
            let text = TagText(bytes: bytes[start..<scanned.end])
            if let known = written[text] {
                out += known
                i = scanned.end
                return
            }
            let (outStart, findingCount, linkCount, opened) = (out.count, findings.count, links.count, linksOpened)
            clean(scanned, at: start)
            // A tag that opens or closes a link is not written again from here: its count must move each time.
            if findings.count == findingCount, links.count == linkCount, linksOpened == opened, unclosed == nil, i == scanned.end {
                written[text] = Array(out[outStart...])
            }
        }

        /// Writes the tag `scanTag` read at `start` as the allow-list leaves it, and moves on past it (or past the
        /// element, when it goes with its content).
        private mutating func clean(_ scanned: ScannedTag, at start: Int) {
            let closing = scanned.closing
            let name = String(decoding: bytes[scanned.name], as: UTF8.self).lowercased()
            let attributes = scannedAttributes.map { attribute in
                (name: String(decoding: bytes[attribute.name], as: UTF8.self).lowercased(),
                 value: attribute.value.map { decodeEntities(String(decoding: bytes[$0], as: UTF8.self)) },
                 offset: attribute.name.lowerBound)
            }
            i = scanned.end

            if HTMLSanitizer.removedWithContent.contains(name) {
                if !closing {
                    findings.append(Finding(kind: .unsafe, offset: start, message: "<\(name)> can run code or load other pages, so it was removed with its content"))
                    // Everything up to the matching end tag goes too (the end of the fragment if there is none).
                    if let end = findEndTag(name, from: i) {
                        i = find(">", from: end).map { $0 + 1 } ?? bytes.count
                    } else {
                        i = bytes.count
                        unclosed = name
                    }
                }
                return
            }
            if HTMLSanitizer.unsafeElements.contains(name) {
                if !closing {
                    findings.append(Finding(kind: .unsafe, offset: start, message: "<\(name)> can change where links lead or send data, so it was removed"))
                }
                return
            }
            guard let allowed = HTMLSanitizer.elements[name] else {
                if closing { return }
                let isSVGShape = HTMLSanitizer.svgShapes.contains(name) && bytes[scanned.name].elementsEqual(name.utf8)
                if HTMLSanitizer.htmlElements.contains(name) || name.contains("-") || isSVGShape {
                    findings.append(Finding(kind: .disallowed, offset: start, message: "<\(name)> is not an element notes may use; its tags were removed and its text kept"))
                } else {
                    // Text that reads as a tag: a generic type (`Array<String>`) or a placeholder (`<your name>`)
                    // outside backticks. cmark-gfm passes it on as HTML, and no page would show it.
                    let written = String(decoding: bytes[start..<scanned.end], as: UTF8.self)
                    findings.append(Finding(kind: .disallowed, offset: start,
                                            message: "`\(written.count > 40 ? written.prefix(39) + "…" : written)` reads as an HTML tag, and no HTML has <\(name)>, so it does not show on the page",
                                            advice: "if it is text (a generic type's parameter, a placeholder), put a backslash before its `<` or write it in backticks",
                                            escapes: true))
                }
                return
            }
            if closing {
                if !HTMLSanitizer.voidElements.contains(name) { out += Array("</\(name)>".utf8) }
                if name == "a" { linksOpened -= 1 }
                return
            }
            if name == "a" { linksOpened += 1 }
            var tag = "<" + name
            // The addresses' ranges in the tag, moved to `out`'s when the tag is written.
            var tagAddresses: [Clean.Address] = []
            // `<a name="x">`, the old way to make a place a link can name, becomes `id="x"`: HTML5 made `name`
            // obsolete there, and a page's links (and `check`) find places by their ids.
            let isNamedAnchor = name == "a" && !attributes.contains { $0.name == "id" }
            for attribute in attributes {
                if name == "a", attribute.name == "name" {
                    if isNamedAnchor, let value = attribute.value, !value.isEmpty { tag += " id=\"\(Escape.attribute(value))\"" }
                    continue
                }
                if attribute.name.hasPrefix("on") {
                    findings.append(Finding(kind: .unsafe, offset: attribute.offset, message: "the event handler \(attribute.name)=\"…\" runs script, so it was removed"))
                    continue
                }
                // A `data-` attribute is for a page's own scripts, which a note's page does not run: it goes without
                // a word, since the page looks the same without it (exported WordPress tables carry one per cell).
                if attribute.name.hasPrefix("data-") { continue }
                guard HTMLSanitizer.globalAttributes.contains(attribute.name) || allowed.contains(attribute.name) else {
                    findings.append(Finding(kind: .disallowed, offset: attribute.offset, message: "the attribute \(attribute.name) is not allowed on <\(name)>, so it was removed"))
                    continue
                }
                let value = attribute.value ?? ""
                if HTMLSanitizer.urlAttributes.contains(attribute.name) {
                    let urls = attribute.name == "srcset"
                        ? value.split(separator: ",").map { String($0.trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "") }
                        : [value]
                    if urls.contains(where: { HTMLSanitizer.isScriptURL($0, attribute: attribute.name, element: name) }) {
                        findings.append(Finding(kind: .unsafe, offset: attribute.offset, message: "\(attribute.name)=\"\(value.prefix(40))\" would run script, so it was removed",
                                                advice: "link to an http(s) address or a file of the site instead"))
                        continue
                    }
                }
                if attribute.name == "style", HTMLSanitizer.isUnsafeStyle(value) {
                    findings.append(Finding(kind: .unsafe, offset: attribute.offset, message: "this style attribute can run script or load something (expression, url, import, escapes), so it was removed"))
                    continue
                }
                if attribute.name == "srcset", !value.contains("data:") {
                    // `srcset="dark.png, dark@2x.png 2x"`: each image's address is read, checked and pointed at
                    // as an `img`'s `src` is; its width or density is kept as written. (Inline data, whose commas
                    // are no separators, is kept as written.)
                    tag += " srcset=\""
                    for (k, candidate) in value.split(separator: ",").enumerated() {
                        let parts = HTMLSanitizer.sourceSetParts(candidate)
                        guard let address = parts.first.map(String.init) else { continue }
                        if k > 0 { tag += ", " }
                        links.append(Link(address: address, isImage: true, offset: attribute.offset))
                        let start = tag.utf8.count
                        tag += Escape.attribute(address)
                        tagAddresses.append(Clean.Address(range: start..<tag.utf8.count, address: address, isImage: true))
                        for descriptor in parts.dropFirst() { tag += " " + Escape.attribute(String(descriptor)) }
                    }
                    tag += "\""
                    continue
                }
                if (name == "a" && attribute.name == "href") || (attribute.name == "src" && HTMLSanitizer.mediaElements.contains(name))
                    || (name == "video" && attribute.name == "poster") {
                    let isImage = name != "a"
                    links.append(Link(address: value, isImage: isImage, offset: attribute.offset))
                    // `<a href="">` leads nowhere (`link.empty`): an `a` without an address, which is no link.
                    if !isImage, value.allSatisfy(\.isWhitespace) { continue }
                    tag += " \(attribute.name)=\""
                    let start = tag.utf8.count
                    tag += Escape.attribute(value)
                    tagAddresses.append(Clean.Address(range: start..<tag.utf8.count, address: value, isImage: isImage))
                    tag += "\""
                    continue
                }
                // `controls="1"`, as posts write it, is no value a boolean attribute may have: it is there or not.
                let isBoolean = attribute.value == nil || HTMLSanitizer.booleanAttributes.contains(attribute.name)
                tag += isBoolean ? " \(attribute.name)" : " \(attribute.name)=\"\(Escape.attribute(value))\""
            }
            // A note's `aside` is a remark beside its text, inside the page's `main`: as the complementary
            // landmark it is by default it would be a landmark within one, which assistive software lists
            // among the page's regions (and axe reports). As a note it is what it is to a reader.
            if name == "aside" { tag += " role=\"note\"" }
            tag += ">"
            for address in tagAddresses {
                addresses.append(Clean.Address(range: (out.count + address.range.lowerBound)..<(out.count + address.range.upperBound),
                                               address: address.address, isImage: address.isImage))
            }
            out += Array(tag.utf8)
            // `<div class="swatch"/>`, as XHTML wrote an empty element: HTML reads the slash as nothing, and the
            // element as left open, so it is closed here as its author meant.
            if scanned.end >= 2, bytes[scanned.end - 1] == UInt8(ascii: ">"), bytes[scanned.end - 2] == UInt8(ascii: "/"),
               !HTMLSanitizer.voidElements.contains(name) {
                out += Array("</\(name)>".utf8)
                if name == "a" { linksOpened -= 1 }
            }
        }

        /// The offset of `</name` (any case) at or after `from`.
        private func findEndTag(_ name: String, from: Int) -> Int? {
            let needle = Array("</\(name)".utf8)
            var k = from
            while k + needle.count <= bytes.count {
                if bytes[k] == UInt8(ascii: "<") {
                    var same = true
                    for (n, expected) in needle.enumerated() where lower(bytes[k + n]) != expected {
                        same = false
                        break
                    }
                    if same { return k }
                }
                k += 1
            }
            return nil
        }

        private func starts(with prefix: String) -> Bool {
            let p = Array(prefix.utf8)
            return i + p.count <= bytes.count && bytes[i..<(i + p.count)].elementsEqual(p)
        }

        private func find(_ needle: String, from: Int) -> Int? {
            let n = Array(needle.utf8)
            var k = from
            while k + n.count <= bytes.count {
                if bytes[k] == n[0], bytes[k..<(k + n.count)].elementsEqual(n) { return k }
                k += 1
            }
            return nil
        }

        private func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= UInt8(ascii: "a") && (b | 0x20) <= UInt8(ascii: "z") }
        private func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }
        private func lower(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 0x20 : b }
    }

    /// Character references in an attribute value, decoded, so `&#106;avascript:` is seen for what it is.
    static func decodeEntities(_ value: String) -> String {
        guard value.containsASCII("&") else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            let end = after.firstIndex(of: ";")
            let candidate = end.map { after[..<$0] } ?? ""
            var decoded: String?
            if candidate.hasPrefix("#x") || candidate.hasPrefix("#X") {
                decoded = UInt32(candidate.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else if candidate.hasPrefix("#") {
                decoded = UInt32(candidate.dropFirst()).flatMap(Unicode.Scalar.init).map { String(Character($0)) }
            } else {
                decoded = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t",
                           "newline": "\n", "sol": "/", "lpar": "(", "rpar": ")"][String(candidate).lowercased()]
            }
            if let decoded, let end {
                result += decoded
                rest = after[after.index(after: end)...]
            } else {
                // Browsers also accept a numeric reference without its `;`.
                if after.hasPrefix("#") {
                    let body = after.dropFirst()
                    let hex = body.hasPrefix("x") || body.hasPrefix("X")
                    let digits = hex ? body.dropFirst().prefix { $0.isHexDigit } : body.prefix { $0.isASCII && $0.isNumber }
                    if !digits.isEmpty, let scalar = UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init) {
                        result.append(Character(scalar))
                        rest = after[digits.endIndex...]
                        continue
                    }
                }
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
