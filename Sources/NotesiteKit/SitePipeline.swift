import Foundation
import NotesiteMarkdown

/// Where a run reads and writes. Display paths are the folders as the user named them, for messages.
public struct SiteOptions: Sendable {
    public var content: URL
    public var templates: URL
    public var output: URL
    public var contentDisplay: String
    public var templatesDisplay: String
    public var outputDisplay: String
    /// The address the site will be published at, for absolute links in the feed and `sitemap.xml`.
    public var baseURL: String?
    /// What `notesite.toml` says (`SiteConfig.load`); every default when the project has none.
    public var site: SiteConfig = .default
    /// Whether the templates folder must exist: true when the user named it. A project without its own templates
    /// builds with the defaults compiled into notesite (`EmbeddedTemplates`).
    public var templatesRequired = true

    public init(content: String = "Content", templates: String = "Templates", output: String = "public",
                relativeTo base: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)) {
        func resolve(_ path: String) -> URL {
            path.hasPrefix("/") ? URL(fileURLWithPath: path).standardizedFileURL
                : base.appendingPathComponent(path).standardizedFileURL
        }
        self.content = resolve(content)
        self.templates = resolve(templates)
        self.output = resolve(output)
        self.contentDisplay = content
        self.templatesDisplay = templates
        self.outputDisplay = output
    }
}

/// What a run did.
public struct SiteReport: Sendable {
    public var diagnostics: [Diagnostic]
    public var notes: Int
    /// Note files read.
    public var files: Int
    /// Files written to the output folder (0 when the run only checked, or failed).
    public var filesWritten: Int
    public var pagesWritten: Int
    public var seconds: Double
    /// The notes' `http(s)` links, for `check --external` (empty after a build).
    public var externalLinks: [ExternalLinkChecker.Link] = []
    /// How long each stage took, in order.
    public var stages: [StageTime] = []
    /// Notes whose errors did not stop the run (`notesite serve` only): their pages show what is wrong, and every
    /// other page was written. By display path.
    public var notesShowingErrors: [String] = []
    /// Set when the run found the site it wrote before gone from the output folder (`notesite serve` only), and so
    /// built the whole site again.
    public var outputLoss: OutputLoss?
    public var succeeded: Bool { !diagnostics.hasErrors }
}

/// One stage's wall time.
public struct StageTime: Sendable {
    public var name: String
    public var seconds: Double
}

/// The whole pipeline: load → parse → index → resolve → render → write. `check` is the same with another sink.
/// Both run a `OneShotBuild`; `notesite serve` keeps an `IncrementalBuild` for its rebuilds.
public enum SitePipeline {
    /// Builds the site. When any diagnostic is an error, nothing is written and the previous output stays.
    public static func build(_ options: SiteOptions) throws -> SiteReport {
        try OneShotBuild(options: options).build()
    }

    /// Runs every stage but the writer, checks the links of the rendered pages, and treats broken links and images
    /// as errors (`RuleCatalog.errorsInCheck`): the CI gate.
    public static func check(_ options: SiteOptions) throws -> SiteReport {
        try OneShotBuild(options: options).check()
    }

    /// What a build would refuse to start with (exit 2): a content or templates folder that is missing or not a
    /// folder, or an output folder it must not write (`validateOutput`). `notesite serve` asks before it listens,
    /// so that it stops instead of serving nothing.
    public static func preflight(_ options: SiteOptions) throws {
        try NotesiteError.requireFolder(options.content, role: "content", displayPath: options.contentDisplay)
        if options.templatesRequired || FileManager.default.fileExists(atPath: options.templates.path) {
            try NotesiteError.requireFolder(options.templates, role: "templates", displayPath: options.templatesDisplay)
        }
        try validateOutput(options)
    }

    /// The output folder must be a folder (or not exist yet), must not hold or be held by the content or the
    /// templates, and must hold nothing but a site notesite wrote (told by its manifest): a build replaces everything
    /// in it but the entries whose names start with `.`, and files it did not write would be lost without a word.
    /// `owned`: names of entries the caller wrote there itself (serve's site, whose manifest went), which are not
    /// foreign files.
    static func validateOutput(_ options: SiteOptions, owned: Set<String> = []) throws {
        let output = options.output.resolvingSymlinksInPath().path
        func refuse(_ reason: String) -> NotesiteError {
            NotesiteError.outputInvalid(path: options.outputDisplay, reason: reason)
        }
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
        if exists, !isDirectory.boolValue {
            throw refuse("it is a file, not a folder")
        }
        // A build owns its output folder; the root or a home folder holds the user's own files, even when it looks
        // empty but for dot files.
        let home = FileManager.default.homeDirectoryForCurrentUser.resolvingSymlinksInPath().path
        if output == "/" || output == home || output == ProcessInfo.processInfo.environment["HOME"].map({ URL(fileURLWithPath: $0).resolvingSymlinksInPath().path }) {
            throw refuse("it is \(output == "/" ? "the root folder" : "your home folder"), which holds more than a site; choose a folder of its own, such as public")
        }
        for (folder, display, name) in [(options.content, options.contentDisplay, "content"),
                                        (options.templates, options.templatesDisplay, "templates")] {
            let path = folder.resolvingSymlinksInPath().path
            if output == path || output.hasPrefix(path + "/") {
                throw refuse("it is inside the \(name) folder '\(display)'; choose a folder outside it")
            }
            if path.hasPrefix(output + "/") {
                throw refuse("it contains the \(name) folder '\(display)', which the build would replace; choose a folder that holds only the site")
            }
        }
        guard exists, !FileManager.default.fileExists(atPath: output + "/" + SiteManifest.fileName) else { return }
        let foreign = ((try? FileManager.default.contentsOfDirectory(atPath: output)) ?? [])
            .filter { !$0.hasPrefix(".") && !SiteWriter.hostFiles.contains($0) && !owned.contains($0) }.sorted()
        guard !foreign.isEmpty else { return }
        let named = foreign.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
        throw refuse("it holds files that are not a site notesite built (\(named)), and a build replaces everything in it; choose a new or empty folder, or empty this one")
    }
}
