/// Where a long API name may break across lines: after `(`, `:` and `.`, and between the words of a long
/// camel-case identifier (`UISplitView|Controller|Delegate`). A browser breaks a word with no such place only
/// by cutting it anywhere (`UISplitViewC|ontroller`), or not at all, pushing a table or a title wider than a phone.
enum BreakOpportunities {
    /// A word shorter than this keeps its letters together: `8.0`, `e.g.`, `nil` need no break.
    static let minimumWord = 12
    /// A camel-case identifier breaks between its words only where a part between `(`, `:` and `.` is this long.
    static let minimumHumpedPart = 16

    /// `text` escaped for HTML, with `<wbr>` where a long name may break.
    static func html(_ text: String) -> String {
        var out = ""
        forEachWord(in: text[...]) { word, isName in
            out += isName ? marked(word) : Escape.text(String(word))
        }
        return out
    }

    /// `html` with `<wbr>` added in the long names of its text, outside its tags. The text and the tags go to the
    /// result a run at a time, not a character at a time: every heading and table cell comes here (`make bench`).
    static func adding(to html: String) -> String {
        var out = ""
        out.reserveCapacity(html.utf8.count)
        // Where the run being read (text, or a tag from its `<`) starts.
        var runStart = html.startIndex
        var inTag = false
        var quote: Character?
        var i = html.startIndex
        while i < html.endIndex {
            let c = html[i]
            let next = html.index(after: i)
            if inTag {
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    out += html[runStart..<next]
                    runStart = next
                    inTag = false
                }
            } else if c == "<" {
                appendMarked(html[runStart..<i], to: &out)
                runStart = i
                inTag = true
            }
            i = next
        }
        if inTag { out += html[runStart...] } else { appendMarked(html[runStart...], to: &out) }
        return out
    }

    /// Escaped text (as in HTML, between tags) with `<wbr>` in its long names; entities pass through, as `&` and
    /// `;` end a name.
    private static func appendMarked(_ escaped: Substring, to out: inout String) {
        forEachWord(in: escaped) { word, isName in
            if isName { out += marked(word) } else { out += word }
        }
    }

    /// A name's characters: ASCII letters, digits and the punctuation of a Swift or Objective-C selector. Told from
    /// the character's ASCII code: `isLetter` looks each character up in Unicode's tables.
    static func isNameCharacter(_ c: Character) -> Bool {
        switch c.asciiValue {
        case (UInt8(ascii: "a")...UInt8(ascii: "z"))?, (UInt8(ascii: "A")...UInt8(ascii: "Z"))?, (UInt8(ascii: "0")...UInt8(ascii: "9"))?,
             UInt8(ascii: "_")?, UInt8(ascii: "(")?, UInt8(ascii: ")")?, UInt8(ascii: ":")?, UInt8(ascii: ".")?:
            true
        default:
            false
        }
    }

    /// Calls `body` with each run of name characters and each run of everything else in `text`, in order; a run
    /// of name characters at least `minimumWord` long is a name.
    private static func forEachWord(in text: Substring, _ body: (_ word: Substring, _ isName: Bool) -> Void) {
        var start = text.startIndex
        var characters = 0
        var inName = false
        var i = text.startIndex
        while i < text.endIndex {
            let name = isNameCharacter(text[i])
            if name != inName, i > start {
                body(text[start..<i], inName && characters >= minimumWord)
                start = i
                characters = 0
            }
            inName = name
            characters += 1
            i = text.index(after: i)
        }
        if i > start { body(text[start..<i], inName && characters >= minimumWord) }
    }

    /// A name with `<wbr>` after each `(`, `:` and `.` that something follows, and between the words of a long part.
    /// A name is ASCII (`isNameCharacter`), one byte a character, and none of its characters needs escaping.
    private static func marked(_ name: Substring) -> String {
        let bytes = Array(name.utf8)
        func isUppercase(_ b: UInt8) -> Bool { b &- UInt8(ascii: "A") < 26 }
        func isLowercase(_ b: UInt8) -> Bool { b &- UInt8(ascii: "a") < 26 }
        var breaks = [Bool](repeating: false, count: bytes.count)
        var partStart = 0
        for (i, b) in bytes.enumerated() {
            let isBreak = (b == UInt8(ascii: "(") || b == UInt8(ascii: ":") || b == UInt8(ascii: "."))
                && i + 1 < bytes.count && bytes[i + 1] != UInt8(ascii: ")")
            if isBreak || i == bytes.count - 1 {
                let end = isBreak ? i : i + 1
                if end - partStart >= minimumHumpedPart {
                    // Before each capital that follows a small letter: Split|View|Controller.
                    for j in (partStart + 1)..<end where isUppercase(bytes[j]) && isLowercase(bytes[j - 1]) {
                        breaks[j] = true
                    }
                }
                if isBreak { breaks[i + 1] = true }
                partStart = i + 1
            }
        }
        var out = ""
        out.reserveCapacity(bytes.count + 5 * 4)
        var runStart = 0
        for i in bytes.indices where breaks[i] {
            out += String(decoding: bytes[runStart..<i], as: UTF8.self) + "<wbr>"
            runStart = i
        }
        out += String(decoding: bytes[runStart...], as: UTF8.self)
        return out
    }
}

extension Strings {
    /// "11 images not available" in `language`: Russian counts 2–4 (`images_missing_few`) and 21, 31… (`_one`)
    /// apart from the rest; the other languages have one form for every count from 2 on.
    func missingImages(_ count: Int, in language: Language) -> String {
        var key = "images_missing"
        if language == .ru {
            let tens = count % 100, units = count % 10
            if units == 1, tens != 11 { key += "_one" } else if (2...4).contains(units), !(12...14).contains(tens) { key += "_few" }
        }
        return text(key, in: language, fallback: "{count} images not available").replacing("{count}", with: String(count))
    }
}
