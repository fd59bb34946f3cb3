import Foundation

extension FolderSnapshot {
    /// Looks again at some paths only, as a watcher that is told what changed names them: files, or folders that
    /// came, went or were moved (a folder's path stands for everything below it; "" for the whole folder). Updates
    /// the snapshot and returns what differs from it, as `changes(since:)` would after a full scan, at the cost of
    /// a `stat` per path named rather than per file of the site.
    ///
    /// Paths are relative to the content folder (`content`) or the templates folder (`templates`). A path with a
    /// hidden or backup name in it (`notes/.a.md.swp`, `.git/index`) changes nothing, as the full scan skips it.
    public mutating func refresh(content contentPaths: Set<String>, templates templatePaths: Set<String>,
                                 options: SiteOptions) -> SiteChanges {
        let changedContent = Self.refresh(&content, root: options.content, paths: contentPaths)
        let changedTemplates = Self.refresh(&templates, root: options.templates, paths: templatePaths)
        return SiteChanges(content: changedContent, templates: !changedTemplates.isEmpty)
    }

    private static func refresh(_ stamps: inout [String: Stamp], root: URL, paths: Set<String>) -> Set<String> {
        let rootPath = root.standardizedFileURL.path
        // A folder's path covers the paths below it: looking at both would only look twice.
        let paths = paths.filter { path in
            !path.split(separator: "/").contains(where: ContentLoader.isIgnored)
        }
        let outermost = paths.contains("") ? [""] : paths.filter { path in
            let parts = path.split(separator: "/")
            return !(1..<max(parts.count, 1)).contains { paths.contains(parts.prefix($0).joined(separator: "/")) }
        }
        var changed: Set<String> = []
        for path in outermost {
            var before: [String: Stamp] = [:]
            if path.isEmpty {
                before = stamps
            } else {
                if let stamp = stamps[path] {
                    before[path] = stamp
                } else {
                    // Not a file the last look saw: it may have been a folder.
                    let inside = path + "/"
                    for (key, stamp) in stamps where key.hasPrefix(inside) { before[key] = stamp }
                }
            }
            var after: [String: Stamp] = [:]
            if path.isEmpty {
                scan(folder: rootPath, prefix: "", into: &after)
            } else if reachable(path, in: rootPath) {
                var info = stat()
                if lstat(rootPath + "/" + path, &info) == 0 {
                    switch info.st_mode & S_IFMT {
                    case S_IFREG:
                        after[path] = Stamp(size: UInt64(info.st_size),
                                            modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
                    case S_IFDIR:
                        scan(folder: rootPath + "/" + path, prefix: path + "/", into: &after)
                    default:
                        break
                    }
                }
            }
            for (key, stamp) in after where before[key] != stamp { changed.insert(key) }
            for key in before.keys where after[key] == nil { changed.insert(key) }
            for key in before.keys { stamps[key] = nil }
            for (key, stamp) in after { stamps[key] = stamp }
        }
        return changed
    }

    /// Whether every folder above `path` is a folder, not a symbolic link to one: the full scan does not follow
    /// links, so a file seen through one is not part of the site.
    private static func reachable(_ path: String, in rootPath: String) -> Bool {
        var folder = rootPath
        for part in path.split(separator: "/").dropLast() {
            folder += "/" + part
            var info = stat()
            guard lstat(folder, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
        }
        return true
    }
}
