import ArgumentParser
import Foundation
import NotesiteKit

extension DiagnosticFormat: ExpressibleByArgument {}

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check the notes without writing anything: the CI gate.",
        discussion: """
        Runs the build's pipeline without writing: front matter, conflict markers, links and anchors between \
        notes, images, the API names in code against the known symbol list (Content/data/symbols.yml), and every \
        link of the rendered pages. Broken links and images are errors here (the build only warns about them).

        Formats: text (path:line:col: severity: message [rule], the source line, a caret and any fix-it), json, \
        sarif (SARIF 2.1.0) and github (workflow annotations).

        Exit codes: 0 no errors (warnings allowed unless --warnings-as-errors), 1 errors found, 2 could not run, \
        64 bad usage.
        """
    )

    @OptionGroup var folders: SiteFolders

    @Option(name: .long, help: ArgumentHelp("How to print the findings: text, json, sarif or github.", valueName: "format"))
    var format: DiagnosticFormat = .text

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    func run() throws {
        let options = SiteOptions(content: folders.content, templates: folders.templates)
        let report = try runStage { try SitePipeline.check(options) }
        switch format {
        case .text:
            printDiagnostics(report.diagnostics, quiet: false)
            print("Checked \(report.notes) notes: \(report.problemSummary).")
        case .json: print(DiagnosticFormatter.json(report.diagnostics, files: report.files), terminator: "")
        case .sarif: print(DiagnosticFormatter.sarif(report.diagnostics), terminator: "")
        case .github: print(DiagnosticFormatter.github(report.diagnostics), terminator: "")
        }
        let failing = report.diagnostics.contains { $0.severity == .error || (warningsAsErrors && $0.severity == .warning) }
        if failing { throw ExitCode(1) }
    }
}
