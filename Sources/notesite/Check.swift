import ArgumentParser
import NotesiteKit

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run the build's checks without writing anything.",
        discussion: "Reports bad front matter, broken links and anchors, and missing images, as path:line:col diagnostics."
    )

    @OptionGroup var folders: SiteFolders

    @Flag(name: .long, help: "Fail (exit 1) on warnings too.")
    var warningsAsErrors = false

    func run() throws {
        let options = SiteOptions(content: folders.content, templates: folders.templates)
        let report = try runStage { try SitePipeline.check(options) }
        printDiagnostics(report.diagnostics, quiet: false)
        print("Checked \(report.notes) notes: \(report.problemSummary).")
        if !report.succeeded || (warningsAsErrors && !report.diagnostics.isEmpty) {
            throw ExitCode(1)
        }
    }
}
