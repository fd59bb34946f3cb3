/// A language notes are written in. A note's folder (`Content/notes/<code>/`) says which one it is.
///
/// The site's languages are data: `notesite.toml`'s `[[languages]]` (see `SiteConfig`), by default Chinese, Russian
/// and English in that order (`builtIn`). A value carries what the pages need to know of its language, so code that
/// holds a note's language needs nothing else. Two values are the same language when their codes are; they sort in
/// the order the site lists its languages (`order`), which is the order of the home page and the switcher.
public struct Language: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Which way the language's text runs, for `<html dir>`.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        case ltr, rtl
    }

    /// How the search splits the language's text into terms (`SearchTokenizer`, `search.js`). Latin, Cyrillic and
    /// the other scripts written with spaces are words, and Han and Kana, written without, are overlapping pairs
    /// of characters, in either mode: the mode decides Hangul, which modern Korean writes with spaces between words.
    public enum Tokenizer: String, Hashable, Sendable, CaseIterable {
        /// Hangul by overlapping pairs of characters too, so a query finds any part of a word.
        case bigram
        /// Hangul in words between spaces and punctuation, as Latin and Cyrillic, so a query finds whole words.
        case words
    }

    /// The folder name and the `lang` front matter names it: `zh`, `ja`.
    public let code: String
    /// The language's name in itself, for headings and the language switcher.
    public var nativeName: String
    /// The language's name in English, for the pages in no language of their own (the home page).
    public var englishName: String
    /// The value of `<html lang>`: notes in `zh` are in simplified Chinese (`zh-Hans`).
    public var htmlLang: String
    public var direction: Direction
    public var tokenizer: Tokenizer
    /// The language's place in the site's list.
    public var order: Int

    public init(code: String, nativeName: String? = nil, englishName: String? = nil, htmlLang: String? = nil,
                direction: Direction? = nil, tokenizer: Tokenizer? = nil, order: Int? = nil) {
        let known = Self.known[code]
        self.code = code
        self.nativeName = nativeName ?? known?.nativeName ?? code
        self.englishName = englishName ?? known?.englishName ?? code
        self.htmlLang = htmlLang ?? known?.htmlLang ?? code
        self.direction = direction ?? (Self.rightToLeft.contains(code) ? .rtl : .ltr)
        self.tokenizer = tokenizer ?? (Self.wideScripts.contains(code) ? .bigram : .words)
        self.order = order ?? Self.builtInCodes.firstIndex(of: code) ?? Self.builtInCodes.count
    }

    public static let zh = Language(code: "zh")
    public static let ru = Language(code: "ru")
    public static let en = Language(code: "en")
    /// Not one of a site's languages unless its notesite.toml lists it.
    public static let ja = Language(code: "ja")

    /// The languages of a site that names none: Chinese, Russian, English.
    public static let builtIn: [Language] = [.zh, .ru, .en]
    private static let builtInCodes = ["zh", "ru", "en"]

    /// The built-in language with this code; the site's own list is `SiteLanguages`.
    public init?(rawValue: String) {
        guard Self.builtInCodes.contains(rawValue) else { return nil }
        self.init(code: rawValue)
    }

    /// The code, as the enum this type was spelled it.
    public var rawValue: String { code }
    public var description: String { code }

    public static func == (lhs: Language, rhs: Language) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// In the site's order; languages of one place (never in one site's list) by code.
    public static func < (lhs: Language, rhs: Language) -> Bool {
        (lhs.order, lhs.code) < (rhs.order, rhs.code)
    }

    /// Whether `code` can name a language folder and `lang` value: 2 to 8 ASCII letters, lowercase, optionally
    /// followed by `-` and a region or script (`pt-br`, `zh-hant`).
    public static func isValidCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...8).contains(first.count),
              first.utf8.allSatisfy({ (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) }) else { return false }
        return parts.dropFirst().allSatisfy { part in
            (1...8).contains(part.count) && part.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        }
    }

    /// Names and `<html lang>` of languages a site is likely to add, so that `code = "ja"` is enough.
    private static let known: [String: (nativeName: String, englishName: String, htmlLang: String)] = [
        "zh": ("中文", "Chinese", "zh-Hans"), "ru": ("Русский", "Russian", "ru"), "en": ("English", "English", "en"),
        "ja": ("日本語", "Japanese", "ja"), "ko": ("한국어", "Korean", "ko"), "zh-hant": ("繁體中文", "Traditional Chinese", "zh-Hant"),
        "de": ("Deutsch", "German", "de"), "fr": ("Français", "French", "fr"), "es": ("Español", "Spanish", "es"),
        "it": ("Italiano", "Italian", "it"), "pt": ("Português", "Portuguese", "pt"), "uk": ("Українська", "Ukrainian", "uk"),
        "ar": ("العربية", "Arabic", "ar"), "he": ("עברית", "Hebrew", "he"), "fa": ("فارسی", "Persian", "fa"),
    ]
    /// Languages written in Han, Kana or Hangul, without spaces between words: searched by character pairs.
    static let wideScripts: Set<String> = ["zh", "zh-hant", "ja", "ko", "yue"]
    static let rightToLeft: Set<String> = ["ar", "he", "fa", "ur", "yi"]
}

/// The languages of one site, in its order: what a note's folder and its `lang` may name.
public struct SiteLanguages: Hashable, Sendable {
    public let all: [Language]

    /// `languages` in the order given, each numbered by its place.
    public init(_ languages: [Language]) {
        all = languages.enumerated().map { place, language in
            var language = language
            language.order = place
            return language
        }
    }

    /// Chinese, Russian and English.
    public static let builtIn = SiteLanguages(Language.builtIn)

    /// The site's language with this code.
    public func language(code: String) -> Language? {
        all.first { $0.code == code }
    }

    /// The codes, for messages: `zh, ru, en`.
    public var codeList: String { all.map(\.code).joined(separator: ", ") }

    /// `notes/zh, notes/ru or notes/en`.
    var folderList: String {
        let folders = all.map { "notes/\($0.code)" }
        guard folders.count > 1 else { return folders.first ?? "notes/<lang>" }
        return folders.dropLast().joined(separator: ", ") + " or " + folders.last!
    }
}
