import Foundation

/// Files in the output folder that no build of the site wrote: a user's notes beside the pages, a host's settings, a
/// file copied in by hand. A build keeps them where they are and says so (`output.foreign-file`), or deletes them
/// when asked (`--clean`); a host's files at the top (`hostFiles`) and files whose names start with `.` are kept
/// without a word, even then.
extension SiteWriter {
    struct ForeignFiles: Sendable {
        /// Kept and reported, or deleted when the writer `deletesForeignFiles`.
        var reported: [String] = []
        /// Kept without a word.
        var quiet: [String] = []
    }

    /// The files below the output folder (not its top-level entries whose names start with `.`, notesite's own)
    /// that `previous`, the manifest of the last build, does not list and the new site (`site`) does not write.
    /// Not those in the new site's way, where it has a folder or a file on their path: the site takes their place.
    /// A name that starts with `.notesite-` below the top is a write a stopped `notesite serve` left: not foreign.
    func foreignFiles(previous: SiteManifest, site: Set<UTF8Key>) throws -> ForeignFiles {
        var found = ForeignFiles()
        var siteFolders: Set<UTF8Key> = []
        for path in site {
            var folder = Self.folder(of: path.string)
            while !folder.isEmpty, siteFolders.insert(UTF8Key(folder)).inserted { folder = Self.folder(of: folder) }
        }
        func isInTheSitesWay(_ path: String) -> Bool {
            if siteFolders.contains(UTF8Key(path)) { return true }
            var folder = Self.folder(of: path)
            while !folder.isEmpty {
                if site.contains(UTF8Key(folder)) { return true }
                folder = Self.folder(of: folder)
            }
            return false
        }
        for (key, kind) in try Self.entries(below: outputPath, skippingHidden: true) where kind != .folder {
            let path = key.string
            guard previous.records[path] == nil, !site.contains(key), !isInTheSitesWay(path) else { continue }
            let name = path.split(separator: "/").last.map(String.init) ?? path
            if name.hasPrefix(".notesite-") { continue }
            if name.hasPrefix(".") || (!path.contains("/") && Self.hostFiles.contains(path)) {
                found.quiet.append(path)
            } else {
                found.reported.append(path)
            }
        }
        found.reported.sort()
        found.quiet.sort()
        return found
    }
}
