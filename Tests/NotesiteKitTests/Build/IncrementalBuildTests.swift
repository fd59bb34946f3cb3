import Foundation
import Testing
@testable import NotesiteKit

/// `IncrementalBuild` reruns after edits (what `notesite serve` does). Whatever it chooses to render again, the output
/// folder must end up exactly as a build from scratch of the same content would leave it.
@Suite struct IncrementalBuildTests {
    /// Runs `edit`, rebuilds with the changes the folder snapshot sees, and compares with a fresh build.
    private func expectRebuildMatchesFreshBuild(
        _ edit: (ScratchSite) throws -> Void, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> (report: SiteReport, changed: Set<String>) {
        let site = try ScratchSite()
        let builder = IncrementalBuild(options: site.options)
        let first = try builder.run()
        #expect(first.succeeded, sourceLocation: sourceLocation)
        let before = FolderSnapshot(options: site.options)
        let oldFiles = try siteFiles(in: site.output)
        try edit(site)
        let changes = FolderSnapshot(options: site.options).changes(since: before)
        #expect(!changes.isEmpty, "the snapshot saw no change", sourceLocation: sourceLocation)
        let report = try builder.run(changes: changes)
        let incremental = try siteFiles(in: site.output)

        let fresh = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(fresh.options)
        let expected = try siteFiles(in: fresh.output)
        // The search scripts may differ (a rebuild patches the index and writes the edited note's text on its own):
        // the search must answer as a fresh build's does, each section with the same text.
        #expect(Set(incremental.keys.filter { !SearchAnswers.isScript($0) }) == Set(expected.keys.filter { !SearchAnswers.isScript($0) }),
                sourceLocation: sourceLocation)
        for (path, data) in expected where incremental[path] != data && !SearchAnswers.isScript(path) {
            Issue.record("\(path) differs from a fresh build", sourceLocation: sourceLocation)
        }
        // A rebuild may leave the index as it was and patch it: the search must answer as a fresh build's does.
        #expect(try SearchAnswers(site.output) == SearchAnswers(fresh.output), sourceLocation: sourceLocation)
        let changed = Set(incremental.filter { oldFiles[$0.key] != $0.value }.keys)
            .union(oldFiles.keys.filter { incremental[$0] == nil })
        return (report, changed)
    }

    @Test func editingABodyRewritesThatPageItsSearchTextAndTheSearchPatchOnly() throws {
        let (report, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/ru/svorachivanie.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text + "\nНовый абзац.\n")
        }
        #expect(report.succeeded)
        #expect(changed == ["ru/svorachivanie.html", "assets/search-patch.js", "assets/search/ru/svorachivanie.js"])
        #expect(report.filesWritten == 3)
    }

    @Test func aNewMentionReachesTheReferencePage() throws {
        let (_, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/ru/svorachivanie.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text + "\n## Сворачивание\n\nВызовите `primaryViewController(forCollapsing:)`.\n")
        }
        #expect(changed == ["ru/svorachivanie.html", "assets/search-patch.js", "assets/search/ru/svorachivanie.js", "reference/symbols.json",
                            "reference/UISplitViewControllerDelegate.html"])
    }

    @Test func aNewTitleReachesTheListsTheNeighboursAndTheTranslations() throws {
        let (_, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/en/collapse.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text.replacingOccurrences(of: "Collapsing, step by step", with: "Collapsing, in order"))
        }
        #expect(changed.isSuperset(of: ["en/collapse.html", "index.html", "en/index.html", "ru/collapse-ru.html", "feed.xml"]))
        #expect(!changed.contains("zh/shoushi.html"), "a note that neither lists nor neighbours it is left alone")
    }

    @Test func aNewAuthorReachesTheFeedAndABodyEditLeavesItAlone() throws {
        let (_, changed) = try expectRebuildMatchesFreshBuild { site in
            let path = "notes/en/collapse.md"
            let text = try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
            try site.write(path, text.replacingOccurrences(of: "Fixture Author", with: "Another Author"))
        }
        #expect(changed.contains("feed.xml"))
        #expect(!changed.contains("index.html"), "the lists show no author")
    }

    @Test func addingAndDeletingNotesAndImages() throws {
        _ = try expectRebuildMatchesFreshBuild { site in
            try site.write("notes/en/new-note.md", "---\ntitle: New\ndate: 2025-01-02\nlang: en\n---\n\nSee [collapse](collapse.md#step-1-choose-the-primary).\n")
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/zh/shoushi.md"))
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/en/images/diagram.svg"))
        }
        _ = try expectRebuildMatchesFreshBuild { site in
            try site.write("data/symbols.yml", try String(contentsOf: site.content.appendingPathComponent("data/symbols.yml"), encoding: .utf8) + "\n")
            try site.write("notes/en/images/diagram.svg", "<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
        }
    }

    @Test func aHeadingRenamedUnderALinkIsReportedAndFixed() throws {
        let served = try ServedSite()
        let path = "notes/en/collapse.md"
        let text = try served.source(path)
        let broken = try served.edit(path, text.replacingOccurrences(of: "## Step 2: collapse the secondary", with: "## Step two"))
        #expect(broken.diagnostics.contains { $0.rule.id == "link.anchor-missing" && $0.file.hasSuffix("en/collapse.md") })
        let fixed = try served.edit(path, text)
        #expect(!fixed.diagnostics.contains { $0.rule.id == "link.anchor-missing" })
    }

    /// A link to a post's old address (`/later-post/`) finds the note of that name when it comes, in whichever
    /// folder, as a fresh build would, and is reported again when it goes.
    @Test func aNoteThatComesAnswersALinkToItsOldAddress() throws {
        let served = try ServedSite()
        let path = "notes/en/collapse.md"
        let text = try served.source(path)
        let linked = try served.edit(path, text + "\nSee [the later post](/later-post/).\n")
        #expect(linked.diagnostics.contains { $0.rule.id == "link.unresolved" && $0.message.contains("/later-post/") })
        let added = try served.edit("notes/en/2024/2024-06-01-later-post.md", "---\ntitle: Later\ndate: 2024-06-01\n---\n\nText.\n")
        #expect(!added.diagnostics.contains { $0.rule.id == "link.unresolved" && $0.message.contains("/later-post/") })
        #expect(try served.site.read("en/collapse.html").contains("href=\"2024/later-post.html\""))
        try FileManager.default.removeItem(at: served.site.content.appendingPathComponent("notes/en/2024/2024-06-01-later-post.md"))
        let removed = try served.rebuild()
        #expect(removed.diagnostics.contains { $0.rule.id == "link.unresolved" && $0.message.contains("/later-post/") })
    }

    @Test func aBrokenNoteShowsItsErrorsAndTheFixBringsThePageBack() throws {
        let served = try ServedSite()
        let site = served.site
        let other = try site.read("zh/shoushi.html")
        let path = "notes/en/collapse.md"
        let text = try served.source(path)
        let broken = try served.edit(path, text.replacingOccurrences(of: "date: 2024-05-01", with: "date: [2024]") + "\nA new line.\n")
        #expect(!broken.succeeded)
        #expect(broken.notesShowingErrors == [broken.diagnostics.first { $0.severity == .error }?.file])
        let page = try site.read("en/collapse.html")
        #expect(page.contains("This note does not build") && page.contains("[frontmatter.invalid]"), "\(page)")
        #expect(!page.contains("A new line."))
        #expect(try site.read("zh/shoushi.html") == other)

        let fixed = try served.edit(path, text + "\nA new line.\n")
        #expect(fixed.succeeded)
        #expect(fixed.notesShowingErrors.isEmpty)
        #expect(try site.read("en/collapse.html").contains("A new line."))
    }

    /// A folder's README with errors shows them at the folder's page, where the note would be.
    @Test func aBrokenFolderNoteShowsItsErrorsAtTheFoldersPage() throws {
        let served = try ServedSite()
        let broken = try served.edit("notes/en/Split View/README.md", "---\ntitle: \"Split\ndate: 2024-01-01\n---\nText.\n")
        #expect(!broken.succeeded && broken.notesShowingErrors.count == 1)
        #expect(try served.site.read("en/split-view.html").contains("This note does not build"))
    }

    /// An error that belongs to no note (a data file that does not parse) writes nothing.
    @Test func aBrokenDataFileWritesNothing() throws {
        let served = try ServedSite()
        let site = served.site
        let good = try site.read("en/collapse.html")
        let table = try served.source("data/collapse-table.yml")
        try site.write("notes/en/collapse.md", try served.source("notes/en/collapse.md") + "\nA new line.\n")
        let broken = try served.edit("data/collapse-table.yml", "rows: [\n" + table)
        #expect(!broken.succeeded && broken.filesWritten == 0 && broken.notesShowingErrors.isEmpty)
        #expect(try site.read("en/collapse.html") == good)
        let fixed = try served.edit("data/collapse-table.yml", table)
        #expect(fixed.succeeded)
        #expect(try site.read("en/collapse.html").contains("A new line."))
    }

    @Test func thePatchGathersEveryEditSinceTheIndexAndAFullRunEmptiesIt() throws {
        let served = try ServedSite()
        let site = served.site
        let index = try site.read("assets/search-index.js")
        #expect(try site.read("assets/search-patch.js") == "window.NOTESITE_SEARCH_PATCH = null;\n")
        func edit(_ path: String, _ change: (String) -> String) throws {
            #expect(try served.edit(path, change(served.source(path))).succeeded)
        }
        try edit("notes/zh/shoushi.md") { $0 + "\n绿萝\n" }
        try edit("notes/en/collapse.md") { $0 + "\nQuokkas.\n" }
        // The second edit's patch still holds the first note's sections.
        #expect(try site.read("assets/search-index.js") == index)
        let patch = try site.read("assets/search-patch.js")
        #expect(patch.contains("\"绿萝\"") && patch.contains("\"quokkas\""))
        #expect(!patch.contains("svorachivanie"))
        let fresh = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(fresh.options)
        let answers = try SearchAnswers(site.output)
        #expect(answers == (try SearchAnswers(fresh.output)))
        #expect(answers.words["quokkas"]?.count == 1 && answers.words["绿萝"]?.count == 1)
        // A complete run (no list of changes) writes the index whole again and empties the patch.
        try edit("notes/en/collapse.md") { $0.replacingOccurrences(of: "Quokkas.", with: "Wombats.") }
        #expect(try SearchAnswers(site.output).words["quokkas"] == nil)
        _ = try served.builder.run()
        #expect(try site.read("assets/search-patch.js") == "window.NOTESITE_SEARCH_PATCH = null;\n")
        #expect(try SearchAnswers(site.output).words["wombats"]?.count == 1)
        // A page that loads the new index with the old patch (read before it was emptied) must not apply it: the
        // patch names the index it was made for, and the new index has another name.
        let generation = { (text: String) in text.firstMatch(of: /"(?:generation|base)": "([0-9a-f]+)"/).map { String($0.1) } }
        #expect(generation(patch) == generation(index))
        #expect(generation(try site.read("assets/search-index.js")) != generation(index))
        try patch.write(to: site.output.appendingPathComponent("assets/search-patch.js"), atomically: true, encoding: .utf8)
        let answers2 = try SearchAnswers(site.output)
        #expect(answers2.words["quokkas"] == nil && answers2.words["wombats"]?.count == 1)
    }

    @Test func aGoodEditMadeInTheSameRunAsABrokenOneIsWrittenAtOnce() throws {
        let served = try ServedSite()
        let site = served.site
        let good = "notes/zh/shoushi.md", bad = "notes/en/collapse.md"
        let goodText = try served.source(good)
        let badText = try served.source(bad)
        try site.write(good, goodText + "\n新的一段。\n")
        try site.write(bad, badText.replacingOccurrences(of: "date: 2024-05-01", with: "date: [2024]"))
        #expect(try !served.rebuild().succeeded)
        #expect(try site.read("zh/shoushi.html").contains("新的一段。"))
        #expect(try served.edit(bad, badText).succeeded)
        #expect(try site.read("zh/shoushi.html").contains("新的一段。"))
        #expect(try SearchAnswers(site.output).words["新的"] != nil)
    }

    /// A first run with a broken note renders the others with the names the symbol list of that run knew. A
    /// symbol added before the next run must be linked in the code all the same.
    @Test func aSymbolAddedAfterAFailedFirstRunIsLinkedInCode() throws {
        let site = try ScratchSite()
        try site.write("notes/en/broken.md", "---\ntitle: Broken\ndate: [2024]\nlang: en\n---\nBroken.\n")
        let builder = IncrementalBuild(options: site.options)
        #expect(try !builder.run().succeeded)
        let before = FolderSnapshot(options: site.options)
        try FileManager.default.removeItem(at: site.content.appendingPathComponent("notes/en/broken.md"))
        let symbols = try String(contentsOf: site.content.appendingPathComponent("data/symbols.yml"), encoding: .utf8)
        try site.write("data/symbols.yml", symbols + """
          - id: UISplitViewController
            kind: class
            swift: UISplitViewController
            swift_versions: {"2": UISplitViewController, "3": UISplitViewController, "4": UISplitViewController, "4.2": UISplitViewController}
            objc: UISplitViewController
            introduced: "8.0"
            summary: "Shows a primary and a secondary view controller side by side."

        """)
        let report = try builder.run(changes: FolderSnapshot(options: site.options).changes(since: before))
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("en/collapse.html")
        let code = try #require(page.firstRange(of: "<pre><code class=\"language-swift\">").map { page[$0.lowerBound...] })
        let block = code[..<(code.firstRange(of: "</pre>")?.lowerBound ?? code.endIndex)]
        #expect(block.contains("UISplitViewController.html#UISplitViewController\" title=\"UISplitViewController\">UISplitViewController</a>"))
    }
}

/// What the search page answers from a site's search scripts, reading the patch over the index the way
/// `search.js` does: the sections it can show (title, heading, language, address, text script and place in it)
/// and, for each word, the sections that hold it. Section ids differ between a patched and a whole index; these
/// do not.
struct SearchAnswers: Equatable {
    /// Whether `path` is one of the search's scripts: the index, its patch, or a text script.
    static func isScript(_ path: String) -> Bool {
        path == "assets/search-index.js" || path == "assets/search-patch.js" || path.hasPrefix("assets/search/")
    }

    /// Each section as the search page shows it: title, heading, language, address and text.
    var sections: Set<String> = []
    var words: [String: Set<String>] = [:]
    private let site: URL
    private var texts: [String: [String]] = [:]

    init(_ site: URL) throws {
        self.site = site
        let index = try require(Self.object(site, "assets/search-index.js", "window.NOTESITE_SEARCH = ") as? [String: Any], "no index")
        var patch = try Self.object(site, "assets/search-patch.js", "window.NOTESITE_SEARCH_PATCH = ") as? [String: Any]
        // search.js applies a patch only over the index it names.
        if let base = patch?["base"] as? String, base != index["generation"] as? String { patch = nil }
        var removed: Set<Int> = []
        for pair in patch?["removed"] as? [[Int]] ?? [] { removed.formUnion(pair[0]..<pair[1]) }
        try add(index, skipping: removed)
        if let patch { try add(patch, skipping: []) }
    }

    private mutating func add(_ part: [String: Any], skipping removed: Set<Int>) throws {
        let shards = try require(part["shards"] as? [String], "no shards")
        let keys = try require(part["sections"] as? [[Any]], "no sections").map { s -> String in
            "\(s[0]) | \(s[1]) | \(s[2]) | \(s[3]) | \(try text(shards[(s[4] as? Int) ?? -1], at: s[5] as? Int ?? -1))"
        }
        for (id, key) in keys.enumerated() where !removed.contains(id) { sections.insert(key) }
        for (word, gaps) in try require(part["index"] as? [String: [Int]], "no index") {
            var id = 0
            for gap in gaps {
                id += gap
                if !removed.contains(id) { words[word, default: []].insert(keys[id]) }
            }
        }
    }

    /// The text at `position` of the text script `name`, as the search page reads it.
    private mutating func text(_ name: String, at position: Int) throws -> String {
        if texts[name] == nil {
            let script = try String(contentsOf: site.appendingPathComponent(SearchIndex.shardPath(name)), encoding: .utf8)
            let prefix = "NOTESITE_SEARCH_TEXT(\"\(name)\", "
            #expect(script.hasPrefix(prefix) && script.hasSuffix(");\n"), "\(name) is not `\(prefix)…);`")
            let list = script.dropFirst(prefix.count).dropLast(3)
            texts[name] = try require(JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String], "no texts in \(name)")
        }
        let list = texts[name]!
        return list.indices.contains(position) ? list[position] : "(no text at \(position) of \(name))"
    }

    static func == (a: SearchAnswers, b: SearchAnswers) -> Bool {
        a.sections == b.sections && a.words == b.words
    }

    private static func object(_ site: URL, _ path: String, _ prefix: String) throws -> Any {
        let text = try String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)
        #expect(text.hasPrefix(prefix) && text.hasSuffix(";\n"), "\(path) is not `\(prefix)…;`")
        let body = text.dropFirst(prefix.count).dropLast(2)
        return try JSONSerialization.jsonObject(with: Data(body.utf8), options: [.fragmentsAllowed])
    }
}
