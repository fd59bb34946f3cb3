import Foundation
import Testing
import Yams
@testable import NotesiteKit

/// The importer's YAML quoter, held to Yams: whatever it writes reads back as the same string.
@Suite struct YAMLScalarTests {
    /// What Yams reads as the value of `key: <written>`, if a string.
    func readBack(_ written: String) throws -> String? {
        let loaded = try Yams.load(yaml: "key: \(written)\n") as? [String: Any]
        return loaded?["key"] as? String
    }

    @Test(arguments: [
        "Split view", "UISplitViewController", "分割视图的收起", "Сворачивание и разворачивание", "What's new?",
        "a/b/c.md", "_posts/2017-04-05-split-view.md", "/images/x.png", "_", "/", "https://github.com/o/r",
        "Split view: part 1", "# not a comment", "C# and Swift", "- a list?", "? a key", ": colon", "[flow]", "{map}",
        "a, b", "!tag", "&anchor", "*alias", "|", ">", "%directive", "@at", "`tick`", "'single'", "\"double\"",
        "true", "No", "ON", "null", "~", "y", "n", "123", "0x1F", "1e3", ".inf", "2017-04-05", "12:30",
        " leading space", "trailing space ", "", "tab\there", "line\nbreak", "back\\slash", "bell\u{7}",
        "nel\u{85}", "nbsp\u{A0}inside", "line\u{2028}separator", "bom\u{FEFF}", "emoji 🙂", "e\u{301}", "del\u{7F}",
    ])
    func everyStringReadsBackAsItself(_ text: String) throws {
        let written = YAMLScalar.quoted(text)
        #expect(try readBack(written) == text, "\(text.debugDescription) written as \(written)")
        // In a flow list too.
        let loaded = try Yams.load(yaml: "key: [\(YAMLScalar.quoted(text, inFlow: true))]\n") as? [String: Any]
        #expect((loaded?["key"] as? [Any])?.first as? String == text, "\(text.debugDescription) in a list")
    }

    @Test func plainWhereThatIsSafe() {
        #expect(YAMLScalar.quoted("Split view") == "Split view")
        #expect(YAMLScalar.quoted("分割视图") == "分割视图")
        #expect(YAMLScalar.quoted("a/README.md") == "a/README.md")
        #expect(YAMLScalar.quoted("_posts/2017-04-05-split-view.md") == "_posts/2017-04-05-split-view.md")
        #expect(YAMLScalar.quoted("Split view: part 1") == "\"Split view: part 1\"")
        #expect(YAMLScalar.quoted("true") == "\"true\"")
        #expect(YAMLScalar.quoted("2017-04-05") == "\"2017-04-05\"")
        #expect(YAMLScalar.quoted("a, b", inFlow: true) == "\"a, b\"")
    }

    /// Strings made of the characters YAML treats specially, in every position: 3,000 of them, the same each run.
    @Test func generatedStringsReadBackAsThemselves() throws {
        let alphabet: [String] = ["a", "Z", "0", "9", " ", "\t", "\n", "\r", ":", "#", "-", "?", ",", "[", "]", "{", "}",
                                  "&", "*", "!", "|", ">", "'", "\"", "%", "@", "`", "\\", ".", "/", "~", "中", "я",
                                  "\u{0}", "\u{1B}", "\u{85}", "\u{A0}", "\u{2028}", "\u{FEFF}", "\u{1F642}", "\u{301}"]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<3000 {
            let text = (0..<(1 + next(8))).map { _ in alphabet[next(alphabet.count)] }.joined()
            // Yams drops a byte-order mark at the start of a scalar's text however it is written (quoted, escaped):
            // the reader's rule, which no quoting changes.
            if text.unicodeScalars.first == "\u{FEFF}" { continue }
            let written = YAMLScalar.quoted(text)
            #expect(try readBack(written) == text, "\(text.debugDescription) written as \(written)")
        }
    }
}
