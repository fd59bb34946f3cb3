import Foundation

/// Where the files of a one-shot run go: `build` stages them in the output folder (`StagingSink`), `check` keeps
/// each page's ids and links for its link test (`LinkCollector`), and tests keep them in memory (`MemorySink`).
/// The pipeline is the same for all three; only the sink differs.
///
/// A worker hands the files it made to `accept` at once, so no page waits in memory for a writer; what `accept`
/// gives back goes to `record` on the driver's thread, in the site's order, which is the order of everything a
/// sink reports.
public protocol PageSink: AnyObject, Sendable {
    /// What `accept` keeps of a worker's files for `record`.
    associatedtype Receipt: Sendable

    /// Whether the run makes the search index and each note's text script: a site that is only checked has none.
    var wantsSearch: Bool { get }

    /// Takes files made on a worker thread; safe to call from several workers at once.
    func accept(_ files: [OutputFile]) throws -> Receipt

    /// Takes what `accept` gave back, on the driver's thread, in the site's order.
    func record(_ receipt: Receipt)

    /// Forgets every file taken so far: the pages rendered while the notes were parsed did not stand (see
    /// `PageStream.stands(for:)`), and every page is made again.
    func restart() throws

    /// The run made every file: puts them where they go.
    func finish() throws

    /// The run stopped (an error in the content, or a thrown error): nothing taken may be seen.
    func abandon()

    /// Files and pages (`.html`) put in place by `finish`.
    var written: (files: Int, pages: Int) { get }

    /// The files in the output folder that no build wrote, which `finish` kept (`SiteWriter.foreignFiles`).
    var keptForeignFiles: [String] { get }
}

extension PageSink {
    public var keptForeignFiles: [String] { [] }
}

/// `build`'s sink: stages each file in a folder beside the site and swaps the staged site in on `finish`, so a
/// build that fails leaves the previous site as it was (see `SiteWriter`).
public final class StagingSink: PageSink, @unchecked Sendable {
    private let writer: SiteWriter
    /// Made on the driver's thread before any worker runs, and again only by `restart`.
    private var staging: SiteWriter.Staging
    private var files = 0
    private var pages = 0
    /// The output folder's lock, handed over by the caller, let go of once the site is in place or abandoned; and
    /// whether taking it made the folder.
    private let lock: OutputLock?
    private let madeOutput: Bool

    /// Starts staging a site for `writer`'s output folder, which the caller has validated. `lock`: the folder's
    /// lock, taken by the caller (`madeOutput` when that made the folder), which the sink then owns; without one,
    /// the staging takes it.
    public init(writer: SiteWriter, lock: OutputLock? = nil, madeOutput: Bool = false) throws {
        self.writer = writer
        self.lock = lock
        self.madeOutput = madeOutput
        staging = try writer.begin(lock: lock, madeOutput: madeOutput)
    }

    public var wantsSearch: Bool { true }

    public func accept(_ files: [OutputFile]) throws -> (files: Int, pages: Int) {
        var pages = 0
        for file in files {
            _ = try staging.add(file)
            if file.path.hasSuffix(".html") { pages += 1 }
        }
        return (files.count, pages)
    }

    public func record(_ receipt: (files: Int, pages: Int)) {
        files += receipt.files
        pages += receipt.pages
    }

    public func restart() throws {
        staging.abandon()
        staging = try writer.begin(lock: lock, madeOutput: madeOutput)
        (files, pages) = (0, 0)
    }

    public func finish() throws {
        defer { lock?.release() }
        try staging.commit()
    }

    public func abandon() {
        staging.abandon()
        if let lock { writer.release(lock, madeOutput: madeOutput) }
    }

    public var keptForeignFiles: [String] { staging.keptForeignFiles }

    public var written: (files: Int, pages: Int) { (files, pages) }
}

/// A sink that keeps every file in memory, by path: the whole pipeline of a build without a disk.
public final class MemorySink: PageSink, @unchecked Sendable {
    /// The files taken, by path; changed on the driver's thread only.
    public private(set) var files: [String: OutputFile] = [:]
    private var finished = false

    public init() {}

    public var wantsSearch: Bool { true }

    public func accept(_ files: [OutputFile]) -> [OutputFile] { files }

    public func record(_ receipt: [OutputFile]) {
        for file in receipt { files[file.path] = file }
    }

    public func restart() { files = [:] }

    public func finish() { finished = true }

    public func abandon() { files = [:] }

    public var written: (files: Int, pages: Int) {
        finished ? (files.count, files.keys.filter { $0.hasSuffix(".html") }.count) : (0, 0)
    }

    /// The text of the file at `path`, when it was made as text or bytes.
    public func text(_ path: String) -> String? {
        switch files[path]?.contents {
        case .text(let text): text
        case .bytes(let bytes): String(decoding: bytes, as: UTF8.self)
        case .copy, nil: nil
        }
    }
}
