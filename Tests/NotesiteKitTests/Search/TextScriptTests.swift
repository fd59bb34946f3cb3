import Foundation
import Testing
@testable import NotesiteKit

/// A complete build puts the sections' texts in text scripts of a few notes each, and every section of the index
/// finds its own text in the script and at the position the index names; serve, after an edit, the edited note's
/// text in a script of its own.
@Suite struct TextScriptTests {
    /// A site of `english` English notes and `chinese` Chinese ones, each saying which note it is.
    private func site(english: Int, chinese: Int) throws -> ScratchSite {
        let site = try ScratchSite(fixture: nil)
        for i in 0..<english {
            try site.write("notes/en/note-\(i).md", "---\ntitle: Note \(i)\ndate: 2024-01-\(String(format: "%02d", i % 28 + 1))\n---\n\nBody of english-\(i).\n\n## Part\n\nMore of english-\(i).\n")
        }
        for i in 0..<chinese {
            try site.write("notes/zh/bi-ji-\(i).md", "---\ntitle: 笔记 \(i)\ndate: 2024-02-01\n---\n\n正文 chinese-\(i)。\n")
        }
        return site
    }

    /// The index's sections as `(url, script, position)`, and the scripts' names.
    private func index(of site: ScratchSite) throws -> (sections: [(url: String, script: String, position: Int)], scripts: [String]) {
        let script = try site.read("assets/search-index.js")
        let json = script.dropFirst("window.NOTESITE_SEARCH = ".count).dropLast(";\n".count)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let scripts = try #require(object["shards"] as? [String])
        let sections = try #require(object["sections"] as? [[Any]]).map { section in
            (url: section[3] as! String, script: scripts[section[4] as! Int], position: section[5] as! Int)
        }
        return (sections, scripts)
    }

    /// The texts of the text script `name`, in order.
    private func texts(_ name: String, in site: ScratchSite) throws -> [String] {
        let script = try site.read(SearchIndex.shardPath(name))
        let prefix = "NOTESITE_SEARCH_TEXT(\"\(name)\", "
        #expect(script.hasPrefix(prefix))
        let json = script.dropFirst(prefix.count).dropLast(");\n".count)
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String])
    }

    @Test func aLanguagesNotesShareTextScriptsAsManyAsItsAverageNoteAllows() throws {
        let notes = try (0..<40).map { i in
            let path = "notes/\(i % 5 == 0 ? "zh" : "en")/n\(i).md"
            return try #require(NoteParser.parse(SourceFile(path: path, displayPath: path, text: "# N\(i)\n")).note)
        }
        // 32 English notes of 10 KB: sixteen to a script; 8 Chinese notes of 100 KB: two to a script.
        let plan = TextScriptPlan(notes) { $0.language == .zh ? 100 << 10 : 10 << 10 }
        #expect(plan.script(ofSourcePath: "notes/en/n1.md") == "en.0")
        #expect(plan.script(ofSourcePath: "notes/en/n39.md") == "en.1")
        #expect(plan.script(ofSourcePath: "notes/zh/n0.md") == "zh.0" && plan.script(ofSourcePath: "notes/zh/n5.md") == "zh.0")
        #expect(plan.script(ofSourcePath: "notes/zh/n35.md") == "zh.3")
        #expect(plan.memberCount(of: "en.0") == 16 && plan.memberCount(of: "en.1") == 16 && plan.memberCount(of: "zh.3") == 2)
        #expect(plan.script(ofSourcePath: "notes/en/absent.md") == nil)
        // Sizes that cannot be told count as small notes.
        #expect(TextScriptPlan(notes) { _ in nil }.memberCount(of: "en.0") == 32)
    }

    @Test func aScriptHoldsAboutAQuarterMegabyte() {
        #expect(TextScriptPlan.notesPerScript(averageBytes: 0) == 32)
        #expect(TextScriptPlan.notesPerScript(averageBytes: 8 << 10) == 32)
        #expect(TextScriptPlan.notesPerScript(averageBytes: 9 << 10) == 16)
        #expect(TextScriptPlan.notesPerScript(averageBytes: 51 << 10) == 4)
        #expect(TextScriptPlan.notesPerScript(averageBytes: 200 << 10) == 1)
        #expect(TextScriptPlan.notesPerScript(averageBytes: 1 << 30) == 1)
    }

    @Test func everySectionFindsItsTextWhereTheIndexSays() throws {
        let site = try site(english: 35, chinese: 3)
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let (sections, scripts) = try index(of: site)
        // Small notes, 32 to a script.
        #expect(Set(scripts) == ["en.0", "en.1", "zh.0"])
        let folder = site.output.appendingPathComponent("assets/search")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(files == ["en.0.js", "en.1.js", "zh.0.js"])
        #expect(sections.count == 35 * 2 + 3)
        var loaded: [String: [String]] = [:]
        for section in sections {
            if loaded[section.script] == nil { loaded[section.script] = try texts(section.script, in: site) }
            let list = loaded[section.script]!
            try #require(section.position < list.count, "\(section.url)")
            let page = String(section.url.split(separator: "#")[0])
            let marker = page.hasPrefix("en/") ? "english-" + page.dropFirst("en/note-".count).dropLast(".html".count)
                : "chinese-" + page.dropFirst("zh/bi-ji-".count).dropLast(".html".count)
            #expect(list[section.position].contains(marker + ".") || list[section.position].contains(marker + "。"),
                    "\(section.url) reads \(list[section.position])")
        }
        // Every text of every script belongs to one section.
        #expect(loaded.values.reduce(0) { $0 + $1.count } == sections.count)
    }

    /// The notes' sizes reach the plan of a complete build: ten notes of 60 KB go four to a script, as serve's
    /// build groups them.
    @Test func aCompleteBuildGroupsLargeNotesByTheirSize() throws {
        let site = try ScratchSite(fixture: nil)
        let paragraph = String(repeating: "A long line of the note's text. ", count: 64) + "\n\n"
        for i in 0..<10 {
            try site.write("notes/en/note-\(i).md", "---\ntitle: Note \(i)\ndate: 2024-01-0\(i % 9 + 1)\n---\n\n"
                           + String(repeating: paragraph, count: 30))
        }
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(try index(of: site).scripts == ["en.0", "en.1", "en.2"])
        let served = ScratchSite(copyOf: site)
        #expect(try IncrementalBuild(options: served.options).run().succeeded)
        for name in ["en.0", "en.1", "en.2"] {
            #expect(try site.read(SearchIndex.shardPath(name)) == served.read(SearchIndex.shardPath(name)))
        }
    }

    @Test func serveWritesTheSameScriptsThenTheEditedNotesOwn() throws {
        let site = try site(english: 20, chinese: 0)
        let build = IncrementalBuild(options: site.options)
        #expect(try build.run().succeeded)
        let built = ScratchSite(copyOf: site)
        _ = try SitePipeline.build(built.options)
        #expect(try site.read("assets/search/en.0.js") == built.read("assets/search/en.0.js"))
        try site.write("notes/en/note-3.md", "---\ntitle: Note 3\ndate: 2024-01-04\n---\n\nBody of english-3, edited.\n")
        #expect(try build.run(changes: SiteChanges(content: ["notes/en/note-3.md"])).succeeded)
        // The patch's sections read the edited text from the note's own script.
        let patch = try site.read("assets/search-patch.js")
        #expect(patch.contains("\"en/note-3\""))
        #expect(try texts("en/note-3", in: site) == ["Body of english-3, edited."])
    }
}
