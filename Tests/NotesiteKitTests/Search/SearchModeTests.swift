import Foundation
import Testing
@testable import NotesiteKit

/// A language's `search` setting in notesite.toml: `words` searches Korean by whole words, as Russian is, and
/// `bigram` (Korean's default) by pairs of characters; the other scripts are split the same in either mode.
@Suite struct SearchModeTests {
    private let korean = "분할 뷰 컨트롤러는 접힌다"

    @Test func wordsModeKeepsKoreanWordsWhole() {
        #expect(SearchIndex.tokens(korean, mode: .words) == ["분할", "뷰", "컨트롤러는", "접힌다"])
        // Words end at punctuation and join Latin letters and digits written against them, as elsewhere.
        #expect(SearchIndex.tokens("뷰가, 접힌다. UIKit의 뷰2", mode: .words) == ["뷰가", "접힌다", "uikit의", "뷰2"])
        // Hangul compatibility letters are words too; the jamo block was never wide.
        #expect(SearchIndex.tokens("ㅋㅋ 뷰", mode: .words) == ["ㅋㅋ", "뷰"])
    }

    @Test func bigramModeSplitsKoreanIntoPairsAsBefore() {
        #expect(SearchIndex.tokens(korean, mode: .bigram) == ["분할", "뷰", "컨트", "트롤", "롤러", "러는", "접힌", "힌다"])
        #expect(SearchIndex.tokens(korean) == SearchIndex.tokens(korean, mode: .bigram))
    }

    @Test func theModeLeavesHanKanaLatinAndCyrillicAsTheyWere() {
        let mixed = "收起与展开 ビューは折りたたみ Ёлка SplitView 𠮷野家"
        #expect(SearchIndex.tokens(mixed, mode: .words) == SearchIndex.tokens(mixed, mode: .bigram))
        // Han written against Hangul stays pairs; the Hangul beside it is a word of its own.
        #expect(SearchIndex.tokens("分割视图컨트롤러", mode: .words) == ["分割", "割视", "视图", "컨트롤러"])
        #expect(SearchIndex.tokens("컨트롤러分割视图", mode: .words) == ["컨트롤러", "分割", "割视", "视图"])
    }

    @Test func aNotesEntriesAreSplitAsItsLanguageSays() {
        let words = Language(code: "ko", tokenizer: .words)
        let section = SearchIndex.Section(title: "분할 뷰", heading: "접기", language: words, url: "ko/a.html", text: korean, shard: "ko/a")
        #expect(SearchIndex.Entries(sections: [section]).tokens(of: 0) == ["분할", "뷰", "접기", "컨트롤러는", "접힌다"])
        var pairs = section
        pairs.language = Language(code: "ko")
        #expect(Language(code: "ko").tokenizer == .bigram)
        #expect(SearchIndex.Entries(sections: [pairs]).tokens(of: 0).contains("컨트"))
        #expect(!SearchIndex.Entries(sections: [pairs]).tokens(of: 0).contains("컨트롤러는"))
    }

    /// The words of the built site's index.
    private func indexWords(of site: ScratchSite) throws -> Set<String> {
        let script = try site.read("assets/search-index.js")
        let json = script.dropFirst("window.NOTESITE_SEARCH = ".count).dropLast(";\n".count)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        return Set(try #require(object["index"] as? [String: Any]).keys)
    }

    /// A site of a Korean note and an English one, whose notesite.toml lists Korean with `languageLines`.
    private func koreanSite(_ languageLines: String) throws -> ScratchSite {
        let site = try ScratchSite(fixture: nil)
        try site.writeNote("notes/ko/bunhal.md", title: "분할 뷰", "\n## 접기\n\n분할 뷰 컨트롤러는 접힌다.\n")
        try site.writeNote("notes/en/split.md", title: "Split", "\nThe split view collapses.\n")
        let toml = site.root.appendingPathComponent("notesite.toml")
        try Data("[[languages]]\ncode = \"ko\"\n\(languageLines)\n[[languages]]\ncode = \"en\"\n".utf8).write(to: toml)
        var options = site.options
        options.site = try SiteConfig.load(toml, displayPath: "notesite.toml")
        #expect(options.site.diagnostics.isEmpty, "\(options.site.diagnostics.map(\.formatted))")
        let report = try SitePipeline.build(options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        return site
    }

    @Test func aKoreanSiteSearchedByWordsIndexesWholeWordsAndTellsItsSearchPage() throws {
        let site = try koreanSite("search = \"words\"")
        let words = try indexWords(of: site)
        #expect(words.isSuperset(of: ["컨트롤러는", "접힌다", "분할", "뷰", "접기", "split", "collapses"]), "\(words.sorted())")
        #expect(!words.contains("컨트") && !words.contains("롤러"), "\(words.sorted())")
        // The Korean search page splits queries the same way; the English one as English is set (words).
        #expect(try site.read("ko/search.html").contains("data-search=\"words\" data-language=\"ko\""))
        #expect(try site.read("en/search.html").contains("data-search=\"words\" data-language=\"en\""))
    }

    @Test func aKoreanSiteByDefaultIndexesPairsAsBefore() throws {
        let site = try koreanSite("")
        let words = try indexWords(of: site)
        #expect(words.isSuperset(of: ["컨트", "트롤", "롤러", "러는", "접힌", "힌다"]), "\(words.sorted())")
        #expect(!words.contains("컨트롤러는"), "\(words.sorted())")
        #expect(try site.read("ko/search.html").contains("data-search=\"bigram\" data-language=\"ko\""))
    }
}
