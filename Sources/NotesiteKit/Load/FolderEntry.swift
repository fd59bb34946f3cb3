import Foundation

/// One entry of a folder, as the folder's own list tells it (readdir(3)): links are not followed, and a link to a
/// folder is `other`. Both walks of the file system read folders so: the content folder's and the output's.
struct FolderEntry: Sendable, Equatable {
    enum Kind: Sendable { case file, folder, other }
    var name: String
    var kind: Kind

    /// Why a folder could not be listed: its `errno`.
    struct Failure: Error {
        var code: Int32
    }

    /// The entries of the folder at `path` but `.` and `..`, in the order the file system lists them. A name
    /// that is not UTF-8 is read as `String(cString:)` reads it.
    static func list(_ path: String) -> Result<[FolderEntry], Failure> {
        guard let folder = opendir(path) else { return .failure(Failure(code: errno)) }
        defer { closedir(folder) }
        var entries: [FolderEntry] = []
        while let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(cString: $0.baseAddress!.assumingMemoryBound(to: CChar.self)) }
            guard name != ".", name != ".." else { continue }
            var type = Int32(entry.pointee.d_type)
            if type == DT_UNKNOWN {
                // A file system that does not say in the listing.
                var info = stat()
                guard lstat(path + "/" + name, &info) == 0 else { continue }
                type = info.st_mode & S_IFMT == S_IFDIR ? Int32(DT_DIR) : info.st_mode & S_IFMT == S_IFREG ? Int32(DT_REG) : Int32(DT_LNK)
            }
            entries.append(FolderEntry(name: name, kind: type == DT_DIR ? .folder : type == DT_REG ? .file : .other))
        }
        return .success(entries)
    }
}
