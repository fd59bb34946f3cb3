import ArgumentParser
import Foundation
import NotesiteKit

extension DiagnosticFormat: ExpressibleByArgument {}

struct Check: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the notes without writing anything: the CI gate.",
        discussion: """
        Runs the build's pipeline without writing: front matter, conflict markers, links and anchors between \
        notes, images, the API names in code against the known symbol lists (Content/data/symbols.yml, curated, \
        and Content/data/sdk-symbols.tsv, generated from the iOS SDK by `make symbols`), and every link of the \
        rendered pages. Broken links and images are errors here (the build only warns about them).

        API names are checked for the note's Swift era: its `swift:` key, else the era its code is written in, else \
        the one its date falls in, else today's; a remark (symbol.era) says which and why.

        Formats: text (path:line:col: severity: message [rule], the source line, a caret and any fix-it; \
        coloured on a terminal unless NO_COLOR is set), json, sarif (SARIF 2.1.0) and github (workflow annotations).

        --list-rules prints every rule a finding can name (its id, default severity, whether check makes it an \
        error, and what it means), as a table or, with --format json, as JSON, and checks nothing.

        Exit codes: 0 no errors (warnings allowed unless --warnings-as-errors), 1 errors found, 2 could not run, \
        64 bad usage.
        """
    )

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("Where the site is built, to name its pages in findings; check writes nothing there.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("How to print the findings: text, json, sarif or github.", valueName: "format"))
    var format: DiagnosticFormat = .text

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    @Flag(name: .long, help: "Also check http(s) links (HEAD, then GET; redirects followed; answers cached).")
    var external = false

    @Option(name: .long, help: ArgumentHelp("Seconds to wait for one external link.", valueName: "seconds"))
    var timeout: Double = 10

    @Option(name: .long, help: ArgumentHelp("Where --external keeps the links that answered, so the next run skips them for a day.", valueName: "file"))
    var cache = ".notesite-cache/external-links.json"

    @Flag(name: .long, help: "Print the rules findings can name, with their default severity and description, and exit.")
    var listRules = false

    @OptionGroup var printing: OutputOptions

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be more than 0 seconds") }
        if listRules, format != .text, format != .json {
            throw ValidationError("--list-rules prints text or json, not \(format.rawValue)")
        }
    }

    func run() async throws {
        if listRules {
            print(format == .json ? RuleCatalog.json() : RuleCatalog.table(), terminator: "")
            return
        }
        let named = try namedNotes()
        // Warnings fail a run with --warnings-as-errors: such a run always shows them.
        let selection = CheckSelection(minimumSeverity: warningsAsErrors ? min(minSeverity, .warning) : minSeverity,
                                       notes: named, contentDisplay: folders.content)
        let columns = columnUnit ?? (format == .sarif ? .utf16 : .char)
        var checkedAt = Date()
        var report = try await check(named: named)
        if fix {
            // A fix can make another finding with a fix-it of its own (a look-alike letter put right leaves an old
            // era's spelling): fixing goes on until a round changes nothing, so a second --fix has nothing to do.
            var tally = FixTally()
            for round in 1...Self.fixRounds {
                let reported = report.diagnostics.filter { selection.includes($0) && selection.isInNotes($0.file) }
                let last = dryRun || round == Self.fixRounds
                guard try applyFixes(reported, columns: columns, checkedAt: checkedAt, tally: &tally, sayingSkipped: last), !last else { break }
                checkedAt = Date()
                report = try await check(named: named)
            }
            if !printing.quiet { say(tally.summary(dryRun: dryRun)) }
            if tally.failed { throw ExitCode(2) }
        }
        report.diagnostics = report.diagnostics.filter(selection.includes)
        let checked = named?.count ?? report.files
        switch format {
        case .text:
            // --quiet shows errors only, and with --warnings-as-errors the warnings are errors: a failing run
            // always says why.
            let quiet = printing.quiet && !warningsAsErrors
            let shown = quiet ? report.diagnostics.filter { $0.severity == .error } : report.diagnostics
            DiagnosticPrinter.write(shown, colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO), columns: columns) { text in
                FileHandle.standardError.write(Data(text.utf8))
            }
            if printing.verbose { printStages(report) }
            let notes = named == nil ? counted(checked, "note") : "\(checked) of \(counted(report.files, "note"))"
            if !printing.quiet { print("Checked \(notes): \(report.problemSummary).") }
        case .json, .sarif: Self.emit(format, report.diagnostics, files: checked, columns: columns)
        case .github: Self.emitForGitHub(report.diagnostics, columns: columns)
        }
        let failing = report.diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
        if failing { throw ExitCode(1) }
    }

    /// One run of the check, with the external links when asked; only the named notes' links, when notes are named.
    private func check(named: [String]?) async throws -> SiteReport {
        let options = try folders.options(output: output)
        let builder = OneShotBuild(options: options)
        let progress = format == .text ? ProgressLine.make(quiet: printing.quiet) : nil
        if let progress { builder.progress = { progress.update($0) } }
        let format = self.format
        var report = try runStage {
            defer { progress?.clear() }
            do {
                return try builder.check()
            } catch let error as NotesiteError where format != .text {
                // A tool that reads the findings gets a document that holds this one, not an empty output.
                Self.emit(format, [error.diagnostic], files: 0)
                throw error
            }
        }
        if external {
            var linkOptions = ExternalLinkChecker.Options(cacheFile: URL(fileURLWithPath: cache))
            linkOptions.timeout = timeout
            let (found, _) = await ExternalLinkChecker(options: linkOptions).check(report.externalLinks)
            report.diagnostics = (report.diagnostics + found).sortedForDisplay()
        }
        switch format {
        case .text:
            // --quiet shows errors only, and with --warnings-as-errors the warnings are errors: a failing run
            // always says why.
            printDiagnostics(report.diagnostics, quiet: printing.quiet && !warningsAsErrors)
            if printing.verbose { printStages(report) }
            if !printing.quiet { print("Checked \(counted(report.files, "note")): \(report.problemSummary).") }
        case .json, .sarif, .github: Self.emit(format, report.diagnostics, files: report.files)
        }
        let failing = report.diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
        if failing { throw ExitCode(1) }
    }

    /// The findings in one of the formats machines read.
    static func emit(_ format: DiagnosticFormat, _ diagnostics: [Diagnostic], files: Int) {
        switch format {
        case .text: break
        case .json: print(DiagnosticFormatter.json(diagnostics, files: files), terminator: "")
        case .sarif: print(DiagnosticFormatter.sarif(diagnostics), terminator: "")
        case .github: print(DiagnosticFormatter.github(diagnostics), terminator: "")
        }
    }
}
