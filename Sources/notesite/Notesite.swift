import ArgumentParser
import Foundation
import NotesiteKit

/// The `notesite` command: a thin layer over NotesiteKit.
@main
struct Notesite: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "notesite",
        abstract: "Build a cross-linked documentation site from Markdown study notes.",
        discussion: """
        Notes live in Content/notes/<lang>/<slug>.md (lang: zh, ru or en, or the languages notesite.toml lists), \
        each starting with YAML front matter (title, date, lang; optionally summary, swift, source). Pages are made \
        from the built-in Mustache templates, replaced file by file by those in Templates/, and written to public/, \
        which works opened straight from disk. notesite.toml holds the site's settings; notesite init starts a \
        project with one.

        Exit codes: 0 success, 1 problems found in the content, 2 could not run, 64 bad usage.
        """,
        version: NotesiteVersion.current,
        subcommands: [Init.self, Build.self, Check.self, New.self, Import.self, Serve.self, BenchRebuild.self]
    )
}

/// Options every command that reads the site shares.
struct SiteFolders: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The folder of notes and data.", valueName: "dir"))
    var content = "Content"

    @Option(name: .long, help: ArgumentHelp("The folder of Mustache templates and assets that replace the built-in ones, file by file (default: Templates, when it exists).", valueName: "dir"))
    var templates: String?

    @Option(name: .long, help: ArgumentHelp("The site's settings (default: notesite.toml, when it exists).", valueName: "file"))
    var config: String?

    /// The run's folders and settings: the flags, then notesite.toml, then the defaults.
    func options(output: String, baseURL: String? = nil) throws -> SiteOptions {
        var options = SiteOptions(content: content, templates: templates ?? "Templates", output: output)
        options.templatesRequired = templates != nil
        options.baseURL = baseURL
        let file = config ?? SiteConfig.fileName
        let url = URL(fileURLWithPath: file, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
        if config != nil, !FileManager.default.fileExists(atPath: url.path) {
            throw ValidationError("--config names '\(file)', which does not exist")
        }
        try options.configure(from: url, displayPath: file)
        return options
    }
}
