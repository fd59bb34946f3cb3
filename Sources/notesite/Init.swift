import ArgumentParser
import Foundation
import NotesiteKit

struct Init: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a project: notesite.toml, a first note in each language, and a .gitignore.",
        discussion: """
        Writes into DIR (default: the current folder, made when missing) notesite.toml with every setting \
        explained, Content/notes/<lang>/welcome.md for each --language, and .gitignore with public/. With \
        --templates it also writes the built-in templates to Templates/, to be edited; without it the site uses \
        the built-in ones, and a Templates/ folder made later replaces them file by file. No existing file is \
        replaced: the command names those in the way and writes nothing.

          notesite init my-notes
          notesite init --language zh --language en --templates
        """
    )

    @Argument(help: ArgumentHelp("The project's folder.", valueName: "dir"))
    var directory = "."

    @Option(name: .customLong("language"), help: ArgumentHelp("A language of the notes, by its code; repeat it for more, in the site's order (default: en).", valueName: "code"))
    var languages: [String] = []

    @Flag(name: .long, help: "Also write the built-in templates and assets to Templates/.")
    var templates = false

    func validate() throws {
        for code in languages where !Language.isValidCode(code) {
            throw ValidationError(StarterProject.Problem.badLanguage(code).description)
        }
        if Set(languages).count != languages.count { throw ValidationError("a --language is given twice") }
    }

    func run() throws {
        let chosen = (languages.isEmpty ? ["en"] : languages).map { Language(code: $0) }
        let project = StarterProject(languages: chosen, templates: templates)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let folder = directory.hasPrefix("/") ? URL(fileURLWithPath: directory) : base.appendingPathComponent(directory)
        do {
            for path in try project.write(into: folder, displayRoot: directory) { print(path) }
        } catch let problem as StarterProject.Problem {
            printError("notesite: error: \(problem)")
            throw ExitCode(1)
        } catch let error as NotesiteError {
            printError(error.printed(colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)))
            throw ExitCode(2)
        }
        let into = directory == "." ? "" : "cd \(directory) && "
        printError("Start writing with: \(into)notesite serve")
    }
}
