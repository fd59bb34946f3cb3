import Foundation

/// The files of the content and templates folders with their sizes and modification times: two snapshots taken a
/// moment apart say what changed, as a `SiteChanges`. Polling this way works the same on every system and costs a
/// `stat` per file.
public struct FolderSnapshot: Equatable, Sendable {
    struct Stamp: Equatable, Sendable {
        var size: UInt64
        var modified: Double
    }

    var content: [String: Stamp]
    var templates: [String: Stamp]

    public init(options: SiteOptions) {
        content = Self.scan(options.content)
        templates = Self.scan(options.templates)
    }

    /// What differs from `earlier`: files that came, went or changed.
    public func changes(since earlier: FolderSnapshot) -> SiteChanges {
        SiteChanges(content: Self.difference(content, earlier.content), templates: templates != earlier.templates)
    }

    private static func difference(_ a: [String: Stamp], _ b: [String: Stamp]) -> Set<String> {
        var changed: Set<String> = []
        for (path, stamp) in a where b[path] != stamp { changed.insert(path) }
        for path in b.keys where a[path] == nil { changed.insert(path) }
        return changed
    }

    /// Every regular file below `root` that is not hidden, by path relative to it. Read with `readdir` and
    /// `fstatat`: Foundation's enumerator builds an attributes dictionary per file, which made a scan of a
    /// large site take longer than rebuilding the edited note (`make bench`'s one-note rebuild).
    private static func scan(_ root: URL) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        scan(folder: root.standardizedFileURL.path, prefix: "", into: &result)
        return result
    }

    static func scan(folder: String, prefix: String, into result: inout [String: Stamp]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let descriptor = dirfd(directory)
        var folders: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if ContentLoader.isIgnored(name) { continue }
            var info = stat()
            guard fstatat(descriptor, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                result[prefix + name] = Stamp(size: UInt64(info.st_size),
                                              modified: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9)
            case S_IFDIR:
                folders.append(name)
            default:
                break
            }
        }
        for name in folders {
            scan(folder: folder + "/" + name, prefix: prefix + name + "/", into: &result)
        }
    }
}
