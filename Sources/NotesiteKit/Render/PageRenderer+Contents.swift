extension PageRenderer {
    /// The heading levels a note's contents list shows: its second and third. A note that asks for a contents list
    /// (`[TOC]`, `{:toc}`, `<!-- toc -->`; `DialectMarks.contentsMarker`) and has no heading of those levels gets
    /// its two highest levels instead, such as a post whose sections are `#` headings.
    static func contentsLevels(of note: Note) -> ClosedRange<Int> {
        guard note.dialect.contentsMarker != nil, !note.headings.contains(where: { $0.level == 2 || $0.level == 3 }),
              let top = note.headings.map(\.level).min() else { return 2...3 }
        return top...(top + 1)
    }
}
