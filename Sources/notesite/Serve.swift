import ArgumentParser
import Foundation
import NotesiteKit
import NotesiteServe

struct Serve: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Build the site, serve it locally and rebuild on every save, reloading open pages.",
        discussion: """
        Watches the content folder (notes, images, data) and the templates. A change rebuilds only what it \
        reaches: the note's page, and the lists, neighbours, translations and reference entries when the edit \
        touches them. Open pages reload by themselves (server-sent events; the script is added to pages as they \
        are served and never written to the output folder).

        When an edit breaks the build, the terminal prints the diagnostics, open pages show them on an error \
        page, and the last good site keeps being served; fixing the note brings the pages back.

        Serve owns its output folder: when it finds the folder deleted or emptied, it builds the whole site again \
        at the next change (or the next request for a page) and says so. A notes folder moved away or deleted \
        is the error a build gives, and the last good site keeps being served until it is back.

        Changes are noticed through inotify on Linux, and by looking at the folders every 150 ms elsewhere, with \
        --poll, or when inotify cannot watch them (the watch limit is reached: a warning says so). A rebuild starts \
        40 ms after the last change, and no later than 250 ms after the first while changes continue.

        Only files inside the output folder are served. Ctrl-C stops the server.
        """
    )

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("Where to write the site: a new or empty folder, or one a build wrote before (its other files are replaced).", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("The port to listen on (0 picks a free one).", valueName: "port"))
    var port = 8000

    @Option(name: .long, help: ArgumentHelp("The address to listen on; anything but 127.0.0.1 or localhost lets other machines see the preview.", valueName: "host"))
    var host = "127.0.0.1"

    @Flag(name: .long, help: "Look for changes every 150 ms instead of being told of them by the system (inotify): for folders on a network file system or in a virtual machine's shared folder, where the system does not hear of changes made elsewhere.")
    var poll = false

    @OptionGroup var printing: OutputOptions

    func validate() throws {
        guard (0...65535).contains(port) else { throw ValidationError("--port must be between 0 and 65535") }
        // An address the server can listen on: an IPv4 or IPv6 address, or localhost.
        var v4 = in_addr(), v6 = in6_addr()
        guard host == "localhost" || inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1 else {
            throw ValidationError("--host must be an IP address, such as 127.0.0.1, 0.0.0.0 or ::1, or localhost")
        }
    }

    func run() async throws {
        let options = try folders.options(output: output)
        var configuration = PreviewServer.Configuration(options: options)
        configuration.host = host
        configuration.port = port
        if poll { configuration.watch = .polling }
        do {
            try SitePipeline.preflight(options)
        } catch let error as NotesiteError {
            printError(error.printed(colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)))
            throw ExitCode(2)
        }
        // Before the first build: a port that is taken is reported at once.
        if let problem = PreviewServer.listenProblem(host: host, port: port) {
            printError("notesite: error: \(problem)")
            throw ExitCode(2)
        }
        let server = PreviewServer(configuration: configuration)
        let quiet = printing.quiet
        let verbose = printing.verbose
        let host = self.host
        if !["127.0.0.1", "localhost", "::1"].contains(host) {
            printError("notesite: warning: serving on \(host) lets other machines on the network read the preview")
        }
        do {
            try await server.run(onBuild: { event in
                Self.report(event, quiet: quiet, verbose: verbose)
            }, onReady: { port in
                // Even when quiet: with --port 0 this line is the only way to learn the port.
                Self.say("Serving \(options.outputDisplay)/ at http://\(host.contains(":") ? "[\(host)]" : host):\(port)/ (Ctrl-C stops)")
            })
        } catch {
            let text = "\(error)"
            if text.contains("Address already in use") {
                printError("notesite: error: \(PreviewServer.inUse(host: host, port: port))")
            } else {
                printError("notesite: error: \(text)")
            }
            throw ExitCode(2)
        }
        if !quiet { Self.say("Stopped.") }
    }

    /// A line on standard output, flushed at once: the server runs for long and its output is often piped.
    static func say(_ line: String) {
        FileHandle.standardOutput.write(Data((line + "\n").utf8))
    }

    /// One build's lines on the terminal: its diagnostics, then what was rebuilt or why nothing was.
    static func report(_ event: PreviewServer.BuildEvent, quiet: Bool, verbose: Bool) {
        if let error = event.error {
            printError(error)
            printError("The site does not build; still serving the last good site.")
            return
        }
        guard let report = event.report else { return }
        let fresh = event.changes == nil
        // A rebuild repeats only the errors; warnings were shown by the first build and by `notesite check`.
        printDiagnostics(report.diagnostics.filter { fresh || $0.severity == .error }, quiet: quiet)
        if verbose { printStages(report) }
        if !report.notesShowingErrors.isEmpty {
            let named = report.notesShowingErrors.prefix(3).joined(separator: ", ")
                + (report.notesShowingErrors.count > 3 ? " and \(report.notesShowingErrors.count - 3) more" : "")
            printError("\(counted(report.notesShowingErrors.count, "note")) with errors (\(named)): \(report.notesShowingErrors.count == 1 ? "its page shows" : "their pages show") what is wrong; the other notes are served.")
        } else if !report.succeeded {
            printError("Build failed: \(report.failureSummary); still serving the last good site.")
            return
        }
        guard !quiet else { return }
        let time = report.seconds < 1 ? String(format: "%.0f ms", report.seconds * 1000) : String(format: "%.2f s", report.seconds)
        if let loss = report.outputLoss {
            say("\(loss.description.prefix(1).uppercased() + loss.description.dropFirst()); built the whole site again: \(counted(report.pagesWritten, "page")) in \(time).")
        } else if fresh {
            say("Built \(counted(report.notes, "note")): \(counted(report.pagesWritten, "page")) in \(time) (\(report.problemSummary)).")
        } else {
            let changed = event.changes.map { $0.content.sorted() + ($0.templates ? ["templates"] : []) } ?? []
            let named = changed.prefix(3).joined(separator: ", ") + (changed.count > 3 ? " and \(changed.count - 3) more" : "")
            say("Rebuilt after \(named): \(report.filesWritten) files in \(time).")
        }
    }
}
