import ArgumentParser
import Foundation
import NotesiteKit

struct Build: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render every note into a static site.",
        discussion: """
        The site is written to a staging folder inside the output folder and swapped into place only when the \
        build has no errors: a failed build leaves the previous site as it was. On a terminal, sites of more than \
        \(ProgressLine.threshold) notes show a progress line.

        One notesite writes an output folder at a time: a build that finds another build (or `notesite serve`) \
        writing there waits for it, and says so, unless --no-wait is given. A build killed halfway is finished \
        by the next one, before it reads anything.

        Files in the output folder that no build wrote (a note to yourself, a file copied in by hand) are kept \
        and reported as output.foreign-file, unless --clean is given. A host's CNAME, _headers and _redirects, \
        and files whose names start with a dot, are always kept.
        """
    )

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("Where to write the site: a new or empty folder, or one a build wrote before.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("The address the site is published at (https://…/); adds sitemap.xml and absolute feed links.", valueName: "url"))
    var baseURL: String?

    @Flag(name: .long, help: "Fail (exit 2) at once, rather than wait, when another notesite is writing the output folder.")
    var noWait = false

    @Flag(name: .long, help: "Delete the files in the output folder that no build wrote, rather than keep them.")
    var clean = false

    @OptionGroup var printing: OutputOptions

    func validate() throws {
        if let baseURL, !(baseURL.hasPrefix("https://") || baseURL.hasPrefix("http://"))
            || baseURL.contains(where: \.isWhitespace) || URL(string: baseURL)?.host?.isEmpty != false {
            throw ValidationError("--base-url must be an address that starts with https:// or http://, such as https://example.org/notes/")
        }
    }

    func run() throws {
        let options = try folders.options(output: output, baseURL: baseURL)
        let builder = OneShotBuild(options: options)
        builder.contention = waitingForOtherWriter(output: output, wait: !noWait)
        builder.deletesForeignFiles = clean
        let progress = ProgressLine.make(quiet: printing.quiet)
        if let progress { builder.progress = { progress.update($0) } }
        let hadSite = FileManager.default.fileExists(atPath: options.output.path)
        let report = try runStage {
            defer { progress?.clear() }
            return try builder.build()
        }
        printDiagnostics(report.diagnostics, quiet: printing.quiet)
        if printing.verbose { printStages(report) }
        let time = String(format: "%.2f s", report.seconds)
        if report.succeeded {
            if !printing.quiet {
                print("Built \(counted(report.notes, "note")): \(counted(report.pagesWritten, "page")), \(counted(report.filesWritten, "file")) in \(output)/ in \(time) (\(report.problemSummary)).")
            }
        } else {
            printError("Build failed: \(report.failureSummary); " + (hadSite ? "\(output)/ was left as it was." : "nothing was written."))
            throw ExitCode(1)
        }
    }
}

/// What a run does when another notesite is writing `output`: wait, saying so once on standard error, or fail.
func waitingForOtherWriter(output: String, wait: Bool) -> OutputLock.Contention {
    guard wait else { return .fail }
    return .wait { holder in
        printError("Waiting for notesite\(holder.map { " (pid \($0))" } ?? "") to finish writing \(output)/…")
    }
}

/// Runs a pipeline call, turning "cannot continue" errors into exit code 2 with a message.
func runStage(_ body: () throws -> SiteReport) throws -> SiteReport {
    do {
        return try body()
    } catch let error as NotesiteError {
        // A template error reads `file:line:col: error: …`, the way editors and CI pick it up.
        printError(error.printed(colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)))
        throw ExitCode(2)
    } catch let error as CocoaError {
        // Foundation's descriptions ("You don't have permission.") often name no file: the error's path does.
        let path = error.filePath ?? error.url?.path
        printError("notesite: error: " + (path.map { "cannot use '\($0)': " } ?? "") + error.localizedDescription)
        throw ExitCode(2)
    }
}

func printDiagnostics(_ diagnostics: [Diagnostic], quiet: Bool) {
    let shown = quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
    DiagnosticPrinter.write(shown, colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)) { text in
        FileHandle.standardError.write(Data(text.utf8))
    }
}

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}
