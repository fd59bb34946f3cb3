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
        for word in words(of: text) {
            out += word.isName ? marked(word.text) : Escape.text(word.text)
        }
        return out
    }

    /// `html` with `<wbr>` added in the long names of its text, outside its tags.
    static func adding(to html: String) -> String {
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
                out += markedText(text)
                text = ""
                out.append(c)
                inTag = true
            } else {
                text.append(c)
            }
        }
        return out + markedText(text)
    }

    /// Escaped text (as in HTML, between tags) with `<wbr>` in its long names; entities pass through, as `&` and
    /// `;` end a name.
    private static func markedText(_ escaped: String) -> String {
        var out = ""
        for word in words(of: escaped) {
            out += word.isName ? marked(word.text) : word.text
        }
        return out
    }

    /// A name's characters: letters, digits and the punctuation of a Swift or Objective-C selector.
    private static func isNameCharacter(_ c: Character) -> Bool {
        c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "(" || c == ")" || c == ":" || c == ".")
    }

    /// `text` cut into runs of name characters and runs of everything else; a run of name characters at least
    /// `minimumWord` long is a name.
    private static func words(of text: String) -> [(text: String, isName: Bool)] {
        var result: [(text: String, isName: Bool)] = []
        var current = ""
        var inName = false
        for c in text {
            let name = isNameCharacter(c)
            if name != inName, !current.isEmpty {
                result.append((current, inName && current.count >= minimumWord))
                current = ""
            }
            inName = name
            current.append(c)
        }
        if !current.isEmpty { result.append((current, inName && current.count >= minimumWord)) }
        return result
    }

    /// A name with `<wbr>` after each `(`, `:` and `.` that something follows, and between the words of a long part.
    private static func marked(_ name: String) -> String {
        let characters = Array(name)
        var out = ""
        var partStart = 0
        var breaks = Set<Int>()
        for (i, c) in characters.enumerated() {
            let isBreak = (c == "(" || c == ":" || c == ".") && i + 1 < characters.count && characters[i + 1] != ")"
            if isBreak || i == characters.count - 1 {
                let end = isBreak ? i : i + 1
                if end - partStart >= minimumHumpedPart {
                    // Before each capital that follows a small letter: Split|View|Controller.
                    for j in (partStart + 1)..<end where characters[j].isUppercase && characters[j - 1].isLowercase {
                        breaks.insert(j)
                    }
                }
                if isBreak { breaks.insert(i + 1) }
                partStart = i + 1
            }
        }
        for (i, c) in characters.enumerated() {
            if breaks.contains(i) { out += "<wbr>" }
            out += Escape.text(String(c))
        }
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
