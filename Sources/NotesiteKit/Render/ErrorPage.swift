import Foundation

/// The page `notesite serve` writes in place of a note that has errors: what is wrong and where, in the note's own
/// place, so that the rest of the site is served while the note is being fixed.
enum ErrorPage {
    /// The error page at the page path of the note at `path` (`notes/en/a.md` → `en/a.html`, as `NotePlace` places
    /// it), listing its errors; nil for a file that has no page.
    static func file(for path: String, display: String, errors diagnostics: [Diagnostic]) -> OutputFile? {
        guard let place = NotePlace.of(SourceFile(path: path, displayPath: display, text: "")).place else { return nil }
        let page = "\(place.language.rawValue)/\(place.slug).html"
        let stylesheet = RelativeURL.from(page, to: "assets/style.css")
        let items = diagnostics.map { diagnostic in
            "<li><code>\(Escape.text(diagnostic.formatted))</code></li>"
        }.joined(separator: "\n")
        let html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>Errors in \(Escape.text(display))</title>
        <link rel="stylesheet" href="\(Escape.text(stylesheet))">
        </head>
        <body>
        <main id="Main">
        <h1>This note does not build</h1>
        <p><code>\(Escape.text(display))</code> has \(counted(diagnostics.count, "error")). Fix them and save: this page
        turns into the note. The rest of the site is served as usual.</p>
        <ul class="build-errors">
        \(items)
        </ul>
        </main>
        </body>
        </html>

        """
        return OutputFile(path: page, contents: .text(html))
    }
}
