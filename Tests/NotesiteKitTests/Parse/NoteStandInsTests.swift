import PropertyBased
import Testing
@testable import NotesiteKit

/// The summary's shortcuts: reading only as much of a paragraph as the excerpt keeps, and telling white space by
/// its list of code points, give what reading the whole paragraph by Unicode's tables gives.
@Suite struct NoteStandInsTests {
    /// Every scalar, as a character and as the first of a character with an accent after it (where the two make one
    /// character), is white space to the shortcut exactly when it is to the standard library.
    @Test func whiteSpaceIsWhatTheStandardLibrarySays() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for c in [Character(scalar), (String(scalar) + "\u{301}").first!] where NoteStandIns.isWhitespace(c) != c.isWhitespace {
                disagreements.append(String(value, radix: 16))
            }
        }
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(10).joined(separator: ", U+"))")
    }

    /// Pieces of paragraphs: ASCII and other white space, Chinese and Russian words, sentence ends, and characters of
    /// several scalars (an accent on a space, flags, a family emoji, CR LF).
    static let pieces = [
        "a", "word", " ", "  ", "\n", "\t", "\r\n", "\u{3000}", "\u{A0}", "\u{2028}", "拆分视图", "。", "！", "？", "收起",
        "Слово", ".", "!", "?", ". ", "\u{301}", " \u{301}", "🇨🇳", "🇷🇺", "👨‍👩‍👧", "e\u{301}", "UISplitViewController",
    ]

    static let paragraph = Gen.int(in: 0...(pieces.count - 1)).map { pieces[$0] }.array(of: 0...400).map { $0.joined() }

    /// The excerpt of a paragraph collapsed only as far as the cut reads is the excerpt of the whole paragraph
    /// collapsed.
    @Test func anExcerptReadsOnlyWhatItKeeps() async {
        await propertyCheck(count: 2000, input: Self.paragraph, Gen.int(in: 1...120)) { text, limit in
            let whole = NoteStandIns.excerpt(NoteStandIns.collapsed(text), limit: limit)
            let short = NoteStandIns.excerpt(NoteStandIns.collapsed(text, keeping: limit + 16), limit: limit)
            #expect(short == whole, "\(text.debugDescription), limit \(limit)")
        }
    }

    /// The excerpt as the summary's rule says it, over an array of the characters: the walk over the text that
    /// `excerpt` makes instead cuts at the same places.
    static func excerptByCharacters(_ text: String, limit: Int) -> String {
        let characters = Array(text.prefix(limit + 1))
        guard characters.count > limit else { return text }
        func isStop(_ c: Character, _ stops: [UInt32]) -> Bool {
            c.unicodeScalars.count == 1 && stops.contains(c.unicodeScalars.first!.value)
        }
        var sentenceEnd: Int?
        var space: Int?
        for i in 0..<limit {
            let c = characters[i]
            if isStop(c, [0x3002, 0xFF01, 0xFF1F]) || (isStop(c, [0x2E, 0x21, 0x3F]) && characters[i + 1].isWhitespace) {
                sentenceEnd = i + 1
            } else if c.isWhitespace {
                space = i
            }
        }
        if let sentenceEnd { return String(characters[..<sentenceEnd]) }
        let cut = space.map { $0 > limit / 2 ? $0 : limit } ?? limit
        return String(characters[..<cut]).trimmingWhitespace + "…"
    }

    @Test func anExcerptCutsWhereTheRuleSays() async {
        await propertyCheck(count: 2000, input: Self.paragraph, Gen.int(in: 1...120)) { text, limit in
            let collapsed = NoteStandIns.collapsed(text)
            #expect(NoteStandIns.excerpt(collapsed, limit: limit) == Self.excerptByCharacters(collapsed, limit: limit),
                    "\(collapsed.debugDescription), limit \(limit)")
            // Uncollapsed text too: runs of white space, and white space at either end.
            #expect(NoteStandIns.excerpt(text, limit: limit) == Self.excerptByCharacters(text, limit: limit),
                    "\(text.debugDescription), limit \(limit)")
        }
        #expect(NoteStandIns.excerpt("One. Two three", limit: 8) == "One.")
        #expect(NoteStandIns.excerpt("拆分视图。控制器", limit: 6) == "拆分视图。")
        #expect(NoteStandIns.excerpt("one two three four", limit: 12) == "one two…")
        #expect(NoteStandIns.excerpt("abcdefghij", limit: 4) == "abcd…")
        #expect(NoteStandIns.excerpt("short", limit: 5) == "short")
    }

    @Test func collapsingKeepsTheCharactersAsked() {
        #expect(NoteStandIns.collapsed("  one \n two  three ", keeping: 7) == "one two")
        #expect(NoteStandIns.collapsed("  one \n two  three ", keeping: 4) == "one ")
        #expect(NoteStandIns.collapsed("拆分\n视图 控制器", keeping: 5) == "拆分视图控")
        #expect(NoteStandIns.collapsed("  one \n two  three ") == "one two three")
    }
}
