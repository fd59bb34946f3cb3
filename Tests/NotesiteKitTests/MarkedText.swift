import NotesiteMarkdown

/// A source text with markers (1️⃣, 2️⃣, …) where diagnostics are expected: the text without the markers, and each
/// marker's position (1-based line, UTF-8 column) in that text.
struct MarkedText {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣", "🔟"]

    let text: String
    let positions: [String: SourceLocation]

    init(_ marked: String) {
        var text = ""
        var positions: [String: SourceLocation] = [:]
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                positions[marker] = SourceLocation(line: line, column: column)
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            text.append(character)
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.utf8.count
            }
            rest = rest.dropFirst()
        }
        self.text = text
        self.positions = positions
    }
}
