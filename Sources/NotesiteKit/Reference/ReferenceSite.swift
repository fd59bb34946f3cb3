import Foundation

/// Stage 5c: the reference pages (one per type, the delegate-method reference, the collapse table), the mentions
/// that link entries back to notes, and `reference/symbols.json`.
public struct ReferenceSite: Sendable {
    public let data: ReferenceData
    public let finder: MentionFinder
    /// The notes' mentions, laid out for the lists of them the reference writes. Made on first use: only the
    /// reference's pages need it, and a rebuild that leaves those alone should not go through every note's mentions.
    private let mentions: OnDemand<MentionTable>
    private let index: SiteIndex
    /// The HTML of the inline code spans on the pages linked to this reference (`SymbolLinker.InlineCache`).
    private let inlineHTML = SymbolLinker.InlineCache()

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
        // Any page of the reference's folder: they all link to a note alike.
        mentions = OnDemand { MentionTable(lists: perNote, index: index, linksFrom: Self.indexPath) }
    }

    /// Starts laying out the mentions on another thread, for the pages that list them later: on a large site that
    /// would otherwise hold up the start of the reference's pages (`make bench`).
    func prepareMentions() {
        let mentions = self.mentions
        DispatchQueue.global().async { _ = mentions.value }
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
                  common: @escaping @Sendable (String, String) -> TemplateContext) -> [@Sendable () -> OutputFile] {
        guard !data.isEmpty else { return [] }
        // Longest first, so that the last jobs to finish are short ones and both cores stay busy to the end:
        // `symbols.json`, which holds every mention, then the pages by how many mentions they list.
        var jobs: [@Sendable () -> OutputFile] = [{ OutputFile(path: Self.symbolsJSONPath, contents: .bytes(symbolsFile ? symbolsJSON() : [])) }]
        let mentions = self.mentions.value
        var mentionCount: [String: Int] = [:]
        for symbol in data.symbols.symbols { mentionCount[symbol.page, default: 0] += mentions.mentions(of: symbol.id).count }
        let names = pageNames.enumerated().sorted { a, b in
            let (x, y) = (mentionCount[a.element] ?? 0, mentionCount[b.element] ?? 0)
            return x != y ? x > y : a.offset < b.offset
        }.map(\.element)
        jobs += names.map { name in
            {
                let (context, markup) = typePageContext(name, common: common)
                // The entries' lists of mentions are most of a large page: the page starts
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

    private func indexPageContext(common: (String, String) -> TemplateContext) -> TemplateContext {
        var context = common(Self.indexPath, "Reference")
        context["pages"] = .list(pageNames.map { name -> TemplateContext in
            let members = data.symbols.symbols.filter { $0.page == name }
            var item: TemplateContext = ["name": .string(name), "href": "\(name).html", "count": .int(members.count),
                                         "countText": .string(counted(members.count, "entry", plural: "entries"))]
            if let type = data.symbols[name] { item["summary"] = .string(type.summary.replacingOccurrences(of: "`", with: "")) }
            if name == Self.delegatePage { item["isDelegate"] = true }
            return item
        })
        if data.collapseTable != nil { context["collapseTableHref"] = "collapse-table.html" }
        return context
    }

    private func collapseTableContext(common: (String, String) -> TemplateContext) -> TemplateContext {
        var context = common(Self.collapseTablePath, "The collapse table")
        context["table"] = data.collapseTable.map { table in
            .string(table.html { id in
                data.symbols[id].map { RelativeURL.from(Self.collapseTablePath, to: Self.pagePath($0.page)) + "#" + $0.id }
            })
        }
        let shown = placeholderNotes()
        // Each note that shows the table, with its one placement as its list of mentions.
        var placements = [[Mention]](repeating: [], count: index.notes.count)
        for item in shown { placements[item.note] = [item.mention] }
        let table = MentionTable(lists: placements, index: index, linksFrom: Self.collapseTablePath)
        let shownIn = mentionItems(table.mentions(of: ""), in: table, spellings: false)
        if !shownIn.isEmpty {
            context["mentions"] = .html(shownIn)
            context["hasMentions"] = true
        }
        return context
    }

    /// The template values of one type's page, and how many bytes of markup its entries' lists of mentions take.
    private func typePageContext(_ name: String, common: (String, String) -> TemplateContext) -> (context: TemplateContext, markup: Int) {
        let path = Self.pagePath(name)
        var context = common(path, name == Self.delegatePage ? "\(name) methods" : name)
        let symbols = data.symbols.symbols.filter { $0.page == name }
        let ordered = symbols.filter { $0.id == name } + symbols.filter { $0.id != name }
        context["page"] = ["name": .string(name), "isDelegate": .bool(name == Self.delegatePage)]
        let entries = ordered.map { entry($0, page: path) }
        context["entries"] = .list(entries.map(\.values))
        // A page of more than a few entries opens with a list of them: the longest have dozens.
        if ordered.count > 5 {
            context["entryList"] = .list(ordered.map { ["id": .string($0.id), "name": .string($0.swift)] })
            context["hasEntryList"] = true
        }
        if name == Self.delegatePage, !data.sequences.isEmpty {
            context["diagrams"] = .list(data.sequences.map { sequence -> TemplateContext in
                ["id": "sequence-\(sequence.id)", "title": .string(sequence.title),
                 "svg": .string(sequence.svg(symbols: data.symbols) { id in
                     RelativeURL.from(path, to: Self.pagePath(data.symbols[id]?.page ?? name)) + "#" + id
                 })]
            })
        }
        return (context, entries.reduce(0) { $0 + $1.markup })
    }

    /// One entry's template values, and how many bytes its list of mentions takes.
    private func entry(_ symbol: Symbol, page: String) -> (values: TemplateContext, markup: Int) {
        let rich = { (text: String) in TemplateValue.string(richText(text, page: page, self: symbol.id)) }
        var item: TemplateContext = ["id": .string(symbol.id), "name": .string(symbol.swift), "kind": .string(symbol.kind.rawValue),
                                     "summary": rich(symbol.summary)]
        item["container"] = symbol.container.map(TemplateValue.string)
        item["declaration"] = symbol.declaration.map(TemplateValue.string)
        item["calledWhen"] = symbol.calledWhen.map(rich)
        item["returns"] = symbol.returns.map(rich)
        // The data's event names are slugs (`display-mode`); the page says them as words.
        if !symbol.events.isEmpty { item["events"] = .string(symbol.events.map { $0.replacingOccurrences(of: "-", with: " ") }.joined(separator: ", ")) }
        item["introduced"] = symbol.introduced.map(TemplateValue.string)
        item["deprecated"] = symbol.deprecated.map(TemplateValue.string)
        if let replacement = symbol.replacement.flatMap({ data.symbols[$0] }) {
            item["replacement"] = ["name": .string(replacement.swift),
                                   "href": .string(RelativeURL.from(page, to: Self.pagePath(replacement.page)) + "#" + replacement.id)]
        }
        item["replacementNote"] = symbol.replacementNote.map(rich)
        var spellings: [TemplateContext] = Symbol.swiftVersions.compactMap { version in
            symbol.swiftNames[version].map { ["label": "Swift \(version == "4.2" ? "4.2+" : version)", "name": .string($0)] }
        }
        if let objc = symbol.objc { spellings.append(["label": "Objective-C", "name": .string(objc)]) }
        item["spellings"] = .list(spellings)
        item["translations"] = .list([Language.zh, .ru].compactMap { lang -> TemplateContext? in
            guard let texts = symbol.translations[lang] else { return nil }
            var t: TemplateContext = ["htmlLang": .string(lang.htmlLang), "name": .string(lang.nativeName)]
            t["summary"] = texts.summary.map(rich)
            t["calledWhen"] = texts.calledWhen.map(rich)
            t["returns"] = texts.returns.map(rich)
            return t
        })
        let table = mentions.value
        let links = mentionItems(table.mentions(of: symbol.id), in: table, name: symbol.swift)
        if !links.isEmpty {
            item["mentions"] = .html(links)
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
    /// per note section, in the order first met, with the spellings used there, as HTML. `group` holds mentions of
    /// `table` in its order, so one note's mentions are side by side and its sections are told apart among those
    /// alone. A reference page lists tens of thousands of them on a large site. `name` is the entry's own name: a
    /// section that spells the entry only so gets no "as".
    private func mentionItems(_ group: [Int32], in table: MentionTable, spellings showSpellings: Bool = true,
                              name: String? = nil) -> HTMLOutput {
        let nameSpelling = name.flatMap(table.spelling)
        return table.read { table in
            // Room for the most the items can take, so that a long list never grows, copying itself into new
            // memory as it does: each mention at most one item and one spelling. Room not written to costs no memory.
            let bound = group.reduce(0) { bound, m in
                bound + 64 + table.text(.itemStart, of: m).count + table.text(.anchor, of: m).count + table.text(.itemLink, of: m).count
                    + table.text(.heading, of: m).count + table.text(.spellingHTML, of: m).count
            }
            var html = HTMLOutput(capacity: bound)
            // The sections of the note being read, in the order first met, by their first mention; and their
            // distinct spellings in the order first met, by the section's place in `sections` and a mention.
            var sections: [Int32] = []
            var spellings: [(section: Int, mention: Int32)] = []
            var k = 0
            while k < group.count {
                let note = table.rows[Int(group[k])].note
                sections.removeAll(keepingCapacity: true)
                spellings.removeAll(keepingCapacity: true)
                while k < group.count, table.rows[Int(group[k])].note == note {
                    let m = group[k]
                    let section = sections.firstIndex { table.rows[Int($0)].section == table.rows[Int(m)].section } ?? {
                        sections.append(m)
                        return sections.count - 1
                    }()
                    if !spellings.contains(where: { $0.section == section && table.rows[Int($0.mention)].spelling == table.rows[Int(m)].spelling }) {
                        spellings.append((section, m))
                    }
                    k += 1
                }
                for (i, first) in sections.enumerated() {
                    if !html.isEmpty { html += "\n" }
                    html.append(table.text(.itemStart, of: first))
                    html.append(table.text(.anchor, of: first))
                    html.append(table.text(.itemLink, of: first))
                    html.append(table.text(.heading, of: first))
                    html += "</a>"
                    let own = spellings.lazy.filter { $0.section == i }
                    if showSpellings, !(own.count == 1 && table.rows[Int(first)].spelling == nameSpelling) {
                        html += " <span class=\"spelling\">as <code>"
                        for (n, spelling) in own.enumerated() {
                            if n > 0 { html += ", " }
                            html.append(table.text(.spellingHTML, of: spelling.mention))
                        }
                        html += "</code></span>"
                    }
                    html += "</li>"
                }
            }
            return html
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
        let mentions = self.mentions.value
        return mentions.read { table in
            // As bytes: a large site's file lists hundreds of thousands of mentions, in room for the
            // most they can take, worked out first. An estimate that fell short made the buffer grow, copying all
            // of it into new memory. A symbol's fields escaped take at most six times their bytes; a mention's line
            // and punctuation at most 40 more than its texts.
            var bound = data.symbols.symbols.reduce(0) { $0 + 6 * ($1.id.utf8.count * 2 + $1.swift.utf8.count + $1.page.utf8.count) + 256 }
            for m in table.rows.indices {
                let m = Int32(m)
                bound += 40 + table.text(.jsonStart, of: m).count + table.text(.headingJSON, of: m).count
                    + table.text(.jsonMiddle, of: m).count + table.text(.spellingJSON, of: m).count
            }
            var out: [UInt8] = []
            out.reserveCapacity(bound)
            out += "{\n  \"version\": 1,\n  \"base\": \"urls are relative to the site's root\",\n  \"symbols\": [".utf8
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
                let group = mentions.mentions(of: symbol.id)
                for (j, m) in group.enumerated() {
                    out += (j == 0 ? "\n" : ",\n").utf8
                    out.append(contentsOf: table.text(.jsonStart, of: m))
                    out.append(contentsOf: table.text(.headingJSON, of: m))
                    out.append(contentsOf: table.text(.jsonMiddle, of: m))
                    out.append(contentsOf: table.text(.spellingJSON, of: m))
                    out += ", \"line\": ".utf8
                    JSON.appendDecimal(Int(table.rows[Int(m)].line), to: &out)
                    out.append(UInt8(ascii: "}"))
                }
                out += (group.isEmpty ? "]}" : "\n    ]}").utf8
            }
            out += "\n  ]\n}\n".utf8
            return out
        }
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
