extension SearchIndex {
    /// What the search index holds of `Content/data/`: every reference entry, the collapse table, and the synonym
    /// groups.
    ///
    /// Each entry is a section in English and, where the data has them, in Chinese and in Russian with its texts
    /// in that language, so that a reader finds an entry in the words of the notes they read. A section's title is
    /// its page's (the type, `UISplitViewController`) and its heading the entry's name on that page
    /// (`isCollapsed`, `DisplayMode.allVisible`), as a note's section has the note's title and its heading: the
    /// search page shows a page's title once, with its matching sections under it.
    static func reference(of data: ReferenceData?) -> Reference {
        guard let data else { return Reference(sections: []) }
        var sections = data.symbols.symbols.flatMap(referenceSections(of:))
        if let table = data.collapseTable { sections.append(collapseTableSection(table)) }
        return Reference(sections: sections, synonyms: data.synonyms)
    }

    /// `symbol`'s sections. Its spellings in each Swift version and in Objective-C, and its container, are words
    /// it is found by but not text: shown in a snippet, they read as noise ("collapsed isCollapsed collapsed").
    static func referenceSections(of symbol: Symbol) -> [Section] {
        // In Swift-version order: a dictionary's own order would change from run to run.
        var seen: Set<String> = []
        let spellings = (Symbol.swiftVersions.compactMap { symbol.swiftNames[$0] } + [symbol.objc].compactMap { $0 })
            .filter { seen.insert($0).inserted }
        let keywords = (spellings + [symbol.container].compactMap { $0 }).joined(separator: " ")
        // The texts without the data's backticks, which the snippets would show.
        func plain(_ parts: [String?]) -> String {
            parts.compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: " ").replacingOccurrences(of: "`", with: "")
        }
        let page = symbol.page
        let url = ReferenceSite.pagePath(page) + "#" + symbol.id
        // The entry's name as its page shows it: below the page's type, the containers inside it and the name.
        var heading: String?
        if symbol.id != page {
            let container = symbol.container.map { $0 == page ? "" : String($0.dropFirst(page.count + 1)) + "." } ?? ""
            heading = container + symbol.swift
        }
        var sections = [Section(title: page, heading: heading, language: .en, url: url,
                                text: plain([symbol.summary, symbol.calledWhen, symbol.returns, symbol.replacementNote]),
                                shard: "reference", keywords: keywords)]
        for language in Language.builtIn where language != .en {
            guard let texts = symbol.translations[language] else { continue }
            let text = plain([texts.summary, texts.calledWhen, texts.returns])
            guard !text.isEmpty else { continue }
            sections.append(Section(title: page, heading: heading, language: language, url: url, text: text,
                                    shard: "reference", keywords: keywords))
        }
        return sections
    }

    /// The collapse table's page: a sentence for each row, as the row's picture is labelled, and where it comes
    /// from.
    static func collapseTableSection(_ table: CollapseTable) -> Section {
        var sentences = ["When a split view controller is collapsed into one column, by device, orientation and multitasking."]
        for row in table.rows {
            var sentence = "\(row.device), \(row.orientation.label), \(row.multitasking.spoken), \(row.sizeClass) width: "
                + (row.collapsed ? "collapsed, one column" : "expanded, two columns")
            if let remark = row.remark { sentence += " (\(remark))" }
            sentences.append(sentence + ".")
        }
        let source = table.attribution
        if let note = source.note { sentences.append(note.hasSuffix(".") ? note : note + ".") }
        let credit = [source.author, source.title].compactMap { $0 }.joined(separator: ", ")
        if !credit.isEmpty { sentences.append(credit + ".") }
        return Section(title: "The collapse table", heading: nil, language: .en, url: ReferenceSite.collapseTablePath,
                       text: sentences.joined(separator: " "), shard: "reference",
                       keywords: "collapse collapsed expand expanded isCollapsed size class horizontalSizeClass")
    }
}
