/// Where a note's file puts its page: its language (the folder under `notes/`) and its slug, the page's path in the
/// language's folder without `.html`.
///
/// - `notes/en/popovers.md` → `popovers`, page `en/popovers.html`;
/// - subfolders stay in the address: `notes/en/uikit/popovers.md` → `uikit/popovers`;
/// - a folder's `README.md` (any case) or `index.md` is the folder's page, as GitHub shows a folder's README:
///   `notes/en/split-view/README.md` → `split-view`, page `en/split-view.html`, beside the folder whose images it
///   shows;
/// - a date before the name, as Jekyll names its posts, is not part of the address:
///   `notes/en/2017-04-05-title.md` → `title`.
///
/// Each part of the address is the file's or folder's name as a page name (`pageName`): `iOS_launchpage_logo_fly.md`
/// → `ios-launchpage-logo-fly`, `中文測試.md` → `中文測試`; a name with no letter or digit is `content.bad-slug`.
struct NotePlace: Hashable, Sendable {
    var language: Language
    var slug: String

    /// The folder, inside each language's folder, where the site writes its tag pages (`en/tags/swift.html`).
    static let tagFolder = "tags"

    /// The place of the note at `file.path`. nil, with the error, for a file that cannot be a note there; a place
    /// with an error for a note whose address cannot be a page's (the note is still read, so links into it can be
    /// checked).
    static func of(_ file: SourceFile) -> (place: NotePlace?, diagnostics: [Diagnostic]) {
        let parts = file.path.utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
        guard parts.count >= 3, parts[0] == "notes" else {
            return (nil, [Diagnostic(ContentRule.misplaced, file: file.displayPath, at: nil,
                                     "notes live in `notes/<lang>/<slug>.md`; move this file into one of \(file.languages.codeList)")])
        }
        guard let language = file.languages.language(code: parts[1]) else {
            let add = Language.isValidCode(parts[1]) ? ", or add `[[languages]] code = \"\(parts[1])\"` to notesite.toml" : ""
            return (nil, [Diagnostic(ContentRule.unknownLanguage, file: file.displayPath, at: nil,
                                     "'\(parts[1])' is not a language of this site; put the note under \(file.languages.folderList)\(add)")])
        }
        let folders = Array(parts[2..<(parts.count - 1)])
        let name = String(parts[parts.count - 1].dropLast(3))
        let lang = language.rawValue
        func bad(_ slug: String, _ message: String) -> (place: NotePlace?, diagnostics: [Diagnostic]) {
            (NotePlace(language: language, slug: slug), [Diagnostic(ContentRule.badSlug, file: file.displayPath, at: nil, message)])
        }
        let isFolderPage = isFolderPageName(name)
        if isFolderPage && folders.isEmpty && name.lowercased() != "index" {
            // The language's folder is the page that lists its notes.
            return bad(name, "a README.md directly in notes/\(lang)/ would be the page of that folder, which is \(lang)/index.html, the list of the language's notes; move it into a folder of its own, such as notes/\(lang)/overview/README.md, or rename it")
        }
        var names: [String] = []
        for folder in folders {
            let page = pageName(folder)
            if page.isEmpty {
                return bad((folders + [name]).joined(separator: "/"), "the folder name '\(folder)' has no letter or digit to put in the page's address; rename the folder")
            }
            names.append(page)
        }
        let slug: String
        if isFolderPage && !folders.isEmpty {
            slug = names.joined(separator: "/")
        } else {
            let title = pageName(withoutDate(name))
            if title.isEmpty {
                return bad((names + [name]).joined(separator: "/"), "the file name '\(name).md' has no letter or digit to name its page; rename it, such as 'split-view-basics.md'")
            }
            slug = (names + [title]).joined(separator: "/")
        }
        if folders.isEmpty, let page = PageRenderer.languagePages.first(where: { $0.key == slug }) {
            // The site's page would replace the note's, and the note would be lost without a word.
            return bad(slug, "this note would be written to \(lang)/\(slug).html, which is \(page.value); rename the file, such as '\(slug)-note.md'")
        }
        if slug.hasPrefix(tagFolder + "/") {
            return bad(slug, "this note would be written to \(lang)/\(slug).html, in \(lang)/\(tagFolder)/, where the site writes its tag pages; move it out of notes/\(lang)/\(tagFolder)/")
        }
        return (NotePlace(language: language, slug: slug), [])
    }

    /// `README` in any case, or `index`: a file name (without `.md`) that names its folder's page.
    static func isFolderPageName(_ name: String) -> Bool {
        let lowered = name.lowercased()
        return lowered == "readme" || lowered == "index"
    }

    /// The folder (`notes/en/split-view`) whose page the note at `path` is (`notes/en/split-view/README.md`); nil
    /// for any other note. A look at the name's last bytes first: the index asks it of every note.
    static func folder(ofFolderPage path: String) -> String? {
        let last = path.utf8.last ?? 0
        guard last == UInt8(ascii: "d") || last == UInt8(ascii: "D"), let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let name = path[path.utf8.index(after: slash)...].dropLast(3)
        guard isFolderPageName(String(name)) else { return nil }
        let folder = path[..<slash]
        // A README directly in a language's folder is no folder's page (`of` reports it).
        return folder.utf8.split(separator: UInt8(ascii: "/")).count > 2 ? String(folder) : nil
    }

    /// The page name a file's or folder's name gives: the name itself when it is lowercase ASCII letters, digits and
    /// single hyphens, as most are; otherwise lowercased, with the letters and digits of every script kept and each
    /// run of anything else (`_`, spaces, dots, other punctuation) made one hyphen, none at either end:
    /// `iOS_launchpage_logo_fly` → `ios-launchpage-logo-fly`, `PopupKit` → `popupkit`, `中文測試` → `中文測試`. Empty
    /// when the name has no letter or digit.
    static func pageName(_ name: String) -> String {
        if NoteParser.isValidSlug(name) { return name }
        var out = ""
        var pendingHyphen = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !out.isEmpty { out.append("-") }
                out.append(character)
                pendingHyphen = false
            } else {
                pendingHyphen = true
            }
        }
        return out
    }

    /// The name without a Jekyll date in front (`2017-04-05-title` → `title`); as it is when it has none, or nothing
    /// after it.
    static func withoutDate(_ name: String) -> String {
        let bytes = Array(name.utf8)
        guard bytes.count > 11 else { return name }
        func digits(_ range: Range<Int>) -> Bool { bytes[range].allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        let dash = UInt8(ascii: "-")
        guard digits(0..<4), bytes[4] == dash, digits(5..<7), bytes[7] == dash, digits(8..<10), bytes[10] == dash else { return name }
        return String(decoding: bytes[11...], as: UTF8.self)
    }

    /// Why a note's address is not its path, for a message about two notes with one page: nil when it is.
    static func reason(forPath path: String) -> String? {
        // The names below `notes/<lang>/`, the file's without `.md`.
        var names = path.split(separator: "/").dropFirst(2).map(String.init)
        guard let file = names.popLast() else { return nil }
        let name = String(file.dropLast(3))
        if isFolderPageName(name) { return "a folder's README.md or index.md is the folder's page" }
        if withoutDate(name) != name { return "a date before a file's name is not part of its page's address" }
        if (names + [name]).contains(where: { pageName($0) != $0 }) {
            return "a page's address is its file's path in lowercase, with `_`, spaces and punctuation as `-`"
        }
        return nil
    }
}
