import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `notesite new`: a note's file, with front matter and a skeleton, at `notes/<lang>/<slug>.md`.
public struct NewNote: Sendable {
    public var title: String
    public var language: Language
    public var slug: String
    public var swift: String?
    public var date: NoteDate

    /// `slug` nil derives one from the title (see `slug(for:in:)`).
    public init(title: String, language: Language, slug: String? = nil, swift: String? = nil, date: NoteDate) {
        self.title = title
        self.language = language
        self.slug = slug ?? Self.slug(for: title, in: language)
        self.swift = swift
        self.date = date
    }

    public enum Problem: Error, CustomStringConvertible, Equatable {
        case emptyTitle
        case badSlug(String)
        case reservedSlug(String, Language)
        case exists(String)
        case badSwiftVersion(String)

        public var description: String {
            switch self {
            case .emptyTitle: "the title is empty; give the note a title, such as \"Collapsing a split view\""
            case .badSlug(let slug): "'\(slug)' cannot name a note file: use lowercase ASCII letters, digits and single hyphens, such as 'split-view-basics'"
            case .reservedSlug(let slug, let language): "'\(slug)' names \(language.rawValue)/\(slug).html, a page the site writes itself; choose another, such as '\(slug)-note'"
            case .exists(let path): "\(path) already exists; choose another title or pass --slug"
            case .badSwiftVersion(let version): "'\(version)' is not a Swift version the notes know; use one of \(NoteMetadata.swiftVersions.joined(separator: ", "))"
            }
        }
    }

    /// The path below the content folder.
    public var path: String { "notes/\(language.rawValue)/\(slug).md" }

    /// The file's text: front matter the checker accepts, and a skeleton to write into.
    public var text: String {
        var out = "---\n"
        out += "title: \(JSON.string(title))\n"
        out += "date: \(date.description)\n"
        out += "lang: \(language.rawValue)\n"
        out += "summary: \"\"\n"
        if let swift { out += "swift: \"\(swift)\"\n" }
        out += "---\n\n"
        switch language {
        case .zh: out += "## 概述\n\n在这里写下笔记。\n\n## 代码\n\n```swift\n```\n"
        case .ru: out += "## Обзор\n\nЗдесь начинается заметка.\n\n## Код\n\n```swift\n```\n"
        case .ja: out += "## 概要\n\nここにノートを書きます。\n\n## コード\n\n```swift\n```\n"
        default: out += "## Overview\n\nThe note starts here.\n\n## Code\n\n```swift\n```\n"
        }
        return out
    }

    /// What is wrong with the title, the slug or the Swift version, found before anything is written.
    public var problem: Problem? {
        if title.trimmingCharacters(in: .whitespaces).isEmpty { return .emptyTitle }
        if !NoteParser.isValidSlug(slug) { return .badSlug(slug) }
        if PageRenderer.languagePages.contains(where: { $0.key == slug }) { return .reservedSlug(slug, language) }
        // The versions the front matter accepts, so that a new note always builds.
        if let swift, !NoteMetadata.swiftVersions.contains(swift) { return .badSwiftVersion(swift) }
        return nil
    }

    /// Writes the note under `contentRoot`; never replaces an existing file. `makingRoot`: make the content folder
    /// when it is missing, as in a new project's empty folder.
    public func write(contentRoot: URL, displayRoot: String, makingRoot: Bool = false) throws -> String {
        if let problem { throw problem }
        // The language's folder is made when missing, the content folder only when asked: a mistyped --content
        // would start a second, empty site.
        if makingRoot, !FileManager.default.fileExists(atPath: contentRoot.path) {
            try FileManager.default.createDirectory(at: contentRoot, withIntermediateDirectories: true)
        }
        try NotesiteError.requireFolder(contentRoot, role: "content", displayPath: displayRoot)
        let display = ContentLoader(root: contentRoot, displayRoot: displayRoot).displayPath(path)
        let url = contentRoot.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Created exclusively (O_EXCL): an existing note is never replaced, even one that appears meanwhile.
        let descriptor = open(url.path, O_CREAT | O_EXCL | O_WRONLY, 0o644)
        guard descriptor >= 0 else {
            if errno == EEXIST { throw Problem.exists(display) }
            throw NotesiteError.unreadable(path: display, reason: String(cString: strerror(errno)))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
        return display
    }

    /// A file name from a title: English as is, Russian transliterated, Chinese as pinyin without tones;
    /// lowercased, with runs of anything else made one hyphen. A title with nothing usable gives `note`, and one
    /// named like a page of the language's folder (`Index`) is followed by `-note`.
    public static func slug(for title: String, in language: Language) -> String {
        var latin = title
        if title.unicodeScalars.contains(where: { (0x0400...0x04FF).contains($0.value) }) {
            latin = transliterateRussian(latin)
        }
        if !latin.allSatisfy(\.isASCII) {
            latin = latin.applyingTransform(.toLatin, reverse: false) ?? latin
            latin = latin.applyingTransform(.stripDiacritics, reverse: false) ?? latin
        }
        var slug = ""
        var pendingHyphen = false
        for character in latin.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                if pendingHyphen, !slug.isEmpty { slug.append("-") }
                slug.append(character)
                pendingHyphen = false
            } else if character != "'" && character != "’" {
                pendingHyphen = true
            }
        }
        if slug.count > 60 {
            slug = String(slug.prefix(60))
            if let cut = slug.lastIndex(of: "-") { slug = String(slug[..<cut]) }
        }
        if slug.isEmpty { return "note" }
        return PageRenderer.languagePages.contains { $0.key == slug } ? slug + "-note" : slug
    }

    /// Russian letters in the common passport-style Latin spelling (ч → ch, ш → sh, ё → yo).
    static func transliterateRussian(_ text: String) -> String {
        let table: [Character: String] = [
            "а": "a", "б": "b", "в": "v", "г": "g", "д": "d", "е": "e", "ё": "yo", "ж": "zh", "з": "z", "и": "i",
            "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p", "р": "r", "с": "s", "т": "t",
            "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh", "щ": "shch", "ъ": "", "ы": "y", "ь": "",
            "э": "e", "ю": "yu", "я": "ya",
        ]
        var out = ""
        for character in text {
            let lower = Character(character.lowercased())
            if let latin = table[lower] { out += latin } else { out.append(character) }
        }
        return out
    }
}
