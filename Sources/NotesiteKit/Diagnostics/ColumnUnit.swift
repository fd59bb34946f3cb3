import NotesiteMarkdown

/// What a column printed in a finding counts. notesite's own positions count UTF-8 bytes (cmark-gfm's); a finding
/// is converted on its line when it is written, so only the output changes, never where a caret or a fix-it goes.
///
/// `char` counts Unicode scalar values, as Emacs, rustc, and terminals' and most editors' "go to column" do; on text
/// of the Basic Multilingual Plane (all of Chinese's common characters, Cyrillic, Latin) it is also what VS Code and
/// other UTF-16 editors count. Extended grapheme clusters are counted by no editor's problem matcher, so they are no
/// choice here: a flag with a combining accent would be one column in that count and two in every editor's.
public enum ColumnUnit: String, CaseIterable, Sendable {
    /// UTF-8 bytes: notesite's own count, and cmark-gfm's, clang's and Vim's.
    case utf8
    /// UTF-16 code units: VS Code's, JetBrains' and the Language Server Protocol's, and SARIF's.
    case utf16
    /// Unicode scalar values (characters).
    case char

    /// The 1-based column, in this unit, of the 1-based UTF-8 byte `column` of `line` (a line without its line end).
    /// A column past the line's end (a range that ends after the last character, or takes in the line end) goes on
    /// one unit a byte, as a line end is one unit in every count.
    public func column(_ column: Int, in line: some Collection<UInt8>) -> Int {
        let offset = column - 1
        guard self != .utf8, offset > 0 else { return column }
        var bytes = 0, units = 0
        var iterator = line.makeIterator()
        while bytes < offset, let byte = iterator.next() {
            bytes += 1
            // A scalar is counted at its lead byte, continuation bytes (10xxxxxx) adding nothing; one of four bytes
            // (past U+FFFF) is a surrogate pair in UTF-16.
            if byte & 0xC0 != 0x80 { units += byte >= 0xF0 && self == .utf16 ? 2 : 1 }
        }
        return units + (offset - bytes) + 1
    }

    /// The column of a place on a line of text.
    public func column(_ location: SourceLocation, in line: Substring) -> Int {
        column(location.column, in: line.utf8)
    }

    /// How the unit is named where a format names it: SARIF's `columnKind` (which has no byte count).
    var sarifColumnKind: String? {
        switch self {
        case .utf16: "utf16CodeUnits"
        case .char: "unicodeCodePoints"
        case .utf8: nil
        }
    }
}
