import Foundation

/// Which text script holds each note's section texts in a complete build: the notes of one language, in the site's
/// order, a few at a time, in `assets/search/<lang>.<n>.js` (beside, never among, the scripts of single notes in
/// `assets/search/<lang>/`, which a note's file name could name anything).
///
/// One script per note made a site of 2,000 notes 4,050 files, twice the 2,003 Hugo writes, and a cold build's time
/// went mostly to the file system making them (`make bench`, cold). Grouped, the search page loads more text than
/// it shows: a whole script for each result. So a script holds about `scriptBytes` of notes: a language's notes go
/// as many at a time as that many bytes of its average note, a power of two from 1 to `mostNotes`, which moves only
/// when the average doubles or halves. An edit rewrites its script; a note added or removed moves the later notes
/// of its language along. `notesite serve` keeps one script per note (`SearchIndex.shard`), so that its rebuild
/// after an edit writes only that note's.
struct TextScriptPlan: Sendable {
    static let scriptBytes = 256 << 10
    static let mostNotes = 32

    /// Each note's script, by source path.
    private let scripts: [String: String]
    /// How many notes each script holds, by name.
    private let members: [String: Int]

    /// The scripts of `notes`, in the site's order; `bytes` gives the size of a note's file (nil: unknown).
    init(_ notes: [Note], bytes: (Note) -> Int?) {
        var total: [Language: (bytes: Int, notes: Int)] = [:]
        for note in notes {
            total[note.language, default: (0, 0)].bytes += bytes(note) ?? 0
            total[note.language, default: (0, 0)].notes += 1
        }
        let perScript = total.mapValues { Self.notesPerScript(averageBytes: $0.bytes / max(1, $0.notes)) }
        var scripts: [String: String] = [:]
        var members: [String: Int] = [:]
        var counts: [Language: Int] = [:]
        scripts.reserveCapacity(notes.count)
        for note in notes {
            let position = counts[note.language, default: 0]
            counts[note.language] = position + 1
            let name = "\(note.language.rawValue).\(position / perScript[note.language]!)"
            scripts[note.source.path] = name
            members[name, default: 0] += 1
        }
        self.scripts = scripts
        self.members = members
    }

    /// How many notes of `averageBytes` go in one script: the largest power of two, at most `mostNotes`, that keeps
    /// them within `scriptBytes`, and at least one.
    static func notesPerScript(averageBytes: Int) -> Int {
        var notes = 1
        while notes < mostNotes, 2 * notes * averageBytes <= scriptBytes { notes *= 2 }
        return notes
    }

    /// The script that holds the texts of the note at `sourcePath`; nil for a note the plan does not list.
    func script(ofSourcePath sourcePath: String) -> String? {
        scripts[sourcePath]
    }

    /// How many notes the script `name` holds.
    func memberCount(of name: String) -> Int {
        members[name] ?? 0
    }
}

/// Puts together the text scripts of a `TextScriptPlan` as the notes' texts arrive in the site's order, and hands
/// each script to `write` as soon as its last note's texts are in, on another thread: no more than one script per
/// language is held at a time, and the thread taking the notes' pages in order does not wait for the disk.
final class TextScriptCollector<Receipt: Sendable>: @unchecked Sendable {
    let plan: TextScriptPlan
    private let write: @Sendable (OutputFile) throws -> Receipt
    /// The texts of each script begun and not yet handed over, with the number of notes in; on the taking thread.
    private var open: [String: (texts: [[UInt8]], notes: Int)] = [:]
    private let writes = DispatchGroup()
    private let lock = NSLock()
    /// What `write` gave back for each script, and the first error it threw (both guarded by `lock`).
    private var receipts: [Receipt] = []
    private var failure: (any Error)?

    init(plan: TextScriptPlan, write: @escaping @Sendable (OutputFile) throws -> Receipt) {
        self.plan = plan
        self.write = write
    }

    /// Takes one note's texts (`SearchIndex.textItems`), in the site's order.
    func add(_ texts: [UInt8], ofSourcePath sourcePath: String) {
        guard let name = plan.script(ofSourcePath: sourcePath) else { return }
        var script = open.removeValue(forKey: name) ?? ([], 0)
        script.texts.append(texts)
        script.notes += 1
        if script.notes < plan.memberCount(of: name) {
            open[name] = script
            return
        }
        hand(SearchIndex.shardFile(name, texts: script.texts))
    }

    /// Hands `file` to `write` on another thread.
    private func hand(_ file: OutputFile) {
        DispatchQueue.global().async(group: writes) { [self] in
            do {
                let receipt = try write(file)
                lock.withLock { receipts.append(receipt) }
            } catch {
                lock.withLock { if failure == nil { failure = error } }
            }
        }
    }

    /// Waits for the scripts handed over and gives back what `write` gave back for each since the last call, or
    /// throws the first error it threw. Scripts whose notes did not all arrive are written as they are: the site's
    /// other files are made against the notes that did.
    func finish() throws -> [Receipt] {
        for name in open.keys.sorted() {
            hand(SearchIndex.shardFile(name, texts: open[name]!.texts))
        }
        open = [:]
        writes.wait()
        return try lock.withLock {
            defer { (receipts, failure) = ([], nil) }
            if let failure { throw failure }
            return receipts
        }
    }
}
