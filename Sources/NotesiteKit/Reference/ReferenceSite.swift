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
        let list = data.symbols
        var byPage: [String: [Symbol]] = [:]
        for symbol in list.symbols { byPage[symbol.page, default: []].append(symbol) }
        func item(_ name: String) -> TemplateContext {
            let members = byPage[name] ?? []
            var item: TemplateContext = ["name": .string(name), "breakName": .string(Self.breakable(name)), "href": "\(name).html",
                                         "count": .int(members.count), "countText": .string(counted(members.count, "entry", plural: "entries"))]
            if let summary = list[name]?.summary ?? list.listedTypes[name]?.summary {
                item["summary"] = .string(summary.replacingOccurrences(of: "`", with: ""))
            }
            if name == Self.delegatePage { item["isDelegate"] = true }
            return item
        }
        let topicOf = { (name: String) in list[name]?.topic ?? list.listedTypes[name]?.topic }
        let known = Set(list.topics.map(\.id))
        var topics: [(id: String, values: TemplateContext)] = list.topics.compactMap { topic in
            // The split view controller leads its topic, its delegate after it; the rest by name.
            let pages = pageNames.filter { topicOf($0) == topic.id }
                .sorted { a, b in (a == Self.delegatePage ? 1 : a == "UISplitViewController" ? 0 : 2, a) < (b == Self.delegatePage ? 1 : b == "UISplitViewController" ? 0 : 2, b) }
            var values: TemplateContext = ["id": .string("topic-" + topic.id), "name": .string(topic.name(in: .en)),
                                           "pages": .list(pages.map(item)), "hasPages": .bool(!pages.isEmpty)]
            values["names"] = .list([Language.zh, .ru].compactMap { lang in
                topic.names[lang].map { ["htmlLang": .string(lang.htmlLang), "name": .string($0)] }
            })
            if topic.id == ReferenceTopic.deprecatedID {
                let deprecated = list.symbols.filter { $0.deprecated != nil }
                values["deprecatedEntries"] = .list(deprecated.map { symbol -> TemplateContext in
                    var entry: TemplateContext = ["href": .string("\(symbol.page).html#\(symbol.id)"),
                                                  "name": .string(Self.breakable((symbol.container.map { $0 + "." } ?? "") + symbol.swift)),
                                                  "deprecated": .string(symbol.deprecated ?? ""),
                                                  "summary": .string(symbol.summary.replacingOccurrences(of: "`", with: ""))]
                    entry["replacement"] = symbol.replacement.flatMap { list[$0] }.map { .string($0.swift) }
                    return entry
                })
                values["hasDeprecated"] = .bool(!deprecated.isEmpty)
                if pages.isEmpty && deprecated.isEmpty { return nil }
            } else if pages.isEmpty {
                return nil
            }
            return (topic.id, values)
        }
        // Types without a topic the list knows, after the others, so that none is left off the index.
        let loose = pageNames.filter { topicOf($0).map(known.contains) != true }
        if !loose.isEmpty {
            let other: TemplateContext = ["id": "topic-more", "name": "More types", "pages": .list(loose.map(item)), "hasPages": true]
            let at = topics.firstIndex { $0.id == ReferenceTopic.deprecatedID } ?? topics.endIndex
            topics.insert(("", other), at: at)
        }
        context["topics"] = .list(topics.map(\.values))
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
        context["page"] = ["name": .string(name), "breakName": .string(Self.breakable(name)), "isDelegate": .bool(name == Self.delegatePage)]
        let groups = Self.entryGroups(symbols, page: name)
        var markup = 0
        context["groups"] = .list(groups.map { group -> TemplateContext in
            var values: TemplateContext = ["entries": .list(group.entries.flatMap { item -> [TemplateContext] in
                ([(item.symbol, false)] + item.nested.map { ($0, true) }).map { symbol, nested in
                    var (values, links) = entry(symbol, page: path)
                    markup += links
                    if nested { values["isNested"] = true }
                    if group.id.isEmpty { values["isOverview"] = true }
                    return values
                }
            })]
            if !group.id.isEmpty {
                values["id"] = .string(group.id)
                values["title"] = .string(group.title)
            }
            return values
        })
        // A page of more than a few entries opens with a list of them by group: the longest have dozens.
        if symbols.count > 5 {
            context["entryList"] = .list(groups.filter { !$0.id.isEmpty }.map { group -> TemplateContext in
                ["id": .string(group.id), "title": .string(group.title), "entries": .list(group.entries.map { item -> TemplateContext in
                    var values = listItem(item.symbol)
                    // Under "Deprecated" the badge would say it again.
                    if group.id == "topic-deprecated" { values["isDeprecated"] = false }
                    if !item.nested.isEmpty { values["nestedList"] = ["items": .list(item.nested.map(listItem))] }
                    return values
                })]
            })
            context["hasEntryList"] = true
        }
        if name == Self.delegatePage, !data.sequences.isEmpty {
            context["diagrams"] = .list(data.sequences.map { sequence -> TemplateContext in
                let href = { (id: String) in RelativeURL.from(path, to: Self.pagePath(data.symbols[id]?.page ?? name)) + "#" + id }
                return ["id": "sequence-\(sequence.id)", "title": .string(sequence.title),
                        "svg": .string(sequence.svg(symbols: data.symbols, href: href)),
                        "steps": .list(sequence.steps.enumerated().map { i, step -> TemplateContext in
                            let symbol = data.symbols[step.symbolID]
                            return ["number": .int(i + 1), "receiver": .string(step.receiver), "href": .string(href(step.symbolID)),
                                    "name": .string(Self.breakable(symbol?.swift ?? step.symbolID)), "outcome": .string(step.outcome)]
                        })]
            })
        }
        return (context, markup)
    }

    /// A name in the list of a page's entries.
    private func listItem(_ symbol: Symbol) -> TemplateContext {
        ["id": .string(symbol.id), "name": .string(Self.breakable(symbol.swift)), "isDeprecated": .bool(symbol.deprecated != nil)]
    }

    /// One entry's template values, and how many bytes its list of mentions takes.
    private func entry(_ symbol: Symbol, page: String) -> (values: TemplateContext, markup: Int) {
        let rich = { (text: String) in TemplateValue.string(richText(text, page: page, self: symbol.id)) }
        var item: TemplateContext = ["id": .string(symbol.id), "name": .string(symbol.swift), "kind": .string(symbol.kind.rawValue),
                                     "breakName": .string(Self.breakable(symbol.swift)), "summary": rich(symbol.summary)]
        item["container"] = symbol.container.map(TemplateValue.string)
        item["declaration"] = symbol.declaration.map { .string(declarationHTML($0, page: page, self: symbol.id)) }
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
        var spellings: [TemplateContext] = Self.spellingRows(symbol).map { ["label": .string($0.label), "name": .string($0.name)] }
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

    /// A Swift declaration as HTML, coloured as the notes' code is, its API names linked to their entries.
    private func declarationHTML(_ code: String, page: String, self ownID: String) -> String {
        let analysis = CodeScanner.analyse(code, dialect: .swift)
        let links = finder.resolved(analysis.references).compactMap { reference, symbol, _ -> CodeHighlighter.Link? in
            guard symbol.id != ownID else { return nil }
            return CodeHighlighter.Link(range: reference.range, href: RelativeURL.from(page, to: Self.pagePath(symbol.page)) + "#" + symbol.id,
                                        title: symbol.swift)
        }
        return CodeHighlighter.html(code, spans: analysis.spans, links: links)
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

    /// "Mentioned in" (or, with `spellings: false`, "Shown in") list items for a page of the reference: one item per
    /// note, its title once, with a list of its sections in the order first met, each with the spellings used there,
    /// as HTML. `group` holds mentions of
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
                bound + 96 + 2 * table.text(.href, of: m).count + 2 * table.text(.anchor, of: m).count
                    + 2 * table.text(.langAttribute, of: m).count + table.text(.title, of: m).count
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
                // The note once, with what is said before its first heading; its sections below it.
                let first = sections[0]
                if !html.isEmpty { html += "\n" }
                html += "<li><a href=\""
                html.append(table.text(.href, of: first))
                html.append(table.text(.langAttribute, of: first))
                html.append(table.text(.title, of: first))
                html += "</a>"
                var opened = false
                for (i, section) in sections.enumerated() {
                    let own = spellings.lazy.filter { $0.section == i }
                    func spellingList() {
                        guard showSpellings, !(own.count == 1 && table.rows[Int(section)].spelling == nameSpelling) else { return }
                        html += " <span class=\"spelling\">as <code>"
                        for (n, spelling) in own.enumerated() {
                            if n > 0 { html += ", " }
                            html.append(table.text(.spellingHTML, of: spelling.mention))
                        }
                        html += "</code></span>"
                    }
                    let anchor = table.text(.anchor, of: section)
                    if anchor.isEmpty {
                        spellingList()
                        continue
                    }
                    if !opened {
                        html += "<ul>"
                        opened = true
                    }
                    html += "<li><a href=\""
                    html.append(table.text(.href, of: section))
                    html.append(anchor)
                    html.append(table.text(.langAttribute, of: section))
                    let heading = table.text(.heading, of: section)
                    html.append(heading.isEmpty ? UnsafeBufferPointer(rebasing: anchor[1...]) : heading)
                    html += "</a>"
                    spellingList()
                    html += "</li>"
                }
                if opened { html += "</ul>" }
                html += "</li>"
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
