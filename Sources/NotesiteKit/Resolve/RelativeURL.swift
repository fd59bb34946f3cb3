/// Relative URLs between pages of the output, so the site works from `file://` and from any sub-path of a server.
enum RelativeURL {
    /// The URL that leads from the page at `from` to the file at `to` (both paths below the output folder).
    /// Works on the paths' bytes: every symbol link of every page is made here.
    static func from(_ from: String, to: String) -> String {
        var from = from, to = to
        return from.withUTF8 { a in
            to.withUTF8 { b in
                let folders = components(of: a).dropLast()
                let target = components(of: b)
                var common = 0
                while common < folders.count, common < target.count - 1,
                      a[folders[common]].elementsEqual(b[target[common]]) {
                    common += 1
                }
                var out: [UInt8] = []
                out.reserveCapacity(b.count + 3 * (folders.count - common))
                for _ in common..<folders.count {
                    if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                    out += [UInt8(ascii: "."), UInt8(ascii: ".")]
                }
                for range in target[common...] {
                    if !out.isEmpty { out.append(UInt8(ascii: "/")) }
                    out += b[range]
                }
                return String(decoding: out, as: UTF8.self)
            }
        }
    }

    /// The ranges of a path's components (the bytes between slashes), empty ones left out.
    static func components(of path: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        for i in 0...path.count where i == path.count || path[i] == UInt8(ascii: "/") {
            if i > start { ranges.append(start..<i) }
            start = i + 1
        }
        return ranges
    }

    /// `""` for a page at the top of the output, `"../"` one folder down, and so on: the way back to the top.
    static func root(of page: String) -> String {
        String(repeating: "../", count: page.utf8.split(separator: UInt8(ascii: "/")).count - 1)
    }
}
