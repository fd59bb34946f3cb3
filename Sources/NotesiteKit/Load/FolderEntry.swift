import Foundation

/// One entry of a folder, as the folder's own list tells it (readdir(3)): links are not followed, and a link to a
/// folder is `other`. Both walks of the file system read folders so: the content folder's and the output's.
struct FolderEntry: Sendable, Equatable {
    enum Kind: Sendable { case file, folder, other }
    var name: String
    var kind: Kind
    /// The name's bytes when they are not UTF-8 (`name` then has U+FFFD in their place, and names no entry).
    var invalidName: [UInt8]? = nil

    /// Why a folder could not be listed: its `errno`.
    struct Failure: Error {
        var code: Int32
    }

    /// The entries of the folder at `path` but `.` and `..`, in the order the file system lists them. A name
    /// that is not UTF-8 is read as `String(cString:)` reads it, with its bytes in `invalidName`.
    static func list(_ path: String) -> Result<[FolderEntry], Failure> {
        guard let folder = opendir(path) else { return .failure(Failure(code: errno)) }
        defer { closedir(folder) }
        var entries: [FolderEntry] = []
        while let entry = readdir(folder) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(UnsafeBufferPointer(start: raw.baseAddress!.assumingMemoryBound(to: UInt8.self), count: strlen(raw.baseAddress!.assumingMemoryBound(to: CChar.self))))
            }
            let valid = String(validating: bytes, as: UTF8.self)
            let name = valid ?? String(decoding: bytes, as: UTF8.self)
            guard name != ".", name != ".." else { continue }
            var type = Int32(entry.pointee.d_type)
            if type == DT_UNKNOWN {
                // A file system that does not say in the listing.
                var info = stat()
                guard lstat(path + "/" + name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
            }
            entries.append(FolderEntry(name: name, kind: type == DT_DIR ? .folder : type == DT_REG ? .file : .other,
                                       invalidName: valid == nil ? bytes : nil))
        }
        return .success(entries)
    }

    /// `bytes`, a name that is not all UTF-8, readable: its UTF-8 characters as they are, each other byte as `\xE9`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            if let (character, length) = (1...4).lazy.compactMap({ n in
                i + n <= bytes.count ? String(validating: bytes[i..<(i + n)], as: UTF8.self).map { ($0, n) } : nil
            }).first {
                out += character
                i += length
            } else {
                out += String(format: "\\x%02X", bytes[i])
                i += 1
            }
        }
        return out
    }
}
