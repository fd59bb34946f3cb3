extension Note {
    /// Whether the page shows the note's first heading as its title and leaves it out of the body: the title came
    /// from that heading, or the front matter repeats it word for word, as docs and blog posts often do.
    var titleIsFirstHeading: Bool {
        switch metadata.titleSource {
        case .heading: true
        case .frontMatter: headings.first.map { $0.level == 1 && $0.text == metadata.title } ?? false
        case .fileName: false
        }
    }
}
