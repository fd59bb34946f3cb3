import Foundation
import NotesiteMarkdown

/// `notesite import`: brings a folder of Markdown notes into `notes/<lang>/` of the content folder. `plan` works
/// out everything and writes nothing; `apply` writes what a plan says.
public struct Importer: Sendable {
    public let source: ImportSource
    public let content: URL
    public let contentDisplay: String
    /// `--lang`: the language of every note that does not name its own.
    public let language: Language?

    /// Throws when the source or the content folder is not a folder, or the source is inside the content folder.
    /// The content folder is not made when missing: a mistyped `--content` would start a second, empty site.
    public init(source: URL, sourceDisplay: String, content: URL, contentDisplay: String, language: Language? = nil) throws {
        self.source = try ImportSource(root: source, displayRoot: sourceDisplay)
        self.content = content.standardizedFileURL
        self.contentDisplay = contentDisplay
        self.language = language
        try NotesiteError.requireFolder(content, role: "content", displayPath: contentDisplay)
        let sourcePath = self.source.root.resolvingSymlinksInPath().path
        let contentPath = self.content.resolvingSymlinksInPath().path
        if sourcePath == contentPath || sourcePath.hasPrefix(contentPath + "/") {
            throw NotesiteError.unreadable(path: sourceDisplay, reason: "it is inside the content folder '\(contentDisplay)'; import from a folder outside it")
        }
    }

    // MARK: Planning

    /// One note, read and looked at.
    private struct Reading {
        var file: ImportSource.NoteFile
        var conversion: NoteConversion
        /// The note's Markdown as parsed, for its links, headings and prose.
        var parsed: Note
        var detection: LanguageDetector.Detection
    }

    /// One note with its language and text, before it has a place.
    private struct Pending {
        var reading: Reading
        var language: Language
        var origin: ImportPlan.LanguageOrigin
        var earlier: EarlierImports.Entry?
        var text: String
        /// The text with the commit an earlier import recorded, which counts as unchanged: a commit that did not
        /// touch the note does not make it new.
        var textAtEarlierCommit: String?
        var added: [String]
        var warnings: [String]
    }

    /// What the import would do. Reads the source folder, git (once) and the content folder; writes nothing.
    /// `progress`: notes read so far, and how many there are.
    public func plan(progress: ((Int, Int) -> Void)? = nil) throws -> ImportPlan {
        var (files, skipped) = source.markdownFiles(excluding: content)
        let git = GitCheckout.find(holding: source.root)
        let earlier = EarlierImports(content: content)
        var planWarnings: [String] = []
        if let git, git.url == nil, let remote = GitCheckout.git(["config", "--get", "remote.origin.url"], in: source.root) {
            planWarnings.append("the git remote 'origin' (\(remote.trimmingCharacters(in: .whitespacesAndNewlines))) is not a web address, so the notes' `source` has no `url`")
        }

        var readings: [Reading] = []
        for (index, file) in files.enumerated() {
            progress?(index, files.count)
            switch read(file) {
            case .note(let reading): readings.append(reading)
            case .skipped(let skip): skipped.append(skip)
            }
        }
        progress?(files.count, files.count)
        files = []
        skipped.sort { $0.path < $1.path }

        var pending = readings.map { self.pending($0, git: git, earlier: earlier) }

        // Places: the notes an earlier import wrote keep theirs, then the new ones take names in order.
        var taken = earlier.taken
        var planned: Set<String> = []
        var notes: [ImportPlan.Note?] = Array(repeating: nil, count: pending.count)
        for (i, item) in pending.enumerated() {
            guard let match = item.earlier, match.language == item.language else { continue }
            let unchanged = match.text == item.text || match.text == item.textAtEarlierCommit
            notes[i] = note(item, destination: match.path, action: unchanged ? .unchanged : .update)
            planned.insert(match.path)
        }
        var fallbacks = 0
        for (i, item) in pending.enumerated() where notes[i] == nil {
            let folder = "notes/\(item.language.rawValue)/"
            let base = Self.slug(for: item.reading.file.path, importRoot: source.importRoot(of: item.reading.file.path), sourceName: source.name)
            var destination: String
            if let base {
                destination = folder + base + ".md"
                // The same text at the same place: written before, even if its `source` does not say so.
                if !planned.contains(destination), earlier.text(at: destination) == item.text {
                    notes[i] = note(item, destination: destination, action: .unchanged)
                    planned.insert(destination)
                    continue
                }
                var slug = base
                var n = 1
                while taken[item.language, default: []].contains(slug) {
                    n += 1
                    slug = "\(base)-\(n)"
                }
                destination = folder + slug + ".md"
                taken[item.language, default: []].insert(slug)
            } else {
                // No usable name (a Chinese file name in a Chinese folder): numbered, not transliterated.
                repeat {
                    fallbacks += 1
                } while taken[item.language, default: []].contains("note-\(fallbacks)")
                destination = folder + "note-\(fallbacks).md"
                taken[item.language, default: []].insert("note-\(fallbacks)")
                pending[i].warnings.append("its file name has nothing notesite can use in a page's address (lowercase ASCII letters, digits and hyphens), so it is \(destination.split(separator: "/").last!); rename it if you like")
            }
            planned.insert(destination)
            notes[i] = note(pending[i], destination: destination, action: item.earlier == nil ? .create : .update, replacing: item.earlier?.path)
        }
        var plannedNotes = notes.map { $0! }

        // The files the notes link to.
        var copies: [String: ImportPlan.File] = [:]
        var order: [String] = []
        for (i, item) in pending.enumerated() {
            let note = plannedNotes[i]
            for link in item.reading.parsed.links {
                switch target(of: link.destination, in: item.reading.file.path, destination: note.destination, language: note.language) {
                case .none: continue
                case .problem(let message):
                    if !plannedNotes[i].warnings.contains(message) { plannedNotes[i].warnings.append(message) }
                case .copy(let from, let to):
                    if var existing = copies[to] {
                        if existing.sourcePath == from || Self.sameBytes(source.root.path + "/" + existing.sourcePath, source.root.path + "/" + from) {
                            if !existing.linkedFrom.contains(note.sourcePath) { existing.linkedFrom.append(note.sourcePath) }
                            copies[to] = existing
                        } else {
                            plannedNotes[i].warnings.append("its link '\(link.destination)' would need \(from) at \(display(to)), where \(existing.sourcePath) (linked from \(existing.linkedFrom[0])) goes; \(from) is not copied, so the link shows the other file. Rename one of the two and import again")
                        }
                        continue
                    }
                    copies[to] = ImportPlan.File(sourcePath: from, destination: to, action: .create, linkedFrom: [note.sourcePath])
                    order.append(to)
                }
            }
        }
        var planFiles: [ImportPlan.File] = []
        let reimported = Set(pending.filter { $0.earlier != nil }.map(\.reading.file.path))
        for destination in order {
            var file = copies[destination]!
            let target = content.path + "/" + destination
            if FileManager.default.fileExists(atPath: target) {
                if Self.sameBytes(target, source.root.path + "/" + file.sourcePath) {
                    file.action = .unchanged
                } else if file.linkedFrom.contains(where: reimported.contains) {
                    // Copied by the earlier import of a note that links to it, and changed since.
                    file.action = .update
                } else {
                    for i in plannedNotes.indices where file.linkedFrom.contains(plannedNotes[i].sourcePath) {
                        plannedNotes[i].warnings.append("\(display(destination)) is there already with other contents, and the import does not replace a file it did not write; \(file.sourcePath) is not copied, so the link shows that file")
                    }
                    continue
                }
            }
            planFiles.append(file)
        }
        return ImportPlan(source: source, contentDisplay: contentDisplay, notes: plannedNotes, files: planFiles,
                          skipped: skipped, warnings: planWarnings)
    }

    private func note(_ item: Pending, destination: String, action: ImportPlan.Action, replacing: String? = nil) -> ImportPlan.Note {
        ImportPlan.Note(sourcePath: item.reading.file.path, destination: destination, language: item.language,
                        languageOrigin: item.origin, detection: item.origin == .detected ? item.reading.detection : nil,
                        added: item.added, convertedFromTOML: item.reading.conversion.style == .toml, action: action,
                        replacing: replacing == destination ? nil : replacing, text: item.text, warnings: item.warnings)
    }

    private enum ReadOutcome {
        case note(Reading)
        case skipped(ImportPlan.Skipped)
    }

    /// Reads a note file: its text (UTF-8 or skipped), its front matter and its Markdown.
    private func read(_ file: ImportSource.NoteFile) -> ReadOutcome {
        let url = source.root.appendingPathComponent(file.path)
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            return .skipped(.init(path: file.path, reason: .unreadable((error as NSError).localizedDescription)))
        }
        var bytes = [UInt8](data)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes.removeFirst(3) }
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            return .skipped(.init(path: file.path, reason: .notUTF8(Self.encodingProblem(bytes))))
        }
        let conversion = NoteConversion(text)
        if conversion.style == .unclosed { return .skipped(.init(path: file.path, reason: .unclosedFrontMatter)) }
        // The Markdown as the build will parse it: `\n` line ends; after TOML front matter, the body alone, after a
        // blank line so that a `---` at its top is not taken for front matter.
        var markdown = conversion.style == .toml ? "\n" + String(conversion.body) : text
        if markdown.contains("\r") {
            markdown = markdown.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
        }
        let parsed = NoteParser.parse(SourceFile(path: "notes/en/imported.md", displayPath: file.path, text: markdown)).note
        guard let parsed else { return .skipped(.init(path: file.path, reason: .unreadable("it could not be parsed"))) }
        return .note(Reading(file: file, conversion: conversion, parsed: parsed,
                                detection: LanguageDetector.detect(parsed.document)))
    }

    /// Why `bytes` are not UTF-8 text, and where.
    private static func encodingProblem(_ bytes: [UInt8]) -> String {
        let problem = bytes.withUnsafeBytes { ContentLoader.decodeReporting($0) }
        guard case .failure(let found) = problem else { return "it is not text" }
        if bytes.prefix(8192).contains(0) { return "it holds NUL bytes, as binary files do" }
        let place = found.location.map { "line \($0.line), column \($0.column)" } ?? "the start"
        if let offset = found.location.flatMap({ Self.offset(of: $0, in: bytes) }), offset < bytes.count {
            return "the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at \(place) is not UTF-8 (the file may be in GBK, Windows-1251 or Latin-1)"
        }
        return "at \(place): \(found.message)"
    }

    private static func offset(of location: SourceLocation, in bytes: [UInt8]) -> Int? {
        var line = 1
        var index = 0
        while line < location.line {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            line += 1
        }
        return index + location.column - 1
    }

    /// Decides a note's language and writes its text.
    private func pending(_ reading: Reading, git: GitCheckout?, earlier: EarlierImports) -> Pending {
        let conversion = reading.conversion
        let path = reading.file.path
        let match = earlier.match(sourcePath: path, url: git?.url)
        var warnings: [String] = []
        // The keys a warning above names already, which the front matter reader's findings need not repeat.
        var warned: Set<String> = []

        // The note's own word first, then --lang, then where an earlier import (or the user) put it, then its prose.
        var chosen: (Language, ImportPlan.LanguageOrigin)?
        if let declared = conversion.lang {
            if let own = Language(rawValue: declared) {
                chosen = (own, .frontMatter)
                if let language, language != own {
                    warnings.append("its front matter says `lang: \(own.rawValue)`, so it goes into notes/\(own.rawValue)/, not notes/\(language.rawValue)/ as --lang says")
                }
            } else {
                let near = Language(rawValue: String(declared.lowercased().prefix(2)))
                warned.insert("lang")
                warnings.append("its `lang: \(declared)` is not one of \(SiteLanguages.builtIn.codeList), and notesite will refuse the note until it is\(near.map { "; change it to `lang: \($0.rawValue)`" } ?? "")")
            }
        }
        if chosen == nil, let language { chosen = (language, .option) }
        if chosen == nil, let match { chosen = (match.language, .earlierImport) }
        let (language, origin) = chosen ?? (reading.detection.language, .detected)

        var additions = NoteConversion.Additions()
        // Where the date added comes from, for the report.
        var dateOrigin = ""
        if !conversion.keys.contains("lang") { additions.lang = language }
        if !conversion.keys.contains("date") {
            if let date = Self.datePrefix(of: path) {
                additions.date = date
                dateOrigin = "from the file name"
            } else if let date = git?.added[path] {
                additions.date = date
                dateOrigin = "of its first commit"
            } else if let date = match?.date.flatMap(NoteDate.init(parsing:)) {
                additions.date = date
                dateOrigin = "kept from the earlier import"
            }
            // A file's modification day is not taken: a copy or a checkout sets it to the day it was made, which
            // would date the note wrongly. A note with no date is a valid note.
        } else if let date = conversion.date, NoteDate(parsing: date) == nil {
            warned.insert("date")
            warnings.append("its `date: \(date)` is not a date notesite reads, and notesite will refuse the note until it is; write it as YYYY-MM-DD")
        }
        if reading.file.isDraft && !conversion.keys.contains("draft") {
            additions.draft = true
        }
        if !conversion.keys.contains("source") {
            additions.source = (path, git?.url, git?.commit)
        } else {
            warnings.append("its front matter has a `source` of its own, so the import does not record where the note came from, and a later import recognises the note only while its text is unchanged")
        }
        // notesite takes a first heading of level 1 for the title; a note without one is titled by its file name.
        let headingTitle = reading.parsed.headings.first.flatMap { $0.level == 1 ? $0.text : nil }
        if !conversion.keys.contains("title") && headingTitle == nil {
            additions.title = Self.readableName(of: path, importRoot: source.importRoot(of: path), sourceName: source.name)
        }
        if let problem = conversion.yamlProblem {
            warnings.append("its front matter is not YAML notesite can read (\(problem)); it is kept as it is, and notesite will refuse the note until it is corrected")
        }

        let text = conversion.text(adding: additions)
        if conversion.yamlProblem == nil {
            for refusal in Self.frontMatterErrors(text, language: language) where !warned.contains(where: { refusal.message.contains("`\($0)`") }) {
                warnings.append("notesite will refuse its front matter: \(refusal.message)")
            }
        }
        var atEarlierCommit: String?
        if let commit = match?.sourceCommit, let recorded = additions.source, commit != recorded.commit {
            var old = additions
            old.source = (recorded.path, recorded.url, commit)
            atEarlierCommit = conversion.text(adding: old)
        }
        if conversion.style == .toml, let dropped = conversion.toml?.dropped, !dropped.isEmpty {
            warnings.append("its TOML front matter's \(dropped.joined(separator: ", ")) are not carried over")
        }
        // In the order the lines are written.
        var added: [String] = []
        if additions.title != nil { added.append("title (from the file name)") }
        if additions.date != nil { added.append("date (\(dateOrigin))") }
        if additions.lang != nil { added.append("lang") }
        if additions.draft { added.append("draft") }
        if additions.source != nil { added.append("source") }
        return Pending(reading: reading, language: language, origin: origin, earlier: match, text: text,
                       textAtEarlierCommit: atEarlierCommit, added: added, warnings: warnings)
    }

    /// The errors notesite's front matter reader finds in `text`, for a note in `language`'s folder.
    private static func frontMatterErrors(_ text: String, language: Language) -> [Diagnostic] {
        let normalised = text.contains("\r") ? text.replacingOccurrences(of: "\r\n", with: "\n") : text
        let path = "notes/\(language.rawValue)/imported.md"
        return NoteParser.parse(SourceFile(path: path, displayPath: path, text: normalised)).diagnostics.filter {
            $0.severity == .error && $0.rule.id.hasPrefix(FrontMatterRule.group + ".")
        }
    }

    // MARK: Links

    private enum LinkTarget {
        case none
        case copy(from: String, to: String)
        case problem(String)
    }

    /// What a link of the note at `notePath` (inside the source) needs once the note is at `destination` (below
    /// the content folder): a file copied beside it, nothing (a web address, an anchor, another note), or a word
    /// to the user.
    private func target(of written: String, in notePath: String, destination: String, language: Language) -> LinkTarget {
        let address = written.trimmingCharacters(in: .whitespaces)
        if address.isEmpty || address.hasPrefix("#") || LinkResolver.externalURL(address) != nil || LinkResolver.hasScheme(address) {
            return .none
        }
        var pathPart = Substring(address)
        if let cut = pathPart.firstIndex(where: { $0 == "#" || $0 == "?" }) { pathPart = pathPart[..<cut] }
        let path = LinkResolver.percentDecoded(pathPart)
        if path.isEmpty { return .none }
        // Links between notes are left as they are: the notes are imported too.
        if ImportSource.markdownExtensions.contains((path as NSString).pathExtension.lowercased()) { return .none }
        let inSource: String?
        let inContent: String?
        if path.hasPrefix("/") {
            // From the site's root: the source folder (Hugo: static/), and the note's language folder in notesite.
            let rootRelative = String(path.drop { $0 == "/" })
            if rootRelative.isEmpty { return .none }
            inSource = LinkResolver.normalise(rootRelative, relativeTo: source.siteRootFolder.isEmpty ? "x" : source.siteRootFolder + "/x")
            inContent = LinkResolver.normalise(rootRelative, relativeTo: "notes/\(language.rawValue)/x")
        } else {
            inSource = LinkResolver.normalise(path, relativeTo: notePath)
            inContent = LinkResolver.normalise(path, relativeTo: destination)
        }
        guard let inSource, !inSource.isEmpty else {
            return .problem("its link '\(written)' leads out of \(source.displayRoot); it is left as written")
        }
        let full = source.root.path + "/" + inSource
        switch ImportSource.kind(full) {
        case .file: break
        case .link:
            let resolved = URL(fileURLWithPath: full).resolvingSymlinksInPath().path
            guard resolved.hasPrefix(source.root.resolvingSymlinksInPath().path + "/"), ImportSource.kind(resolved) == .file else {
                return .problem("its link '\(written)' leads to \(inSource), a symbolic link out of \(source.displayRoot); it is left as written and nothing is copied")
            }
        case .folder: return .none
        case .other, nil:
            return .problem("its link '\(written)' leads to \(inSource), which is not in \(source.displayRoot); it is left as written")
        }
        guard let inContent, inContent.hasPrefix("notes/") else {
            return .problem("its link '\(written)' would lead out of \(display("notes/")) once the note is at \(display(destination)), and notesite publishes only what is there; it is left as written and \(inSource) is not copied")
        }
        if inContent.split(separator: "/").contains(where: { ContentLoader.isIgnored($0) }) {
            return .problem("its link '\(written)' leads to a hidden file or folder, which notesite does not publish; it is left as written and \(inSource) is not copied")
        }
        let published = inContent.dropFirst("notes/".count)
        if let top = published.split(separator: "/").first, PageRenderer.siteFolders.contains(String(top)) || PageRenderer.siteFiles.contains(String(published)) {
            return .problem("its link '\(written)' would put \(inSource) at \(published) in the site, where the site writes its own files; it is left as written and nothing is copied")
        }
        return .copy(from: inSource, to: inContent)
    }

    /// Whether two files hold the same bytes.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard let x = FileManager.default.contents(atPath: a), let y = FileManager.default.contents(atPath: b) else { return false }
        return x == y
    }

    /// A path below the content folder as messages name it.
    private func display(_ path: String) -> String {
        contentDisplay.isEmpty || contentDisplay == "." ? path : (contentDisplay.hasSuffix("/") ? contentDisplay + path : contentDisplay + "/" + path)
    }

    // MARK: Writing

    /// Writes what `plan` says: each new or changed note, each file to copy, and removes the note a moved one
    /// replaces. `progress`: the entries done so far, and how many there are.
    public func apply(_ plan: ImportPlan, progress: ((Int, Int) -> Void)? = nil) throws {
        let notes = plan.notes.filter { $0.action != .unchanged }
        let files = plan.files.filter { $0.action != .unchanged }
        let total = notes.count + files.count
        var done = 0
        for note in notes {
            progress?(done, total)
            try write(Data(note.text.utf8), to: note.destination, creating: note.action == .create)
            if let old = note.replacing {
                do { try FileManager.default.removeItem(at: content.appendingPathComponent(old)) } catch {
                    throw NotesiteError.writeFailed(path: display(old), reason: "it could not be removed (\((error as NSError).localizedDescription))")
                }
            }
            done += 1
        }
        for file in files {
            progress?(done, total)
            let data: Data
            do { data = try Data(contentsOf: source.root.appendingPathComponent(file.sourcePath)) } catch {
                throw NotesiteError.unreadable(path: source.displayRoot + "/" + file.sourcePath, reason: (error as NSError).localizedDescription)
            }
            try write(data, to: file.destination, creating: false)
            done += 1
        }
        progress?(total, total)
    }

    private func write(_ data: Data, to path: String, creating: Bool) throws {
        let url = content.appendingPathComponent(path)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // A new note never replaces a file that appeared since the plan was made.
            try data.write(to: url, options: creating ? [.withoutOverwriting] : [.atomic])
        } catch {
            throw NotesiteError.writeFailed(path: display(path), reason: (error as NSError).localizedDescription)
        }
    }
}
