import Foundation

/// What a complete build wrote, kept beside the site as `.notesite-manifest`: for each file, a hash of its bytes and
/// the identity the file had when it was written (inode, size, modification time). The next build tells from it,
/// without reading the file, that a file of the site still holds what was written and whether the new one is the
/// same, where reading the whole old site to compare it was a noticeable part of a large build (`make bench`).
///
/// A file that does not match its record (changed, replaced or touched since, or not in the manifest) is compared
/// by reading it, as without a manifest. A file changed in place with its modification time put back is not
/// noticed, as `make` and `rsync` would not notice it.
struct SiteManifest: Sendable {
    struct Record: Sendable, Equatable {
        var hash: ContentHash
        var size: Int
        var inode: UInt64
        /// Nanoseconds since 1970.
        var modified: Int64

        /// A file the build wrote without hashing it (a copied image) or whose identity it could not learn: listed
        /// as the site's, vouching for nothing (no file has inode 0), so the next build reads it again.
        static let unvouched = Record(hash: ContentHash(0), size: 0, inode: 0, modified: 0)
    }

    static let fileName = ".notesite-manifest"
    private static let header = "notesite-manifest 3"
    /// Version 2 listed only the files whose bytes the build hashed, not the ones it copied (images).
    private static let olderHeader = "notesite-manifest 2"

    var records: [String: Record] = [:]
    /// Whether the manifest lists every file its build wrote, so that a file of the site it does not list is one
    /// that no build wrote (`SiteWriter.foreignFiles`). Version 2 manifests left out copied files.
    var listsEveryFile = true

    /// The manifest in `folder`, or an empty one when there is none or it cannot be read. Read on its bytes: a
    /// large site's manifest has 20,000 lines, read before the first page can be staged.
    static func load(from folder: String) -> SiteManifest {
        guard let data = FileManager.default.contents(atPath: folder + "/" + fileName) else { return SiteManifest() }
        return data.withUnsafeBytes { parse(UnsafeRawBufferPointer($0).bindMemory(to: UInt8.self)) } ?? SiteManifest()
    }

    /// The manifest in `bytes`; nil when they are not one (a damaged manifest is no manifest: every file is then
    /// compared by reading it).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> SiteManifest? {
        let n = bytes.count
        var i = 0
        func line() -> Range<Int>? {
            guard i < n else { return nil }
            let start = i
            while i < n, bytes[i] != UInt8(ascii: "\n") { i += 1 }
            defer { i += 1 }
            return start..<i
        }
        guard let first = line(), bytes[first].elementsEqual(header.utf8) || bytes[first].elementsEqual(olderHeader.utf8) else { return nil }
        var manifest = SiteManifest()
        manifest.listsEveryFile = bytes[first].elementsEqual(header.utf8)
        while let range = line() {
            guard !range.isEmpty else { continue }
            // hash size inode modified path (the path last: it may hold spaces).
            var k = range.lowerBound
            func number(radix: UInt64) -> UInt64? {
                var value: UInt64 = 0
                let start = k
                while k < range.upperBound, bytes[k] != UInt8(ascii: " ") {
                    let byte = bytes[k]
                    let digit: UInt64
                    switch byte {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
                    case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a") + 10)
                    default: return nil
                    }
                    let (times, o1) = value.multipliedReportingOverflow(by: radix)
                    let (sum, o2) = times.addingReportingOverflow(digit)
                    guard !o1, !o2 else { return nil }
                    value = sum
                    k += 1
                }
                guard k > start, k < range.upperBound else { return nil }
                k += 1
                return value
            }
            guard let hash = number(radix: 16), let size = number(radix: 10),
                  let inode = number(radix: 10), let modified = number(radix: 10), k < range.upperBound,
                  size <= UInt64(Int.max), modified <= UInt64(Int64.max) else { return nil }
            let path = String(decoding: UnsafeBufferPointer(rebasing: bytes[k..<range.upperBound]), as: UTF8.self)
            manifest.records[path] = Record(hash: ContentHash(hash), size: Int(size), inode: inode,
                                            modified: Int64(modified))
        }
        return manifest
    }

    /// The manifest's text, its paths in the order of their bytes. Put together as bytes: a large site's manifest
    /// has 20,000 lines, written at the end of the build on one core.
    func text() -> [UInt8] {
        var out = Array((Self.header + "\n").utf8)
        out.reserveCapacity(records.count * 96)
        // Sorted by memcmp of the paths' bytes, which is the order of their bytes.
        let lines = records.map { (path: Array($0.key.utf8), record: $0.value) }.sorted { a, b in
            let order = a.path.withUnsafeBufferPointer { x in
                b.path.withUnsafeBufferPointer { y in min(x.count, y.count) == 0 ? 0 : memcmp(x.baseAddress!, y.baseAddress!, min(x.count, y.count)) }
            }
            return order != 0 ? order < 0 : a.path.count < b.path.count
        }
        /// `value` in base `radix` and a space, its digits put together on the stack: an array for each number
        /// would be an allocation per file, at the end of the build on one core.
        func number(_ value: UInt64, radix: UInt64) {
            var digits: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &digits) { buffer in
                var value = value
                var start = buffer.count
                repeat {
                    let digit = UInt8(value % radix)
                    start -= 1
                    buffer[start] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
                    value /= radix
                } while value > 0
                out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[start...]))
            }
            out.append(UInt8(ascii: " "))
        }
        for (path, r) in lines {
            number(r.hash.value, radix: 16)
            number(UInt64(r.size), radix: 10)
            number(r.inode, radix: 10)
            // Before 1970 is written as it is, and makes the manifest one the next build does not read.
            if r.modified < 0 { out.append(UInt8(ascii: "-")) }
            number(r.modified.magnitude, radix: 10)
            out += path
            out.append(UInt8(ascii: "\n"))
        }
        return out
    }

    /// Whether `path` names a file a manifest line can hold.
    static func canRecord(_ path: String) -> Bool {
        !path.utf8.contains(UInt8(ascii: "\n"))
    }

    /// What tells a file apart from one written in its place, or changed since.
    struct Identity {
        var size: Int
        var inode: UInt64
        /// Nanoseconds since 1970.
        var modified: Int64

        init(_ info: stat) {
            size = Int(info.st_size)
            inode = UInt64(info.st_ino)
            modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        }
    }

    /// The identity of the regular file at `path` (not following a symbolic link), or nil.
    static func identity(at path: String) -> Identity? {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Identity(info)
    }
}
