import Foundation
import Testing
@testable import NotesiteKit

/// The notes of `Fixtures/real-notes` (28 notes copied unchanged from public repositories, listed with their sources
/// in its SOURCES.md), built and checked as a site: what a note written for Jekyll, Hexo, Hugo, VuePress, Microsoft
/// Docs, Obsidian or a GitHub README gives or loses here.
@Suite struct RealNotesTests {
    /// A scratch site holding the collection as its content folder, with the repository's own data files, so API
    /// names are checked against the real symbol list.
    private static func site() throws -> ScratchSite {
        let site = try ScratchSite(fixture: "real-notes")
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Content/data"),
                                         to: site.content.appendingPathComponent("data"))
        return site
    }

    /// The collection's note files, as paths below `notes/` (`en/PopupKit/README.md`), sorted.
    private static func noteFiles(of site: ScratchSite) -> [String] {
        let notes = site.content.appendingPathComponent("notes")
        let base = notes.standardizedFileURL.path + "/"
        let files = FileManager.default.enumerator(at: notes, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "md" } ?? []
        return files.map { String($0.standardizedFileURL.path.dropFirst(base.count)) }.sorted()
    }

    /// The page a note file is published as, among the pages the site wrote: `en/tags.md` → `en/tags.html`; a
    /// folder's README.md or index.md is the folder's page (`en/PopupKit/README.md` → `en/PopupKit.html`); a date
    /// before a Jekyll post's name is left out (`en/2016-10-06-jekyll-3-3-is-here.md` → `en/jekyll-3-3-is-here.html`).
    /// Paths are compared without case and with `_` read as `-`, so a site that makes such names into page names
    /// still finds them.
    private static func page(for note: String, in site: ScratchSite) -> URL? {
        let parts = note.dropLast(".md".count).split(separator: "/").map(String.init)
        let folder = parts.dropLast().joined(separator: "/")
        let name = parts.last ?? ""
        var candidates = [folder + "/" + name]
        if ["readme", "index"].contains(name.lowercased()), parts.count > 2 { candidates.append(folder) }
        if let dated = name.range(of: "^[0-9]{4}-[0-9]{2}-[0-9]{2}-", options: .regularExpression) {
            candidates.append(folder + "/" + name[dated.upperBound...])
        }
        func normal(_ path: String) -> String { path.lowercased().replacingOccurrences(of: "_", with: "-") }
        let wanted = Set(candidates.map { normal($0 + ".html") })
        let root = site.output.standardizedFileURL.path + "/"
        let pages = FileManager.default.enumerator(at: site.output, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "html" } ?? []
        return pages.first { wanted.contains(normal(String($0.standardizedFileURL.path.dropFirst(root.count)))) }
    }

    /// The note pages the site has, each with its note file's path and its HTML.
    private static func builtPages() throws -> [(note: String, html: String)] {
        let site = try site()
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.filter { $0.severity == .error }.map(\.formatted))")
        return try noteFiles(of: site).compactMap { note in
            try page(for: note, in: site).map { (note, try String(contentsOf: $0, encoding: .utf8)) }
        }
    }

    @Test func theBuildSucceedsAndWritesAPageForEveryNote() throws {
        let site = try Self.site()
        let report = try SitePipeline.build(site.options)
        let errors = report.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 0, "errors:\n\(errors.map(\.formatted).joined(separator: "\n"))")

        let notes = Self.noteFiles(of: site)
        #expect(notes.count == 28)
        let missing = notes.filter { Self.page(for: $0, in: site) == nil }
        #expect(missing.count == 0, "no page for \(missing.count) of \(notes.count) notes:\n\(missing.joined(separator: "\n"))")
    }

    /// A note without a `title` in its front matter, or without front matter, still gets a title: its first
    /// heading, its front matter's own name for one, or its file's name; never an empty one or a placeholder.
    @Test func everyPageHasATitle() throws {
        let pages = try Self.builtPages()
        #expect(!pages.isEmpty, "no note page was written")
        var untitled: [String] = []
        for (note, html) in pages {
            let heading = Self.text(of: Self.firstElement("h1", in: html) ?? "")
            let title = Self.text(of: Self.firstElement("title", in: html) ?? "")
            if heading.isEmpty || heading.lowercased() == "untitled" || title.isEmpty
                || title.lowercased().hasPrefix("untitled") {
                untitled.append("\(note): <h1> \(heading.debugDescription), <title> \(title.debugDescription)")
            }
        }
        #expect(untitled.count == 0, "pages without a title:\n\(untitled.joined(separator: "\n"))")
    }

    /// Other generators' syntax is either rendered or left out; none of it shows as text, and neither does front
    /// matter (a line that starts with `title:` or `date:`, as Hexo's without its opening `---` would). Code blocks
    /// and inline code are left out of the comparison, since notes about these generators quote their syntax there.
    @Test func noPageShowsAnotherGeneratorsSyntax() throws {
        let pages = try Self.builtPages()
        #expect(!pages.isEmpty, "no note page was written")
        let markers = ["{%", "{{<", "{{%", "[TOC]", "[[toc]]", "{:toc}", "{: ", "[!NOTE]"]
        var shown: [String] = []
        for (note, html) in pages {
            let text = Self.visibleText(of: html)
            var found = markers.filter { text.contains($0) }
            let lines = text.split(separator: "\n").map { $0.drop(while: { $0 == " " || $0 == "\t" }) }
            if lines.contains(where: { $0.hasPrefix("::: ") }) { found.append("::: at a line's start") }
            if lines.contains(where: { $0.hasPrefix("title:") || $0.hasPrefix("date:") }) { found.append("front matter") }
            if !found.isEmpty { shown.append("\(note): \(found.joined(separator: ", "))") }
        }
        #expect(shown.count == 0, "pages that show another generator's syntax:\n\(shown.joined(separator: "\n"))")
    }

    /// `check` reads every note's front matter without an error (Hexo's without the opening `---`, Hugo's TOML,
    /// Docusaurus', Obsidian's, Microsoft Docs', one in an HTML comment, none at all), and does not call a Liquid or
    /// Hugo highlight block, or Liquid's raw block, syntax it drops: those become code and text.
    @Test func checkReadsTheFrontMatterAndTheSyntaxNotesiteHandles() throws {
        let site = try Self.site()
        let report = try SitePipeline.check(site.options)
        let frontMatter = report.diagnostics.filter { $0.rule.id.hasPrefix("frontmatter.") && $0.severity == .error }
        #expect(frontMatter.count == 0, "front matter errors:\n\(frontMatter.map(\.formatted).joined(separator: "\n"))")

        let dropped = try report.diagnostics.filter { $0.rule.id == "markdown.foreign-syntax" }
            .filter { try Self.isHandledConstruct(at: $0) }
        #expect(dropped.count == 0, "handled constructs reported as foreign:\n\(dropped.map(\.formatted).joined(separator: "\n"))")
    }

    /// Halfrost's posts in Chinese and Objective-C: a paragraph that names `<template>`, `<style>` and `<script>`
    /// shows whole, and check calls none of the posts' macros, dictionary keys, logged objects or SDK names
    /// unknown.
    @Test func objectiveCPostsAreReadAsWritten() throws {
        let site = try Self.site()
        _ = try SitePipeline.build(site.options)
        let page = try #require(Self.page(for: "zh/Weex_how_to_work_in_iOS.md", in: site))
        let text = Self.visibleText(of: try String(contentsOf: page, encoding: .utf8))
        #expect(text.contains("1，2，3段代码就是分别对应<template>，<style>，<script>。上述这段代码就是从服务器请求下来的代码。"))

        let report = try SitePipeline.check(site.options)
        let posts = report.diagnostics.filter { $0.file.hasSuffix("Weex_how_to_work_in_iOS.md") || $0.file.hasSuffix("ios_block.md") }
        let unknown = posts.filter { $0.rule.id == "symbol.unknown" || $0.rule.id == "html.unsafe" }
        #expect(unknown.isEmpty, "\(unknown.map(\.formatted).joined(separator: "\n"))")
        let tags = posts.filter { $0.rule.id == "html.disallowed" }
        #expect(tags.map { $0.message.prefix(11) } == ["`<template>", "`<style>` h", "`<script>` "])
        #expect(Set(tags.map { $0.location!.line }).count == 1)
    }

    // MARK: - Reading the pages

    /// The inner HTML of the first `name` element, or nil.
    private static func firstElement(_ name: String, in html: String) -> String? {
        guard let open = html.range(of: "<\(name)(\\s[^>]*)?>", options: .regularExpression),
              let close = html.range(of: "</\(name)>", range: open.upperBound..<html.endIndex) else { return nil }
        return String(html[open.upperBound..<close.lowerBound])
    }

    /// `html` without its tags and with the usual character references decoded, trimmed.
    private static func text(of html: String) -> String {
        decode(html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression))
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What a reader sees of a page as text, a block per line: code, scripts, styles and comments left out, block
    /// elements ending a line, other tags dropped.
    private static func visibleText(of html: String) -> String {
        var text = html
        for pattern in ["<!--[\\s\\S]*?-->", "<pre[\\s>][\\s\\S]*?</pre>", "<code[\\s>][\\s\\S]*?</code>",
                        "<script[\\s>][\\s\\S]*?</script>", "<style[\\s>][\\s\\S]*?</style>"] {
            text = text.replacingOccurrences(of: pattern, with: " ", options: [.regularExpression, .caseInsensitive])
        }
        let blocks = "p|div|li|ul|ol|h[1-6]|br|blockquote|table|tr|td|th|dt|dd|section|article|header|footer|nav|main|aside|figure|figcaption|details|summary"
        text = text.replacingOccurrences(of: "</?(\(blocks))(\\s[^>]*)?/?>", with: "\n",
                                         options: [.regularExpression, .caseInsensitive])
        text = text.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
        return decode(text)
    }

    private static func decode(_ text: String) -> String {
        var text = text
        for (reference, character) in [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"),
                                       ("&nbsp;", " "), ("&#123;", "{"), ("&#125;", "}"), ("&amp;", "&")] {
            text = text.replacingOccurrences(of: reference, with: character)
        }
        return text
    }

    // MARK: - Reading the notes

    /// Whether the source at a diagnostic's place starts a construct notesite renders itself rather than drops:
    /// Liquid's `{% highlight %}`/`{% endhighlight %}` and `{% raw %}`/`{% endraw %}`, Hugo's `{{< highlight >}}`.
    private static func isHandledConstruct(at diagnostic: Diagnostic) throws -> Bool {
        guard let location = diagnostic.location else { return false }
        let source = try String(contentsOf: URL(fileURLWithPath: diagnostic.file), encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        guard location.line >= 1, location.line <= lines.count else { return false }
        let line = lines[location.line - 1]
        let bytes = line.utf8
        let column = max(location.column - 1, 0)
        let start = bytes.index(bytes.startIndex, offsetBy: column, limitedBy: bytes.endIndex) ?? bytes.startIndex
        let rest = String(line[start...])
        let handled = "^(\\{%-?\\s*(end)?(highlight|raw)\\b|\\{\\{<\\s*/?highlight\\b)"
        return rest.range(of: handled, options: .regularExpression) != nil
    }
}
