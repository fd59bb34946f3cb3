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
        public let ids: Set<String>
        public let links: [Link]

        /// The ids and links of a rendered page (a copied file has none).
        public init(_ file: OutputFile) {
            guard case .text(let html) = file.contents else {
                self.init(path: file.path, html: "")
                return
            }
            self.init(path: file.path, html: html)
        }

        /// Reads the `id`, `href` and `src` attributes of `html` (the page at `path`) in one pass.
        public init(path: String, html: String) {
            self.path = path
            var ids: Set<String> = []
            var links: [Link] = []
            var html = html
            html.withUTF8 { bytes in
                var line = 1
                var lineStart = 0
                var i = 0
                let n = bytes.count
                func matches(_ marker: StaticString, at start: Int) -> Bool {
                    let count = marker.utf8CodeUnitCount
                    guard start + count <= n else { return false }
                    return memcmp(bytes.baseAddress! + start, marker.utf8Start, count) == 0
                }
                while i < n {
                    let byte = bytes[i]
                    if byte == UInt8(ascii: "\n") {
                        line += 1
                        lineStart = i + 1
                    } else if byte == UInt8(ascii: " ") {
                        let attribute: String?
                        let length: Int
                        if matches(" id=\"", at: i) { (attribute, length) = ("id", 5) }
                        else if matches(" href=\"", at: i) { (attribute, length) = ("href", 7) }
                        else if matches(" src=\"", at: i) { (attribute, length) = ("src", 6) }
                        else { (attribute, length) = (nil, 0) }
                        if let attribute {
                            let start = i + length
                            var end = start
                            while end < n, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                            let value = HTMLSanitizer.decodeEntities(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                            if attribute == "id" {
                                ids.insert(value)
                            } else {
                                links.append(Link(attribute: attribute, value: value,
                                                  location: SourceLocation(line: line, column: i + 1 - lineStart + 1)))
                            }
                            // An attribute value holds no newline the templates or the renderer write.
                            for k in start..<end where bytes[k] == UInt8(ascii: "\n") {
                                line += 1
                                lineStart = k + 1
                            }
                            i = end
                            continue
                        }
                    }
                    i += 1
                }
            }
            self.ids = ids
            self.links = links
        }
    }

    /// Checks every link of `pages` against the site's files (`paths`) and the pages' ids, on all cores; the
    /// findings come in the pages' path order.
    public static func check(_ pages: [PageLinks], paths: Set<String>, outputDisplay: String,
                             skipping: Set<String> = []) -> [Diagnostic] {
        let sorted = pages.sorted { $0.path < $1.path }
        var idsByPage: [String: Set<String>] = [:]
        for page in sorted { idsByPage[page.path] = page.ids }
        let ids = idsByPage
        return sorted.parallelMap { page -> [Diagnostic] in
            var diagnostics: [Diagnostic] = []
            let display = outputDisplay.isEmpty ? page.path : "\(outputDisplay)/\(page.path)"
            for link in page.links {
                guard let problem = problem(with: link.value, on: page.path, paths: paths, ids: ids),
                      !skipping.contains("\(page.path) \(link.value)") else { continue }
                diagnostics.append(Diagnostic(.warning, "html.link-broken", file: display, at: link.location,
                                              "\(link.attribute)=\"\(link.value)\" \(problem); correct the template or the note that makes it"))
            }
            return diagnostics
        }.flatMap { $0 }
    }

    private static func problem(with value: String, on page: String, paths: Set<String>, ids: [String: Set<String>]) -> String? {
        if value.isEmpty { return "is empty" }
        if value.hasPrefix("//") || LinkResolver.hasScheme(value) { return nil }
        if value.hasPrefix("/") { return "is absolute, so it breaks when the site is opened from disk or a sub-path" }
        let hash = value.utf8.firstIndex(of: UInt8(ascii: "#"))
        let beforeHash = value[..<(hash ?? value.endIndex)]
        let query = beforeHash.utf8.firstIndex(of: UInt8(ascii: "?"))
        let pathPart = LinkResolver.percentDecoded(beforeHash[..<(query ?? beforeHash.endIndex)])
        let target: String
        if pathPart.isEmpty {
            target = page
        } else {
            guard let resolved = LinkResolver.normalise(pathPart, relativeTo: page) else { return "leaves the site" }
            target = resolved
        }
        guard paths.contains(target) else { return "leads to '\(target)', which the site does not have" }
        if let hash, value.utf8.index(after: hash) != value.endIndex, target.hasSuffix(".html") {
            let fragment = LinkResolver.percentDecoded(value[value.utf8.index(after: hash)...])
            if ids[target]?.contains(fragment) != true { return "leads to '#\(fragment)', which is not an id on '\(target)'" }
        }
        return nil
    }
}
