/// The tag pages (`TagIndex`): a page per tag and language listing its notes, newest first, and each language's
/// list of tags, in the language's words; and the tags on a note's page.
extension PageRenderer {
    /// Each language's list of tags and a page per tag; nothing for a site without tags.
    func tagPages(_ tags: TagIndex) -> [OutputFile] {
        var pages: [OutputFile] = []
        let strings = templates.strings
        // The list of tags in another language, where it has one, is the same page in that language.
        let counterparts = Dictionary(uniqueKeysWithValues: tags.languages.map { ($0, TagIndex.indexPath($0)) })
        for language in tags.languages {
            let indexPath = TagIndex.indexPath(language)
            var list = common(page: indexPath, language: language, title: strings.text("tags", in: language), counterparts: counterparts)
            list["isTagIndex"] = true
            list["languageIndex"] = languageIndex(language, from: indexPath)
            list["tags"] = .list(tags.tags(in: language).map { tag -> TemplateContext in
                ["name": .string(tag.name), "href": .string(Self.tagHref(from: indexPath, to: tag.slug, language)),
                 "count": .int(tag.notes.count)]
            })
            pages.append(OutputFile(path: indexPath, contents: .bytes(templates.render("tag", list))))
            for tag in tags.tags(in: language) {
                let path = TagIndex.pagePath(tag.slug, language)
                let title = strings.text("tag_title", in: language).replacingOccurrences(of: "{tag}", with: tag.name)
                var page = common(page: path, language: language, title: title)
                page["languageIndex"] = languageIndex(language, from: path)
                page["tagsHref"] = .string(RelativeURL.from(path, to: indexPath))
                page["tag"] = ["name": .string(tag.name)]
                page["notes"] = .list(tag.notes.map { noteSummary(index.notes[$0], from: path) })
                pages.append(OutputFile(path: path, contents: .bytes(templates.render("tag", page))))
            }
        }
        return pages
    }

    /// A note's tags for its page, each linking to its tag's page: each tag once, as the note writes it.
    func tagLinks(of note: Note) -> [TemplateContext] {
        var seen: Set<String> = []
        return note.metadata.tags.compactMap { name in
            let slug = TagIndex.slug(for: name)
            guard seen.insert(slug).inserted else { return nil }
            return ["name": .string(name), "href": .string(Self.tagHref(from: note.outputPath, to: slug, note.language))]
        }
    }

    /// The link from `page` to the page of the tag `slug`, percent-encoded as the notes' links are: a tag's name
    /// may be in any script.
    static func tagHref(from page: String, to slug: String, _ language: Language) -> String {
        Escape.href(RelativeURL.from(page, to: TagIndex.pagePath(slug, language)))
    }

    /// The breadcrumb's link to the list of `language`'s notes.
    func languageIndex(_ language: Language, from page: String) -> TemplateValue {
        ["href": .string(RelativeURL.from(page, to: "\(language.rawValue)/index.html")), "name": .string(language.nativeName)]
    }
}
