import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import NotesiteKit

@Suite struct SearchIndexTests {
    @Test func chineseIsIndexedByCharacterPairsAndRussianFoldsYo() {
        #expect(SearchIndex.tokens("收起与展开 Ёлка SplitView") == ["收起", "起与", "与展", "展开", "елка", "splitview"])
        #expect(SearchIndex.tokens("中") == ["中"])
    }

    /// Words longer than the tokenizer's first buffer, letters of two, three and four bytes, and wide characters
    /// outside the common ideographs (Hangul, an ideograph of the supplementary planes) come out whole.
    @Test func longWordsAndEveryLengthOfLetterComeOutWhole() {
        let long = String(repeating: "Ab9_", count: 100)
        #expect(SearchIndex.tokens("x \(long) y") == ["x", long.lowercased(), "y"])
        let cyrillic = String(repeating: "Щи", count: 70)
        #expect(SearchIndex.tokens(cyrillic) == [cyrillic.lowercased()])
        #expect(SearchIndex.tokens("Λόγος, naïve") == ["λόγος", "naïve"])
        #expect(SearchIndex.tokens("𠮷野家 한국어") == ["𠮷野", "野家", "한국", "국어"])
        #expect(SearchIndex.tokens("a𠮷b") == ["a", "𠮷", "b"])
    }

    /// Every ASCII byte between two letters: a letter (lowercased), a digit or `_` joins them into one word,
    /// anything else parts them, as `search.js`'s `[\p{L}\p{N}_]` does.
    @Test func everyASCIIByteJoinsOrPartsAWord() {
        for value in UInt8(1)..<0x80 {
            let byte = Character(Unicode.Scalar(value))
            let joins = byte.isASCII && (byte.isLetter || byte.isNumber || byte == "_")
            let expected = joins ? ["x" + String(byte).lowercased() + "y"] : ["x", "y"]
            #expect(SearchIndex.tokens("X\(byte)Y") == expected, "byte \(value)")
            #expect(SearchIndex.tokens("收\(byte)起") == (joins ? ["收", String(byte).lowercased(), "起"] : ["收", "起"]), "byte \(value) in Chinese")
        }
    }

    /// The tokenizer reads runs of ASCII, of the Russian alphabet and of the common ideographs in loops of their
    /// own: on text made of letters at the edges of those ranges and of their neighbours outside them, it finds
    /// what the rule does when applied one scalar at a time (`search.js`'s: lowercase, `ё` as `е`, words of
    /// `[\p{L}\p{N}_]`, pairs of neighbouring wide characters).
    @Test func theTokenizersFastPathsAgreeWithTheRuleAScalarAtATime() {
        func reference(_ text: String) -> [String] {
            var out: [String] = [], word = "", wide: [String] = []
            func endWord() { if !word.isEmpty { out.append(word); word = "" } }
            func endWide() {
                if wide.count == 1 { out.append(wide[0]) }
                for i in wide.indices.dropLast() { out.append(wide[i] + wide[i + 1]) }
                wide = []
            }
            for scalar in text.unicodeScalars {
                for lower in String(scalar).lowercased().replacingOccurrences(of: "ё", with: "е").unicodeScalars {
                    let letter: Bool
                    switch lower.properties.generalCategory {
                    case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                         .decimalNumber, .letterNumber, .otherNumber: letter = true
                    default: letter = lower == "_"
                    }
                    let isWide = (0x2E80...0x9FFF).contains(lower.value) || (0xAC00...0xD7AF).contains(lower.value)
                        || (0x20000...0x3FFFF).contains(lower.value)
                    if letter && isWide {
                        endWord()
                        wide.append(String(lower))
                    } else if letter {
                        endWide()
                        word.unicodeScalars.append(lower)
                    } else {
                        endWord()
                        endWide()
                    }
                }
            }
            endWord()
            endWide()
            return out
        }
        let alphabet = Array("aZz_09 ,.-@[`{ЁёЖжАаЯяПпРрЀЏѐџЂђ\u{482}收起\u{4DBF}\u{4DFF}\u{4E00}\u{9FFF}\u{A000}𠮷é\u{301}한Λλ\u{3000}。")
        var random = SystemRandomNumberGenerator()
        for _ in 0..<3_000 {
            let text = String((0..<Int.random(in: 0...24, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            #expect(SearchIndex.tokens(text) == reference(text), "\(text.debugDescription)")
        }
    }

    /// A run of Chinese longer than the tokenizer's first buffers (256 bytes, 64 characters), with characters of
    /// three and four bytes, gives every pair of neighbours, in order.
    @Test func aLongRunOfChineseGivesEveryPair() {
        let characters = (0..<300).map { $0 % 7 == 3 ? "𠮷" : String(Unicode.Scalar(0x4E00 + UInt32($0))!) }
        let pairs = (0..<299).map { characters[$0] + characters[$0 + 1] }
        #expect(SearchIndex.tokens("x " + characters.joined() + "。y") == ["x"] + pairs + ["y"])
    }

    /// A section's text, put together as bytes, is trimmed as `trimmingWhitespace` trims a string, also where the
    /// whitespace at an end is not ASCII or shares a character with what is next to it.
    @Test func sectionTextIsTrimmedAsAStringIs() {
        let texts = ["", " ", "\n\n", "a", " a b \n", "\t收起\n", "\u{3000}收起\u{3000}\n", "x\u{A0}", "\u{A0}\n",
                     " \u{301}a", "a \u{301}", "\u{600} ", "\r\nдом\r\n", "  \u{301}", "\u{2003}", "a\u{2003} \n", "é \n", " \n é",
                     "收起。\n", "\u{3000}\u{301}收", "收 \u{301}", "Ёлка\n", "𠮷 ", " 𠮷", "a\u{200D}", "（收起）",
                     "“收起”\n", " …", "\u{600} \n", "\n\u{301}", "a\n\u{301}", "\n \u{600}"]
        for text in texts {
            #expect(SearchIndex.trimmedText(Array(text.utf8)) == Array(text.trimmingWhitespace.utf8), "\(text.debugDescription)")
        }
    }

    @Test func eachSectionListsItsOwnDistinctWordsOfTheNotes() {
        // A note's words are found once for all its sections, each section listing the ones it holds: words that
        // recur from section to section, after a section that made the note's set grow, in capitals, and an empty
        // section, are each section's own distinct words, as a section alone finds them.
        let many = (0..<3_000).map { "w\($0)" }.joined(separator: " ")
        let texts = [many, "w0 w1 收起与展开 split split", "", "w0 w1 w2 收起 ЁЛКА", many.uppercased(), "W0 ёлка Ёлка split t"]
        let sections = texts.enumerated().map { i, text in
            SearchIndex.Section(title: "T", heading: i == 2 ? "Split" : nil, language: .en, url: "en/a.html#s\(i)", text: text, shard: "en/a")
        }
        let entries = SearchIndex.Entries(sections: sections)
        #expect(entries.count == sections.count)
        for (i, section) in sections.enumerated() {
            var seen = Set<String>()
            let own = (SearchIndex.tokens(section.title) + SearchIndex.tokens(section.heading ?? "") + SearchIndex.tokens(section.text))
                .filter { seen.insert($0).inserted }
            #expect(entries.tokens(of: i) == own, "section \(i)")
            #expect(SearchIndex.uniqueTokens(of: section) == own, "section \(i)")
        }
        #expect(entries.tokens(of: 1) == ["t", "w0", "w1", "收起", "起与", "与展", "展开", "split"])
        #expect(entries.tokens(of: 2) == ["t", "split"])
    }

    /// A complete build's index script: the notes' sections, then the reference's, named by the notes' alone (what
    /// patches replace); made on the background index's queue from the entries added before it started.
    @Test func theWholeScriptListsTheReferenceAfterTheNotesAndIsNamedByTheNotes() {
        let notes = [
            SearchIndex.Entries(sections: [SearchIndex.Section(title: "收起", heading: nil, language: .zh, url: "zh/a.html", text: "收起与展开", shard: "zh/a")]),
            SearchIndex.Entries(sections: [SearchIndex.Section(title: "Ёлка", heading: "Split", language: .ru, url: "ru/b.html#split", text: "split view", shard: "ru/b")]),
        ]
        let reference = [SearchIndex.Section(title: "isCollapsed", heading: "UISplitViewController", language: .en,
                                             url: "reference/UISplitViewController.html#UISplitViewController.isCollapsed",
                                             text: "Whether the split view is collapsed", shard: "reference")]
        let synonyms = SynonymGroups(groups: [["收起", "折叠"]])
        let whole = SearchIndex.wholeScript(SearchIndex(entries: notes), reference: .init(sections: reference, synonyms: synonyms))
        let script = String(decoding: whole, as: UTF8.self)
        #expect(script.contains("\"synonyms\": [[\"收起\", \"折叠\"]],\n"))
        #expect(script.contains(SearchIndex.generation(of: notes)))
        let note = script.range(of: "ru/b.html#split"), entry = script.range(of: "reference/UISplitViewController.html#UISplitViewController.isCollapsed")
        #expect(note != nil && entry != nil && note!.lowerBound < entry!.lowerBound)
        #expect(whole != SearchIndex(entries: notes).script(generation: SearchIndex.generation(of: notes)))

        let background = BackgroundIndex()
        for entries in notes { background.add(entries) }
        background.startScript { .init(sections: reference, synonyms: synonyms) }
        // Only the first start counts.
        background.startScript { .init(sections: []) }
        guard case .whole(let script, let sections) = background.takeFiles() else { Issue.record("no whole index"); return }
        #expect(script == whole)
        #expect(sections.map(\.url) == reference.map(\.url))
    }

    @Test func anIndexOfKeptWordsIsTheIndexOfFreshOnes() {
        // serve keeps a section's words without their hashes; adding them to an index works the hashes out again.
        let sections = [
            SearchIndex.Section(title: "收起", heading: "展开 split", language: .zh, url: "zh/a.html#x", text: "收起与展开 splitViewController 收起", shard: "zh/a"),
            SearchIndex.Section(title: "Ёлка", heading: nil, language: .ru, url: "ru/b.html", text: "Ёлка ёлка Split View Controller", shard: "ru/b"),
            SearchIndex.Section(title: "Collapse", heading: "A very long heading word: collapsesecondaryviewcontroller", language: .en,
                                url: "en/c.html#a", text: "split view controller collapse", shard: "en/c"),
        ]
        let fresh = SearchIndex.Entries(sections: sections)
        let kept = fresh.kept
        #expect(kept.sections.allSatisfy { $0.text.isEmpty })
        #expect(sections.indices.map { kept.tokens(of: $0) } == sections.indices.map { fresh.tokens(of: $0) })
        #expect(SearchIndex(entries: [kept]).script() == SearchIndex(entries: [fresh]).script())
        // Notes apart or together, the index holds the same sections and words.
        let apart = [SearchIndex.Entries(sections: Array(sections.prefix(1))).kept, SearchIndex.Entries(sections: Array(sections.dropFirst()))]
        #expect(SearchIndex(entries: apart).script() == SearchIndex(entries: [fresh]).script())
    }

    /// The name of an index's contents changes with any word, with where words break, and with their order, and
    /// not with where the words were kept from.
    @Test func theGenerationNamesTheWordsOfEverySection() {
        func generation(_ texts: [String]) -> String {
            let sections = texts.enumerated().map { i, text in
                SearchIndex.Section(title: "Note", heading: nil, language: .en, url: "en/n.html#s\(i)", text: text, shard: "en/n")
            }
            return SearchIndex.generation(of: [SearchIndex.Entries(sections: sections)])
        }
        let base = generation(["split view controller", "收起与展开"])
        #expect(generation(["split view controller", "收起与展开"]) == base)
        var seen: Set<String> = [base]
        for changed in [["split view controllers", "收起与展开"], ["split viewcontroller", "收起与展开"],
                        ["splitview controller", "收起与展开"], ["view split controller", "收起与展开"],
                        ["split view controller", "收起与展"], ["split view controller", ""], ["split view", "controller 收起与展开"]] {
            #expect(seen.insert(generation(changed)).inserted, "\(changed)")
        }
        let section = SearchIndex.Section(title: "Note", heading: nil, language: .en, url: "en/n.html#s0", text: "split view", shard: "en/n")
        let fresh = SearchIndex.Entries(sections: [section])
        #expect(SearchIndex.generation(of: [fresh]) == SearchIndex.generation(of: [fresh.kept]))
    }

    @Test func theWordSetTellsWordsOfEveryLengthApart() {
        // Words of 1 to 40 bytes, which the set reads in different ways (up to eight bytes as one number, with
        // loads that overlap under four bytes and under eight; longer ones by a hash that reads eight at a time
        // with an overlapping last read), each with twins that differ from it in one byte: in the middle, and at
        // the end. Enough of them that both tables grow several times from their smallest size.
        var words: [String] = []
        for length in 1...40 {
            let base = Array(String(repeating: "ж", count: (length + 1) / 2).utf8.prefix(length - 1)) + [UInt8(ascii: "a")]
            var middle = base
            middle[length / 2] = UInt8(ascii: "b")
            var last = base
            last[length - 1] = UInt8(ascii: "c")
            for bytes in [base, middle, last] where !words.contains(String(decoding: bytes, as: UTF8.self)) {
                words.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        var set = SearchIndex.ByteStringSet(expected: 1)
        for round in 0..<2 {
            for (i, word) in words.enumerated() {
                var word = word
                let (number, inserted) = word.withUTF8 { set.insert($0) }
                #expect(number == i && inserted == (round == 0), "\(word) in round \(round)")
            }
        }
        #expect(set.count == words.count)
        #expect(Array(set.elements) == words)
    }

    @Test func thePostingBlocksHoldWhatWasAppendedAcrossTheirEdges() {
        // Runs that end exactly at a block's end, just before it and just after it, one longer than a block, and
        // empty ones: read back, they are what was appended, in order.
        let size = SearchIndex.BlockList.blockSize
        var blocks = SearchIndex.BlockList()
        var all: [UInt32] = []
        var next: UInt32 = 0
        for length in [0, 1, size - 1, 1, 0, size, 5, size + size / 2, size - 4] {
            let run = (0..<length).map { _ in
                next &+= 2_654_435_761
                return next
            }
            run.withUnsafeBufferPointer { blocks.append(contentsOf: $0) }
            all += run
            #expect(blocks.count == all.count)
        }
        var read: [UInt32] = []
        blocks.forEachBlock { read += $0 }
        #expect(read == all)
    }

    @Test func aSectionsTokensAreItsDistinctWordsInTheOrderTheyFirstOccur() {
        // Enough distinct words to make the set grow several times, each written again later and in capitals.
        let words = (0..<3_000).map { "w\($0)" }
        let text = "收起与展开，收起 ёлка ЕЛКА " + words.joined(separator: " ") + " " + words.reversed().joined(separator: " ").uppercased()
        let section = SearchIndex.Section(title: "Ёлка", heading: "展开 split", language: .zh, url: "a.html", text: text, shard: "zh/a")
        var seen = Set<String>()
        let expected = (SearchIndex.tokens(section.title) + SearchIndex.tokens("展开 split") + SearchIndex.tokens(text)).filter { seen.insert($0).inserted }
        #expect(expected.count == 3_000 + 6)
        #expect(Array(SearchIndex.uniqueTokens(of: section)) == expected)
        let empty = SearchIndex.Section(title: "", heading: nil, language: .en, url: "b.html", text: "", shard: "en/b")
        #expect(SearchIndex.uniqueTokens(of: empty).isEmpty)
    }

    @Test func theIndexShipsAsAScriptWithSectionAnchorsAndEachNotesTextApart() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let script = try site.read("assets/search-index.js")
        #expect(script.hasPrefix("window.NOTESITE_SEARCH = {"))
        #expect(script.contains("\"zh/shoushi.html#收起-collapsing-process\""))
        #expect(script.contains("\"收起\": ["))
        #expect(script.contains("\"емкий\": ["))
        // The sections' text is in text scripts, a language's notes a few at a time, which the search page loads
        // for the results it shows.
        let text = try site.read("assets/search/zh.0.js")
        #expect(text.hasPrefix("NOTESITE_SEARCH_TEXT(\"zh.0\", [\n"))
        let body = "分割视图控制器"
        #expect(text.contains(body))
        #expect(!script.contains(body))
        #expect(script.contains("\"shards\": [") && script.contains("\"zh.0\""))
        let reference = try site.read("assets/search/reference.js")
        #expect(reference.contains("NOTESITE_SEARCH_TEXT(\"reference\""))
        // A snippet shows the entry's text as a reader reads it: no Markdown backticks, and no spellings, which
        // find the entry but are not its text.
        #expect(reference.contains("\"The split view's delegate.\""))
        #expect(reference.contains("after primaryViewController(forCollapsing:)."))
        #expect(!reference.contains("`"))
        // The entry's Chinese text is a section of its own, found by Chinese words.
        #expect(reference.contains("把次要视图控制器并入主视图控制器。"))
        #expect(try site.read("search.html").contains("<script src=\"assets/search-index.js\"></script>"))
    }

    /// The home page counts the notes and names their languages as they are: "1 study note … in English", not
    /// "1 study notes … in Chinese, Russian and English"; an empty site says how to start one.
    @Test func theHomePageSaysWhatTheSiteHolds() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        #expect(try site.read("index.html").contains("<p class=\"lede\">4 study notes on <code>UISplitViewController</code> and adaptive layout, in Chinese, Russian and English.</p>"))
        let one = try ScratchSite(fixture: nil)
        try one.write("notes/en/a.md", "---\ntitle: A\ndate: 2024-05-01\nlang: en\n---\n\nText.\n")
        _ = try SitePipeline.build(one.options)
        let home = try one.read("index.html")
        #expect(home.contains("<p class=\"lede\">1 study note on <code>UISplitViewController</code> and adaptive layout, in English.</p>"))
        #expect(!home.contains("no notes yet"))
        let empty = try ScratchSite(fixture: nil)
        _ = try SitePipeline.build(empty.options)
        #expect(try empty.read("index.html").contains("There are no notes yet. <code>notesite new"))
    }

    /// Each language with notes has a search page in its own words, and its pages' header searches there; the
    /// pages of no language search on the site's.
    @Test func eachLanguageHasItsOwnSearchPage() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let zh = try site.read("zh/search.html")
        #expect(zh.contains("<html lang=\"zh-Hans\" data-root=\"../\">"))
        #expect(zh.contains("<h1>搜索</h1>"))
        #expect(zh.contains("<script src=\"../assets/search-index.js\"></script>"))
        #expect(zh.contains(" data-language=\"zh\"></ol>"))
        #expect(!zh.contains("id=\"SiteSearch\""))
        #expect(try site.read("ru/search.html").contains("<h1>Поиск</h1>"))
        // Its language links lead to the others' search pages.
        #expect(zh.contains("<a href=\"../ru/search.html\" hreflang=\"ru\" lang=\"ru\">Русский</a>"))
        #expect(zh.contains("<a href=\"search.html\" hreflang=\"zh-Hans\" lang=\"zh-Hans\" aria-current=\"page\">中文</a>"))
        #expect(!(try site.read("search.html")).contains("data-language"))
        #expect(try site.read("zh/shoushi.html").contains("<form class=\"search-form\" action=\"../zh/search.html\""))
        #expect(try site.read("ru/index.html").contains("<form class=\"search-form\" action=\"../ru/search.html\""))
        #expect(try site.read("index.html").contains("<form class=\"search-form\" action=\"search.html\""))
        #expect(try site.read("reference/index.html").contains("<form class=\"search-form\" action=\"../search.html\""))
    }
}
