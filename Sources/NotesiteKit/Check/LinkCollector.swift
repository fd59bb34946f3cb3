import Foundation

/// `check`'s sink: keeps each file's path and, for a page, only its ids and links (`HTMLLinkChecker.PageLinks`), as
/// soon as a worker has made it, so the rendered site is never in memory at once. `findings(…)` then checks every
/// link against the files and ids the site would have.
public final class LinkCollector: PageSink, @unchecked Sendable {
    /// Changed on the driver's thread only.
    private(set) var pages: [HTMLLinkChecker.PageLinks] = []
    private(set) var paths: Set<String> = []

    public init() {}

    public var wantsSearch: Bool { false }

    public func accept(_ files: [OutputFile]) -> [(path: String, links: HTMLLinkChecker.PageLinks?)] {
        files.map { ($0.path, $0.path.hasSuffix(".html") ? HTMLLinkChecker.PageLinks($0) : nil) }
    }

    public func record(_ receipt: [(path: String, links: HTMLLinkChecker.PageLinks?)]) {
        for (path, links) in receipt {
            paths.insert(path)
            if let links { pages.append(links) }
        }
    }

    public func restart() {
        pages = []
        paths = []
    }

    public func finish() {}

    public func abandon() {}

    public var written: (files: Int, pages: Int) { (0, 0) }

    /// The links of every page collected that lead to no file or id of the site (`html.link-broken`), leaving out
    /// `skipping` (`"<page path> <href>"`), the links the notes' own diagnostics already name. `otherPaths` are
    /// files of the site that were not made here (the search scripts, only link targets for a check).
    func findings(otherPaths: [String], outputDisplay: String, skipping known: Set<String>) -> [Diagnostic] {
        HTMLLinkChecker.check(pages, paths: paths.union(otherPaths), outputDisplay: outputDisplay, skipping: known)
    }
}
