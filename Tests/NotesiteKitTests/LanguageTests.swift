import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NotesiteKit

@Suite struct LanguageTests {
    @Test(arguments: [
        (NoteDate(year: 2017, month: 2, day: 25), Language.en, "25 February 2017"),
        (NoteDate(year: 2017, month: 2, day: 25), Language.zh, "2017年2月25日"),
        (NoteDate(year: 2017, month: 2, day: 25), Language.ru, "25 февраля 2017 г."),
        (NoteDate(year: 2016, month: 3), Language.ru, "март 2016 г."),
        (NoteDate(year: 2016, month: 3), Language.zh, "2016年3月"),
        (NoteDate(year: 2016, month: 3), Language.en, "March 2016"),
    ])
    func datesAreWrittenTheWayEachLanguageWritesThem(date: NoteDate, language: Language, text: String) {
        #expect(date.formatted(in: language) == text)
    }

    /// The strings file is the pages' labels: without it, or with YAML that does not parse, the run stops and
    /// says where, instead of printing each key as a label.
    @Test func aMissingOrBrokenStringsFileStopsTheRunAtItsPlace() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-strings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("strings.yml")
        let missing = try #require(throws: NotesiteError.self) { try Strings.load(file, displayPath: "T/strings.yml") }
        #expect(missing.description == "T/strings.yml: error: the strings file is missing; the pages' labels in each language come from it, so restore it [template.strings]")
        try Data("en:\n  home: Home\nx: [\n".utf8).write(to: file)
        let broken = try #require(throws: NotesiteError.self) { try Strings.load(file, displayPath: "T/strings.yml") }
        #expect(broken.description.hasPrefix("T/strings.yml:4:1: error: the strings file is not valid YAML"), "\(broken)")
        #expect(!broken.description.contains("DecodingError"))
        try Data("en: [Home, Search]\n".utf8).write(to: file)
        let shape = try #require(throws: NotesiteError.self) { try Strings.load(file, displayPath: "T/strings.yml") }
        #expect(shape.description.contains("T/strings.yml: error: the strings file must map each language code (zh, ru, en) to its texts"), "\(shape)")
    }

    @Test func stringsFallBackToEnglish() throws {
        let strings = try Strings.load(repositoryRoot.appendingPathComponent("Templates/strings.yml"), displayPath: "strings.yml")
        #expect(strings.text("contents", in: .zh) == "目录")
        #expect(strings.text("contents", in: .ru) == "Содержание")
        // Every key has all three languages.
        #expect(strings.all(for: .zh).count == strings.all(for: .en).count)
        #expect(Set(strings.all(for: .ru).keys) == Set(strings.all(for: .en).keys))
        // A key a language lacks is in English on its pages; a language with no texts at all is all English.
        let partial = Strings(table: [.en: ["home": "Home", "search": "Search"], .ru: ["home": "Главная"]])
        #expect(partial.all(for: .ru) == ["home": "Главная", "search": "Search"])
        #expect(partial.all(for: .zh) == ["home": "Home", "search": "Search"])
        #expect(Strings.empty.all(for: .en).isEmpty)
    }

    @Test func notePagesFollowTheirLanguageAndLinkTheirTranslations() throws {
        let site = try ScratchSite()
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let russian = try site.read("ru/collapse-ru.html")
        #expect(russian.contains("<html lang=\"ru\""))
        #expect(russian.contains("<h2>Содержание</h2>"))
        #expect(russian.contains("2 мая 2024 г."))
        #expect(russian.contains("<link rel=\"alternate\" hreflang=\"en\" href=\"../en/collapse.html\">"))
        let english = try site.read("en/collapse.html")
        #expect(english.contains("<link rel=\"alternate\" hreflang=\"ru\" href=\"../ru/collapse-ru.html\">"))
        // The language switcher leads to the translation rather than to the language's index.
        #expect(english.contains("<a href=\"../ru/collapse-ru.html\" hreflang=\"ru\" lang=\"ru\">Русский</a>"))
        #expect(try site.read("zh/shoushi.html").contains("<h2>目录</h2>"))
        // A lost image's placeholder speaks the page's language.
        try site.write("notes/zh/lost.md", "---\ntitle: 图\ndate: 2020-01-01\nlang: zh\n---\n![]()\n")
        _ = try SitePipeline.build(site.options)
        #expect(try site.read("zh/lost.html").contains("<span class=\"image-missing-label\">图片缺失</span>"))
    }
}
