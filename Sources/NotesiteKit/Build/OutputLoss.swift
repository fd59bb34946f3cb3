import Foundation

/// What became of an output folder that `notesite serve` wrote, when it no longer holds that site: the folder was
/// deleted, emptied, or lost the manifest that marks it as a site notesite wrote. A rebuild that wrote only the
/// few files of an edit there would leave a site of those files alone, and a later complete build would refuse
/// the folder as not being a site notesite built; serve builds the whole site again instead.
public enum OutputLoss: Sendable, Equatable {
    case deleted
    case emptied
    case manifestMissing

    /// What happened, for the terminal: "the output folder was deleted".
    public var description: String {
        switch self {
        case .deleted: "the output folder was deleted"
        case .emptied: "the output folder was emptied"
        case .manifestMissing: "the output folder lost its \(SiteManifest.fileName)"
        }
    }

    /// How the folder at `output` differs from a site notesite wrote there; nil when it holds one. Looks at the
    /// folder's own entries only (a few `stat`s): asked before every rebuild.
    /// An emptied folder may keep the entries whose names start with `.` (`rm -rf public/*` leaves the manifest) and
    /// a host's files (`SiteWriter.hostFiles`), which a build keeps too; it has none of the site's own entries.
    public static func of(output: URL) -> OutputLoss? {
        let path = output.path
        guard case .success(let entries) = FolderEntry.list(path) else {
            var isDirectory: ObjCBool = false
            // A folder that cannot be listed is not known to be lost; the rebuild says what is wrong with it.
            return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) ? nil : .deleted
        }
        if !entries.contains(where: { !$0.name.hasPrefix(".") && !SiteWriter.hostFiles.contains($0.name) }) {
            return .emptied
        }
        if !entries.contains(where: { $0.name == SiteManifest.fileName }) {
            return .manifestMissing
        }
        return nil
    }
}
