import NotesiteMarkdown
import PropertyBased
import Testing
@testable import NotesiteKit

@Suite struct BreakOpportunitiesTests {
    /// The pager showed "UISplitViewC / ontroller学习笔记": the title now breaks between the identifier's words.
    @Test func titlesBreakBetweenTheWordsOfALongIdentifier() {
        #expect(BreakOpportunities.html("UISplitViewController学习笔记") == "UISplit<wbr>View<wbr>Controller学习笔记")
        #expect(BreakOpportunities.html("UISplitViewControllerDelegate") == "UISplit<wbr>View<wbr>Controller<wbr>Delegate")
        // Words of prose, and short names, stay as they are, escaped.
        #expect(BreakOpportunities.html("How a split view <controller> collapses") == "How a split view &lt;controller&gt; collapses")
        #expect(BreakOpportunities.html("Swift 5.3 & iOS 14") == "Swift 5.3 &amp; iOS 14")
    }

    @Test func namesBreakAfterParenthesesColonsAndDots() {
        #expect(BreakOpportunities.html("primaryViewController(forCollapsing:)")
            == "primary<wbr>View<wbr>Controller(<wbr>forCollapsing:)")
        #expect(BreakOpportunities.html("UISplitViewController.DisplayMode.oneBesideSecondary")
            == "UISplit<wbr>View<wbr>Controller.<wbr>DisplayMode.<wbr>one<wbr>Beside<wbr>Secondary")
    }

    /// Markup keeps its tags and attributes as they are: only text between tags gets breaks.
    @Test func markupGetsBreaksInItsTextOnly() {
        let link = "<a class=\"symbol\" href=\"x.html#UISplitViewController.show(_:sender:)\" title=\"show(_:sender:)\"><code>showDetailViewController(_:sender:)</code></a>"
        #expect(BreakOpportunities.adding(to: link)
            == "<a class=\"symbol\" href=\"x.html#UISplitViewController.show(_:sender:)\" title=\"show(_:sender:)\"><code>show<wbr>Detail<wbr>View<wbr>Controller(<wbr>_:<wbr>sender:)</code></a>")
        #expect(BreakOpportunities.adding(to: "a &amp; b, see <em>e.g.</em>") == "a &amp; b, see <em>e.g.</em>")
    }

    /// The English note's heading "Where show(_:sender:) and showDetailViewController(_:sender:) go" broke inside
    /// "showDetailViewController(_:s|ender:)" on a phone.
    @Test func headingsThatNameAnAPIMayBreakBetweenItsParts() {
        let out = HTMLRenderer.render(MarkdownParser.parse("## Where `showDetailViewController(_:sender:)` goes\n"))
        #expect(out.hasPrefix("<h2 id=\"where-showdetailviewcontroller_sender-goes\">Where <code>show<wbr>Detail<wbr>View<wbr>Controller(<wbr>_:<wbr>sender:)</code> goes<a class=\"heading-anchor\""))
    }

    /// "11 images not available" in each language; Russian counts 21, 2–4 and the rest apart.
    @Test func missingImagesAreCountedInThePagesLanguage() throws {
        let strings = Strings(table: [
            .en: ["images_missing": "{count} images not available"],
            .zh: ["images_missing": "{count} 张图片缺失"],
            .ru: ["images_missing_one": "{count} изображение недоступно", "images_missing_few": "{count} изображения недоступны",
                  "images_missing": "{count} изображений недоступно"],
        ])
        #expect(strings.missingImages(11, in: .en) == "11 images not available")
        #expect(strings.missingImages(11, in: .zh) == "11 张图片缺失")
        #expect(strings.missingImages(3, in: .ru) == "3 изображения недоступны")
        #expect(strings.missingImages(11, in: .ru) == "11 изображений недоступно")
        #expect(strings.missingImages(12, in: .ru) == "12 изображений недоступно")
        #expect(strings.missingImages(21, in: .ru) == "21 изображение недоступно")
        #expect(strings.missingImages(24, in: .ru) == "24 изображения недоступны")
    }

    /// A name's characters told by their ASCII codes are those that Unicode's letter and number properties give,
    /// among ASCII characters: for every scalar alone, and with an accent that joins it into one character.
    @Test func nameCharactersAreASCIILettersDigitsAndSelectorPunctuation() {
        var disagreements: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            for c in [Character(scalar), (String(scalar) + "\u{301}").first!] {
                let byProperties = c.isASCII && (c.isLetter || c.isNumber || "_():.".contains(c))
                if BreakOpportunities.isNameCharacter(c) != byProperties { disagreements.append(String(value, radix: 16)) }
            }
        }
        #expect(BreakOpportunities.isNameCharacter("\r\n") == false)
        #expect(disagreements.isEmpty, "U+\(disagreements.prefix(10).joined(separator: ", U+"))")
    }

    /// Pieces of headings' and cells' HTML: tags with quoted attributes (holding `>` and names), long and short
    /// names and selectors, entities, Chinese and Russian words, and characters of several scalars (an accent on a
    /// letter or a quote, a flag, CR LF), and a tag left open.
    static let htmlPieces = [
        "<code>", "</code>", "<a href=\"reference/UISplitViewController.html#a>b\">", "</a>", "<img alt='x > y'>", "<",
        "UISplitViewController", "splitViewController(_:collapseSecondary:onto:)", "traitCollection.horizontalSizeClass",
        "UIViewController", "nil", "8.0", " ", "&amp;", "&lt;", "拆分视图", "Слово", "e\u{301}", "\"\u{301}", "\u{301}",
        "🇨🇳", "\r\n", "showDetailViewController(_:sender:)", "(", ")", ":", ".", "_private_name_long",
    ]

    static let html = Gen.int(in: 0...(htmlPieces.count - 1)).map { htmlPieces[$0] }.array(of: 0...60).map { $0.joined() }

    /// The rule as written character by character, appending each to the text or the tag it is in: what
    /// `adding(to:)` and `html(_:)` give by runs.
    static func addingByCharacters(_ html: String) -> String {
        var out = ""
        var text = ""
        var inTag = false
        var quote: Character?
        for c in html {
            if inTag {
                out.append(c)
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    inTag = false
                }
            } else if c == "<" {
                out += wordsByCharacters(text).map { $0.isName ? markedByCharacters($0.text) : $0.text }.joined()
                text = ""
                out.append(c)
                inTag = true
            } else {
                text.append(c)
            }
        }
        return out + wordsByCharacters(text).map { $0.isName ? markedByCharacters($0.text) : $0.text }.joined()
    }

    static func wordsByCharacters(_ text: String) -> [(text: String, isName: Bool)] {
        var result: [(text: String, isName: Bool)] = []
        var current = ""
        var inName = false
        for c in text {
            let name = c.isASCII && (c.isLetter || c.isNumber || "_():.".contains(c))
            if name != inName, !current.isEmpty {
                result.append((current, inName && current.count >= BreakOpportunities.minimumWord))
                current = ""
            }
            inName = name
            current.append(c)
        }
        if !current.isEmpty { result.append((current, inName && current.count >= BreakOpportunities.minimumWord)) }
        return result
    }

    static func markedByCharacters(_ name: String) -> String {
        let characters = Array(name)
        var breaks = Set<Int>()
        var partStart = 0
        for (i, c) in characters.enumerated() {
            let isBreak = (c == "(" || c == ":" || c == ".") && i + 1 < characters.count && characters[i + 1] != ")"
            if isBreak || i == characters.count - 1 {
                let end = isBreak ? i : i + 1
                if end - partStart >= BreakOpportunities.minimumHumpedPart {
                    for j in (partStart + 1)..<end where characters[j].isUppercase && characters[j - 1].isLowercase {
                        breaks.insert(j)
                    }
                }
                if isBreak { breaks.insert(i + 1) }
                partStart = i + 1
            }
        }
        var out = ""
        for (i, c) in characters.enumerated() {
            if breaks.contains(i) { out += "<wbr>" }
            out += Escape.text(String(c))
        }
        return out
    }

    @Test func breaksGoWhereTheRuleSaysCharacterByCharacter() async {
        await propertyCheck(count: 3000, input: Self.html) { html in
            #expect(BreakOpportunities.adding(to: html) == Self.addingByCharacters(html), "\(html.debugDescription)")
            let escapedByCharacters = Self.wordsByCharacters(html).map { $0.isName ? Self.markedByCharacters($0.text) : Escape.text($0.text) }.joined()
            #expect(BreakOpportunities.html(html) == escapedByCharacters, "\(html.debugDescription)")
        }
    }
}
