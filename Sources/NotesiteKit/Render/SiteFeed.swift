/// The Atom feed of the notes and, when the site's address is known, `sitemap.xml`. Dates come from the notes
/// themselves, so two builds of the same notes give the same files.
enum SiteFeed {
    /// Newest first. Without a base URL the links are relative to the feed, which sits at the site's root: Atom
    /// resolves them against the feed's own address, so they are right wherever the site is put.
    static func atom(_ index: SiteIndex, title: String, author: String? = nil, baseURL: String?) -> String {
        let base = baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" } ?? ""
        // Positions are sorted, not notes: moving a `Note` costs a retain per field. A note without a date has no
        // place in a feed, whose entries each say when they were updated.
        let dated = index.notes.indices.filter { index.notes[$0].metadata.date != nil }
        let notes = dated.sorted { i, j in
            let a = index.notes[i], b = index.notes[j]
            return a.metadata.date != b.metadata.date ? a.metadata.date! > b.metadata.date! : a.source.path < b.source.path
        }.lazy.map { index.notes[$0] }
        func timestamp(_ date: NoteDate?) -> String {
            guard let date else { return "1970-01-01T00:00:00Z" }
            let month = date.month < 10 ? "0\(date.month)" : "\(date.month)"
            let day = date.day.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "01"
            return "\(date.year)-\(month)-\(day)T00:00:00Z"
        }
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\">\n"
        out += "  <title>\(xml(title))</title>\n"
        out += "  <id>\(xml(base.isEmpty ? "urn:notesite:site" : base))</id>\n"
        out += "  <link rel=\"alternate\" href=\"\(xml(base + "index.html"))\"/>\n"
        out += "  <link rel=\"self\" href=\"\(xml(base + "feed.xml"))\"/>\n"
        out += "  <updated>\(timestamp(notes.first?.metadata.date))</updated>\n"
        out += "  <author><name>\(xml(author ?? title))</name></author>\n"
        for note in notes {
            // Percent-encoded, as in the sitemap: a note's file name may be in any script.
            let url = base + Escape.href(note.outputPath)
            out += "  <entry xml:lang=\"\(note.language.htmlLang)\">\n"
            out += "    <title>\(xml(note.metadata.title))</title>\n"
            out += "    <id>\(xml(base.isEmpty ? "urn:notesite:note:\(note.language.rawValue)/\(note.slug)" : url))</id>\n"
            out += "    <link rel=\"alternate\" href=\"\(xml(url))\"/>\n"
            out += "    <updated>\(timestamp(note.metadata.date))</updated>\n"
            if let author = note.metadata.source?.author { out += "    <author><name>\(xml(author))</name></author>\n" }
            if let summary = note.metadata.summary { out += "    <summary>\(xml(summary))</summary>\n" }
            out += "  </entry>\n"
        }
        out += "</feed>\n"
        return out
    }

    static func sitemap(pages: [String], baseURL: String) -> String {
        let base = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        for page in pages.sorted() where page != "404.html" {
            // A tag's page may have a name in any script; a sitemap's addresses are written percent-encoded.
            out += "  <url><loc>\(xml(base + Escape.href(page)))</loc></url>\n"
        }
        return out + "</urlset>\n"
    }

    static func xml(_ s: String) -> String {
        let escaped = Escape.text(s)
        return escaped.containsASCII("'") ? escaped.replacingOccurrences(of: "'", with: "&apos;") : escaped
    }
}
