import NotesiteMarkdown

/// The fragments a link may name besides a heading's id, and the addresses written with another generator's
/// templates.
extension LinkResolver {
    /// Whether `id` is a place on `note`'s page: the top of the page, a heading's id, or an id that the note's raw
    /// HTML (`<a id="x">`, `<a name="x">`) or attribute lists (`{: #x}`) give an element.
    static func hasAnchor(_ id: String, in note: Note) -> Bool {
        NoteParser.isTopOfPage(id) || note.headings.contains { $0.id == id } || note.dialect.anchors.contains(id)
    }

    /// The fragment a page links for a link's decoded `fragment` to the note at `path`.
    ///
    /// A link may name a heading by its text (`#How Extensions Work`, `#Intro%20Part`, `#Intro`), as some editors
    /// and generators let it; the page links the heading's id instead, and the check says to write the id
    /// (`anchorByText`), which GitHub and most editors need. A page is rendered in the pass that parses its note,
    /// before the other notes' headings are known: on its own page (`page`) a fragment is looked up among the
    /// headings; on another note's page only one with a space in it, which no id has, is taken for a heading's
    /// text and becomes GitHub's id for it. Any other fragment is linked as written.
    func pageFragment(_ fragment: String, inNoteAt path: String, page: Note?) -> String {
        guard !Self.isSlugShaped(fragment[...]) else { return fragment }
        if let page, page.source.path == path { return anchor(fragment, in: page) }
        return fragment.contains(where: \.isWhitespace) ? HeadingSlugger.slugify(fragment) : fragment
    }

    /// The id of the heading of `note` that `fragment` names by its text; the fragment itself when it is a place
    /// on the page already or names no heading.
    func anchor(_ fragment: String, in note: Note) -> String {
        guard !Self.hasAnchor(fragment, in: note) else { return fragment }
        let slug = HeadingSlugger.slugify(fragment)
        let text = fragment.lowercased()
        return note.headings.first { $0.id == slug }?.id ?? note.headings.first { $0.text.lowercased() == text }?.id ?? fragment
    }

    /// `link.anchor-missing` for a link to another note whose fragment names one of its headings by its text,
    /// which the page could not link (`pageFragment`), with the fix-it to the heading's id; nil when it names none.
    func anchorNamedByText(_ fragment: String, of link: Note.Link, in target: Note, file: String) -> Diagnostic? {
        let id = anchor(fragment, in: target)
        guard id != fragment, var found = anchorByText(id, of: link, in: target, file: file) else { return nil }
        found = Diagnostic(LinkRule.anchorMissing, file: file, at: found.location,
                           "'#\(fragment)' is not an id of '\(target.metadata.title)'; it names the heading “\(target.headings.first { $0.id == id }?.text ?? id)” by its text, which a link to another note cannot: write '#\(id)'",
                           fixIts: found.fixIts)
        return found
    }

    /// Whether a fragment is written as GitHub writes heading ids: no ASCII capital, space, `%` or punctuation but
    /// `-` and `_`. Only other fragments are looked up as a heading's text.
    static func isSlugShaped(_ fragment: Substring) -> Bool {
        fragment.utf8.allSatisfy { byte in
            byte >= 0x80 || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    /// Whether a destination starts with a Jekyll or Hugo template (`TemplateSyntax.address`).
    static func isTemplated(_ destination: String) -> Bool {
        destination.utf8.first == UInt8(ascii: "{") && TemplateSyntax.path(ofTemplatedAddress: destination) != nil
    }

    /// `link.template` for a templated address whose file is not beside the note; nil for another address.
    func templateMissing(_ destination: String, path: String, in note: Note, link: Note.Link) -> Diagnostic? {
        guard Self.isTemplated(destination) else { return nil }
        let resolved = Self.normalise(path, relativeTo: note.source.path) ?? path
        let end = destination.utf8.firstIndex(of: UInt8(ascii: "}")).map { destination.utf8.index(after: $0) } ?? destination.endIndex
        var template = String(destination[..<end])
        if destination[end...].hasPrefix("}") { template += "}" }
        return Diagnostic(LinkRule.template, file: note.source.displayPath, at: link.location,
                          "'\(destination)' names a file of the site it was written for; its template `\(template)` is read as this note's folder, and '\(resolved)' is not in the content folder. Put the file there, or write its path from this note")
    }

    /// `link.anchor-text` for a link whose fragment names a heading by its text: `resolved` is the id the page links.
    func anchorByText(_ resolved: String, of link: Note.Link, in target: Note, file: String) -> Diagnostic? {
        let destination = link.destination
        guard let hash = destination.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let writtenFragment = destination[destination.utf8.index(after: hash)...]
        guard decode(String(writtenFragment)) != resolved else { return nil }
        let heading = target.headings.first { $0.id == resolved }?.text ?? resolved
        let place = Self.fragmentPlace(of: link)?.place
        let fixIts = place.map { [Diagnostic.FixIt(at: $0, replacing: "#" + writtenFragment, with: "#" + resolved)] } ?? []
        return Diagnostic(LinkRule.anchorText, file: file, at: place ?? link.location,
                          "'#\(writtenFragment)' names the heading “\(heading)” by its text; the page links its id, but GitHub and editors need the id: write '#\(resolved)'",
                          fixIts: fixIts)
    }

    /// Where `link`'s fragment stands, from its `#`, and the fragment as written there; nil when the parse did not
    /// find the address where the link is written (`Dialects.Result.finish`).
    static func fragmentPlace(of link: Note.Link) -> (place: SourceLocation, written: String)? {
        let destination = link.destination
        guard let start = link.destinationLocation, let hash = destination.utf8.firstIndex(of: UInt8(ascii: "#")) else { return nil }
        let offset = destination.utf8.distance(from: destination.utf8.startIndex, to: hash)
        return (SourceLocation(line: start.line, column: start.column + offset), String(destination[destination.utf8.index(after: hash)...]))
    }
}
