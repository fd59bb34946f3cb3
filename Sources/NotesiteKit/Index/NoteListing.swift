import Foundation

/// Every note as its front matter lists it, read before any note is parsed: the start of each file is enough.
/// A one-shot run renders each note's page against it while the notes are parsed (see `PageStream`).
struct NoteListing: Sendable {
    /// The listed notes, without their text.
    let index: SiteIndex
    /// Each listed note's front matter, by source path, for its parse to use rather than read it again.
    let frontMatter: [String: NoteParser.FrontMatter]
    /// Each listed note's size in bytes, by source path, which decides how many notes share a text script
    /// (`TextScriptPlan`): looked up with the front matter, on every core, rather than after it on one.
    let byteCounts: [String: Int]

    /// Reads the front matter of every note of `tree`.
    init(_ tree: ContentTree, loader: ContentLoader) {
        loader.prefetch(tree.notes)
        let listed = tree.notes.parallelMap { path in
            loader.readFrontMatter(path).flatMap { start in
                NoteParser.listing(of: start.file, commitDates: loader.commitDates, readWhole: { loader.read(path).file })
                    .map { (listing: $0, byteCount: start.byteCount) }
            }
        }
        // In one pass, on this thread alone: each pass over the listed notes copied every one of them.
        var notes: [Note] = []
        var frontMatter: [String: NoteParser.FrontMatter] = [:]
        var byteCounts: [String: Int] = [:]
        notes.reserveCapacity(listed.count)
        frontMatter.reserveCapacity(listed.count)
        byteCounts.reserveCapacity(listed.count)
        // A draft is not on the site that a one-shot run makes (`ParsedNote.leavingOutDraft`).
        for case let ((note, read), byteCount)? in listed where !note.metadata.draft {
            frontMatter[note.source.path] = read
            byteCounts[note.source.path] = byteCount
            notes.append(note)
        }
        index = SiteIndex(notes: notes, assets: tree.assets)
        self.frontMatter = frontMatter
        self.byteCounts = byteCounts
    }
}
