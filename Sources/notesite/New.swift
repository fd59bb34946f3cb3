import ArgumentParser
import Foundation
import NotesiteKit

/// The built-in languages, for `import --lang`; `new --lang` takes the site's (notesite.toml).
extension Language: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

struct New: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a new note: Content/notes/<lang>/<slug>.md with front matter and a skeleton.",
        discussion: """
        The front matter has the title, today's date, the language, an empty summary and, with --swift, the Swift \
        version the note's code is written in (the checker judges renamed and deprecated API by it). Without \
        --slug the file name comes from the title: Chinese titles as pinyin, Russian ones transliterated.

        An existing note is never replaced: the command fails and names it. Prints the new file's path.

          notesite new "Collapsing a split view" --lang en --swift 5
          notesite new "分割视图的收起" --lang zh            # → Content/notes/zh/fen-ge-shi-tu-de-shou-qi.md
          notesite new "Сворачивание" --lang ru --slug collapse-ru
        """
    )

    @Argument(help: ArgumentHelp("The note's title (quote it).", valueName: "title"))
    var title: String

    @Option(name: .long, help: ArgumentHelp("The note's language: one of the site's (zh, ru or en unless notesite.toml lists others).", valueName: "lang"))
    var lang: String

    @Option(name: .long, help: ArgumentHelp("The file name without .md: lowercase letters, digits, hyphens.", valueName: "slug"))
    var slug: String?

    @Option(name: .long, help: ArgumentHelp("The Swift version of the note's code: 2, 3, 4, 4.2 or 5.", valueName: "version"))
    var swift: String?

    @Option(name: .long, help: ArgumentHelp("The folder of notes and data (default: Content, made when missing).", valueName: "dir"))
    var content: String?

    @Option(name: .long, help: ArgumentHelp("The site's settings (default: notesite.toml, when it exists).", valueName: "file"))
    var config: String?

    @OptionGroup var printing: OutputOptions

    /// Arguments that cannot make a note are refused here, where the usage shown is this command's.
    func validate() throws {
        if let problem = NewNote(title: title, language: try language(), slug: slug, swift: swift, date: .today).problem {
            throw ValidationError(problem.description)
        }
    }

    /// `--lang` among the site's languages.
    func language() throws -> Language {
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let file = config ?? SiteConfig.fileName
        let site = (try? SiteConfig.load(URL(fileURLWithPath: file, relativeTo: base), displayPath: file)) ?? .default
        guard let language = site.languages.language(code: lang) else {
            throw ValidationError("'\(lang)' is not a language of the site; use one of \(site.languages.codeList), or add it to notesite.toml's [[languages]]")
        }
        return language
    }

    func run() throws {
        let note = NewNote(title: title, language: try language(), slug: slug, swift: swift, date: .today)
        let base = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let content = self.content ?? "Content"
        let root = content.hasPrefix("/") ? URL(fileURLWithPath: content) : base.appendingPathComponent(content)
        do {
            // The default folder is made in a folder that has none yet (a new project); a named one must exist.
            let path = try note.write(contentRoot: root, displayRoot: content, makingRoot: self.content == nil)
            print(path)
            if printing.verbose { printError("slug '\(note.slug)', dated \(note.date); preview it with: notesite serve") }
        } catch let problem as NewNote.Problem {
            if case .exists = problem {
                printError("notesite: error: \(problem)")
                throw ExitCode(1)
            }
            throw ValidationError(problem.description)
        } catch let error as NotesiteError {
            printError(error.printed(colours: DiagnosticPrinter.coloursShow(on: STDERR_FILENO)))
            throw ExitCode(2)
        }
    }
}
