import NotesiteMarkdown

/// Tells which of the site's languages a note is written in, by the scripts of its prose: Han characters are
/// Chinese, Cyrillic letters Russian, and anything else English. Code (blocks and inline), raw HTML, addresses and
/// the front matter are not prose: a Chinese note full of `UISplitViewController` is still Chinese.
public enum LanguageDetector {
    public struct Detection: Hashable, Sendable {
        public var language: Language
        /// Why the guess may be wrong; nil when it is clear.
        public var uncertainty: String?
        /// The prose's Han characters, Cyrillic letters and Latin letters.
        public var han: Int
        public var cyrillic: Int
        public var latin: Int

        public var isUncertain: Bool { uncertainty != nil }
    }

    /// Below this weight of prose the guess is called uncertain. A Han character weighs as much as an average
    /// English word of three letters, as a line of Chinese says about as much as a line of English three times
    /// its characters.
    static let minimumWeight = 40
    static let hanWeight = 3
    /// The runner-up's weight, as a share of the winner's, from which the two are called close. A Russian or Chinese
    /// note names many APIs in its prose: a Russian sentence with a third of its letters Latin is still Russian.
    static let closeShare = 0.75

    /// The language of a parsed note's prose.
    public static func detect(_ document: MarkdownNode) -> Detection {
        var counts = Counts()
        count(document, into: &counts)
        return decide(counts)
    }

    /// The language of Markdown text (without front matter).
    public static func detect(markdown: String) -> Detection {
        detect(MarkdownParser.parseDocument(markdown).document)
    }

    struct Counts {
        var han = 0, cyrillic = 0, latin = 0
    }

    private static func count(_ node: MarkdownNode, into counts: inout Counts) {
        switch node.kind {
        case .code, .codeBlock, .htmlBlock, .htmlInline: return
        case .text(let text): countLetters(in: text, into: &counts)
        case .link(let destination, _):
            // An autolink's text is its address.
            if node.children.count == 1, case .text(let text) = node.children[0].kind,
               text == destination || "mailto:" + text == destination || "http://" + text == destination { return }
        default: break
        }
        for child in node.children { count(child, into: &counts) }
    }

    /// Counts the letters of `text`, leaving out addresses (`https://…`, `www.…`) up to the next space.
    static func countLetters(in text: String, into counts: inout Counts) {
        var inAddress = false
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let scalar = scalars[i]
            if inAddress {
                if scalar.properties.isWhitespace { inAddress = false }
                i += 1
                continue
            }
            if startsAddress(scalars, at: i) {
                inAddress = true
                continue
            }
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A: counts.latin += 1
            case 0xC0...0x24F where scalar.properties.isAlphabetic: counts.latin += 1
            case 0x400...0x52F where scalar.properties.isAlphabetic: counts.cyrillic += 1
            case 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0x20000...0x2FFFF: counts.han += 1
            default: break
            }
            i += 1
        }
    }

    /// Whether an address starts at `i`: a scheme with `://`, `mailto:` or `www.`, at the start of a word.
    private static func startsAddress(_ scalars: [Unicode.Scalar], at i: Int) -> Bool {
        if i > 0, scalars[i - 1].properties.isAlphabetic || ("0"..."9").contains(scalars[i - 1]) { return false }
        func has(_ prefix: String) -> Bool {
            let p = Array(prefix.unicodeScalars)
            guard i + p.count <= scalars.count else { return false }
            for k in 0..<p.count where Character(scalars[i + k]).lowercased() != String(p[k]) { return false }
            return true
        }
        if has("www.") || has("mailto:") { return true }
        // A scheme: letters, then `://`.
        var j = i
        while j < scalars.count, scalars[j].isASCII, scalars[j].properties.isAlphabetic { j += 1 }
        return j > i && j + 2 < scalars.count && scalars[j] == ":" && scalars[j + 1] == "/" && scalars[j + 2] == "/"
    }

    static func decide(_ counts: Counts) -> Detection {
        let weights: [(Language, Int)] = [(.zh, counts.han * hanWeight), (.ru, counts.cyrillic), (.en, counts.latin)]
        // The heaviest; on a tie the first of zh, ru, en, as a script other than Latin is rarely there by chance.
        let ranked = weights.enumerated().sorted { ($0.element.1, -$0.offset) > ($1.element.1, -$1.offset) }.map(\.element)
        let (best, weight) = ranked[0]
        let (runnerUp, second) = ranked[1]
        var uncertainty: String?
        if weight < minimumWeight {
            uncertainty = weight == 0 ? "it has no prose to tell by" : "it has too little prose to tell by (\(describe(counts)))"
        } else if Double(second) >= Double(weight) * closeShare {
            uncertainty = "its prose mixes \(best.englishName) and \(runnerUp.englishName) about evenly (\(describe(counts)))"
        }
        // Without prose, English: the language of the code and addresses that are there.
        return Detection(language: weight == 0 ? .en : best, uncertainty: uncertainty,
                         han: counts.han, cyrillic: counts.cyrillic, latin: counts.latin)
    }

    private static func describe(_ counts: Counts) -> String {
        var parts: [String] = []
        if counts.han > 0 { parts.append(counted(counts.han, "Han character")) }
        if counts.cyrillic > 0 { parts.append(counted(counts.cyrillic, "Cyrillic letter")) }
        if counts.latin > 0 { parts.append(counted(counts.latin, "Latin letter")) }
        return parts.isEmpty ? "no letters" : parts.joined(separator: ", ")
    }
}
