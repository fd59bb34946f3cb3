import Foundation

/// Stage 5c: the reference pages (one per type, the delegate-method reference, the collapse table), the mentions
/// that link entries back to notes, and `reference/symbols.json`.
public struct ReferenceSite: Sendable {
    public let data: ReferenceData
    public let finder: MentionFinder
    /// Mentions of each symbol, by its id. Grouped on first use: only the reference's pages need them, and a
    /// rebuild that leaves those alone should not regroup every note's mentions.
    private let bySymbol: OnDemand<[String: SymbolMentions]>
    private let index: SiteIndex
    /// How the reference's pages link to each note, by its position in the index (made once, on first use).
    private let noteLinks: OnDemand<[NoteLink]>

    /// One symbol's mentions in the order of the site's notes, as places in `perNote`: the position of each one's
    /// note in the index (one note's mentions are side by side), and its place in that note's list. A large site
    /// has hundreds of thousands of mentions; a copy of each, grouped by symbol, took longer to make and to free
    /// than the pages that list them took to write.
    private struct SymbolMentions: Sendable {
        var notes: [Int] = []
        var places: [Int] = []
        var count: Int { notes.count }
    }

    /// Every note's mentions, by the note's position in the index.
    private let perNote: [[Mention]]
    /// The HTML of the inline code spans on the pages linked to this reference (`SymbolLinker.InlineCache`).
    private let inlineHTML = SymbolLinker.InlineCache()

    /// Calls `body` with each note of `group` in turn: its position in the index, the range of its mentions in
    /// `group`, and its list of mentions from `lists`, read where they are. A copy of each mention retained and
    /// released its strings, which the reference's pages and `symbols.json` read at the same time on both threads.
    private static func forEachNote(of group: SymbolMentions, in lists: [[Mention]],
                                    _ body: (_ note: Int, _ range: Range<Int>, _ mentions: UnsafeBufferPointer<Mention>) -> Void) {
        lists.withUnsafeBufferPointer { lists in
            var k = 0
            while k < group.count {
                let note = group.notes[k]
                var end = k + 1
                while end < group.count, group.notes[end] == note { end += 1 }
                lists[note].withUnsafeBufferPointer { body(note, k..<end, $0) }
                k = end
            }
        }
    }

    /// The start of a "Mentioned in" item for one note: the same on every reference page, as they share a folder.
    private struct NoteLink: Sendable {
        /// The note's page relative to the reference's folder, escaped.
        var href: String
        var lang: String
        /// The note's title, escaped.
        var title: String
    }

    public static let folder = "reference"
    public static let indexPath = "reference/index.html"
    public static let collapseTablePath = "reference/collapse-table.html"
    public static let symbolsJSONPath = "reference/symbols.json"
    public static let delegatePage = "UISplitViewControllerDelegate"

    static func pagePath(_ page: String) -> String { "\(folder)/\(page).html" }

    /// `mentions` gives the mentions `finder` found in a note (by source path), when the caller kept them from an
    /// earlier pass; without it every note is searched.
    public init(data: ReferenceData, index: SiteIndex, finder: MentionFinder? = nil, mentions known: ((String) -> [Mention])? = nil) {
        self.data = data
        self.index = index
        let finder = finder ?? MentionFinder(resolver: SymbolResolver(list: data.symbols))
        self.finder = finder
        let perNote = known.map { known in index.sourcePaths.map(known) }
            ?? index.notes.parallelMap { finder.mentions(in: $0) }
        self.perNote = perNote
        bySymbol = OnDemand {
            // One lookup of the symbol's id for each mention.
            var slots: [String: Int] = [:]
            var groups: [SymbolMentions] = []
            for (position, list) in perNote.enumerated() {
                for place in list.indices {
                    let slot: Int
                    if let known = slots[list[place].symbolID] {
                        slot = known
                    } else {
                        slot = groups.count
                        slots[list[place].symbolID] = slot
                        groups.append(SymbolMentions())
                    }
                    groups[slot].notes.append(position)
                    groups[slot].places.append(place)
                }
            }
            return slots.mapValues { groups[$0] }
        }
        noteLinks = OnDemand {
            // Any page of the reference's folder: they all link to a note alike.
            let page = Self.indexPath
            return index.notes.map { note in
                NoteLink(href: Escape.text(RelativeURL.from(page, to: note.outputPath)), lang: note.language.htmlLang,
                         title: Escape.text(note.metadata.title))
            }
        }
    }

    /// The hooks that link a note page's code to the reference.
    func linker(forPage page: String) -> SymbolLinker {
        SymbolLinker(finder: finder, data: data, page: page, inlineCache: inlineHTML)
    }

    /// Reference pages in a stable order: types by name, with the delegate-method reference first.
    public var pageNames: [String] {
        let names = Set(data.symbols.symbols.map(\.page))
        return names.sorted { a, b in
            if a == Self.delegatePage || b == Self.delegatePage { return a == Self.delegatePage }
            return a < b
        }
    }

    // MARK: Pages

    /// The reference's files, one job each: the jobs run side by side, and each file can go to disk as soon as it
    /// is made, so the largest pages are never all in memory at once.
    /// `symbolsFile`: whether `symbols.json` is made with its contents. check, which reads only the pages' links
    /// and the site's paths, gets it empty: it lists every mention on the site.
    func pageJobs(templates: TemplateSet, symbolsFile: Bool = true,
                  common: @escaping @Sendable (String, String) -> [String: Any]) -> [@Sendable () -> OutputFile] {
        guard !data.isEmpty else { return [] }
        // Longest first, so that the last jobs to finish are short ones and both cores stay busy to the end:
        // `symbols.json`, which holds every mention, then the pages by how many mentions they list.
        var jobs: [@Sendable () -> OutputFile] = [{ OutputFile(path: Self.symbolsJSONPath, contents: .bytes(symbolsFile ? symbolsJSON() : [])) }]
        let bySymbol = self.bySymbol.value
        var mentionCount: [String: Int] = [:]
        for symbol in data.symbols.symbols { mentionCount[symbol.page, default: 0] += bySymbol[symbol.id]?.count ?? 0 }
        let names = pageNames.enumerated().sorted { a, b in
            let (x, y) = (mentionCount[a.element] ?? 0, mentionCount[b.element] ?? 0)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        jobs += names.map { name in
            {
                let (context, markup) = typePageContext(name, common: common)
                // The entries' lists of mentions are most of a large page (10 MB at 10,000 notes): the page starts
                // with room for them, rather than growing into new memory step by step, copying as it goes.
                return OutputFile(path: Self.pagePath(name),
                                  contents: .bytes(templates.render("reference-page", context, reserving: markup + 64 * 1024)))
            }
        }
        jobs.append { OutputFile(path: Self.indexPath, contents: .bytes(templates.render("reference-index", indexPageContext(common: common)))) }
        if data.collapseTable != nil {
            jobs.append { OutputFile(path: Self.collapseTablePath, contents: .bytes(templates.render("collapse-table", collapseTableContext(common: common)))) }
        }
        return jobs
    }

    private func indexPageContext(common: (String, String) -> [String: Any]) -> [String: Any] {
        var context = common(Self.indexPath, "Reference")
        context["pages"] = pageNames.map { name -> [String: Any] in
            let members = data.symbols.symbols.filter { $0.page == name }
            var item: [String: Any] = ["name": name, "href": "\(name).html", "count": members.count,
                                       "countText": counted(members.count, "entry", plural: "entries")]
            if let type = data.symbols[name] { item["summary"] = type.summary.replacingOccurrences(of: "`", with: "") }
            if name == Self.delegatePage { item["isDelegate"] = true }
            return item
        }
        if data.collapseTable != nil { context["collapseTableHref"] = "collapse-table.html" }
        return context
    }

    private func collapseTableContext(common: (String, String) -> [String: Any]) -> [String: Any] {
        var context = common(Self.collapseTablePath, "The collapse table")
        context["table"] = data.collapseTable?.html { id in
            data.symbols[id].map { RelativeURL.from(Self.collapseTablePath, to: Self.pagePath($0.page)) + "#" + $0.id }
        }
        let shown = placeholderNotes()
        // Each note that shows the table, with its one placement as its list of mentions.
        var placements = [[Mention]](repeating: [], count: index.notes.count)
        for item in shown { placements[item.note] = [item.mention] }
        let shownIn = mentionItems(SymbolMentions(notes: shown.map(\.note), places: shown.map { _ in 0 }), in: placements,
                                   spellings: false)
        if !shownIn.isEmpty {
            context["mentions"] = shownIn
            context["hasMentions"] = true
        }
        return context
    }

    /// The template values of one type's page, and how many bytes of markup its entries' lists of mentions take.
    private func typePageContext(_ name: String, common: (String, String) -> [String: Any]) -> (context: [String: Any], markup: Int) {
        let path = Self.pagePath(name)
        var context = common(path, name == Self.delegatePage ? "\(name) methods" : name)
        let symbols = data.symbols.symbols.filter { $0.page == name }
        let ordered = symbols.filter { $0.id == name } + symbols.filter { $0.id != name }
        context["page"] = ["name": name, "isDelegate": name == Self.delegatePage] as [String: Any]
        let entries = ordered.map { entry($0, page: path) }
        context["entries"] = entries.map(\.values)
        // A page of more than a few entries opens with a list of them: the longest have dozens.
        if ordered.count > 5 {
            context["entryList"] = ordered.map { ["id": $0.id, "name": $0.swift] }
            context["hasEntryList"] = true
        }
        if name == Self.delegatePage, !data.sequences.isEmpty {
            context["diagrams"] = data.sequences.map { sequence -> [String: Any] in
                ["id": "sequence-\(sequence.id)", "title": sequence.title,
                 "svg": sequence.svg(symbols: data.symbols) { id in
                     RelativeURL.from(path, to: Self.pagePath(data.symbols[id]?.page ?? name)) + "#" + id
                 }]
            }
        }
        return (context, entries.reduce(0) { $0 + $1.markup })
    }

    /// One entry's template values, and how many bytes its list of mentions takes.
    private func entry(_ symbol: Symbol, page: String) -> (values: [String: Any], markup: Int) {
        let rich = { (text: String) in richText(text, page: page, self: symbol.id) }
        var item: [String: Any] = ["id": symbol.id, "name": symbol.swift, "kind": symbol.kind.rawValue, "summary": rich(symbol.summary)]
        if let container = symbol.container { item["container"] = container }
        if let declaration = symbol.declaration { item["declaration"] = declaration }
        if let calledWhen = symbol.calledWhen { item["calledWhen"] = rich(calledWhen) }
        if let returns = symbol.returns { item["returns"] = rich(returns) }
        // The data's event names are slugs (`display-mode`); the page says them as words.
        if !symbol.events.isEmpty { item["events"] = symbol.events.map { $0.replacingOccurrences(of: "-", with: " ") }.joined(separator: ", ") }
        if let introduced = symbol.introduced { item["introduced"] = introduced }
        if let deprecated = symbol.deprecated { item["deprecated"] = deprecated }
        if let replacement = symbol.replacement.flatMap({ data.symbols[$0] }) {
            item["replacement"] = ["name": replacement.swift,
                                   "href": RelativeURL.from(page, to: Self.pagePath(replacement.page)) + "#" + replacement.id]
        }
        if let note = symbol.replacementNote { item["replacementNote"] = rich(note) }
        var spellings: [[String: Any]] = Symbol.swiftVersions.compactMap { version in
            symbol.swiftNames[version].map { ["label": "Swift \(version == "4.2" ? "4.2+" : version)", "name": $0] }
        }
        if let objc = symbol.objc { spellings.append(["label": "Objective-C", "name": objc]) }
        item["spellings"] = spellings
        item["translations"] = [Language.zh, .ru].compactMap { lang -> [String: Any]? in
            guard let texts = symbol.translations[lang] else { return nil }
            var t: [String: Any] = ["htmlLang": lang.htmlLang, "name": lang.nativeName]
            if let s = texts.summary { t["summary"] = rich(s) }
            if let s = texts.calledWhen { t["calledWhen"] = rich(s) }
            if let s = texts.returns { t["returns"] = rich(s) }
            return t
        }
        let mentioned = bySymbol.value[symbol.id] ?? SymbolMentions()
        let links = mentionItems(mentioned, in: perNote, name: symbol.swift)
        if !links.isEmpty {
            item["mentions"] = links
            item["hasMentions"] = true
        }
        return (item, links.count)
    }

    /// A data text as HTML: `code` spans become code, linked to their entry when they name another symbol.
    private func richText(_ text: String, page: String, self ownID: String) -> String {
        var out = ""
        for (i, part) in text.split(separator: "`", omittingEmptySubsequences: false).enumerated() {
            guard i % 2 == 1 else {
                out += Escape.text(String(part))
                continue
            }
            let code = "<code>\(Escape.text(String(part)))</code>"
            if let symbol = finder.symbol(forInlineCode: String(part)), symbol.id != ownID {
                let href = RelativeURL.from(page, to: Self.pagePath(symbol.page)) + "#" + symbol.id
                out += CodeHighlighter.symbolLink(href: href, title: symbol.swift, html: code)
            } else {
                out += code
            }
        }
        return out
    }

    /// "Mentioned in" (or, with `spellings: false`, "Shown in") list items for a page of the reference: one link
    /// per note section, in the order first met, with the spellings used there, as HTML. `group` holds each
    /// mention's note by its position in the index, ascending, so one note's mentions are side by side and its
    /// sections are told apart among those alone, and its place in that note's list in `lists`. A reference page
    /// lists tens of thousands of them on a large site, and written here each costs a microsecond where a
    /// template's loop item cost fifty. `name` is the entry's own name: a section that spells the entry only so
    /// gets no "as".
    private func mentionItems(_ group: SymbolMentions, in lists: [[Mention]], spellings showSpellings: Bool = true,
                              name: String? = nil) -> HTMLOutput {
        let links = noteLinks.value
        // Room for about 160 bytes a mention, so that a long list rarely grows, copying itself into new memory as
        // it does: an item takes about 180 bytes, and sections often mention a name more than once (the corpus's
        // lists take 80 a mention). Room not written to costs no memory.
        var html = HTMLOutput(capacity: group.count * 160)
        // The sections of the note being read, in the order first met: the place of its first mention and of the
        // first with each spelling.
        var sections: [(first: Int, spellings: [Int])] = []
        Self.forEachNote(of: group, in: lists) { note, range, mentions in
            sections.removeAll(keepingCapacity: true)
            for j in range {
                let place = group.places[j]
                if let i = sections.firstIndex(where: { Self.sameHeading(mentions[$0.first].headingID, mentions[place].headingID) }) {
                    if !sections[i].spellings.contains(where: { mentions[$0].spelling == mentions[place].spelling }) {
                        sections[i].spellings.append(place)
                    }
                } else {
                    sections.append((place, [place]))
                }
            }
            appendItems(sections, of: mentions, note: note, link: links[note], showSpellings: showSpellings, name: name, to: &html)
        }
        return html
    }

    /// The list items for one note's mentioning sections.
    private func appendItems(_ sections: [(first: Int, spellings: [Int])], of mentions: UnsafeBufferPointer<Mention>,
                             note position: Int, link: NoteLink, showSpellings: Bool, name: String?, to html: inout HTMLOutput) {
        for section in sections {
            if !html.isEmpty { html += "\n" }
            html += "<li><a href=\""
            html += link.href
            let headingID = mentions[section.first].headingID
            if let headingID {
                html += "#"
                html.appendEscaped(headingID)
            }
            html += "\" lang=\""
            html += link.lang
            html += "\">"
            html += link.title
            if let headingID, let heading = index.notes[position].headings.first(where: { $0.id.hasSameBytes(as: headingID) }) {
                html += " › "
                html.appendEscaped(heading.text)
            }
            html += "</a>"
            if showSpellings, !(section.spellings.count == 1 && mentions[section.spellings[0]].spelling == name) {
                html += " <span class=\"spelling\">as <code>"
                for (n, place) in section.spellings.enumerated() {
                    if n > 0 { html += ", " }
                    html.appendEscaped(mentions[place].spelling)
                }
                html += "</code></span>"
            }
            html += "</li>"
        }
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

    /// Notes that show the collapse table, as mentions of its page.
    private func placeholderNotes() -> [(mention: Mention, note: Int)] {
        index.notes.indices.compactMap { position in
            let note = index.notes[position]
            return note.collapseTable.map { shown in
                (Mention(symbolID: "", notePath: note.source.path, headingID: shown.heading, spelling: "collapse table",
                         location: shown.location), position)
            }
        }
    }

    // MARK: symbols.json

    /// For tools and other sites: each symbol's id, current Swift name, entry URL (relative to the site's root) and
    /// mentions. Written by hand, keys in a fixed order, so the file is byte-identical from build to build and fast
    /// to write however many mentions there are.
    func symbolsJSON() -> [UInt8] {
        // Each note's page and language as JSON, once, end to end in one buffer: a note is mentioned many times.
        var pageBytes: [UInt8] = []
        var pageEnds: [Int] = []
        for note in index.notes {
            pageBytes += "      {\"page\": ".utf8
            JSON.append(note.outputPath, to: &pageBytes)
            pageBytes += ", \"anchor\": ".utf8
            pageEnds.append(pageBytes.count)
            pageBytes += ", \"lang\": ".utf8
            JSON.append(note.language.rawValue, to: &pageBytes)
            pageBytes += ", \"spelling\": ".utf8
            pageEnds.append(pageBytes.count)
        }
        let bySymbol = self.bySymbol.value
        // As bytes: at 10,000 notes the file lists hundreds of thousands of mentions (56 MB), in room for the most
        // they can take, worked out first. An estimate that fell short made the buffer grow, copying all of it
        // into new memory. A heading id or spelling escaped takes at most six times its bytes; a mention's line
        // and punctuation at most 40 more.
        var bound = data.symbols.symbols.reduce(0) { $0 + 6 * ($1.id.utf8.count * 2 + $1.swift.utf8.count + $1.page.utf8.count) + 256 }
        for group in bySymbol.values {
            Self.forEachNote(of: group, in: perNote) { note, range, mentions in
                let page = pageEnds[2 * note + 1] - (note == 0 ? 0 : pageEnds[2 * note - 1])
                for j in range {
                    let mention = mentions[group.places[j]]
                    bound += page + 6 * ((mention.headingID?.utf8.count ?? 0) + mention.spelling.utf8.count) + 40
                }
            }
        }
        var out: [UInt8] = []
        out.reserveCapacity(bound)
        out += "{\n  \"version\": 1,\n  \"base\": \"urls are relative to the site's root\",\n  \"symbols\": [".utf8
        var prefix: [UInt8] = []
        for (i, symbol) in data.symbols.symbols.enumerated() {
            out += (i == 0 ? "\n" : ",\n").utf8
            out += "    {\"id\": ".utf8
            JSON.append(symbol.id, to: &out)
            out += ", \"swift\": ".utf8
            JSON.append(symbol.swift, to: &out)
            out += ", \"kind\": ".utf8
            JSON.append(symbol.kind.rawValue, to: &out)
            out += ", \"url\": ".utf8
            JSON.append(Self.pagePath(symbol.page) + "#" + symbol.id, to: &out)
            out += ", \"mentions\": [".utf8
            let group = bySymbol[symbol.id] ?? SymbolMentions()
            Self.forEachNote(of: group, in: perNote) { note, range, mentions in
                var previous: Int?
                for j in range {
                    let place = group.places[j]
                    out += (j == 0 ? "\n" : ",\n").utf8
                    // A mention's fields up to its line, kept for the next: a section usually names an API
                    // more than once, in the same spelling, and those mentions differ in their line alone.
                    // Told apart by their bytes, as they are written: `==` on strings would take two
                    // spellings of one text (composed and decomposed) for the same.
                    let same = previous.map { p in
                        mentions[p].spelling.hasSameBytes(as: mentions[place].spelling)
                            && Self.sameHeading(mentions[p].headingID, mentions[place].headingID)
                    } ?? false
                    if !same {
                        let start = note == 0 ? 0 : pageEnds[2 * note - 1]
                        prefix.removeAll(keepingCapacity: true)
                        prefix += pageBytes[start..<pageEnds[2 * note]]
                        if let headingID = mentions[place].headingID { JSON.append(headingID, to: &prefix) } else { prefix += "null".utf8 }
                        prefix += pageBytes[pageEnds[2 * note]..<pageEnds[2 * note + 1]]
                        JSON.append(mentions[place].spelling, to: &prefix)
                        prefix += ", \"line\": ".utf8
                        previous = place
                    }
                    out += prefix
                    JSON.appendDecimal(mentions[place].location.line, to: &out)
                    out.append(UInt8(ascii: "}"))
                }
            }
            out += (group.count == 0 ? "]}" : "\n    ]}").utf8
        }
        out += "\n  ]\n}\n".utf8
        return out
    }
}

/// JSON string literals.
enum JSON {
    static func string(_ s: String) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.utf8.count + 2)
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends `s` as a JSON string literal to the UTF-8 bytes `out`. The bytes between the ones that need escaping
    /// are copied in runs: most strings (titles, addresses) have none, and a section's text a line break every few
    /// words.
    static func append(_ s: String, to out: inout [UInt8]) {
        var s = s
        s.withUTF8 { append($0, to: &out) }
    }

    /// Appends the UTF-8 text `source` as a JSON string literal.
    static func append(_ source: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        var run = 0
        var i = 0
        while let found = firstToEscape(in: source, from: i) {
            out.append(contentsOf: UnsafeBufferPointer(rebasing: source[run..<found]))
            run = found + 1
            i = found + 1
            out.append(UInt8(ascii: "\\"))
            if let short = shortEscape(source[found]) {
                out.append(short)
            } else {
                let hex: StaticString = "0123456789abcdef"
                out += [UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                        hex.utf8Start[Int(source[found] >> 4)], hex.utf8Start[Int(source[found] & 0xF)]]
            }
        }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: source[run...]))
        out.append(UInt8(ascii: "\""))
    }

    /// Where the first byte JSON escapes stands at or after `start`, if any. Eight bytes at a time: the search
    /// scripts hold the text of every section, and most of it needs nothing.
    static func firstToEscape(in source: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard let base = source.baseAddress else { return nil }
        let count = source.count
        var i = start
        while i + 8 <= count {
            let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
            // A byte under 0x20 is one whose high bit is clear and still clear, with a borrow, after 0x20 is taken
            // from it; a quote or backslash is a zero byte after the word is XORed with it.
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            let control = (word &- ones &* 0x20) & ~word & highs
            let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
            let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
            if control | ((quote &- ones) & ~quote & highs) | ((backslash &- ones) & ~backslash & highs) != 0 { break }
            i += 8
        }
        while i < count {
            if needsEscape(base[i]) { return i }
            i += 1
        }
        return nil
    }

    /// Appends `n` (not negative) in decimal.
    static func appendDecimal(_ n: Int, to out: inout [UInt8]) {
        if n < 10 {
            out.append(UInt8(ascii: "0") + UInt8(n))
            return
        }
        // The digits from a buffer on the stack (an Int has at most 19 digits).
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &digits) { buffer in
            let count = writeDecimal(n, to: buffer.baseAddress!.assumingMemoryBound(to: UInt8.self))
            out.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// Writes `n` (not negative) in decimal at `p`, which has room for its digits (at most 19); returns how many.
    @inline(__always)
    static func writeDecimal(_ n: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var length = 1
        var rest = n / 10
        while rest > 0 { length += 1; rest /= 10 }
        var n = n
        var k = length
        repeat {
            k -= 1
            p[k] = UInt8(ascii: "0") + UInt8(n % 10)
            n /= 10
        } while n > 0
        return length
    }

    /// Quotes, backslashes and control characters.
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
    }

    /// The letter after the backslash for the characters JSON escapes in two bytes; nil for the other control
    /// characters, written as `\u00XX`.
    private static func shortEscape(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "\n"): UInt8(ascii: "n")
        case UInt8(ascii: "\r"): UInt8(ascii: "r")
        case UInt8(ascii: "\t"): UInt8(ascii: "t")
        default: nil
        }
    }
}
