import Foundation
import Testing
@testable import NotesiteKit

/// Languages as data: a site's own list decides which folders are notes, what `lang` may say and the order of the
/// pages; a site with Japanese builds its pages, lists and search in Japanese.
@Suite struct SiteLanguagesTests {
    private let japanese = SiteLanguages([Language(code: "en"), Language(code: "ja")])

    @Test func aFolderIsANoteOnlyInTheSitesLanguages() {
        let file = SourceFile(path: "notes/ja/a.md", displayPath: "notes/ja/a.md", text: "# A\n", languages: japanese)
        #expect(NotePlace.of(file).place?.language.code == "ja")
        let builtIn = SourceFile(path: "notes/ja/a.md", displayPath: "notes/ja/a.md", text: "# A\n")
        let refused = NotePlace.of(builtIn)
        #expect(refused.place == nil)
        #expect(refused.diagnostics.first?.message == "'ja' is not a language of this site; put the note under notes/zh, notes/ru or notes/en, or add `[[languages]] code = \"ja\"` to notesite.toml")
        let russian = SourceFile(path: "notes/ru/a.md", displayPath: "notes/ru/a.md", text: "# A\n", languages: japanese)
        #expect(NotePlace.of(russian).diagnostics.first?.message.contains("put the note under notes/en or notes/ja") == true)
    }

    @Test func langNamesASiteLanguageWithARegionToo() {
        func lang(_ value: String) -> (String?, [String]) {
            let file = SourceFile(path: "notes/ja/a.md", displayPath: "a.md", text: "---\ntitle: A\nlang: \(value)\n---\nText.\n", languages: japanese)
            let (note, diagnostics) = NoteParser.parse(file)
            return (note?.metadata.lang?.code, diagnostics.map(\.rule.id))
        }
        #expect(lang("ja") == ("ja", []))
        #expect(lang("ja-JP") == ("ja", []))
        #expect(lang("ja_JP") == ("ja", []))
        #expect(lang("en") == ("en", ["frontmatter.lang-mismatch"]))
        #expect(lang("zh").1 == ["frontmatter.invalid"])
    }

    @Test func languagesSortInTheSitesOrder() {
        let site = SiteLanguages([Language(code: "en"), Language(code: "zh"), Language(code: "ja")])
        #expect(site.all.sorted() == site.all)
        #expect(site.all.map(\.order) == [0, 1, 2])
        #expect(Language.builtIn.sorted().map(\.code) == ["zh", "ru", "en"])
        // A language is its code: the same language from two lists is one.
        #expect(site.language(code: "en") == Language.en)
        #expect(Set([site.language(code: "zh")!, Language.zh]).count == 1)
        #expect(Language.isValidCode("pt-br") && Language.isValidCode("zh-hant") && !Language.isValidCode("EN") && !Language.isValidCode("e"))
    }

    @Test func aJapaneseSiteHasItsPagesListsAndSearch() throws {
        let site = try ScratchSite(fixture: nil)
        try site.write("notes/ja/bunkatsu.md", "---\ntitle: 分割ビュー\ndate: 2024-03-04\nlang: ja\n---\n\n## 折りたたみ\n\nｽﾌﾟﾘｯﾄ ビューは折りたたまれます。\n")
        try site.writeNote("notes/en/split.md", title: "Split", "Text.\n")
        var options = site.options
        options.site = SiteConfig.parse("[[languages]]\ncode = \"ja\"\n[[languages]]\ncode = \"en\"\n", displayPath: "notesite.toml")
        let report = try SitePipeline.build(options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        #expect(report.diagnostics.filter { $0.rule == TemplateRule.unknownVariable.rule }.map(\.severity) == [.note])
        let page = try site.read("ja/bunkatsu.html")
        #expect(page.contains("<html lang=\"ja\""))
        #expect(page.contains("2024年3月4日"))
        let home = try site.read("index.html")
        // Japanese first, as the site lists it.
        let ja = try #require(home.range(of: "id=\"group-ja\""))
        let en = try #require(home.range(of: "id=\"group-en\""))
        #expect(ja.lowerBound < en.lowerBound)
        #expect(try site.read("ja/index.html").contains("bunkatsu.html"))
        #expect(try site.read("404.html").contains("\"ja\""))
        // Kana, half-width too, are searched by pairs, as Han is.
        let terms = SearchIndex.tokens("ｽﾌﾟﾘｯﾄ ビュー 折りたたみ")
        #expect(terms.contains("ﾌﾟ") || terms.contains("ｽﾌ"), "\(terms)")
        #expect(terms.contains("ビュ") && terms.contains("折り"), "\(terms)")
    }
}
