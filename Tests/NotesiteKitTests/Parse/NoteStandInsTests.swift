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

    @Test func collapsingKeepsTheCharactersAsked() {
        #expect(NoteStandIns.collapsed("  one \n two  three ", keeping: 7) == "one two")
        #expect(NoteStandIns.collapsed("  one \n two  three ", keeping: 4) == "one ")
        #expect(NoteStandIns.collapsed("拆分\n视图 控制器", keeping: 5) == "拆分视图控")
        #expect(NoteStandIns.collapsed("  one \n two  three ") == "one two three")
    }
}
