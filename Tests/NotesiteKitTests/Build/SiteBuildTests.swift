import Foundation
import Testing
@testable import NotesiteKit

/// The whole pipeline on the fixture site in `Fixtures/site`, with the repository's real templates.
@Suite struct SiteBuildTests {
    @Test func buildsEveryPageWithTheRightLanguage() throws {
        let site = try ScratchSite()
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(report.notes == 4)
        #expect(report.pagesWritten == 17) // home, 3 language pages, 4 notes, reference index, 2 type pages, collapse table, 4 search pages, 404
        for (page, lang) in [("index.html", "en"), ("zh/index.html", "zh-Hans"), ("ru/index.html", "ru"),
                             ("en/collapse.html", "en"), ("zh/shoushi.html", "zh-Hans"), ("ru/svorachivanie.html", "ru")] {
            #expect(try site.read(page).contains("<html lang=\"\(lang)\""), "\(page)")
        }
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("assets/style.css").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/images/diagram.svg").path))
    }

    @Test func notePageHasTitleDateSourceContentsAndBody() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let page = try site.read("en/collapse.html")
        #expect(page.contains("<h1>Collapsing, step by step</h1>"))
        #expect(page.contains("<time datetime=\"2024-05-01\">1 May 2024</time>"))
        #expect(page.contains("href=\"https://example.com/collapse\""))
        #expect(page.contains("<a href=\"#step-1-choose-the-primary\">Step 1: choose the primary</a>"))
        #expect(page.contains("<code class=\"language-swift\">"))
        #expect(page.contains("<a href=\"../zh/shoushi.html#%E6%94%B6%E8%B5%B7-collapsing-process\">Chinese note</a>"))
        #expect(page.contains("<img src=\"images/diagram.svg\" alt=\"Diagram\""))
        let home = try site.read("index.html")
        #expect(home.contains("<a class=\"note-link\" href=\"zh/shoushi.html\">收起与展开</a>"))
        #expect(home.contains("What UIKit asks the delegate when a split view collapses."))
    }

    /// Every `href` and `src` that is not external must lead to a file of the output, and its fragment to an id
    /// on that page: the site has to work opened from disk.
    @Test func everyInternalLinkResolvesToAFileAndAnId() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let pages = try htmlFiles(in: site.output)
        #expect(pages.count == 17)
        var checked = 0
        for page in pages {
            let html = try String(contentsOf: page, encoding: .utf8)
            for link in attributes(["href", "src"], in: html) {
                if link.hasPrefix("http:") || link.hasPrefix("https:") || link.hasPrefix("mailto:") { continue }
                #expect(!link.hasPrefix("/"), "\(page.lastPathComponent): absolute link \(link)")
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let target = path.isEmpty ? page : page.deletingLastPathComponent().appendingPathComponent(path).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: target.path), "\(page.lastPathComponent): \(link)")
                #expect(target.path.hasPrefix(site.output.standardizedFileURL.path), "\(link) leaves the site")
                if parts.count == 2, !parts[1].isEmpty, target.pathExtension == "html" {
                    let id = String(parts[1]).removingPercentEncoding ?? String(parts[1])
                    let targetHTML = try String(contentsOf: target, encoding: .utf8)
                    #expect(attributes(["id"], in: targetHTML).contains(id), "\(page.lastPathComponent): #\(id) not in \(target.lastPathComponent)")
                }
                checked += 1
            }
        }
        #expect(checked > 40)
    }

    @Test func aFailedBuildLeavesThePreviousSiteUntouched() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let before = try site.read("en/collapse.html")
        try site.write("notes/en/collapse.md", "---\ntitle: \"unclosed\ndate: 2020-01-01\n---\nNew text\n")
        let report = try SitePipeline.build(site.options)
        #expect(!report.succeeded)
        #expect(report.filesWritten == 0)
        #expect(try site.read("en/collapse.html") == before)
        // Nothing staged is left, and the manifest is still the previous site's (beside the writers' lock).
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.output.path).filter { $0.hasPrefix(".notesite") }
        #expect(leftovers.sorted() == [OutputLock.fileName, SiteManifest.fileName])
    }

    @Test func aRebuildReplacesStalePagesAndKeepsDotfiles() throws {
        let site = try ScratchSite()
        try FileManager.default.createDirectory(at: site.output, withIntermediateDirectories: true)
        try Data("*\n".utf8).write(to: site.output.appendingPathComponent(".gitignore"))
        _ = try SitePipeline.build(site.options)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/ru/svorachivanie.md"))
        try site.write("notes/en/collapse.md", try String(contentsOf: site.content.appendingPathComponent("notes/en/collapse.md"), encoding: .utf8)
            .replacingOccurrences(of: "[Russian one](../ru/svorachivanie.md)", with: "Russian one"))
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("ru/svorachivanie.html").path))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(".gitignore").path))
    }

    @Test func aRebuildKeepsTheFilesOfPagesThatDidNotChange() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        func inode(_ path: String) throws -> UInt64 {
            var info = stat()
            try #require(stat(site.output.appendingPathComponent(path).path, &info) == 0)
            return UInt64(info.st_ino)
        }
        let unchanged = try inode("ru/svorachivanie.html")
        let edited = try inode("en/collapse.html")
        let before = try site.read("en/collapse.html")
        try site.write("notes/en/collapse.md", try String(contentsOf: site.content.appendingPathComponent("notes/en/collapse.md"), encoding: .utf8)
            + "\nOne more line.\n")
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded)
        // The same text: the staged file was the old file, linked, not a copy; the edited page is a new file.
        #expect(try inode("ru/svorachivanie.html") == unchanged)
        #expect(try inode("en/collapse.html") != edited)
        #expect(try site.read("en/collapse.html") != before)
        #expect(try site.read("en/collapse.html").contains("One more line."))
        var info = stat()
        #expect(stat(site.output.appendingPathComponent("ru/svorachivanie.html").path, &info) == 0 && info.st_nlink == 1)
    }

    /// The files below `folder`, by path, without its entries that start with `.`.
    private func files(below folder: URL) throws -> Set<String> {
        Set(try SiteWriter.entries(below: folder.path, skippingHidden: true).filter { $0.value != .folder }.keys.map(\.string))
    }

    private func inode(_ url: URL) throws -> UInt64 {
        var info = stat()
        try #require(lstat(url.path, &info) == 0)
        return UInt64(info.st_ino)
    }

    /// A rebuild that changes a little moves the new files into the site as it stands: its folders stay the
    /// same folders (a shell or server inside one still sees the site), and whatever the new site lacks goes.
    @Test func aRebuildMovesTheChangedFilesInAndClearsWhatTheSiteNoLongerHas() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let fm = FileManager.default
        let out = site.output
        // Leftovers the site does not make: a page, a folder of them, a hidden file below the top; and what the
        // output folder's own hidden entries hold, which stays.
        try Data("stray".utf8).write(to: out.appendingPathComponent("ru/stray.html"))
        try fm.createDirectory(at: out.appendingPathComponent("old/inner"), withIntermediateDirectories: true)
        try Data("old".utf8).write(to: out.appendingPathComponent("old/inner/page.html"))
        try Data("x".utf8).write(to: out.appendingPathComponent("ru/.swp"))
        try fm.createDirectory(at: out.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data("ref: main".utf8).write(to: out.appendingPathComponent(".git/HEAD"))
        let folder = try inode(out.appendingPathComponent("ru"))
        let unchanged = try inode(out.appendingPathComponent("ru/svorachivanie.html"))

        try site.write("notes/en/collapse.md", try String(contentsOf: site.content.appendingPathComponent("notes/en/collapse.md"), encoding: .utf8)
            + "\nOne more line.\n")
        // Files no build wrote are kept by a build, and deleted by one that deletes them (`--clean`), but for the
        // hidden file.
        #expect(try SitePipeline.build(site.options).succeeded)
        for kept in ["ru/stray.html", "old/inner/page.html", "ru/.swp"] {
            #expect(fm.fileExists(atPath: out.appendingPathComponent(kept).path), "\(kept) was deleted")
        }
        let cleaning = OneShotBuild(options: site.options)
        cleaning.deletesForeignFiles = true
        let report = try cleaning.build()
        #expect(report.succeeded)
        #expect(try site.read("en/collapse.html").contains("One more line."))
        #expect(try inode(out.appendingPathComponent("ru")) == folder, "the folder was replaced, not kept")
        #expect(try inode(out.appendingPathComponent("ru/svorachivanie.html")) == unchanged)
        for gone in ["ru/stray.html", "old", ".notesite-staging", ".notesite-previous"] {
            #expect(!fm.fileExists(atPath: out.appendingPathComponent(gone).path), "\(gone) is still there")
        }
        #expect(try String(contentsOf: out.appendingPathComponent(".git/HEAD"), encoding: .utf8) == "ref: main")
        // The same files as a build into an empty folder, and the hidden one.
        let fresh = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(fresh.options)
        #expect(try files(below: out) == files(below: fresh.output).union(["ru/.swp"]))
        #expect(try site.read("en/collapse.html") == fresh.read("en/collapse.html"))
    }

    /// Where the old site is not laid out as the new one needs, the rebuild still puts the whole site in place,
    /// and writes nothing through a link to a folder outside it.
    @Test func aRebuildOverAnOddlyShapedSitePutsTheWholeSiteInPlace() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let fm = FileManager.default
        let out = site.output
        let expected = try files(below: out)
        func isFolder(_ path: String) -> Bool {
            var info = stat()
            return lstat(out.appendingPathComponent(path).path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        // `ru/` moved out of the site and linked back in its place: its pages are the same, and stay the same.
        let outside = site.root.appendingPathComponent("outside-ru")
        try fm.moveItem(at: out.appendingPathComponent("ru"), to: outside)
        try fm.createSymbolicLink(atPath: out.appendingPathComponent("ru").path, withDestinationPath: outside.path)
        let outsideFiles = try files(below: outside)
        let outsidePage = try String(contentsOf: outside.appendingPathComponent("svorachivanie.html"), encoding: .utf8)
        #expect(try SitePipeline.build(site.options).succeeded)
        #expect(isFolder("ru"))
        #expect(try files(below: out) == expected)
        #expect(try files(below: outside) == outsideFiles)
        #expect(try String(contentsOf: outside.appendingPathComponent("svorachivanie.html"), encoding: .utf8) == outsidePage)

        // A file where the site has the folder `assets/search`.
        try fm.removeItem(at: out.appendingPathComponent("assets/search"))
        try Data("not a folder".utf8).write(to: out.appendingPathComponent("assets/search"))
        #expect(try SitePipeline.build(site.options).succeeded)
        #expect(isFolder("assets/search"))
        #expect(try files(below: out) == expected)
    }

    /// Headings named like parts of the page keep GitHub's ids (the page's own ids start with a capital letter),
    /// and `#top` is the top of the page, as in any browser.
    @Test func headingsNamedLikeThePagesPartsKeepGitHubsIds() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/en/parts.md", """
            ---
            title: Parts
            date: 2024-05-01
            lang: en
            ---

            [main](#main), [contents](#contents), [search](#site-search), [top](#top), [top heading](#top-1).

            ## Main

            ## Contents

            ## Site search

            ## Top

            """)
        let report = try SitePipeline.check(site.options)
        #expect(report.diagnostics.filter { $0.severity != .note }.isEmpty, "\(report.diagnostics)")
        #expect(try SitePipeline.build(site.options).succeeded)
        let page = try site.read("en/parts.html")
        for id in ["main", "contents", "site-search", "top-1"] {
            #expect(page.contains("<h2 id=\"\(id)\">"), "\(id)")
        }
        #expect(page.contains("<main id=\"Main\"") && page.contains("href=\"#Main\""))
        let ids = page.matches(of: /\sid="([^"]*)"/).map { String($0.1) }
        #expect(Set(ids).count == ids.count, "ids on the page are unique: \(ids)")
    }

    @Test func theManifestVouchesForFilesAsTheyWereWritten() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let manifest = SiteManifest.load(from: site.output.path)
        let page = "ru/svorachivanie.html"
        let record = try #require(manifest.records[page])
        let path = site.output.appendingPathComponent(page).path
        let text = try site.read(page)
        #expect(record.size == text.utf8.count)
        #expect(manifest.records["en/collapse.html"] != nil && manifest.records["assets/search-index.js"] != nil)

        // A page changed in place, its size and modification time as they were: the manifest still vouches for
        // it, so a rebuild links it as it is, without reading it (what `make` would do too).
        func overwrite(_ replacement: String, keepingTime: Bool) throws {
            var before = stat()
            try #require(stat(path, &before) == 0)
            let descriptor = open(path, O_WRONLY)
            try #require(descriptor >= 0)
            let bytes = Array(replacement.utf8)
            try #require(bytes.count == text.utf8.count)
            #expect(pwrite(descriptor, bytes, bytes.count, 0) == bytes.count)
            close(descriptor)
            if keepingTime {
                var times = [before.st_atim, before.st_mtim]
                #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
            }
        }
        let forged = String(repeating: "x", count: text.utf8.count)
        try overwrite(forged, keepingTime: true)
        _ = try SitePipeline.build(site.options)
        #expect(try site.read(page) == forged)

        // Without a record in the manifest (damaged here) the page is read, found different, and written again.
        try Data("notesite-manifest 0\n".utf8).write(to: site.output.appendingPathComponent(SiteManifest.fileName))
        #expect(SiteManifest.load(from: site.output.path).records.isEmpty)
        _ = try SitePipeline.build(site.options)
        #expect(try site.read(page) == text)
        #expect(SiteManifest.load(from: site.output.path).records[page] != nil)

        // Changed in place the usual way (a new modification time): the record no longer matches, and the page
        // is read and written again.
        try overwrite(forged, keepingTime: false)
        _ = try SitePipeline.build(site.options)
        #expect(try site.read(page) == text)
    }

    @Test func aManifestIsReadBackAsWrittenAndADamagedOneIsNone() throws {
        var manifest = SiteManifest()
        manifest.records["zh/收起 展开.html"] = .init(hash: .init(.max), size: 12, inode: 34, modified: 1_795_355_539_648_289_208)
        manifest.records["a.html"] = .init(hash: .init(0xabc), size: 0, inode: .max, modified: 0)
        let text = String(decoding: manifest.text(), as: UTF8.self)
        #expect(text.hasPrefix("notesite-manifest 3\na.html".replacingOccurrences(of: "a.html", with: "abc 0 18446744073709551615 0 a.html")))
        #expect(text.hasSuffix("0 18446744073709551615 0 a.html\nffffffffffffffff 12 34 1795355539648289208 zh/收起 展开.html\n"))
        let parsed = text.utf8.withContiguousStorageIfAvailable { SiteManifest.parse($0) }
        #expect(parsed??.records == manifest.records)
        #expect(parsed??.listsEveryFile == true)
        // Version 2 left copied files out: its records are read, but it cannot tell the files no build wrote.
        let older = text.replacingOccurrences(of: "notesite-manifest 3", with: "notesite-manifest 2")
        let parsedOlder = older.utf8.withContiguousStorageIfAvailable { SiteManifest.parse($0) }
        #expect(parsedOlder??.records == manifest.records)
        #expect(parsedOlder??.listsEveryFile == false)
        // A time before 1970 is written with its sign, which the parse refuses: no manifest, nothing wrong read.
        var early = manifest
        early.records["b.html"] = .init(hash: .init(1), size: 3, inode: 4, modified: -5)
        let earlyText = String(decoding: early.text(), as: UTF8.self)
        #expect(earlyText.contains("\n1 3 4 -5 b.html\n"))
        #expect(earlyText.utf8.withContiguousStorageIfAvailable { SiteManifest.parse($0) }! == nil)
        for damaged in ["notesite-manifest 1\n", "abc def 0 1 2 a.html\n", text.replacingOccurrences(of: " 12 ", with: " 1x2 "),
                        text + "abc def 1 2\n", text + "abc def 1 2 3\n", text + "abcdefabcdefabcdefab def 1 2 3 x\n", text + "-1 0 1 2 3 x\n"] {
            let parsed = damaged.utf8.withContiguousStorageIfAvailable { SiteManifest.parse($0) }
            #expect(parsed != nil && parsed! == nil, "\(damaged)")
        }
        #expect(!SiteManifest.canRecord("a\nb.html"))
    }

    @Test func theContentHashTellsEveryOneByteChangeApart() {
        // Every length from 0 to 100 bytes, and each byte of a 100-byte text changed in turn (which reaches every
        // lane and the tail), and texts that differ only in trailing zero bytes.
        var seen = Set<[UInt64]>()
        let text = Array("Адаптивный UISplitViewController 收起 — 0123456789 abcdefghijklmnopqrstuvwxyz".utf8.prefix(100))
        func hash(_ bytes: [UInt8]) -> [UInt64] {
            let h = bytes.withUnsafeBytes { ContentHash.of($0) }
            return [h.value]
        }
        for length in 0...text.count { #expect(seen.insert(hash(Array(text.prefix(length)))).inserted) }
        for i in text.indices {
            var changed = text
            changed[i] ^= 0x20
            #expect(seen.insert(hash(changed)).inserted, "byte \(i)")
        }
        for zeros in 1...9 { #expect(seen.insert(hash(text + [UInt8](repeating: 0, count: zeros))).inserted) }
        #expect(hash(text) == hash(Array(text)))
    }

    @Test func deletingTheOldSiteDeletesEverythingInItAndNothingBeyondIt() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("notesite-remove-\(UUID().uuidString)")
        defer { try? fm.removeItem(at: root) }
        let old = root.appendingPathComponent("old")
        let outside = root.appendingPathComponent("outside")
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: outside.appendingPathComponent("keep.txt"))
        // More files in one folder than one thread deletes at a time, nested folders, an empty one, and links
        // to a folder and to a file outside, which must go without what they point to.
        for folder in ["ru", "assets/search/zh", "empty/inner"] {
            try fm.createDirectory(at: old.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        for i in 0..<600 { try Data("\(i)".utf8).write(to: old.appendingPathComponent("ru/\(i).html")) }
        try Data("x".utf8).write(to: old.appendingPathComponent("assets/search/zh/a.js"))
        try Data("x".utf8).write(to: old.appendingPathComponent("index.html"))
        // Two names that differ only in how `é` is composed: two files, both to go.
        for name in ["caf\u{E9}.html", "cafe\u{301}.html"] {
            #expect(FileManager.default.createFile(atPath: old.path + "/ru/" + name, contents: Data(name.utf8)))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: old.path + "/ru").filter { $0.hasPrefix("caf") }.count == 2)
        try fm.createSymbolicLink(atPath: old.appendingPathComponent("folder-link").path, withDestinationPath: outside.path)
        try fm.createSymbolicLink(atPath: old.appendingPathComponent("ru/file-link").path,
                                  withDestinationPath: outside.appendingPathComponent("keep.txt").path)

        try SiteWriter.removeTree(at: old.path)
        #expect(!fm.fileExists(atPath: old.path))
        #expect(try String(contentsOf: outside.appendingPathComponent("keep.txt"), encoding: .utf8) == "keep")
        // A folder that is not there is no error: a stopped build may have deleted it already.
        #expect(throws: Never.self) { try SiteWriter.removeTree(at: old.path) }
    }

    @Test func aNoteThatChangesBetweenParseAndRenderIsRefused() throws {
        let site = try ScratchSite()
        let loader = ContentLoader(root: site.content, displayRoot: "content")
        guard case .note(let file) = loader.read("notes/en/collapse.md") else { Issue.record("unreadable"); return }
        let note = try #require(NoteParser.parse(file).note).withoutSource()
        #expect(note.source.text.isEmpty && !note.hasDocument)
        // Read again unchanged, the note gets its text and tree back.
        let again = try NoteParser.withDocument(note, from: loader)
        #expect(again.source.text == file.text)
        #expect(again.document == NoteParser.parse(file).note?.document)
        try site.write("notes/en/collapse.md", file.text + "\nEdited meanwhile.\n")
        #expect(throws: NotesiteError.changedDuringRun(path: "content/notes/en/collapse.md")) {
            try NoteParser.withDocument(note, from: loader)
        }
    }

    /// A web server pointed at the output folder keeps finding the home page while complete builds swap in.
    @Test func theHomePageNeverGoesMissingWhileABuildSwapsIn() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let home = site.output.appendingPathComponent("index.html").path
        let watcher = MissCounter()
        let stop = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            while stop.wait(timeout: .now()) == .timedOut {
                if access(home, F_OK) != 0 { watcher.miss() }
            }
            done.signal()
        }
        for _ in 0..<20 { _ = try SitePipeline.build(site.options) }
        stop.signal()
        done.wait()
        #expect(watcher.misses == 0)
    }

    @Test func brokenLinksAreWarningsThatNameTheSpot() throws {
        let site = try ScratchSite()
        try site.write("notes/en/broken.md", "---\ntitle: b\ndate: 2020-01-01\nlang: en\n---\n\nSee [x](../zh/nothing.md).\n")
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded)
        let diagnostic = try #require(report.diagnostics.first { $0.rule.id == "link.unresolved" })
        #expect(diagnostic.formatted.hasSuffix("notes/en/broken.md:7:5: warning: the link points to '../zh/nothing.md', which is not a note or file of this site; correct the path (relative to this note) or remove the link [link.unresolved]"))
    }

    @Test func refusesAnOutputFolderInsideTheContent() throws {
        let site = try ScratchSite()
        var options = site.options
        options.output = site.content.appendingPathComponent("public")
        #expect(throws: NotesiteError.self) { try SitePipeline.build(options) }
        #expect(!FileManager.default.fileExists(atPath: options.output.path))
    }

    @Test func checkRunsInsideTheContentFolder() throws {
        // `notesite check --content .` from the content folder: the default output, public/, would be inside it,
        // which only matters to a build.
        let site = try ScratchSite()
        var options = site.options
        options.output = site.content.appendingPathComponent("public")
        let report = try SitePipeline.check(options)
        #expect(report.succeeded)
        #expect(report.notes > 0)
        #expect(!FileManager.default.fileExists(atPath: options.output.path))
    }

    @Test func checkCountsTheSymbolsFileAsThereWithoutMakingIt() throws {
        // check does not put symbols.json together (it lists every mention), but a page may still link to it.
        let site = try ScratchSite()
        let options = try site.options(editingTemplate: "footer.mustache") {
            $0.replacingOccurrences(of: "</footer>", with: "<a href=\"{{root}}reference/symbols.json\">data</a> <a href=\"{{root}}reference/nothing.json\">none</a></footer>")
        }
        // A note's link to it, in raw HTML as in Markdown, leads to a file of the site too.
        try site.write("notes/en/data.md", "---\ntitle: d\ndate: 2020-01-01\nlang: en\n---\n\n<p><a href=\"../reference/symbols.json\">data</a> <a href=\"../reference/nothing.json\">none</a></p>\n")
        let report = try SitePipeline.check(options)
        let broken = report.diagnostics.filter { $0.rule.id == "html.link-broken" }
        #expect(!broken.isEmpty)
        #expect(broken.allSatisfy { $0.message.contains("nothing.json\" leads to 'reference/nothing.json', which the site does not have") })
        let noteFindings = report.diagnostics.filter { $0.file.hasSuffix("notes/en/data.md") }
        #expect(noteFindings.map(\.rule.id) == ["link.unresolved"])
        #expect(noteFindings.first?.message.contains("'../reference/nothing.json'") == true)
    }

    /// A note's raw HTML links and images lead where its Markdown ones do: a note's file to its page, a file beside
    /// the notes to its copy. A broken one is reported once, at the note, not again from its page.
    @Test func rawHTMLLinksLeadToPagesAndAreReportedAtTheNote() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/raw.md", title: "Raw", """

        <p><a href="../zh/shoushi.md">收起</a> <a href="collapse.md#top" title="x">top</a> <a href="https://example.com/?a=1&amp;b=2">out</a></p>

        <a href="#nowhere">broken</a> <a href="no such.md">gone</a>
        """)
        #expect(try SitePipeline.build(site.options).succeeded)
        let page = try site.read("en/raw.html")
        #expect(page.contains("<a href=\"../zh/shoushi.html\">收起</a>"))
        #expect(page.contains("<a href=\"collapse.html#top\" title=\"x\">top</a>"))
        #expect(page.contains("<a href=\"https://example.com/?a=1&amp;b=2\">out</a>"))
        let report = try SitePipeline.check(site.options)
        let mine = report.diagnostics.filter { $0.file.hasSuffix("en/raw.md") || $0.file.hasSuffix("en/raw.html") }
        #expect(mine.map { "\($0.rule)@\($0.location!)" } == ["link.anchor-missing@9:4", "link.unresolved@9:34"], "\(mine.map(\.formatted))")
    }

    /// A note that links to a reference entry is listed under the entry's "Mentioned in", at the link's section,
    /// as a note that names it in code is; a link to the page alone, or to no entry, mentions nothing.
    @Test func aLinkToAnEntryIsAMention() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/linked.md", title: "Linked", """

        ## Size classes

        See [compact](../reference/UIUserInterfaceSizeClass.html#UIUserInterfaceSizeClass.compact) and
        [the page](../reference/UIUserInterfaceSizeClass.html).
        """)
        #expect(try SitePipeline.build(site.options).succeeded)
        let page = try site.read("reference/UIUserInterfaceSizeClass.html")
        // The page's text from each entry's id to the next entry's.
        let entries = Dictionary(page.components(separatedBy: "id=\"UIUserInterfaceSizeClass.").dropFirst().map { part in
            (String(part.prefix { $0 != "\"" }), part)
        }, uniquingKeysWith: { $0 + $1 })
        #expect(entries["compact"]?.contains("<li><a href=\"../en/linked.html\" lang=\"en\">Linked</a><ul><li><a href=\"../en/linked.html#size-classes\" lang=\"en\">Size classes</a></li></ul></li>") == true,
                "\(entries["compact"] ?? "")")
        #expect(entries["regular"]?.contains("en/linked.html") == false)
        let symbols = try site.read("reference/symbols.json")
        #expect(symbols.contains("notes/en/linked.md") || symbols.contains("en/linked.html"))
    }

    @Test func checkWritesNothing() throws {
        let site = try ScratchSite()
        let report = try SitePipeline.check(site.options)
        #expect(report.succeeded)
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    @Test func buildsAreByteIdentical() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let first = try allFiles(in: site.output)
        // A second build of a copy: a dictionary order that differs between runs shows in some file.
        let again = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(again.options)
        let second = try allFiles(in: again.output)
        #expect(first.count > 20)
        #expect(first.map(\.0) == second.map(\.0))
        for ((path, a), (_, b)) in zip(first, second) where a != b {
            Issue.record("\(path) differs between two builds")
        }
    }

    @Test func aBuilderThatLetsTreesGoWritesWhatOneThatKeepsThemWrites() throws {
        // build and check render each page in the pass that parses its note, against a listing of the notes' front
        // matter, and let the tree go; serve keeps the trees and renders after every note is parsed; a one-shot run
        // that does not stream renders after the parse, from a second read.
        let site = try ScratchSite()
        try site.write("notes/en/broken.md", "---\ntitle: Broken\ndate: 2024-01-01\nlang: en\n---\n\nSee [gone](missing.md) and `splitViewController(_:collapseSecondary:ontoo:)`.\n\nA shot: ![shot](https://github.com/a/b/blob/main/shot.png)\n\n<!-- notesite: collapse-table -->\n")
        let once = try OneShotBuild(options: site.options).build()
        let kept = ScratchSite(copyOf: site)
        let keeping = try IncrementalBuild(options: kept.options).run()
        #expect(!once.diagnostics.isEmpty)
        #expect(once.diagnostics.map(Self.summary) == keeping.diagnostics.map(Self.summary))
        // The fix-it for the image replaces the address, which stands after `A shot: ![shot](`.
        let blob = try #require(once.diagnostics.first { $0.rule.id == "image.github-blob" })
        #expect(blob.location?.line == 9 && blob.location?.column == 17)
        let first = try allFiles(in: site.output)
        let second = try allFiles(in: kept.output)
        #expect(first.contains { $0.0 == "assets/search/zh.0.js" })
        #expect(first.map(\.0) == second.map(\.0))
        for ((path, a), (_, b)) in zip(first, second) where a != b {
            Issue.record("\(path) differs between the two builders")
        }
        // In memory, the same files.
        let memory = MemorySink()
        let unstreamed = OneShotBuild(options: site.options)
        unstreamed.streamsPages = false
        _ = try unstreamed.run(.build) { memory }
        #expect(memory.files.keys.sorted() == first.map(\.0).filter { !$0.hasPrefix(".notesite-") })
        for (path, bytes) in first where !path.hasPrefix(".notesite-") {
            if case .copy = memory.files[path]?.contents { continue }
            #expect(memory.text(path).map { Data($0.utf8) } == bytes, "\(path) differs in memory")
        }
        // check's findings, API names and links included, do not depend on it either.
        let checkedOnce = try OneShotBuild(options: site.options).check()
        let checkedKeeping = try unstreamed.check()
        #expect(!checkedOnce.diagnostics.isEmpty)
        #expect(checkedOnce.diagnostics.contains { $0.rule.id.hasPrefix("symbol.") })
        #expect(checkedOnce.diagnostics.map(Self.summary) == checkedKeeping.diagnostics.map(Self.summary))
    }

    /// A note that its front matter lists but that cannot be read whole: the pages rendered against the listing
    /// do not stand, and both builders report the same.
    @Test func pagesRenderedAgainstAListingThatTurnsOutWrongAreRenderedAgain() throws {
        let site = try ScratchSite()
        try site.write("notes/en/linked.md", "---\ntitle: Linked\ndate: 2024-01-01\nlang: en\n---\n\nSee [broken](broken.md).\n")
        let good = "---\ntitle: Broken\ndate: 2024-01-02\nlang: en\n---\n\n" + String(repeating: "Text.\n", count: 3000)
        var bytes = Array(good.utf8)
        bytes += [0xC0, 0x0A]
        try Data(bytes).write(to: site.content.appendingPathComponent("notes/en/broken.md"))
        let loader = ContentLoader(root: site.content, displayRoot: "c")
        let listing = NoteListing(try loader.load(), loader: loader).index
        #expect(listing.note(atSourcePath: "notes/en/broken.md") != nil)

        let checkedOnce = try OneShotBuild(options: site.options).check()
        let unstreamed = OneShotBuild(options: site.options)
        unstreamed.streamsPages = false
        let checkedKeeping = try unstreamed.check()
        #expect(checkedOnce.diagnostics.contains { $0.rule.id == "content.encoding" })
        #expect(checkedOnce.diagnostics.filter { $0.file.hasSuffix("linked.md") }.map(\.rule.id) == ["link.unresolved"])
        #expect(checkedOnce.diagnostics.map(Self.summary) == checkedKeeping.diagnostics.map(Self.summary))

        // A build fails on the note and leaves nothing behind: no site, no staging folder.
        let built = try SitePipeline.build(site.options)
        #expect(!built.succeeded)
        #expect((try? FileManager.default.contentsOfDirectory(atPath: site.output.path)) ?? [] == [])
    }

    /// A diagnostic without the scratch folder's name, which differs between the two sites.
    private static func summary(_ d: Diagnostic) -> String {
        "\(d.file.split(separator: "/").suffix(3).joined(separator: "/")) \(d.location.map { "\($0)" } ?? "-") \(d.rule) \(d.message)"
    }

    /// Every file of the output, by relative path, in path order.
    private func allFiles(in folder: URL) throws -> [(String, Data)] {
        let base = folder.standardizedFileURL.path
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var files: [(String, Data)] = []
        while let url = enumerator?.nextObject() as? URL {
            // The manifest is the build's record of its files (their inodes and times), not a file of the site.
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true,
                  url.lastPathComponent != SiteManifest.fileName else { continue }
            files.append((String(url.standardizedFileURL.path.dropFirst(base.count + 1)), try Data(contentsOf: url)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    private func htmlFiles(in folder: URL) throws -> [URL] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            if url.pathExtension == "html" { files.append(url) }
        }
        return files.sorted { $0.path < $1.path }
    }

    /// The values of the named attributes, unescaped (`&amp;` → `&`).
    private func attributes(_ names: [String], in html: String) -> [String] {
        var values: [String] = []
        for name in names {
            var rest = html[...]
            let marker = " \(name)=\""
            while let start = rest.range(of: marker) {
                let valueStart = start.upperBound
                guard let end = rest[valueStart...].firstIndex(of: "\"") else { break }
                values.append(String(rest[valueStart..<end]).replacingOccurrences(of: "&amp;", with: "&"))
                rest = rest[end...]
            }
        }
        return values
    }
}

@Suite struct GeneratedLinkTests {
    /// A broken link that a template makes shows up in `check`, at its place in the generated page.
    @Test func checkFindsBrokenLinksThatTemplatesMake() throws {
        let site = try ScratchSite()
        let options = try site.options(editingTemplate: "footer.mustache") {
            $0.replacingOccurrences(of: "</footer>", with: "<a href=\"{{root}}about.html\">About</a></footer>")
        }
        let report = try SitePipeline.check(options)
        let broken = report.diagnostics.filter { $0.rule.id == "html.link-broken" }
        #expect(broken.count == 17) // every page has the footer
        #expect(broken.allSatisfy { $0.severity == .error && $0.message.contains("which the site does not have") })
        #expect(broken.contains { $0.file.hasSuffix("en/collapse.html") && $0.message.hasPrefix("href=\"../about.html\" leads to 'about.html'") })
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// check renders pages in memory; the page at a finding's path on disk is shown under it only while it still
    /// holds the link there, and an earlier build's page that says something else at that line is not.
    @Test func aPageFindingQuotesThePageOnDiskOnlyWhereItStillHoldsTheLink() throws {
        let site = try ScratchSite()
        // A link the footer makes, below each note's text.
        let options = try site.options(editingTemplate: "footer.mustache") {
            $0.replacingOccurrences(of: "</footer>", with: "<a href=\"{{root}}no&amp;such.html\">x</a></footer>")
        }
        let note = "notes/en/raw.md"
        let head = "---\ntitle: Raw\ndate: 2020-01-01\nlang: en\n---\n\n"
        try site.write(note, head + "Text.\n")
        // A build writes the page (broken links are warnings there); the check that follows finds the same link.
        #expect(try SitePipeline.build(options).succeeded)
        func printed() throws -> [String] {
            let finding = try require(try SitePipeline.check(options).diagnostics.first {
                $0.rule.id == "html.link-broken" && $0.file.hasSuffix("en/raw.html")
            }, "finding")
            var printer = DiagnosticPrinter()
            return printer.format(finding).split(separator: "\n").map(String.init)
        }
        let current = try printed()
        #expect(current.count == 3, "\(current)")
        #expect(current.dropFirst().first?.contains("<a href=\"../no&amp;such.html\">x</a>") == true)
        // Lines before the link move it down the page; the page on disk is now an earlier build's.
        try site.write(note, head + "One.\n\nTwo.\n\nThree.\n")
        let stale = try printed()
        #expect(stale.count == 1, "\(stale)")
        #expect(stale.first?.contains("href=\"../no&such.html\" leads to 'no&such.html'") == true)
    }

    @Test func pageLinksAreReadWithTheirCharacterReferencesDecoded() {
        // A browser follows `a&#46;html` to `a.html`, and `?x=1&amp;y=2` keeps one `&`.
        let page = HTMLLinkChecker.PageLinks(path: "en/p.html", html: "<p id=\"s&#101;e\"><a href=\"a&#46;html?x=1&amp;y=2\">x</a>\n<img src=\"b&#x2E;png\"></p>")
        #expect(page.ids == ["see"])
        #expect(page.links.map(\.value) == ["a.html?x=1&y=2", "b.png"])
        #expect(page.links.map(\.location.line) == [1, 2])
    }

    /// Attributes are found from their `=` signs: values that hold `=` or look like attributes, tags across lines and
    /// an unclosed value at the end are read as a browser would.
    @Test func pageLinksAreFoundAmongOtherAttributesAndLines() {
        let html = "<a\n href=\"a.html?x=1&y=2\" class=\"k=v\" title=\"t id=x href=y\">\n<img src=\"b.png\" alt=\"a=b\">"
            + "<p id=\"p1\" data-id=\"no\"><a href=\"c.html\">\n\n<a href=\"d.html#q"
        let page = HTMLLinkChecker.PageLinks(path: "en/p.html", html: html)
        #expect(page.ids == ["p1"])
        #expect(page.links.map(\.value) == ["a.html?x=1&y=2", "b.png", "c.html", "d.html#q"])
        #expect(page.links.map { "\($0.location.line):\($0.location.column)" } == ["2:2", "3:6", "3:55", "5:4"])
        #expect(page.markup(ofLink: 0) == "href=\"a.html?x=1&y=2\"")
        // A page made as bytes, as the renderer makes them, reads the same; a copied file has no links.
        for file in [OutputFile(path: "en/p.html", contents: .bytes(Array(html.utf8))), OutputFile(path: "en/p.html", contents: .text(html))] {
            let read = HTMLLinkChecker.PageLinks(file)
            #expect(read.ids == page.ids && read.links.map(\.value) == page.links.map(\.value))
            #expect(read.links.map(\.location) == page.links.map(\.location))
        }
        #expect(HTMLLinkChecker.PageLinks(OutputFile(path: "en/p.html", contents: .copy(URL(fileURLWithPath: "/nonexistent")))).links.isEmpty)
    }

    /// `#top` is the top of any page, in any case, as browsers take it; `#tops` is not.
    @Test func topIsTheTopOfAnyPage() {
        let page = HTMLLinkChecker.PageLinks(path: "en/p.html", html: "<a href=\"#top\">a</a><a href=\"#TOP\">b</a><a href=\"p.html#Top\">c</a><a href=\"#tops\">d</a>")
        let found = HTMLLinkChecker.check([page], paths: ["en/p.html"], outputDisplay: "public")
        #expect(found.map(\.message) == ["href=\"#tops\" leads to '#tops', which is not an id on 'en/p.html'; correct the template or the note that makes it"])
    }

    @Test func aPathWrittenManyTimesOnAPageIsJudgedWithEachFragment() {
        // A page resolves each path it writes once; every link is still judged whole, its fragment included.
        let note = HTMLLinkChecker.PageLinks(path: "zh/a.html", html: "<h2 id=\"收起\">x</h2><h2 id=\"ok\">y</h2>")
        let links = ["../zh/a.html#收起", "../zh/a.html#missing", "../zh/a.html#ok", "../zh/a.html?x=1#missing",
                     "../../out.html", "../../out.html", "../zh/none.html#收起", "../zh/none.html", "#top", "#nowhere",
                     "../zh/a.html#%E6%94%B6%E8%B5%B7", "../zh/a.html#e\u{301}"]
        let reference = HTMLLinkChecker.PageLinks(path: "reference/p.html", html: "<p id=\"top\">"
            + links.map { "<a href=\"\($0)\">x</a>\n" }.joined())
        let found = HTMLLinkChecker.check([note, reference], paths: ["zh/a.html", "reference/p.html"], outputDisplay: "public")
        #expect(found.map(\.location!.line) == [2, 4, 5, 6, 7, 8, 10, 12])
        #expect(found.map(\.message) == [
            "href=\"../zh/a.html#missing\" leads to '#missing', which is not an id on 'zh/a.html'; correct the template or the note that makes it",
            "href=\"../zh/a.html?x=1#missing\" leads to '#missing', which is not an id on 'zh/a.html'; correct the template or the note that makes it",
            "href=\"../../out.html\" leaves the site; correct the template or the note that makes it",
            "href=\"../../out.html\" leaves the site; correct the template or the note that makes it",
            "href=\"../zh/none.html#收起\" leads to 'zh/none.html', which the site does not have; correct the template or the note that makes it",
            "href=\"../zh/none.html\" leads to 'zh/none.html', which the site does not have; correct the template or the note that makes it",
            "href=\"#nowhere\" leads to '#nowhere', which is not an id on 'reference/p.html'; correct the template or the note that makes it",
            "href=\"../zh/a.html#e\u{301}\" leads to '#e\u{301}', which is not an id on 'zh/a.html'; correct the template or the note that makes it",
        ])
        #expect(found.allSatisfy { $0.file == "public/reference/p.html" })
    }
}

private final class MissCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func miss() { lock.withLock { count += 1 } }
    var misses: Int { lock.withLock { count } }
}
