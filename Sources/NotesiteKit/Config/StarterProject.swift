import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `notesite init`: the files of a new project, which `notesite build` builds as they are: `notesite.toml` with
/// every setting explained, one note per language, a `.gitignore` for the site, and with `templates` the default
/// templates to edit.
public struct StarterProject: Sendable {
    /// The notes' languages, in the site's order.
    public var languages: [Language]
    /// Whether the default templates are written to `Templates/`, to be edited.
    public var templates: Bool
    public var date: NoteDate

    public init(languages: [Language], templates: Bool = false, date: NoteDate = .today) {
        self.languages = languages
        self.templates = templates
        self.date = date
    }

    public enum Problem: Error, CustomStringConvertible, Equatable {
        /// Files the project would write that are there already, as the user names them.
        case exists([String])
        case badLanguage(String)

        public var description: String {
            switch self {
            case .exists(let paths):
                "\(paths.count == 1 ? "\(paths[0]) already exists" : "these files already exist: \(paths.joined(separator: ", "))"); nothing was written. Move \(paths.count == 1 ? "it" : "them") away, or start the project in another folder"
            case .badLanguage(let code):
                "'\(code)' is not a language code; use 2 to 8 lowercase letters, such as en, zh, ru or ja"
            }
        }
    }

    /// Every file, by its path below the project's folder, in the order written.
    public var files: [(path: String, text: String)] {
        var files: [(String, String)] = [(SiteConfig.fileName, configText), (".gitignore", "public/\n.notesite-cache/\n")]
        for language in languages {
            files.append(("Content/notes/\(language.code)/welcome.md", note(in: language)))
        }
        if templates {
            for path in EmbeddedTemplates.paths {
                files.append(("Templates/\(path)", EmbeddedTemplates.text(path)!))
            }
        }
        return files
    }

    /// Writes the project into `folder` (made when missing); writes nothing when any of its files is there
    /// already. Returns the paths written, as `displayRoot` joined with each.
    public func write(into folder: URL, displayRoot: String) throws -> [String] {
        let fm = FileManager.default
        func display(_ path: String) -> String { displayRoot == "." || displayRoot.isEmpty ? path : "\(displayRoot)/\(path)" }
        let files = self.files
        let existing = files.map(\.path).filter { fm.fileExists(atPath: folder.appendingPathComponent($0).path) }
        guard existing.isEmpty else { throw Problem.exists(existing.map(display)) }
        var written: [String] = []
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Created exclusively (O_EXCL): a file that appears meanwhile is not replaced.
            let descriptor = open(url.path, O_CREAT | O_EXCL | O_WRONLY, 0o644)
            guard descriptor >= 0 else {
                if errno == EEXIST { throw Problem.exists([display(path)]) }
                throw NotesiteError.unreadable(path: display(path), reason: String(cString: strerror(errno)))
            }
            let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
            try handle.write(contentsOf: Data(text.utf8))
            try handle.close()
            written.append(display(path))
        }
        return written
    }

    /// The settings file: the chosen languages, and every other setting with its default, commented out.
    var configText: String {
        var out = """
        # The settings of this site. Every setting has a default: remove one to get it back.
        # docs/configuration.md in notesite's repository lists them all.

        [site]
        # The site's title and description: one text for every language, or one per language,
        # such as title = { en = "My notes", zh = "我的笔记" }.
        title = "My notes"
        description = "Notes I keep as I learn."
        # author = "Your name"
        # The address the site is published at; `notesite build --base-url` overrides it.
        # base_url = "https://example.org/notes/"

        # The languages of the notes, each in Content/notes/<code>/, in the order the site lists them.
        # name, english_name, html_lang, dir ("ltr" or "rtl") and search ("bigram" for Han, Kana and Hangul,
        # "words" otherwise) have defaults for common languages.

        """
        for language in languages {
            out += "[[languages]]\ncode = \"\(language.code)\"\n"
            out += "name = \(JSON.string(language.nativeName))\n"
            out += "english_name = \(JSON.string(language.englishName))\n\n"
        }
        out += """
        # Links in the header after the languages: a label (or one per language) and an address, from the
        # site's root or absolute.
        # [[menu]]
        # label = { en = "About" }
        # url = "en/welcome.html"

        [swift]
        # The Swift version a note without `swift:` is checked as: "infer" tells it from the note's code and
        # date; or one of "2", "3", "4", "4.2", "5".
        default_era = "infer"

        [check.rules]
        # A rule's severity in build and check: "error", "warning", "note" or "off".
        # `notesite check --list-rules` lists the rules.
        # "symbol.unknown" = "error"

        """
        return out
    }

    /// A first note in `language`, which says where the next ones go.
    func note(in language: Language) -> String {
        let (title, body): (String, String)
        switch language.code {
        case "zh":
            (title, body) = ("欢迎", "这是第一篇笔记。新笔记放在 `Content/notes/zh/` 里：`notesite new \"标题\" --lang zh` 会写好开头。\n\n`notesite serve` 在写作时显示网站，`notesite build` 把它写到 `public/`。\n")
        case "ru":
            (title, body) = ("Добро пожаловать", "Это первая заметка. Новые заметки лежат в `Content/notes/ru/`: `notesite new \"Заголовок\" --lang ru` начинает новую.\n\n`notesite serve` показывает сайт, пока вы пишете, а `notesite build` записывает его в `public/`.\n")
        case "ja":
            (title, body) = ("ようこそ", "これは最初のノートです。新しいノートは `Content/notes/ja/` に置きます。`notesite new \"タイトル\" --lang ja` で書き始められます。\n\n`notesite serve` は書きながらサイトを表示し、`notesite build` は `public/` に書き出します。\n")
        default:
            (title, body) = ("Welcome", "This is the first note. New notes go in `Content/notes/\(language.code)/`: `notesite new \"A title\" --lang \(language.code)` starts one.\n\n`notesite serve` shows the site as you write, and `notesite build` writes it to `public/`.\n")
        }
        return "---\ntitle: \(JSON.string(title))\ndate: \(date)\nlang: \(language.code)\ntranslation_key: welcome\n---\n\n\(body)"
    }
}
