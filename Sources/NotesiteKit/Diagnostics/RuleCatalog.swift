/// Every rule id with a one-line description (for SARIF's rule list and `notesite check --help`), and the rules that
/// `check` treats as errors although `build` only warns about them.
public enum RuleCatalog {
    public static let rules: [(id: String, summary: String)] = [
        ("content.conflict-marker", "A git merge-conflict marker is left in a note."),
        ("content.duplicate-slug", "Two notes of one language would get the same page."),
        ("content.duplicate-translation", "Two notes of one language share a translation_key."),
        ("content.encoding", "A file is not UTF-8 text."),
        ("content.misplaced", "A note is not in notes/<lang>/ (an error), or a Markdown file is outside notes/ and not built (a warning)."),
        ("content.unknown-language", "A note's folder is not a language of the site."),
        ("content.bad-slug", "A note's file name cannot be a page name."),
        ("content.unreadable", "A note, a folder under notes/ or a data file cannot be read."),
        ("content.too-deep", "Lists and quotes nest deeper than a page can show; the deeper levels are flattened."),
        ("content.outside", "A note or file is a symbolic link to something outside the content folder."),
        ("content.asset-conflict", "A file under notes/ would be published where the site writes a page of its own."),
        ("content.not-a-note", "A file named like a note (.MD, .markdown) is published as it is, not read as a note."),
        ("run.failed", "The run could not start: a missing folder, an output folder it must not write, or broken templates."),
        ("frontmatter.missing", "A note has no front matter."),
        ("frontmatter.unclosed", "A note's front matter has no closing ---."),
        ("frontmatter.invalid", "Front matter is not valid YAML or has a wrong value."),
        ("frontmatter.missing-field", "Front matter lacks title, date or lang."),
        ("frontmatter.unknown-key", "Front matter has a key the site does not know."),
        ("frontmatter.lang-mismatch", "Front matter's lang differs from the note's folder."),
        ("link.unresolved", "A relative link leads to no note or file."),
        ("link.anchor-missing", "A #fragment is not an id on its page."),
        ("link.footnote-missing", "A footnote reference ([^label]) names no footnote, so it shows as written."),
        ("image.empty", "An image has no address."),
        ("image.missing", "A local image file does not exist."),
        ("image.github-blob", "An image points at a GitHub blob page, which is HTML, not the image."),
        ("symbol.unknown", "An API name is not in the known symbol list."),
        ("symbol.malformed", "An API name reference cannot be right."),
        ("symbol.renamed", "An API name is spelled as in another Swift version than the note's."),
        ("symbol.deprecated", "An API was deprecated by the note's era."),
        ("symbol.unchecked", "There is no known symbol list, so check cannot check API names."),
        ("html.link-broken", "A link in a generated page leads to no file or id."),
        ("html.unsafe", "Raw HTML in a note could run script or load other pages; it is removed from the page."),
        ("html.disallowed", "Raw HTML in a note uses an element or attribute outside the allow-list; it is removed."),
        ("link.external-broken", "An external link does not answer with success."),
        ("template.unknown-variable", "A template names a variable no page provides, or a strings.yml key that does not exist."),
        ("template.missing-partial", "A template includes a partial that does not exist."),
        ("data.invalid", "A data file has a wrong shape or value."),
        ("data.duplicate-id", "Two symbols share an id."),
        ("data.unknown-kind", "A symbol has an unknown kind."),
        ("data.dangling-replacement", "A symbol's replacement is not in the list."),
        ("data.dangling-symbol", "A call sequence names a symbol not in the list."),
    ]

    /// Broken links and images are warnings while drafting (`build` still renders the page) and errors in the CI
    /// gate (`check`).
    public static let errorsInCheck: Set<String> = [
        "link.unresolved", "link.anchor-missing", "image.missing", "image.github-blob", "html.link-broken", "html.unsafe",
    ]

    public static func summary(of id: String) -> String {
        rules.first { $0.id == id }?.summary ?? id
    }
}
