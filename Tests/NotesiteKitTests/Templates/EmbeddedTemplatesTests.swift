import Foundation
import Testing
@testable import NotesiteKit

/// The templates compiled into notesite are the repository's `Templates/`, and a project's folder replaces them
/// file by file.
@Suite struct EmbeddedTemplatesTests {
    @Test func theBuiltInFilesAreTheRepositorysTemplates() throws {
        let folder = repositoryRoot.appendingPathComponent("Templates")
        let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter { path in
            var isFolder: ObjCBool = false
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path, isDirectory: &isFolder)
            return !isFolder.boolValue && !path.split(separator: "/").contains(where: ContentLoader.isIgnored)
        }.sorted()
        #expect(EmbeddedTemplates.paths == files)
        for path in files {
            #expect(EmbeddedTemplates.text(path) == (try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)), "\(path)")
        }
    }

    @Test func aMissingFolderIsTheDefaultsUnlessNamed() throws {
        let nowhere = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-none-\(UUID().uuidString)")
        let defaults = try TemplateSet(folder: nowhere, displayPath: "Templates", required: false, site: .default)
        #expect(defaults.assets == ["assets/favicon.svg", "assets/search.js", "assets/site.js", "assets/style.css"])
        #expect(defaults.strings.text("site_title", in: .en) == "Split View Notes")
        #expect(throws: NotesiteError.self) { try TemplateSet(folder: nowhere, displayPath: "Templates", required: true, site: .default) }
    }

    @Test func aProjectsFileReplacesOnlyItsDefault() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-own-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("en:\n  site_title: \"Own\"\n".utf8).write(to: folder.appendingPathComponent("strings.yml"))
        try Data("a { }\n".utf8).write(to: folder.appendingPathComponent("assets/style.css"))
        try Data("x".utf8).write(to: folder.appendingPathComponent("assets/extra.txt"))
        let set = try TemplateSet(folder: folder, displayPath: "T", required: true, site: .default)
        #expect(set.strings.text("site_title", in: .en) == "Own")
        #expect(set.assets == ["assets/extra.txt", "assets/favicon.svg", "assets/search.js", "assets/site.js", "assets/style.css"])
        guard case .copy(let url) = set.assetFile("assets/style.css").contents else { Issue.record("not the project's file"); return }
        #expect(url.lastPathComponent == "style.css")
        guard case .text(let text) = set.assetFile("assets/site.js").contents else { Issue.record("not the built-in file"); return }
        #expect(text == EmbeddedTemplates.text("assets/site.js"))
        // The project's strings lack every other key: the templates naming them are warned about, at the
        // built-in templates' names.
        #expect(set.diagnostics.contains { $0.file.hasPrefix("(built-in)/") && $0.rule == TemplateRule.unknownVariable.rule })
    }

    @Test func theSitesWordsReplaceTheStringsTitleAndDescription() throws {
        var site = SiteConfig()
        site.title = SiteConfig.SiteWords(byLanguage: ["zh": "笔记"], fallback: "Notes")
        let set = try TemplateSet(folder: repositoryRoot.appendingPathComponent("Templates"), displayPath: "Templates", required: true, site: site)
        #expect(set.strings.text("site_title", in: .zh) == "笔记")
        #expect(set.strings.text("site_title", in: .ru) == "Notes")
        // Words the file does not give stay the strings file's.
        #expect(set.strings.text("site_description", in: .ru).hasPrefix("Учебные заметки"))
    }
}
