import Foundation

/// A search index put together on a serial queue of its own: each batch's entries are added while the next batch
/// of pages renders, instead of between batches, when the workers would wait for them.
final class BackgroundIndex: @unchecked Sendable {
    /// Touched only on `queue`.
    private var index = SearchIndex()
    private let queue = DispatchQueue(label: "notesite.search-index")

    /// Adds one note's entries after those added before.
    func add(_ entries: SearchIndex.Entries) {
        queue.async { self.index.add(entries) }
    }

    /// The whole index's files (`SearchFiles.whole`), made on the index's queue; nil until `startScript`.
    private var files: PageRenderer.SearchFiles?

    /// Starts making the whole index's script on the index's queue, after the entries added so far, with the
    /// entries and synonyms `reference` gives after the notes': it then goes on while the builder does other things. Only the
    /// first call counts (a later one's `reference` is not asked), and nothing may be added after it.
    func startScript(reference: @escaping @Sendable () -> SearchIndex.Reference) {
        queue.async {
            guard self.files == nil else { return }
            let index = self.index
            // Let go of, so that the index handed over is the only one and adding to it copies nothing.
            self.index = SearchIndex()
            self.files = .whole(index, reference: reference())
        }
    }

    /// The files `startScript` makes, once they are made.
    func takeFiles() -> PageRenderer.SearchFiles {
        queue.sync {
            defer { files = PageRenderer.SearchFiles.none }
            guard let files else { preconditionFailure("takeFiles() before startScript(reference:)") }
            return files
        }
    }
}
