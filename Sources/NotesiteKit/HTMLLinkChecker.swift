import Foundation
import NotesiteMarkdown

/// Checks the generated site itself: every internal `href` and `src` of every page must lead to a file of the
/// site and, with a fragment, to an element with that id. This covers the links templates make, which no note
/// names.
public enum HTMLLinkChecker {
    /// `skipping` holds `"<page path> <href>"` pairs already reported elsewhere.
    public static func check(_ files: [OutputFile], outputDisplay: String, skipping: Set<String> = []) -> [Diagnostic] {
        let paths = Set(files.map(\.path))
        var found: [String: String] = [:]
        for file in files where file.path.hasSuffix(".html") {
            if case .text(let html) = file.contents { found[file.path] = html }
        }
        // Each page's ids, then each page's links, on all cores; findings keep the pages' path order.
        let pages = found
        let sorted = pages.keys.sorted()
        let ids = Dictionary(uniqueKeysWithValues: zip(sorted, sorted.parallelMap { path in
            Set(attributeValues("id", in: pages[path]!).map(\.value))
        }))
        return sorted.parallelMap { path -> [Diagnostic] in
            let html = pages[path]!
            var diagnostics: [Diagnostic] = []
            let display = outputDisplay.isEmpty ? path : "\(outputDisplay)/\(path)"
            for attribute in ["href", "src"] {
                for (value, offset) in attributeValues(attribute, in: html) where !skipping.contains("\(path) \(value)") {
                    guard let problem = problem(with: value, on: path, paths: paths, ids: ids) else { continue }
                    diagnostics.append(Diagnostic(.warning, "html.link-broken", file: display, at: location(of: offset, in: html),
                                                  "\(attribute)=\"\(value)\" \(problem); correct the template or the note that makes it"))
                }
            }
            return diagnostics
        }.flatMap { $0 }
    }

    private static func problem(with value: String, on page: String, paths: Set<String>, ids: [String: Set<String>]) -> String? {
        if value.isEmpty { return "is empty" }
        if value.hasPrefix("//") || LinkResolver.hasScheme(value) { return nil }
        if value.hasPrefix("/") { return "is absolute, so it breaks when the site is opened from disk or a sub-path" }
        let parts = value.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        var pathPart = String(parts[0])
        if let query = pathPart.firstIndex(of: "?") { pathPart = String(pathPart[..<query]) }
        pathPart = pathPart.removingPercentEncoding ?? pathPart
        let target: String
        if pathPart.isEmpty {
            target = page
        } else {
            guard let resolved = LinkResolver.normalise(pathPart, relativeTo: page) else { return "leaves the site" }
            target = resolved
        }
        guard paths.contains(target) else { return "leads to '\(target)', which the site does not have" }
        if parts.count == 2, !parts[1].isEmpty, target.hasSuffix(".html") {
            let fragment = String(parts[1]).removingPercentEncoding ?? String(parts[1])
            if ids[target]?.contains(fragment) != true { return "leads to '#\(fragment)', which is not an id on '\(target)'" }
        }
        return nil
    }

    /// The values of `name="…"` attributes with their byte offsets, `&amp;` and friends decoded.
    static func attributeValues(_ name: String, in html: String) -> [(value: String, offset: Int)] {
        let bytes = Array(html.utf8)
        let marker = Array(" \(name)=\"".utf8)
        var result: [(String, Int)] = []
        var i = 0
        while i + marker.count <= bytes.count {
            if bytes[i] == marker[0], bytes[i..<(i + marker.count)].elementsEqual(marker) {
                let start = i + marker.count
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: "\"") { end += 1 }
                let raw = String(decoding: bytes[start..<end], as: UTF8.self)
                result.append((unescape(raw), i + 1))
                i = end
            } else {
                i += 1
            }
        }
        return result
    }

    private static func unescape(_ s: String) -> String {
        guard s.contains("&") else { return s }
        return s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func location(of offset: Int, in html: String) -> SourceLocation {
        var line = 1
        var lineStart = 0
        for (i, byte) in html.utf8.prefix(offset).enumerated() where byte == UInt8(ascii: "\n") {
            line += 1
            lineStart = i + 1
        }
        return SourceLocation(line: line, column: offset - lineStart + 1)
    }
}
