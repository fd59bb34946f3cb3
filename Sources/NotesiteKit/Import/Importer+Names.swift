import Foundation

/// How an imported note is named: its page name, its readable title, the date in a Jekyll file name.
extension Importer {
    /// A note's name in the site from its path: the file name without a date in front and without its extension,
    /// or for a README or index the folder's name (the source folder's at the top), made a page name as the site
    /// makes one (`NotePlace.pageName`). nil when nothing is left; a name the language folder keeps for its own
    /// pages gets `-note`.
    static func slug(for path: String, importRoot: String, sourceName: String) -> String? {
        var candidates = [stem(of: path, importRoot: importRoot, sourceName: sourceName)]
        // A file whose own name has nothing usable (Chinese) is named after its folder.
        if !isFolderPage(path) { candidates.append(folderName(of: path, importRoot: importRoot, sourceName: sourceName)) }
        for candidate in candidates {
            // The site's own rule for a file's page name, so that an imported note keeps the address it would
            // have had if it had been dropped in as it was.
            let slug = NotePlace.pageName(candidate)
            guard !slug.isEmpty else { continue }
            return PageRenderer.languagePages.contains { $0.key == slug } ? slug + "-note" : slug
        }
        return nil
    }

    /// The title a note without one gets: its name (as `slug` takes it) with hyphens and underscores as spaces,
    /// starting with a capital.
    static func readableName(of path: String, importRoot: String, sourceName: String) -> String {
        let words = stem(of: path, importRoot: importRoot, sourceName: sourceName)
            .replacingOccurrences(of: "-", with: " ").replacingOccurrences(of: "_", with: " ")
            .split(separator: " ").joined(separator: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
    }

    static func stem(of path: String, importRoot: String, sourceName: String) -> String {
        if isFolderPage(path) { return NotePlace.withoutDate(folderName(of: path, importRoot: importRoot, sourceName: sourceName)) }
        let name = ((path as NSString).lastPathComponent as NSString).deletingPathExtension
        return NotePlace.withoutDate(name)
    }

    /// The name of the folder that holds `path`; the source folder's name for the folder notes are imported from.
    static func folderName(of path: String, importRoot: String, sourceName: String) -> String {
        let folder = (path as NSString).deletingLastPathComponent
        return folder.isEmpty || folder == importRoot ? sourceName : (folder as NSString).lastPathComponent
    }

    /// A README or index: the page of its folder.
    static func isFolderPage(_ path: String) -> Bool {
        let name = (((path as NSString).lastPathComponent as NSString).deletingPathExtension).lowercased()
        return name == "readme" || name == "index"
    }

    /// The date a file name starts with, as Jekyll names its posts (`2017-04-05-title.md`).
    static func datePrefix(of path: String) -> NoteDate? {
        let name = (path as NSString).lastPathComponent
        guard NotePlace.withoutDate(name) != name else { return nil }
        return NoteDate(parsing: String(name.prefix(10)))
    }
}
