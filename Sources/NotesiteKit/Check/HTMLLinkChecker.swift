import Foundation
import NotesiteMarkdown

/// Checks the generated site itself: every internal `href` and `src` of every page must lead to a file of the
/// site and, with a fragment, to an element with that id. This covers the links templates make, which no note
/// names.
public enum HTMLLinkChecker {
    /// What the check needs of one page: its ids and its links with their places. Taken as the page is
    /// rendered, so the page's HTML need not be kept.
    public struct PageLinks: Sendable {
        public struct Link: Sendable {
            public let attribute: String
            public let value: String
            public let location: SourceLocation
        }

        public let path: String
        /// Compared by their bytes, as a browser matches a fragment with an id.
        public let ids: Set<UTF8Key>
        public let links: [Link]
        /// The values the page writes otherwise than a browser reads them (with an entity such as `&amp;`), by their
        /// link's place in `links`. Few links have one, and a check holds every page's links at once.
        let written: [Int: String]

        /// Link `k`'s attribute as the page writes it, from its name (where the link's location points) to its
        /// closing quote.
        func markup(ofLink k: Int) -> String {
            "\(links[k].attribute)=\"\(written[k] ?? links[k].value)\""
        }

        /// The ids and links of a rendered page (a copied file has none).
        public init(_ file: OutputFile) {
            switch file.contents {
            case .text(var html): self = html.withUTF8 { Self(path: file.path, utf8: $0) }
            case .bytes(let bytes): self = bytes.withUnsafeBufferPointer { Self(path: file.path, utf8: $0) }
            case .copy: self.init(path: file.path, html: "")
            }
        }

        /// Reads the `id`, `href` and `src` attributes of `html` (the page at `path`) in one pass.
        public init(path: String, html: String) {
            var html = html
            self = html.withUTF8 { Self(path: path, utf8: $0) }
        }

        /// `init(path:html:)` with the page's UTF-8 bytes.
        init(path: String, utf8 bytes: UnsafeBufferPointer<UInt8>) {
            self.path = path
            var ids: Set<UTF8Key> = []
            var links: [Link] = []
            var writtenValues: [Int: String] = [:]
            scan: do {
                guard let base = bytes.baseAddress else { break scan }
                let n = bytes.count
                // Lines are counted only up to each attribute found (`memchr` over the bytes in between), and the
                // attributes are found from their `=` signs: looking at every byte for a space or a newline was
                // most of the time a check spent reading its pages.
                var line = 1
                var lineStart = 0
                var counted = 0
                func countLines(upTo position: Int) {
                    var p = counted
                    while p < position, let found = memchr(base + p, 0x0A, position - p) {
                        let k = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                        line += 1
                        lineStart = k + 1
                        p = k + 1
                    }
                    counted = max(counted, position)
                }
                func preceded(at e: Int, by name: StaticString) -> Bool {
                    // ` name` right before the `=` at `e`.
                    let count = name.utf8CodeUnitCount
                    return e >= count + 1 && base[e - count - 1] == UInt8(ascii: " ")
                        && memcmp(base + e - count, name.utf8Start, count) == 0
                }
                var i = 0
                while i < n, let found = memchr(base + i, Int32(UInt8(ascii: "=")), n - i) {
                    let e = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    i = e + 1
                    guard e + 1 < n, base[e + 1] == UInt8(ascii: "\"") else { continue }
                    let attribute: String
                    let space: Int
                    if preceded(at: e, by: "id") { (attribute, space) = ("id", e - 3) }
                    else if preceded(at: e, by: "href") { (attribute, space) = ("href", e - 5) }
                    else if preceded(at: e, by: "src") { (attribute, space) = ("src", e - 4) }
                    else { continue }
                    let start = e + 2
                    let end = memchr(base + start, Int32(UInt8(ascii: "\"")), n - start)
                        .map { UnsafePointer<UInt8>($0.assumingMemoryBound(to: UInt8.self)) - base } ?? n
                    let raw = UnsafeBufferPointer(start: base + start, count: end - start)
                    let written = String(decoding: raw, as: UTF8.self)
                    // Only a value with a character reference (`&amp;`, `&#46;`) reads otherwise than it is written.
                    let hasReference = !raw.isEmpty && memchr(raw.baseAddress!, Int32(UInt8(ascii: "&")), raw.count) != nil
                    let value = hasReference ? HTMLSanitizer.decodeEntities(written) : written
                    if attribute == "id" {
                        ids.insert(UTF8Key(value))
                    } else {
                        countLines(upTo: space)
                        if hasReference, !written.utf8.elementsEqual(value.utf8) { writtenValues[links.count] = written }
                        links.append(Link(attribute: attribute, value: value,
                                          location: SourceLocation(line: line, column: space + 1 - lineStart + 1)))
                    }
                    i = end + 1
                }
            }
            self.ids = ids
            self.links = links
            self.written = writtenValues
        }
    }

    /// Checks every link of `pages` against the site's files (`paths`) and the pages' ids, on all cores; the
    /// findings come in the pages' path order.
    public static func check(_ pages: [PageLinks], paths: Set<String>, outputDisplay: String,
                             skipping: Set<String> = []) -> [Diagnostic] {
        let sorted = pages.sorted { $0.path < $1.path }
        var idsByPage: [UTF8Key: Set<UTF8Key>] = [:]
        for page in sorted { idsByPage[UTF8Key(page.path)] = page.ids }
        let ids = idsByPage
        let files = Set(paths.map { UTF8Key($0) })
        return sorted.parallelMap { page -> [Diagnostic] in
            var diagnostics: [Diagnostic] = []
            let display = outputDisplay.isEmpty ? page.path : "\(outputDisplay)/\(page.path)"
            // Where each path written on this page leads: a page links to the same few pages many times (a
            // reference page to one note for each of its symbols the note mentions).
            var targets: [Substring: Target] = [:]
            targets.reserveCapacity(page.links.count / 2)
            for (k, link) in page.links.enumerated() {
                guard let problem = problem(with: link.value, on: page.path, paths: files, ids: ids, targets: &targets),
                      !skipping.contains("\(page.path) \(link.value)") else { continue }
                var diagnostic = Diagnostic(HTMLRule.linkBroken, file: display, at: link.location,
                                            "\(link.attribute)=\"\(link.value)\" \(problem); correct the template or the note that makes it")
                // The page was rendered in memory: its file on disk is shown only where it still holds this link.
                diagnostic.quoting = page.markup(ofLink: k)
                diagnostics.append(diagnostic)
            }
            return diagnostics
        }.flatMap { $0 }
    }

    /// Where a link's path leads, worked out once per page for each path written on it.
    private enum Target {
        /// Out of the output folder.
        case outside
        /// To a path the site does not have.
        case missing(String)
        /// To a file of the site, and its ids when it is a page.
        case file(String, ids: Set<UTF8Key>?)
    }

    /// `targets`: where each path part (as written, before `?` and `#`) led on this page.
    private static func problem(with value: String, on page: String, paths: Set<UTF8Key>, ids: [UTF8Key: Set<UTF8Key>],
                                targets: inout [Substring: Target]) -> String? {
        guard let first = value.utf8.first else { return "is empty" }
        if value.utf8.starts(with: "//".utf8) || LinkResolver.hasScheme(value) { return nil }
        if first == UInt8(ascii: "/") { return "is absolute, so it breaks when the site is opened from disk or a sub-path" }
        let hash = value.firstIndexOfASCII("#")
        let beforeHash = value[..<(hash ?? value.endIndex)]
        let query = beforeHash.firstIndexOfASCII("?")
        let written = beforeHash[..<(query ?? beforeHash.endIndex)]
        let target: Target
        if let known = targets[written] {
            target = known
        } else {
            let pathPart = LinkResolver.percentDecoded(written)
            if let resolved = pathPart.isEmpty ? page : LinkResolver.normalise(pathPart, relativeTo: page) {
                let key = UTF8Key(resolved)
                target = paths.contains(key) ? .file(resolved, ids: ids[key]) : .missing(resolved)
            } else {
                target = .outside
            }
            targets[written] = target
        }
        switch target {
        case .outside:
            return "leaves the site"
        case .missing(let path):
            return "leads to '\(path)', which the site does not have"
        case .file(let path, let pageIDs):
            guard let hash, value.utf8.index(after: hash) != value.endIndex, path.hasSuffix(".html") else { return nil }
            let fragment = LinkResolver.percentDecoded(value[value.utf8.index(after: hash)...])
            if NoteParser.isTopOfPage(fragment) { return nil }
            if pageIDs?.contains(UTF8Key(fragment)) != true { return "leads to '#\(fragment)', which is not an id on '\(path)'" }
            return nil
        }
    }
}
