import Foundation
import Synchronization

/// What a build is doing while it puts a new site in place of the old one, written to `.notesite-journal` in the
/// output folder before the first entry moves and deleted once the last has.
///
/// Moving a site into place is many renames; a build killed among them (kill -9, an out-of-memory kill, a closed
/// CI runner) leaves part of each site. The staged site was complete before the journal was written, so the next
/// writer (`SiteWriter.lock`) can always finish the moves the journal lists, before anything else; finishing is
/// safe to repeat, so a writer killed while finishing is finished by the one after it.
struct CommitJournal: Codable, Equatable {
    enum Kind: String, Codable {
        /// The staged site's top-level entries replace the old ones (`SiteWriter.swap`).
        case swap
        /// The staged files move into the old site one by one (`SiteWriter.merge`).
        case merge
    }

    var kind: Kind
    /// swap: the names of the staged site's top-level entries. merge: the paths of the staged files.
    var incoming: [String]
    /// The old site's entries to delete: top-level names (swap) or file paths (merge).
    var removed: [String]
    /// merge: the old site's folders that are no longer the new one's, deleted when empty.
    var emptied: [String] = []

    static let fileName = ".notesite-journal"

    /// The journal in `folder`; nil when there is none. One that cannot be read is an error: the output folder is
    /// halfway between two sites, which the message says how to mend.
    static func load(from folder: String) throws -> CommitJournal? {
        let path = folder + "/" + fileName
        guard let data = FileManager.default.contents(atPath: path) else {
            return nil
        }
        guard let journal = try? JSONDecoder().decode(CommitJournal.self, from: data) else {
            throw NotesiteError.outputInvalid(path: path, reason: "a build that was stopped left this record of its unfinished work, and it cannot be read; delete the output folder and build again")
        }
        return journal
    }

    /// Writes the journal into `folder`, whole or not at all: into a file of its own, renamed into place.
    func write(in folder: String) throws {
        let data = try JSONEncoder().encode(self)
        let temporary = folder + "/" + Self.fileName + "-" + UUID().uuidString
        try data.withUnsafeBytes { _ = try SiteWriter.write($0, to: temporary) }
        guard rename(temporary, folder + "/" + Self.fileName) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw NotesiteError.writeFailed(path: folder + "/" + Self.fileName, reason: reason)
        }
        CrashPoint.step()
    }

    static func remove(from folder: String) {
        unlink(folder + "/" + fileName)
        CrashPoint.step()
    }
}

/// Where the fault tests stop notesite as `kill -9` would: with `NOTESITE_CRASH_AT_STEP=n` in its environment, the
/// process kills itself at the n-th step of putting a site in place (writing the journal, each move, each deletion).
/// The tests walk n over every step of a commit and check that the next build finds the old site or the new one
/// whole. Without the variable, a step costs one comparison.
enum CrashPoint {
    private static let target = ProcessInfo.processInfo.environment["NOTESITE_CRASH_AT_STEP"].flatMap { Int($0) }
    private static let steps = Atomic<Int>(0)

    static func step() {
        guard let target else { return }
        if steps.add(1, ordering: .relaxed).newValue == target { kill(getpid(), SIGKILL) }
    }
}
