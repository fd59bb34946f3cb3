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

    /// Every regular file below `root` that is not hidden, by path relative to it.
    private static func scan(_ root: URL) -> [String: Stamp] {
        var result: [String: Stamp] = [:]
        let base = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return result }
        while let relative = enumerator.nextObject() as? String {
            if (relative as NSString).lastPathComponent.hasPrefix(".") {
                enumerator.skipDescendants()
                continue
            }
            guard let attributes = enumerator.fileAttributes, attributes[.type] as? FileAttributeType == .typeRegular else { continue }
            let size = (attributes[.size] as? NSNumber)?.uint64Value ?? 0
            let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSinceReferenceDate ?? 0
            result[relative] = Stamp(size: size, modified: modified)
        }
        return result
    }
}
