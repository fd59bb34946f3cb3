/// The front matter keys notesite reads, and those other site generators and documentation tools define, which a
/// note brought from them keeps: the list is the one place to add a key another tool writes.
enum FrontMatterKeys {
    /// Keys notesite reads (`FrontMatterParser.interpret`), and what each one becomes.
    static let read = [
        "title", "date", "lang", "summary", "swift", "source", "translation_key",
        // Another tool's name for a key notesite reads.
        "description", "excerpt", "author", "authors", "tags", "tag", "categories", "category", "keywords",
        "draft", "published", "language", "locale", "translationKey",
    ]

    /// Keys other tools define, which a note may carry and notesite leaves alone. By tool, so that the next one to
    /// be added finds its place; a key may stand under more than one.
    static let otherTools: [(tool: String, keys: [String])] = [
        ("Jekyll", [
            "layout", "permalink", "published", "excerpt_separator", "last_modified_at", "comments", "share", "image",
            "header", "toc", "toc_label", "toc_icon", "toc_sticky", "sidebar", "classes", "read_time", "author_profile",
            "related", "redirect_from", "redirect_to", "sitemap", "hidden", "pin", "math", "mathjax", "feature",
            "featured", "subtitle", "tagline", "modified", "show_date", "words_per_minute", "excerpt_image", "search",
            "version", "render_with_liquid", "nav_order",
        ]),
        ("Hugo", [
            "aliases", "audio", "cascade", "expiryDate", "headless", "images", "isCJKLanguage", "lastmod", "linkTitle",
            "markup", "outputs", "params", "publishDate", "pubDate", "resources", "slug", "type", "url", "weight",
            "series", "menu", "build", "videos", "expirydate", "publishdate", "linktitle", "showToc", "TocOpen",
            "ShowToc", "hideSummary", "searchHidden", "ShowReadingTime", "ShowBreadCrumbs", "ShowPostNavLinks",
            "cover", "featured_image", "featuredImage", "summaryLength",
        ]),
        ("Hexo", [
            "updated", "top", "sticky", "thumbnail", "copyright", "reward", "original", "photos", "link",
            "disableNunjucks", "top_img", "abbrlink", "index_img", "banner_img", "mathjax", "katex", "password",
        ]),
        ("VuePress and VitePress", [
            "sidebarDepth", "prev", "next", "navbar", "editLink", "lastUpdated", "contributors", "home", "heroImage",
            "heroText", "actions", "features", "footer", "pageClass", "head", "externalLinkIcon", "star", "article",
            "timeline", "icon", "order", "index", "dir", "isOriginal", "banner", "breadcrumb", "pageInfo", "hero",
            "outline", "aside", "editLinkPattern", "titleTemplate", "sidebarTitle",
        ]),
        ("Docusaurus", [
            "id", "sidebar_position", "sidebar_label", "sidebar_class_name", "sidebar_custom_props", "hide_title",
            "hide_table_of_contents", "displayed_sidebar", "pagination_label", "pagination_next", "pagination_prev",
            "custom_edit_url", "parse_number_prefixes", "toc_min_heading_level", "toc_max_heading_level",
            "unlisted", "last_update",
        ]),
        ("Microsoft Learn and DocFX", [
            "uid", "manager", "titleSuffix", "ROBOTS", "f1_keywords", "dev_langs", "helpviewer_keywords", "api_name",
            "api_location", "api_type", "topic_type", "no-loc", "zone_pivot_groups", "monikerRange",
            "recommendations", "ms.author", "ms.date", "ms.topic", "ms.service",
        ]),
        ("WordPress exports and blog importers", [
            "status", "guid", "ID", "post_id", "wordpress_id", "wordpress_url", "meta", "translator", "date_modified",
            "date_published", "dateModified", "datePublished", "source_url", "original_url", "canonical_url",
            "canonicalURL", "canonical",
        ]),
        ("Obsidian", ["created", "cssclasses", "cssclass", "publish", "reading_time"]),
        ("Pelican and MultiMarkdown", [
            "save_as", "template", "affiliation", "email", "web", "css", "base header level", "format",
        ]),
        ("Other generators", [
            "thumbnailImage", "coverImage", "headerImage", "header_image", "og_image", "socialImage", "readingTime",
            "reading_time", "visible", "private", "archived", "favorite", "pinned", "order_by", "position", "nav_order",
            "parent", "grand_parent", "has_children", "nav_exclude", "has_toc", "uuid",
        ]),
    ]

    /// Key prefixes whole families of keys share: Microsoft Learn's `ms.topic`, `ms.service`, … .
    static let otherToolPrefixes = ["ms."]

    private static let otherToolKeys: Set<String> = Set(otherTools.flatMap(\.keys))
    private static let readKeys: Set<String> = Set(read)

    /// Whether notesite or another tool defines `key`, as written (YAML's keys have a case).
    static func isKnown(_ key: String) -> Bool {
        readKeys.contains(key) || isOtherTools(key)
    }

    /// Whether another tool defines `key`, so that a note carrying it is read without a word about it.
    static func isOtherTools(_ key: String) -> Bool {
        otherToolKeys.contains(key) || otherToolPrefixes.contains { key.hasPrefix($0) }
    }

    /// Every key a "did you mean" may name: notesite's and other tools'.
    static let suggestible: [String] = read + otherTools.flatMap(\.keys).filter { !read.contains($0) }

    /// Keys that may open a note as MultiMarkdown or Pelican metadata lines (`Title: …` at the very top), compared
    /// without case. Fewer than the YAML keys: a note whose first paragraph is a line such as "Type: a protocol"
    /// must not lose it (see `FrontMatterSplit.metadataLines`).
    static let metadataLineKeys: Set<String> = [
        "title", "subtitle", "date", "author", "authors", "tags", "keywords", "categories", "category", "summary",
        "description", "lang", "language", "slug", "modified", "updated", "copyright", "affiliation", "email",
        "base header level", "css", "translation_key", "swift", "draft", "published", "status", "excerpt",
    ]
}
