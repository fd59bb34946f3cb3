/// The mentions of a site's notes, laid out for the lists the reference writes: its pages' "Mentioned in" items
/// and `symbols.json`. A large site has hundreds of thousands of mentions, and each item or line of those lists is
/// pieced together from texts that many mentions share: a note's link, a section's heading, a spelling. Each of
/// those is escaped once, as HTML and as JSON, into one buffer, and a mention is numbers: its note, its section and
/// its spelling. Written from `Mention` values, every mention cost retains and releases of its strings (on both
/// threads at once, as the pages and `symbols.json` are written side by side), and string comparisons where
/// numbers now do.
///
/// A mention's section is its note and heading, told apart by the heading id's bytes; its spelling is told apart
/// by its bytes too, as `symbols.json` writes it.
struct MentionTable: Sendable {
    /// The escaped texts end to end, and where each ends, by number.
    private var text: [UInt8] = []
    private var ends: [Int] = []

    /// One mention: the number of its note, of its section's first text and of its spelling's first text (which
    /// tell sections and spellings apart), and its line.
    ///
    /// A note's texts are texts `5n` to `5n + 4` for note `n`: its address from the page (escaped for an
    /// attribute), the end of a link's opening tag with the note's language (`" lang="…">`), its title, and the start
    /// of its JSON mention up to the anchor, then from there to the spelling. A section's are its anchor for a link
    /// (`#id`, or nothing before the first heading), its heading (or nothing), and its id as JSON (or `null`). A
    /// spelling's are the spelling as HTML, then as JSON.
    struct Row {
        var note: Int32
        var section: Int32
        var spelling: Int32
        var line: Int32
    }

    /// By mention, numbered in the order of the lists: note after note, each note's in its own order.
    private var rows: [Row] = []
    /// Each spelling's first text, by its bytes.
    private var spellings: [UTF8Key: Int32] = [:]
    /// The mentions of each symbol, by its id, in order.
    private var bySymbol: [String: [Int32]] = [:]

    /// `lists`: each note's mentions, by the note's position in `index`.
    init(lists: [[Mention]], index: SiteIndex, linksFrom page: String) {
        for note in index.notes {
            add { Escape.appendText(RelativeURL.from(page, to: note.outputPath), to: &$0) }
            add { $0 += "\" lang=\"".utf8; $0 += note.language.htmlLang.utf8; $0 += "\">".utf8 }
            add { Escape.appendText(note.metadata.title, to: &$0) }
            add { $0 += "      {\"page\": ".utf8; JSON.append(note.outputPath, to: &$0); $0 += ", \"anchor\": ".utf8 }
            add { $0 += ", \"lang\": ".utf8; JSON.append(note.language.rawValue, to: &$0); $0 += ", \"spelling\": ".utf8 }
        }
        rows.reserveCapacity(lists.reduce(0) { $0 + $1.count })
        // The symbols' slots, looked up once for each mention. The mentions are read where they are: a copy of
        // each retained and released its strings.
        var slots: [String: Int] = [:]
        var groups: [[Int32]] = []
        index.notes.withUnsafeBufferPointer { notes in
            for position in lists.indices {
                lists[position].withUnsafeBufferPointer { list in
                    // This note's sections so far, by heading id. A section's mentions come one after another, often
                    // in one spelling: each is first compared with the one before it.
                    var sections: [(id: String?, text: Int32)] = []
                    for i in list.indices {
                        let slot: Int
                        if let known = slots[list[i].symbolID] {
                            slot = known
                        } else {
                            slot = groups.count
                            slots[list[i].symbolID] = slot
                            groups.append([])
                        }
                        groups[slot].append(Int32(rows.count))
                        let section: Int32
                        if let last = sections.last, Self.sameHeading(last.id, list[i].headingID) {
                            section = last.text
                        } else if let known = sections.first(where: { Self.sameHeading($0.id, list[i].headingID) }) {
                            section = known.text
                        } else {
                            section = addSection(list[i].headingID, headings: notes[position].headings)
                            sections.append((list[i].headingID, section))
                        }
                        let spelling = i > 0 && list[i - 1].spelling.hasSameBytes(as: list[i].spelling)
                            ? rows[rows.count - 1].spelling : spellingText(list[i].spelling)
                        rows.append(Row(note: Int32(position), section: section, spelling: spelling,
                                        line: Int32(clamping: list[i].location.line)))
                    }
                }
            }
        }
        bySymbol = slots.mapValues { groups[$0] }
    }

    /// The mentions of the symbol `id`, in order.
    func mentions(of id: String) -> [Int32] { bySymbol[id] ?? [] }

    /// The spelling's number (`Row.spelling`), when some mention spells a symbol so.
    func spelling(_ text: String) -> Int32? { spellings[UTF8Key(text)] }

    private mutating func add(_ write: (inout [UInt8]) -> Void) {
        write(&text)
        ends.append(text.count)
    }

    /// Adds a section's texts: the number of the first.
    private mutating func addSection(_ id: String?, headings: [Note.Heading]) -> Int32 {
        let first = Int32(ends.count)
        add { text in
            guard let id else { return }
            text.append(UInt8(ascii: "#"))
            Escape.appendText(id, to: &text)
        }
        add { text in
            guard let id, let heading = headings.first(where: { $0.id.hasSameBytes(as: id) }) else { return }
            Escape.appendText(heading.text, to: &text)
        }
        add { text in
            if let id { JSON.append(id, to: &text) } else { text += "null".utf8 }
        }
        return first
    }

    /// The number of a spelling's first text, added when it is new.
    private mutating func spellingText(_ spelling: String) -> Int32 {
        let key = UTF8Key(spelling)
        if let known = spellings[key] { return known }
        let first = Int32(ends.count)
        spellings[key] = first
        add { Escape.appendText(spelling, to: &$0) }
        add { JSON.append(spelling, to: &$0) }
        return first
    }

    /// Heading ids come from one slugger, so equal ones have equal bytes: compared without the Unicode
    /// normalisation that comparing Chinese or Russian `String`s costs.
    private static func sameHeading(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): true
        case let (x?, y?): x.hasSameBytes(as: y)
        default: false
        }
    }

    /// Calls `body` with the table read through pointers, which cost no retains.
    func read<R>(_ body: (Reader) -> R) -> R {
        text.withUnsafeBufferPointer { text in
            ends.withUnsafeBufferPointer { ends in
                rows.withUnsafeBufferPointer { rows in body(Reader(text: text, ends: ends, rows: rows)) }
            }
        }
    }

    /// The table during `read`.
    struct Reader {
        fileprivate let text: UnsafeBufferPointer<UInt8>
        fileprivate let ends: UnsafeBufferPointer<Int>
        /// By mention.
        let rows: UnsafeBufferPointer<Row>

        /// The texts of a note, a section and a spelling.
        enum Part {
            case href, langAttribute, title, jsonStart, jsonMiddle
            case anchor, heading, headingJSON
            case spellingHTML, spellingJSON
        }

        /// Mention `m`'s text `part`: of its note, its section or its spelling.
        @inline(__always)
        func text(_ part: Part, of m: Int32) -> UnsafeBufferPointer<UInt8> {
            let row = rows[Int(m)]
            let number: Int32 = switch part {
            case .href: 5 * row.note
            case .langAttribute: 5 * row.note + 1
            case .title: 5 * row.note + 2
            case .jsonStart: 5 * row.note + 3
            case .jsonMiddle: 5 * row.note + 4
            case .anchor: row.section
            case .heading: row.section + 1
            case .headingJSON: row.section + 2
            case .spellingHTML: row.spelling
            case .spellingJSON: row.spelling + 1
            }
            let n = Int(number)
            return UnsafeBufferPointer(rebasing: text[(n == 0 ? 0 : ends[n - 1])..<ends[n]])
        }
    }
}
