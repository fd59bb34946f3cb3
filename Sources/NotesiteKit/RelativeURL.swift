/// Relative URLs between pages of the output, so the site works from `file://` and from any sub-path of a server.
enum RelativeURL {
    /// The URL that leads from the page at `from` to the file at `to` (both paths below the output folder).
    static func from(_ from: String, to: String) -> String {
        let fromDir = from.split(separator: "/").dropLast()
        let target = to.split(separator: "/")
        var common = 0
        while common < fromDir.count, common < target.count - 1, fromDir[common] == target[common] {
            common += 1
        }
        let ups = Array(repeating: "..", count: fromDir.count - common)
        return (ups + target[common...].map(String.init)).joined(separator: "/")
    }

    /// `""` for a page at the top of the output, `"../"` one folder down, and so on: the way back to the top.
    static func root(of page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/").count - 1)
    }
}
