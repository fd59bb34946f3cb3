import Foundation
import Testing
@testable import NotesiteKit

/// Inputs gathered from scraped pages, old blogs and merges: each gets a diagnostic with its place and a rule id,
/// nothing traps or hangs, and the other notes are still built.
@Suite struct BadInputTests {
    private static let frontMatter = "---\ntitle: Good\ndate: 2024-05-01\nlang: en\n---\n\n"

    private func site(with files: [String: Data]) throws -> ScratchSite {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/good.md", Self.frontMatter + "# Good\n\nA note that is fine.\n")
        for (path, data) in files {
            let url = site.content.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        }
        return site
    }

    private func only(_ rule: String, in report: SiteReport) -> [Diagnostic] {
        report.diagnostics.filter { $0.rule.id == rule }
    }

    @Test func invalidUTF8NamesTheFirstBadByte() throws {
        // Windows-1251 Russian in the middle of an otherwise UTF-8 note.
        var bytes = Array((Self.frontMatter + "Первая строка.\nВторая: ").utf8)
        bytes += [0xD1, 0xEF, 0xEB, 0xE8, 0xF2]
        bytes += Array(" view\n".utf8)
        let site = try site(with: ["notes/en/cp1251.md": Data(bytes)])
        let report = try SitePipeline.check(site.options)
        let found = only("content.encoding", in: report)
        #expect(found.count == 1)
        #expect(found.first?.file.hasSuffix("notes/en/cp1251.md") == true)
        #expect(found.first?.location == .init(line: 8, column: "Вторая: ".utf8.count + 1))
        #expect(found.first?.message.contains("0xD1 is not UTF-8") == true)
        // The line is shown up to the byte, which stands as U+FFFD under the caret.
        var printer = DiagnosticPrinter()
        #expect(printer.format(try #require(found.first)).hasSuffix("\n    Вторая: \u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} view\n            ^"))
    }

    /// The reader's own UTF-8 check against the standard library's, on bytes made of the pieces where a check
    /// goes wrong: each lead byte's edges (C1/C2, DF/E0, EF/F0, F4/F5), the second bytes that make E0 and F0
    /// overlong, ED a surrogate and F4 too large, stray continuation bytes, sequences cut short at the end, and
    /// runs of ASCII long enough for the eight-byte steps, at every alignment.
    @Test func theReadersUTF8CheckAgreesWithTheStandardLibrary() {
        let pieces: [[UInt8]] = [
            Array("plain ascii text".utf8), [0x61], [0x7F], [0x80], [0xBF], [0xC0, 0xAF], [0xC1, 0xBF], [0xC2, 0x80],
            [0xDF, 0xBF], Array("ж".utf8), Array("世".utf8), [0xE0, 0x9F, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
            [0xED, 0xA0, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
            [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF], [0xE4, 0xB8],
            [0xF0, 0x9F, 0x98], [0xC3], [0xE4, 0x41, 0x80], [0xC3, 0xC3, 0xA9],
        ]
        var generator = SystemRandomNumberGenerator()
        var valid = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...6, using: &generator) { bytes += pieces.randomElement(using: &generator)! }
            let expected = String(validating: bytes, as: UTF8.self)
            let found = bytes.withUnsafeBufferPointer { UTF8Text.string($0) }
            #expect(found == expected, "\(bytes.map { String($0, radix: 16) })")
            if let found, found.utf8.elementsEqual(bytes) { valid += 1 }
        }
        // Both kinds came up, and a valid text is its bytes as they were.
        #expect(valid > 1_000 && valid < 19_000)
    }

    /// A merge left unresolved: each marker line is an error at its line, with or without a branch name, and
    /// CRLF line ends change nothing. Fenced code keeps its markers (a note about git may show them), `=======`
    /// alone is a setext underline unless the other markers are there, and a longer run of `<` is no marker.
    @Test func mergeConflictMarkersAreReportedOutsideCode() throws {
        let merged = "# Merged\n\n<<<<<<< HEAD\nOurs.\n=======\nTheirs.\n>>>>>>> topic\n\n```\n<<<<<<< HEAD\n```\n\n<<<<<<<<\n"
        let underline = "Heading\n=======\n\n<<<<<<<x\n"
        let site = try site(with: ["notes/en/merged.md": Data((Self.frontMatter + merged).utf8),
                                   "notes/en/crlf.md": Data((Self.frontMatter + merged).replacingOccurrences(of: "\n", with: "\r\n").utf8),
                                   "notes/en/underline.md": Data((Self.frontMatter + underline).utf8)])
        let report = try SitePipeline.check(site.options)
        let found = only("content.conflict-marker", in: report)
        for name in ["merged.md", "crlf.md"] {
            let lines = found.filter { $0.file.hasSuffix(name) }.map { $0.location!.line }
            #expect(lines == [9, 11, 13], "\(name)")
        }
        #expect(!found.contains { $0.file.hasSuffix("underline.md") })
        #expect(found.allSatisfy { $0.severity == .error && $0.location?.column == 1 })
    }

    /// A file is read whole (or up to the limit), whatever its size, and one that holds more than its size says
    /// (as the files of `/proc` do, all of size 0) is read to its end.
    @Test func filesAreReadWholeOrUpToTheLimit() throws {
        let site = try ScratchSite(fixture: nil)
        for size in [0, 1, 4095, 4096, 70_000] {
            let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) }
            let url = site.content.appendingPathComponent("file-\(size)")
            try Data(bytes).write(to: url)
            #expect(try ContentLoader.contents(ofFile: url.path).get() == bytes, "\(size)")
            #expect(try ContentLoader.contents(ofFile: url.path, upTo: 4096).get() == Array(bytes.prefix(4096)), "\(size)")
        }
        let status = try ContentLoader.contents(ofFile: "/proc/self/status").get()
        #expect(status.count > 200 && String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
        #expect(try ContentLoader.contents(ofFile: "/proc/self/status", upTo: 100).get() == Array(status.prefix(100)))
        #expect(throws: (any Error).self) { try ContentLoader.contents(ofFile: site.content.appendingPathComponent("none").path).get() }
    }

    /// Whether a note's start is cached is told from its first page, mapped and not read; a file just written is
    /// cached, and one dropped from the cache is not (where the file system keeps files anywhere but in memory).
    /// Anything but a non-empty regular file has no answer, and a pipe is never opened for reading.
    @Test func aNotesStartIsCachedOrNot() throws {
        let site = try ScratchSite(fixture: nil)
        let url = site.content.appendingPathComponent("note.md")
        try Data(repeating: 0x61, count: 10_000).write(to: url)
        #expect(ContentLoader.startIsCached(url.path) == true)
        let descriptor = open(url.path, O_RDONLY)
        #expect(fsync(descriptor) == 0 && posix_fadvise(descriptor, 0, 0, POSIX_FADV_DONTNEED) == 0)
        close(descriptor)
        // The file system of the longest mount point the file is under, from /proc/mounts.
        let mounts = try String(contentsOfFile: "/proc/mounts", encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ") }
        let path = url.resolvingSymlinksInPath().path
        let mount = mounts.filter { path.hasPrefix($0[1] == "/" ? "/" : $0[1] + "/") }.max { $0[1].count < $1[1].count }
        let inMemory = mount.map { ["tmpfs", "ramfs"].contains($0[2]) } ?? true
        #expect(ContentLoader.startIsCached(url.path) == (inMemory ? true : false))
        try Data().write(to: site.content.appendingPathComponent("empty.md"))
        #expect(mkfifo(site.content.appendingPathComponent("pipe.md").path, 0o644) == 0)
        for name in ["empty.md", "pipe.md", "none.md", "."] {
            #expect(ContentLoader.startIsCached(site.content.appendingPathComponent(name).path) == nil, "\(name)")
        }
    }

    @Test func aBinaryFileNamedMdIsNotReadAsANote() throws {
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52]
        let site = try site(with: ["notes/en/screenshot.md": Data(png + [UInt8](repeating: 0, count: 64))])
        let report = try SitePipeline.check(site.options)
        #expect(only("content.encoding", in: report).map(\.message).first?.contains("PNG image") == true)
        #expect(report.notes == 1)
    }

    @Test func aNulByteDeepInATextNoteIsReportedWhereItIs() throws {
        var bytes = Array((Self.frontMatter + String(repeating: String(repeating: "x", count: 80) + "\n", count: 120) + "see ").utf8)
        bytes += [0, 0]
        bytes += Array("`show(_:sender:)`\n".utf8)
        let site = try site(with: ["notes/en/nul.md": Data(bytes)])
        let report = try SitePipeline.check(site.options)
        let found = only("content.encoding", in: report)
        #expect(found.map(\.location) == [.init(line: 127, column: 5)])
        #expect(found.first?.message.contains("NUL") == true)
        var printer = DiagnosticPrinter()
        #expect(printer.format(try #require(found.first)).hasSuffix("\n    see \u{FFFD}\u{FFFD}`show(_:sender:)`\n        ^"))
    }

    @Test func byteOrderMarkCRLFAndNoFinalNewlineReadLikeAnyNote() throws {
        let text = "\u{FEFF}---\r\ntitle: Windows note\r\ndate: 2024-05-01\r\nlang: en\r\n---\r\n\r\n# Heading\r\n\r\nSee [missing](nowhere.md).\r\nLast line"
        let site = try site(with: ["notes/en/windows.md": Data(text.utf8)])
        let report = try SitePipeline.build(site.options)
        #expect(!report.diagnostics.hasErrors)
        // Line numbers are those of the file: the broken link is on line 9.
        #expect(only("link.unresolved", in: report).map(\.location) == [.init(line: 9, column: 5)])
        let page = try site.read("en/windows.html")
        #expect(page.contains("<title>Windows note"))
        #expect(page.contains("id=\"heading\""))
        #expect(page.contains("Last line</p>"))
        #expect(!page.contains("\r"))
    }

    @Test func aBrokenNoteFailsTheBuildAndLeavesThePreviousSite() throws {
        let site = try site(with: [:])
        _ = try SitePipeline.build(site.options)
        let before = try site.read("en/good.html")
        // Front matter opened and never closed (an empty note is a note, titled by its file's name).
        try site.write("notes/en/empty.md", "---\ntitle: Never closed\n")
        let report = try SitePipeline.build(site.options)
        #expect(only("frontmatter.unclosed", in: report).map(\.file).first?.hasSuffix("notes/en/empty.md") == true)
        #expect(report.diagnostics.hasErrors)
        #expect(report.filesWritten == 0)
        #expect(try site.read("en/good.html") == before)
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/empty.html").path))
    }

    @Test func aFiftyMegabyteNoteBuilds() throws {
        let paragraph = String(repeating: "The split view controller collapses when the horizontal size class becomes compact. ", count: 8) + "\n\n"
        var body = Self.frontMatter
        body.reserveCapacity(50 * 1_048_576 + 4096)
        var section = 0
        while body.utf8.count < 50 * 1_048_576 {
            if section % 100 == 0 { body += "## Part \(section / 100)\n\n" }
            body += paragraph
            section += 1
        }
        let site = try site(with: ["notes/en/huge.md": Data(body.utf8)])
        let report = try SitePipeline.build(site.options)
        #expect(!report.diagnostics.hasErrors)
        let page = try site.read("en/huge.html")
        #expect(page.utf8.count > 50 * 1_048_576)
        #expect(page.contains("id=\"part-\(section / 100 - 1)\""))
    }

    @Test func deeplyNestedQuotesAndListsAreFlattenedNotACrash() throws {
        let quotes = String(repeating: "> ", count: 20_000) + "deep\n\n"
        let lists = (0..<2_000).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined()
        let site = try site(with: ["notes/en/deep.md": Data((Self.frontMatter + quotes + lists).utf8)])
        let report = try SitePipeline.build(site.options)
        #expect(only("content.too-deep", in: report).map(\.location?.line) == [7])
        let page = try site.read("en/deep.html")
        #expect(page.contains("deep"))
        #expect(page.contains("item 1999"))
    }

    @Test func symbolicLinksOutOfTheContentFolderAreNeverRead() throws {
        let site = try site(with: [:])
        let secret = site.root.appendingPathComponent("secret.md")
        try Data((Self.frontMatter + "password: hunter2\n").utf8).write(to: secret)
        let secretImage = site.root.appendingPathComponent("private.png")
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: secretImage)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/en/leak.md").path, withDestinationPath: secret.path)
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/en/leak.png").path, withDestinationPath: secretImage.path)
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/en/outside").path, withDestinationPath: site.root.path)
        // A link that stays inside is fine.
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/en/alias.md").path, withDestinationPath: "good.md")

        let report = try SitePipeline.check(site.options)
        let outside = only("content.outside", in: report).map { ($0.file as NSString).lastPathComponent }.sorted()
        #expect(outside == ["leak.md", "leak.png", "outside"])
        #expect(report.notes == 2)

        let build = try SitePipeline.build(site.options)
        #expect(build.diagnostics.hasErrors)
        try fm.removeItem(at: site.content.appendingPathComponent("notes/en/leak.md"))
        try fm.removeItem(at: site.content.appendingPathComponent("notes/en/leak.png"))
        try fm.removeItem(at: site.content.appendingPathComponent("notes/en/outside"))
        _ = try SitePipeline.build(site.options)
        let written = try fm.subpathsOfDirectory(atPath: site.output.path)
        #expect(!written.contains { $0.contains("leak") || $0.contains("secret") || $0.contains("outside") })
    }

    /// The content folder's list: notes at every depth and images beside them; a link to a folder inside is not
    /// a second way into the folder; a folder named like a note is listed as one (which cannot be read) and its
    /// contents too; hidden folders and backups are passed over.
    @Test func theContentFolderIsListedWithoutFollowingLinks() throws {
        let site = try site(with: ["notes/ru/deep/er/a.md": Data(Self.frontMatter.utf8), "notes/ru/deep/x.png": Data([1]),
                                   "notes/.git/b.md": Data([1]), "notes/en/c.md~": Data([1]), "notes/en/odd.md/d.md": Data([1]),
                                   "notes/en/odd.md/y.png": Data([1])])
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: site.content.appendingPathComponent("notes/zh").path, withDestinationPath: "ru/deep")
        let tree = try ContentLoader(root: site.content, displayRoot: "content").load()
        #expect(tree.notes == ["notes/en/good.md", "notes/en/odd.md", "notes/en/odd.md/d.md", "notes/ru/deep/er/a.md"])
        #expect(tree.assets == ["en/odd.md/y.png", "ru/deep/x.png"])
        #expect(tree.diagnostics.isEmpty)
        let entries = try FolderEntry.list(site.content.appendingPathComponent("notes").path).get()
        #expect(entries.sorted { $0.name < $1.name } == [FolderEntry(name: ".git", kind: .folder), FolderEntry(name: "en", kind: .folder),
                                                        FolderEntry(name: "ru", kind: .folder), FolderEntry(name: "zh", kind: .other)])
        #expect(throws: FolderEntry.Failure.self) { try FolderEntry.list(site.content.appendingPathComponent("notes/none").path).get() }
    }

    @Test func unreadableEntriesAreReportedAndNeverBlock() throws {
        let site = try site(with: [:])
        let notes = site.content.appendingPathComponent("notes/en")
        try FileManager.default.createSymbolicLink(atPath: notes.appendingPathComponent("dangling.md").path, withDestinationPath: "nowhere.md")
        // A named pipe would block a plain read forever.
        #expect(mkfifo(notes.appendingPathComponent("pipe.md").path, 0o644) == 0)
        let report = try SitePipeline.check(site.options)
        let unreadable = only("content.unreadable", in: report)
        #expect(unreadable.map { ($0.file as NSString).lastPathComponent }.sorted() == ["dangling.md", "pipe.md"])
        #expect(unreadable.contains { $0.message.contains("symbolic link to 'nowhere.md'") })
        #expect(report.notes == 1)
    }

    /// A data file or the strings file that is a named pipe would wait for a writer for good: each is an error that
    /// names it, at once.
    @Test func dataAndStringsThatAreNotFilesAreReportedAndNeverBlock() throws {
        let site = try site(with: [:])
        let symbols = site.content.appendingPathComponent("data/symbols.yml")
        try FileManager.default.createDirectory(at: symbols.deletingLastPathComponent(), withIntermediateDirectories: true)
        #expect(mkfifo(symbols.path, 0o644) == 0)
        let started = Date()
        let report = try SitePipeline.check(site.options)
        let found = only("data.unreadable", in: report)
        #expect(found.map { ($0.file as NSString).lastPathComponent } == ["symbols.yml"])
        #expect(found.first?.message.contains("it is a named pipe, not a file") == true, "\(found.map(\.message))")
        #expect(found.first?.severity == .error)

        try FileManager.default.removeItem(at: symbols)
        var options = site.options
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: options.templates, to: templates)
        let strings = templates.appendingPathComponent("strings.yml")
        try FileManager.default.removeItem(at: strings)
        #expect(mkfifo(strings.path, 0o644) == 0)
        options.templates = templates
        let error = try #require(throws: NotesiteError.self) { try SitePipeline.build(options) }
        #expect(error.description.contains("strings.yml"), "\(error)")
        #expect(error.description.contains("it is a named pipe, not a file"), "\(error)")
        #expect(error.diagnostic.rule.id == "template.unreadable")
        #expect(Date().timeIntervalSince(started) < 30)
    }

    /// A name that is not UTF-8 (a note saved in Latin-1 by an old tool) cannot be opened by the name read; it is an
    /// error that shows its bytes, not a file left out without a word.
    @Test func namesThatAreNotUTF8AreReported() throws {
        let site = try site(with: [:])
        let folder = Array(site.content.appendingPathComponent("notes/en").path.utf8)
        func make(_ name: [UInt8], folder isFolder: Bool) {
            let path = (folder + [UInt8(ascii: "/")] + name + [0]).map { CChar(bitPattern: $0) }
            if isFolder {
                #expect(mkdir(path, 0o755) == 0)
            } else {
                let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
                #expect(descriptor >= 0)
                close(descriptor)
            }
        }
        make(Array("caf".utf8) + [0xE9] + Array(".md".utf8), folder: false)
        make(Array("d".utf8) + [0xE9, 0x6A, 0xE0], folder: true)
        let report = try SitePipeline.check(site.options)
        let found = only("content.bad-name", in: report)
        #expect(found.map { ($0.file as NSString).lastPathComponent }.sorted() == ["caf\\xE9.md", "d\\xE9j\\xE0"])
        #expect(found.allSatisfy { $0.severity == .error && $0.message.contains("not UTF-8") })
        #expect(report.notes == 1)
        #expect(FolderEntry.escaped(Array("收起".utf8) + [0xFF]) == "收起\\xFF")
    }

    /// A host's own files at the top of the output folder (GitHub Pages' CNAME, Netlify's _headers and _redirects,
    /// .nojekyll) are never deleted, whether a build replaces a few files or the whole site, and a folder that holds
    /// only them is a new site's.
    @Test func aHostsOwnFilesInTheOutputFolderAreKept() throws {
        let site = try site(with: [:])
        let fm = FileManager.default
        let hostFiles = ["CNAME": "notes.example.org\n", "_headers": "/*\n  X-Frame-Options: DENY\n",
                         "_redirects": "/old /new 301\n", ".nojekyll": ""]
        try fm.createDirectory(at: site.output, withIntermediateDirectories: true)
        for (name, text) in hostFiles { try Data(text.utf8).write(to: site.output.appendingPathComponent(name)) }
        func expectKept(_ when: String) throws {
            for (name, text) in hostFiles {
                #expect(try String(contentsOf: site.output.appendingPathComponent(name), encoding: .utf8) == text, "\(name), \(when)")
            }
        }
        #expect(try SitePipeline.build(site.options).succeeded)
        try expectKept("first build")
        try site.write("notes/en/good.md", Self.frontMatter + "# Good\n\nA note that is fine, and longer.\n")
        #expect(try SitePipeline.build(site.options).succeeded)
        try expectKept("a few files replaced")
        let changed = try site.options(editingTemplate: "footer.mustache") { $0 + "<!-- changed -->\n" }
        #expect(try SitePipeline.build(changed).succeeded)
        #expect(try site.read("en/good.html").contains("<!-- changed -->"))
        try expectKept("the site swapped")
    }

    @Test func twoTranslationsInOneLanguageAreReported() throws {
        let site = try site(with: [:])
        let note = { (title: String) in "---\ntitle: \(title)\ndate: 2024-05-01\nlang: en\ntranslation_key: collapse\n---\n\nText.\n" }
        try site.write("notes/en/collapse-a.md", note("A"))
        try site.write("notes/en/collapse-b.md", note("B"))
        let report = try SitePipeline.build(site.options)
        let found = only("content.duplicate-translation", in: report)
        #expect(found.count == 1)
        #expect(found.first?.file.hasSuffix("notes/en/collapse-b.md") == true)
        #expect(found.first?.message.contains("collapse-a.md") == true)
    }

    /// A file name is made a page name (`Split View..md` → `split-view.html`); one with no letter or digit cannot
    /// be one.
    @Test func fileNamesThatCannotBePageNamesAreErrors() throws {
        let note = Data((Self.frontMatter + "Text.\n").utf8)
        let site = try site(with: ["notes/en/Split View..md": note, "notes/en/a..b.md": note, "notes/en/-dash.md": note,
                                   "notes/en/___.md": note, "notes/en/(!).md": note])
        let report = try SitePipeline.build(site.options)
        let bad = only("content.bad-slug", in: report).map { ($0.file as NSString).lastPathComponent }.sorted()
        #expect(bad == ["(!).md", "___.md"])
        #expect(report.diagnostics.hasErrors)
        #expect(report.filesWritten == 0)
        for path in ["notes/en/___.md", "notes/en/(!).md"] {
            try FileManager.default.removeItem(at: site.content.appendingPathComponent(path))
        }
        #expect(try SitePipeline.build(site.options).succeeded)
        for page in ["en/split-view.html", "en/a-b.html", "en/dash.html"] {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(page).path), "\(page)")
        }
    }

    /// check's gate over API names needs the symbol list: without one it says so, once, instead of passing every
    /// name in silence. build, which does not check names, says nothing.
    @Test func checkSaysWhenThereIsNoSymbolListToCheckNamesAgainst() throws {
        let site = try site(with: ["notes/en/code.md": Data((Self.frontMatter + "```swift\nsplitViewController.show(vc, sender: nil)\n```\n").utf8)])
        let checked = only("symbol.unchecked", in: try SitePipeline.check(site.options))
        #expect(checked.map(\.severity) == [.note])
        #expect(checked.first?.file == site.content.path + "/data/symbols.yml")
        #expect(only("symbol.unchecked", in: try SitePipeline.build(site.options)).isEmpty)
        // With the list, nothing of the kind.
        let real = try ScratchSite()
        #expect(only("symbol.unchecked", in: try SitePipeline.check(real.options)).isEmpty)
    }

    /// Editors' backups and autosaves beside a note (`a.md~`, `#a.md#`, `.a.md.swp`) and in the templates' assets
    /// are not published: they are drafts, front matter and all.
    @Test func editorBackupsAreNotPublished() throws {
        let note = Data((Self.frontMatter + "Text.\n").utf8)
        let site = try site(with: ["notes/en/a.md": note, "notes/en/a.md~": note, "notes/en/#a.md#": note,
                                   "notes/en/.a.md.swp": note, "notes/en/img/x.png~": note, "notes/en/img/x.png": note])
        let templates = site.root.appendingPathComponent("Templates")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: templates)
        try Data("old".utf8).write(to: templates.appendingPathComponent("assets/style.css~"))
        var options = site.options
        options.templates = templates
        let report = try SitePipeline.build(options)
        #expect(report.succeeded && report.notes == 2) // good.md and a.md
        let fm = FileManager.default
        for path in ["en/a.md~", "en/#a.md#", "en/.a.md.swp", "en/img/x.png~", "assets/style.css~"] {
            #expect(!fm.fileExists(atPath: site.output.appendingPathComponent(path).path), "\(path) was published")
        }
        #expect(fm.fileExists(atPath: site.output.appendingPathComponent("en/img/x.png").path))
        #expect(ContentLoader.isIgnored("a.md~") && ContentLoader.isIgnored("#a.md#") && !ContentLoader.isIgnored("#") && !ContentLoader.isIgnored("c#.md"))
    }

    /// `zh/index.md` would be written to `zh/index.html`, and the list of the language's notes written over it:
    /// the note would be gone from the site without a word.
    @Test func notesNamedLikeTheLanguagesOwnPagesAreErrors() throws {
        let note = { (language: String) in Data("---\ntitle: Index\ndate: 2024-05-01\nlang: \(language)\n---\n\nText.\n".utf8) }
        let site = try site(with: ["notes/zh/index.md": note("zh"), "notes/ru/search.md": note("ru"), "notes/en/index-of-terms.md": note("en")])
        let report = try SitePipeline.build(site.options)
        let bad = only("content.bad-slug", in: report)
        #expect(bad.map { ($0.file as NSString).lastPathComponent }.sorted() == ["index.md", "search.md"])
        #expect(bad.contains { $0.message == "this note would be written to zh/index.html, which is the list of the language's notes; rename the file, such as 'index-note.md'" })
        #expect(bad.contains { $0.message.contains("ru/search.html, which is the language's search page") })
        #expect(report.filesWritten == 0)
        // A file published there is refused as well.
        let html = Data("<p>static</p>\n".utf8)
        let other = try self.site(with: ["notes/ru/search.html": html, "notes/ru/a.md": note("ru")])
        let assets = try SitePipeline.check(other.options)
        #expect(only("content.asset-conflict", in: assets).map(\.message) == ["this file would be published as ru/search.html, where the site writes the language's search page; rename or move it"])
    }

    /// The files the conflicts above are found against are the files the site writes of its own: a page added to
    /// the site but not to `PageRenderer.ownFiles` could have a file of the notes published over it.
    @Test func theSitesOwnFilesAreListedForTheConflictCheck() throws {
        let site = try ScratchSite()
        var options = site.options
        options.baseURL = "https://example.org/"
        #expect(try SitePipeline.build(options).succeeded)
        func files(in folder: URL) -> [String] {
            let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
            var paths: [String] = []
            while let url = enumerator?.nextObject() as? URL {
                guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
                paths.append(String(url.standardizedFileURL.path.dropFirst(folder.standardizedFileURL.path.count + 1)))
            }
            return paths
        }
        // The notes' own: their pages, and the files beside them, published as they are.
        let fromNotes = Set(files(in: site.content.appendingPathComponent("notes")).map {
            $0.hasSuffix(".md") ? String($0.dropLast(3)) + ".html" : $0
        })
        let own = files(in: site.output).filter { path in
            !path.hasPrefix(".") && !fromNotes.contains(path) && !PageRenderer.siteFolders.contains { path.hasPrefix($0 + "/") }
        }
        #expect(own.contains("sitemap.xml") && own.contains("zh/search.html") && own.contains("ru/index.html"))
        #expect(Set(own).subtracting(PageRenderer.ownFiles).isEmpty, "written but not listed: \(Set(own).subtracting(PageRenderer.ownFiles))")
    }

    @Test func filesThatWouldReplaceThePagesOfTheSiteAreErrors() throws {
        let html = Data("<p>static</p>\n".utf8)
        let site = try site(with: ["notes/en/Good.html": html, "notes/index.html": html, "notes/zh/index.html": html,
                                   "notes/assets/style.css": html, "notes/en/fine.html": html,
                                   "notes/en/bar.MD": Data((Self.frontMatter + "Text.\n").utf8), "notes/en/baz.markdown": html])
        let report = try SitePipeline.check(site.options)
        let conflicts = only("content.asset-conflict", in: report)
        #expect(conflicts.map { ($0.file as NSString).lastPathComponent }.sorted() == ["Good.html", "index.html", "index.html", "style.css"])
        #expect(conflicts.contains { $0.message == "this file would be published as en/Good.html, where the site writes the page of \(site.content.path)/notes/en/good.md; rename or move it" })
        #expect(conflicts.allSatisfy { $0.severity == .error })
        let notNotes = only("content.not-a-note", in: report)
        #expect(notNotes.map(\.message) == ["only files ending in .md are notes, so this one is published as it is, front matter and all; rename it to bar.md",
                                             "only files ending in .md are notes, so this one is published as it is, front matter and all; rename it to baz.md"])
        #expect(notNotes.allSatisfy { $0.severity == .warning })

        // The build stops before writing: the note's page is the note's.
        let build = try SitePipeline.build(site.options)
        #expect(build.filesWritten == 0)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/en/Good.html"))
        for path in ["notes/index.html", "notes/zh/index.html", "notes/assets/style.css"] {
            try FileManager.default.removeItem(at: site.content.appendingPathComponent(path))
        }
        #expect(try SitePipeline.build(site.options).succeeded)
        #expect(try site.read("en/good.html").contains("A note that is fine."))
        #expect(try site.read("en/fine.html") == "<p>static</p>\n")
    }

    @Test func markdownOutsideNotesIsAWarningThatSaysWhereToMoveIt() throws {
        let note = Data((Self.frontMatter + "Text.\n").utf8)
        let site = try site(with: ["en/stray.md": note, "README.md": note, "data/ru/x.md": note, ".drafts/a.md": note])
        let report = try SitePipeline.check(site.options)
        let stray = only("content.misplaced", in: report)
        #expect(stray.map { String($0.file.dropFirst(site.content.path.count + 1)) } == ["README.md", "data/ru/x.md", "en/stray.md"])
        #expect(stray.allSatisfy { $0.severity == .warning })
        #expect(stray.last?.message == "this note is outside notes/, so it is not built; move it to notes/en/")
        #expect(stray.first?.message == "this note is outside notes/, so it is not built; move it to notes/<lang>/")
    }

    @Test func anOutputThatIsAFileIsRefused() throws {
        let site = try site(with: [:])
        try Data("not a folder".utf8).write(to: site.output)
        #expect(throws: NotesiteError.self) { try SitePipeline.build(site.options) }
        #expect(try String(contentsOf: site.output, encoding: .utf8) == "not a folder")
    }

    @Test func anOutputHoldingFilesNotesiteDidNotWriteIsRefusedAndKept() throws {
        let site = try site(with: [:])
        let fm = FileManager.default
        try fm.createDirectory(at: site.output, withIntermediateDirectories: true)
        let thesis = site.output.appendingPathComponent("thesis.tex")
        try Data("precious".utf8).write(to: thesis)
        let error = try #require(throws: NotesiteError.self) { try SitePipeline.build(site.options) }
        #expect(error.description.contains("'thesis.tex'"))
        #expect(error.description.contains("not a site notesite built"))
        #expect(try String(contentsOf: thesis, encoding: .utf8) == "precious")

        // Once it is empty but for dot files (a committed .gitignore), it is the site's.
        try fm.removeItem(at: thesis)
        try Data("*\n".utf8).write(to: site.output.appendingPathComponent(".gitignore"))
        #expect(try SitePipeline.build(site.options).succeeded)
        #expect(fm.fileExists(atPath: site.output.appendingPathComponent(".gitignore").path))
    }

    /// A file put into the site after a build (a note to oneself, a page copied in by hand), at the top or deep in
    /// a folder the next build replaces, is kept and reported, whether that build replaces a few files or the whole
    /// site; a page the last build wrote and the next does not is deleted; `--clean` deletes the foreign files too.
    @Test(arguments: [false, true])
    func filesNoBuildWroteAreKeptAndReported(swappingTheSite: Bool) throws {
        let site = try site(with: [:])
        let fm = FileManager.default
        try site.write("notes/en/gone.md", Self.frontMatter + "# Gone\n\nA note deleted before the next build.\n")
        #expect(try SitePipeline.build(site.options).succeeded)
        let foreign = ["todo.txt": "call the printer", "en/extra.html": "<p>by hand</p>", "assets/logo-old.svg": "<svg/>"]
        for (path, text) in foreign { try Data(text.utf8).write(to: site.output.appendingPathComponent(path)) }
        try Data("a dot file".utf8).write(to: site.output.appendingPathComponent("en/.htaccess"))
        try fm.removeItem(at: site.content.appendingPathComponent("notes/en/gone.md"))

        var options = site.options
        if swappingTheSite { options = try site.options(editingTemplate: "footer.mustache") { $0 + "<!-- changed -->\n" } }
        let report = try SitePipeline.build(options)
        #expect(report.succeeded)
        let warned = report.diagnostics.filter { $0.rule.id == "output.foreign-file" }
        #expect(warned.map(\.file).sorted() == foreign.keys.map { site.options.outputDisplay + "/" + $0 }.sorted())
        #expect(warned.allSatisfy { $0.severity == .warning && $0.message.contains("--clean") })
        for (path, text) in foreign {
            #expect(try String(contentsOf: site.output.appendingPathComponent(path), encoding: .utf8) == text, "\(path)")
        }
        #expect(fm.fileExists(atPath: site.output.appendingPathComponent("en/.htaccess").path))
        #expect(!fm.fileExists(atPath: site.output.appendingPathComponent("en/gone.html").path))
        if swappingTheSite { #expect(try site.read("en/good.html").contains("<!-- changed -->")) }

        // Reported again by the next build, until deleted by hand or by --clean, which keeps the dot file.
        let again = try SitePipeline.build(options)
        #expect(again.diagnostics.filter { $0.rule.id == "output.foreign-file" }.count == foreign.count)
        let cleaning = OneShotBuild(options: options)
        cleaning.deletesForeignFiles = true
        let cleaned = try cleaning.build()
        #expect(cleaned.diagnostics.filter { $0.rule.id == "output.foreign-file" }.isEmpty)
        for path in foreign.keys { #expect(!fm.fileExists(atPath: site.output.appendingPathComponent(path).path), "\(path)") }
        #expect(fm.fileExists(atPath: site.output.appendingPathComponent("en/.htaccess").path))
    }

    @Test func anOutputThatHoldsOrIsInsideTheTemplatesIsRefused() throws {
        let fm = FileManager.default
        let site = try site(with: [:])
        let templates = site.root.appendingPathComponent("wrap/Templates")
        try fm.createDirectory(at: templates.deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: templates)
        let before = try fm.subpathsOfDirectory(atPath: templates.path).sorted()
        for output in ["wrap", "wrap/Templates", "wrap/Templates/site"] {
            var options = site.options
            options.templates = templates
            options.templatesDisplay = "wrap/Templates"
            options.output = site.root.appendingPathComponent(output)
            options.outputDisplay = output
            let error = try #require(throws: NotesiteError.self) { try SitePipeline.build(options) }
            #expect(error.description.contains("templates folder 'wrap/Templates'"), "\(output): \(error)")
        }
        #expect(try fm.subpathsOfDirectory(atPath: templates.path).sorted() == before)
    }

    @Test func templatesWithUnknownNamesWarnAndAMissingPartialStops() throws {
        let templates = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-templates-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: templates) }
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: templates)
        let note = templates.appendingPathComponent("note.mustache")
        var text = try String(contentsOf: note, encoding: .utf8)
        text = text.replacingOccurrences(of: "<title>{{pageTitle}}", with: "<title>{{pageTitel}}")
        try Data(text.utf8).write(to: note)
        let site = try site(with: [:])
        var options = site.options
        options.templates = templates
        let report = try SitePipeline.build(options)
        let unknown = only("template.unknown-variable", in: report)
        #expect(unknown.count == 1)
        #expect(unknown.first?.message.contains("did you mean 'pageTitle'") == true)
        #expect(unknown.first?.location?.line == 5)

        try Data((text + "{{> sidebar}}\n").utf8).write(to: note)
        #expect {
            try SitePipeline.build(options)
        } throws: { error in
            "\(error)".contains("the partial 'sidebar' does not exist") && "\(error)".contains("[template.missing-partial]")
        }
    }
}
