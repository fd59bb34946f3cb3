import ArgumentParser
import Foundation
import NotesiteKit

/// `--quiet` and `--verbose`, which every command takes.
struct OutputOptions: ParsableArguments {
    @Flag(name: .shortAndLong, help: "Print errors only: no warnings, progress or summary line.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Also print how long each stage of a run took (serve: also each request).")
    var verbose = false

    func validate() throws {
        if quiet && verbose { throw ValidationError("--quiet and --verbose cannot be used together") }
    }
}

/// The one-line progress display of a long build or check, on standard error. Shown only when standard error is
/// a terminal, the run is not quiet, and the site has more than a few hundred notes; redrawn at most ten times a
/// second and erased when the run ends, so logs and pipes never see it.
final class ProgressLine: @unchecked Sendable {
    static let threshold = 300
    private let lock = NSLock()
    private var lastDraw = DispatchTime(uptimeNanoseconds: 0)
    private var drawn = false

    /// nil when the line should not be shown at all.
    static func make(quiet: Bool) -> ProgressLine? {
        quiet || isatty(STDERR_FILENO) == 0 || ProcessInfo.processInfo.environment["TERM"] == "dumb" ? nil : ProgressLine()
    }

    func update(_ progress: BuildProgress) {
        guard progress.total > Self.threshold else { return }
        lock.lock()
        defer { lock.unlock() }
        let now = DispatchTime.now()
        guard progress.done == progress.total || now.uptimeNanoseconds - lastDraw.uptimeNanoseconds > 100_000_000 else { return }
        lastDraw = now
        let percent = progress.done * 100 / max(progress.total, 1)
        let what = progress.stage == .rendering ? "pages" : "notes"
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(progress.stage.rawValue) \(progress.done)/\(progress.total) \(what) (\(percent)%)".utf8))
        drawn = true
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drawn = false
    }
}

/// Prints each stage's time, for `--verbose`.
func printStages(_ report: SiteReport) {
    for stage in report.stages {
        let name = stage.name.padding(toLength: 12, withPad: " ", startingAt: 0)
        printError("  " + name + String(format: "%8.1f ms", stage.seconds * 1000))
    }
}
