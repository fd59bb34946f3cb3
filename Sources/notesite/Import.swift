import ArgumentParser
import Foundation
import NotesiteKit

struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Bring a folder of Markdown notes into Content/notes/<lang>/.",
        discussion: """
        SOURCE may be a Jekyll site (its _posts/ and _drafts/), a Hugo site (content/), a VuePress or Docusaurus \
        site (docs/), or any folder of .md and .markdown files (a folder's README is the folder's note). Each note \
        keeps its body byte for byte; its front matter gets what notesite needs and lacks (lang, a date, a title, \
        and `source` with the path it came from and, in a git checkout, the repository and commit). TOML front \
        matter is written as YAML. Images and other files a note links to are copied beside it so the links \
        keep working as written. Without --lang each note's language is told by its prose, and the report lists \
        the notes it is unsure of.

        Importing again updates the notes the last import wrote (by their source.path) and leaves unchanged ones \
        alone.

          notesite import ~/old-blog --dry-run
          notesite import ~/old-blog
          notesite import ~/notes-ru --lang ru
        """
    )

    @Argument(help: ArgumentHelp("The folder to import.", valueName: "source"))
    var source: String

    @Option(name: .long, help: ArgumentHelp("The language of every note that does not name its own: zh, ru or en (default: told by each note's text).", valueName: "lang"))
    var lang: Language?

    @Option(name: .long, help: ArgumentHelp("The folder of notes and data to import into.", valueName: "dir"))
    var content = "Content"

    @Flag(name: .long, help: "Print what would be done, and write nothing.")
    var dryRun = false

    @OptionGroup var printing: OutputOptions

    func run() throws {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        func resolve(_ path: String) -> URL {
            let expanded = (path as NSString).expandingTildeInPath
            return expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : base.appendingPathComponent(expanded)
        }
        let progress = ImportProgress.make(quiet: printing.quiet)
        do {
            let importer = try Importer(source: resolve(source), sourceDisplay: source, content: resolve(content),
                                        contentDisplay: content, language: lang)
            let plan = try importer.plan { progress?.update("Reading notes", $0, $1) }
            progress?.clear()
            if dryRun {
                if !printing.quiet {
                    for line in plan.lines { print(line) }
                    print(plan.summary(written: false))
                }
                return
            }
            try importer.apply(plan) { progress?.update("Writing notes and files", $0, $1) }
            progress?.clear()
            if !printing.quiet {
                if printing.verbose { for line in plan.lines { printError(line) } }
                for line in plan.warningLines { printError(line) }
                print(plan.summary(written: true))
            }
        } catch let error as NotesiteError {
            progress?.clear()
            printError(error.printed(colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)))
            throw ExitCode(2)
        }
    }
}

/// The one updating line an import draws on standard error while it reads and writes: only on a terminal, never
/// when quiet, at most ten times a second, and erased at the end (as `ProgressLine` for a build).
final class ImportProgress {
    private var lastDraw = DispatchTime(uptimeNanoseconds: 0)
    private var drawn = false

    static func make(quiet: Bool) -> ImportProgress? {
        quiet || isatty(STDERR_FILENO) == 0 || ProcessInfo.processInfo.environment["TERM"] == "dumb" ? nil : ImportProgress()
    }

    func update(_ stage: String, _ done: Int, _ total: Int) {
        let now = DispatchTime.now()
        guard done == total || now.uptimeNanoseconds - lastDraw.uptimeNanoseconds > 100_000_000 else { return }
        lastDraw = now
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(stage) \(done)/\(total)".utf8))
        drawn = true
    }

    func clear() {
        if drawn { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
        drawn = false
    }
}
