import ArgumentParser
import Foundation
import NotesiteKit

extension DiagnosticFormat: ExpressibleByArgument {}
extension ColumnUnit: ExpressibleByArgument {}
extension Diagnostic.Severity: ExpressibleByArgument {}

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

        With files named, only the findings in those notes are reported (paths relative to the working directory, or \
        absolute, as a shell or a pre-commit hook passes them; each must be a .md file in the content folder's \
        notes/). The whole site is still checked, so links to other notes resolve; errors that stop every build \
        (a broken template or data file) are reported too, those of other notes are not.

        Formats: text (path:line:col: severity: message [rule], the source line, a caret and any fix-it; \
        coloured on a terminal unless NO_COLOR is set), json, sarif (SARIF 2.1.0) and github (workflow \
        annotations: at most 10 of each severity, as GitHub shows no more; the rest go to a table in the file \
        $GITHUB_STEP_SUMMARY names, with a count of each severity).

        Columns count characters (Unicode scalar values) in text, json and github, and UTF-16 code units in \
        sarif, as SARIF's columnKind says; --column-unit changes that (sarif takes utf16 or char). Fix-its' \
        ranges in json and sarif count the same unit; the caret in text stands under the character either way.

        --fix applies every fix-it that is unambiguous (its finding offers only that one, and no other fix-it \
        changes the same text) to the notes among the findings reported, prints each change \
        (path:line:col: 'old' → 'new'), then checks again and reports what is left. Each file is replaced whole \
        (a new file renamed over it, with its permissions), and a file saved since the check read it is left \
        alone. --fix --dry-run prints the changes as a unified diff and writes nothing. In the json, sarif and \
        github formats the changes go to standard error, so standard output stays one document.

        --list-rules prints every rule a finding can name (its id, default severity, whether check makes it an \
        error, and what it means), as a table or, with --format json, as JSON, and checks nothing.

        Exit codes: 0 no errors reported (warnings allowed unless --warnings-as-errors), 1 errors reported, \
        2 could not run, 64 bad usage (such as a FILE that is not a note).
        """
    )

    @Argument(help: ArgumentHelp("Notes to report on (default: all of them).", valueName: "file"))
    var files: [String] = []

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("Where the site is built, to name its pages in findings; check writes nothing there.", valueName: "dir"))
    var output = "public"

    @Option(name: .long, help: ArgumentHelp("How to print the findings: text, json, sarif or github.", valueName: "format"))
    var format: DiagnosticFormat = .text

    @Option(name: .long, help: ArgumentHelp("Report only findings of this severity or above: note (everything), warning or error. --warnings-as-errors reports warnings whatever this says, as they fail the run.", valueName: "severity"))
    var minSeverity: Diagnostic.Severity = .note

    @Option(name: .long, help: ArgumentHelp("What columns count: char (Unicode scalar values; the default in text, json and github), utf16 (UTF-16 code units, as VS Code counts; the default in sarif) or utf8 (bytes).", valueName: "unit"))
    var columnUnit: ColumnUnit?

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    @Flag(name: .long, help: "Apply the fix-its that are unambiguous to the notes, print what changed, and check again.")
    var fix = false

    @Flag(name: .long, help: "With --fix: print the changes as a unified diff and write nothing.")
    var dryRun = false

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
        if dryRun && !fix { throw ValidationError("--dry-run goes with --fix: it shows the changes --fix would make") }
        if format == .sarif, columnUnit == .utf8 {
            throw ValidationError("SARIF counts columns in UTF-16 code units (utf16) or Unicode code points (char), not bytes")
        }
        _ = try namedNotes()
    }

    /// The notes named on the command line, as findings name them; nil when none is named.
    func namedNotes() throws -> [String]? {
        guard !files.isEmpty else { return nil }
        do {
            return try CheckSelection.notes(named: files, content: SiteOptions(content: folders.content).content, contentDisplay: folders.content)
        } catch {
            throw ValidationError(error.description)
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
                guard try applyFixes(reported, columns: columns, checkedAt: checkedAt, tally: &tally), !dryRun, round < Self.fixRounds else { break }
                checkedAt = Date()
                report = try await check(named: named)
            }
            // What the last round left, once.
            tally.left.forEach(say)
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
        let columns = columnUnit ?? (format == .sarif ? .utf16 : .char)
        var report = try runStage {
            defer { progress?.clear() }
            do {
                return try builder.check()
            } catch let error as NotesiteError where format != .text {
                // A tool that reads the findings gets a document that holds this one, not an empty output.
                Self.emit(format, [error.diagnostic], files: 0, columns: columns)
                throw error
            }
        }
        if external {
            var linkOptions = ExternalLinkChecker.Options(cacheFile: URL(fileURLWithPath: cache))
            linkOptions.timeout = timeout
            let links = named.map { Set($0) }.map { named in report.externalLinks.filter { named.contains($0.file) } } ?? report.externalLinks
            let (found, _) = await ExternalLinkChecker(options: linkOptions).check(links)
            report.diagnostics = (report.diagnostics + found).sortedForDisplay()
        }
        return report
    }

    /// How many times --fix fixes and checks again at most.
    static let fixRounds = 5

    /// What the rounds of --fix did.
    struct FixTally {
        var fixed = 0
        var files: Set<String> = []
        var failed = false
        /// The fix-its the last round did not apply, and why.
        var left: [String] = []

        func summary(dryRun: Bool) -> String {
            if fixed == 0 && left.isEmpty { return "Nothing to fix." }
            var summary = (dryRun ? "Would fix " : "Fixed ") + (fixed == 0 ? "nothing" : "\(counted(fixed, "finding")) in \(counted(files.count, "note"))")
            if !left.isEmpty { summary += "; \(counted(left.count, "fix-it")) left to apply by hand" }
            return summary + "."
        }
    }

    /// A line of --fix's account: the output of a text run; the machine formats keep standard output for their
    /// document.
    private func say(_ line: String) {
        if format == .text { print(line) } else { printError(line) }
    }

    /// One round of --fix: applies the unambiguous fix-its of `diagnostics` to their notes (or, with --dry-run,
    /// prints them as a diff), says what it changed, and notes in `tally` what it left. Whether a file was written.
    private func applyFixes(_ diagnostics: [Diagnostic], columns: ColumnUnit, checkedAt: Date, tally: inout FixTally) throws -> Bool {
        var lines = DiagnosticPrinter(columns: columns)
        func place(_ file: String, _ fix: Diagnostic.FixIt) -> String {
            "\(file):\(fix.range.start.line):\(lines.column(of: fix.range.start, in: file))"
        }
        func change(_ fix: Diagnostic.FixIt) -> String { "'\(fix.original)' → '\(fix.replacement)'" }
        var wrote = false
        tally.left = []
        for (file, edits, setAside) in FixApplier.edits(of: diagnostics) {
            let result: FixApplier.FileFix
            do {
                result = try FixApplier.fix(file: file, path: file, edits: edits, skipped: setAside, checkedAt: checkedAt)
            } catch let error as FixApplier.WriteError {
                printError("notesite: \(error)")
                continue
            } catch {
                printError("notesite: error: could not read \(file): \(error.localizedDescription)")
                tally.failed = true
                continue
            }
            for skip in result.skipped {
                let why = switch skip.reason {
                case .oneOfSeveral(let count): "its finding offers \(count) fix-its; choose one by hand"
                case .overlaps(let other):
                    "it overlaps \(change(other)) at \(other.range.start.line):\(lines.column(of: other.range.start, in: file)); choose one by hand"
                case .textChanged: "the file no longer holds '\(skip.edit.fix.original)' there"
                }
                tally.left.append("\(place(file, skip.edit.fix)): not fixed: \(change(skip.edit.fix)): \(why) [\(skip.edit.rule)]")
            }
            guard result.changed else { continue }
            if dryRun {
                say(String(UnifiedDiff.diff(result.before, result.after, path: file).dropLast()))
            } else {
                // Places are counted on the file as it was, before it is written.
                let changes = result.applied.map { "\(place(file, $0.fix)): \(change($0.fix)) [\($0.rule)]" }
                do {
                    try FixApplier.write(result, to: file)
                } catch let error as FixApplier.WriteError {
                    printError("notesite: \(error)")
                    if case .failed = error { tally.failed = true }
                    continue
                }
                changes.forEach(say)
                wrote = true
            }
            tally.fixed += result.applied.count
            tally.files.insert(file)
        }
        return wrote
    }

    /// The findings in one of the formats machines read.
    static func emit(_ format: DiagnosticFormat, _ diagnostics: [Diagnostic], files: Int, columns: ColumnUnit) {
        switch format {
        case .text: break
        case .json: print(DiagnosticFormatter.json(diagnostics, files: files, columns: columns), terminator: "")
        case .sarif: print(DiagnosticFormatter.sarif(diagnostics, columns: columns), terminator: "")
        case .github: print(DiagnosticFormatter.github(diagnostics, columns: columns), terminator: "")
        }
    }

    /// GitHub's annotations, as many of each severity as it shows; the rest in a table in the step's summary.
    static func emitForGitHub(_ diagnostics: [Diagnostic], columns: ColumnUnit) {
        let (annotated, leftOut) = DiagnosticFormatter.githubAnnotated(diagnostics)
        print(DiagnosticFormatter.github(annotated, columns: columns), terminator: "")
        let limit = DiagnosticFormatter.githubAnnotationLimit
        guard let path = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !path.isEmpty else {
            if !leftOut.isEmpty {
                printError("notesite: \(counted(leftOut.count, "finding")) left out: GitHub shows \(limit) annotations of each severity; with GITHUB_STEP_SUMMARY set (GitHub Actions sets it) they are listed in the job's summary, and --format text prints them all")
            }
            return
        }
        let summary = Data(DiagnosticFormatter.githubStepSummary(diagnostics, leftOut: leftOut, columns: columns).utf8)
        guard let handle = FileHandle(forWritingAtPath: path) ?? (FileManager.default.createFile(atPath: path, contents: nil) ? FileHandle(forWritingAtPath: path) : nil) else {
            printError("notesite: could not write the step summary to \(path); \(counted(leftOut.count, "finding")) were not annotated")
            return
        }
        handle.seekToEndOfFile()
        handle.write(summary)
        handle.closeFile()
    }
}
