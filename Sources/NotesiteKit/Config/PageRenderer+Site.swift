extension PageRenderer {
    /// What notesite.toml gives every page: `menu` (its links, labelled in the page's language), `site.author`, and
    /// `dir` for a language written right to left. Each is left out when the file does not give it, so a page
    /// without settings is as it was.
    func siteContext(page: String, language: Language, root fixedRoot: String?) -> TemplateContext {
        let site = templates.site
        var context: TemplateContext = [:]
        if !site.menu.isEmpty {
            context["menu"] = .list(site.menu.map { entry -> TemplateContext in
                ["label": .string(entry.label.text(in: language) ?? entry.url), "href": .string(Self.menuHref(entry.url, from: page, root: fixedRoot))]
            })
        }
        if let author = site.author { context["site"] = ["author": .string(author)] }
        if language.direction == .rtl { context["dir"] = .string(language.direction.rawValue) }
        return context
    }

    /// A menu entry's address from `page`: an address with a scheme, or one starting with `/` or `#`, as written;
    /// a path from the site's root, relative to the page (or after `root`, on the 404 page).
    static func menuHref(_ url: String, from page: String, root fixedRoot: String?) -> String {
        if url.hasPrefix("/") || url.hasPrefix("#") || LinkResolver.externalURL(url) != nil || url.contains(":") { return url }
        return fixedRoot.map { $0 + url } ?? RelativeURL.from(page, to: url)
    }
}
