extension CollapseTable {
    /// The table as HTML, each row with a picture of the screen. `symbolHref` links the size-class values to
    /// their reference entries when given.
    public func html(symbolHref: (String) -> String? = { _ in nil }) -> String {
        // In English whatever the page's language (the data's words are English): marked, so that a reader reads
        // it as English on a Chinese or Russian page.
        var out = "<div class=\"table-wrap\" lang=\"en\"><table class=\"collapse-table\">\n"
        out += "<thead>\n<tr><th scope=\"col\">Screen</th><th scope=\"col\">Device</th><th scope=\"col\">Orientation</th>"
        out += "<th scope=\"col\">Multitasking state</th><th scope=\"col\">Horizontal size class</th><th scope=\"col\">Collapsed</th></tr>\n</thead>\n<tbody>\n"
        for row in rows {
            out += "<tr class=\"\(row.collapsed ? "is-collapsed" : "is-expanded")\">"
            out += "<td>\(row.svg)</td>"
            out += "<td>\(Escape.text(row.device))</td><td>\(row.orientation.label)</td><td>\(row.multitasking.label)</td>"
            let code = "<code>.\(row.sizeClass)</code>"
            if let href = symbolHref("UIUserInterfaceSizeClass.\(row.sizeClass)") {
                out += "<td>\(CodeHighlighter.symbolLink(href: href, title: nil, html: code))</td>"
            } else {
                out += "<td>\(code)</td>"
            }
            out += "<td><code>\(row.collapsed)</code>\(row.remark.map { " <span class=\"remark\">(\(Escape.text($0)))</span>" } ?? "")</td>"
            out += "</tr>\n"
        }
        out += "</tbody>\n</table></div>\n"
        out += "<p class=\"courtesy\" lang=\"en\">\(attributionHTML)</p>\n"
        return out
    }

    var attributionHTML: String {
        var parts: [String] = []
        let label = Escape.text(attribution.note ?? "Table courtesy of its author")
        if let url = attribution.url {
            parts.append("<a href=\"\(Escape.href(url))\" rel=\"external\">\(label)</a>")
        } else {
            parts.append(label)
        }
        if let author = attribution.author { parts.append(Escape.text(author)) }
        if let date = attribution.date { parts.append("<time datetime=\"\(Escape.attribute(date))\">\(Escape.text(date))</time>") }
        return parts.joined(separator: ", ")
    }
}

extension CollapseTable.Row {
    /// A small picture of the screen: the app's share of it, split into two columns when expanded and one when
    /// collapsed; the rest of the screen belongs to another app.
    var svg: String {
        let isPhone = device.lowercased().contains("iphone")
        let portrait = orientation == .portrait || (orientation == .any && isPhone)
        let (long, short) = isPhone ? (96.0, 54.0) : (96.0, 72.0)
        let width = portrait ? short : long
        let height = portrait ? long : short
        let appWidth = (width - 4) * multitasking.widthShare
        let label = "\(device), \(orientation.label), \(multitasking.spoken): \(collapsed ? "collapsed, one column" : "expanded, two columns")"
        var svg = "<svg class=\"screen\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(fmt(width + 4))\" height=\"\(fmt(height + 4))\" "
        svg += "viewBox=\"0 0 \(fmt(width + 4)) \(fmt(height + 4))\" role=\"img\" aria-label=\"\(Escape.attribute(label))\">"
        svg += "<title>\(Escape.text(label))</title>"
        svg += "<rect class=\"bezel\" x=\"1\" y=\"1\" width=\"\(fmt(width + 2))\" height=\"\(fmt(height + 2))\" rx=\"5\"/>"
        if appWidth < width - 4 {
            // Another app beside this one (Split View or Slide Over).
            svg += "<rect class=\"other-app\" x=\"\(fmt(4 + appWidth + 1))\" y=\"4\" width=\"\(fmt(width - 4 - appWidth - 1))\" height=\"\(fmt(height - 4))\"/>"
        }
        if collapsed {
            svg += "<rect class=\"column\" x=\"4\" y=\"4\" width=\"\(fmt(appWidth))\" height=\"\(fmt(height - 4))\"/>"
        } else {
            let primary = max(10, appWidth * 0.35)
            svg += "<rect class=\"column primary\" x=\"4\" y=\"4\" width=\"\(fmt(primary - 1))\" height=\"\(fmt(height - 4))\"/>"
            svg += "<rect class=\"column\" x=\"\(fmt(4 + primary))\" y=\"4\" width=\"\(fmt(appWidth - primary))\" height=\"\(fmt(height - 4))\"/>"
        }
        svg += "</svg>"
        return svg
    }

    private func fmt(_ value: Double) -> String {
        let rounded = (value * 10).rounded() / 10
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }
}
