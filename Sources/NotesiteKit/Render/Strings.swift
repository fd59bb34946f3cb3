import Foundation
import Yams

/// The page chrome's words in each language (`Templates/strings.yml`), with English as the fallback.
public struct Strings: Sendable {
    private let table: [Language: [String: String]]
    /// `all(for:)` of each language, merged once: every page gets its language's.
    private let merged: [Language: [String: String]]

    public static let empty = Strings(table: [:])

    init(table: [Language: [String: String]]) {
        self.table = table
        merged = Dictionary(uniqueKeysWithValues: Set(Array(table.keys) + [.en]).map { language in
            (language, (table[.en] ?? [:]).merging(table[language] ?? [:]) { _, own in own })
        })
    }

    /// These strings with the site's own words (`notesite.toml`'s title and description) in place of
    /// `site_title` and `site_description`, in each of `languages`.
    func withSiteWords(_ site: SiteConfig) -> Strings {
        guard !site.title.isEmpty || !site.description.isEmpty else { return self }
        var table = self.table
        for language in site.languages.all + [.en] {
            var own = table[language] ?? [:]
            if let title = site.title.text(in: language) { own["site_title"] = title }
            if let description = site.description.text(in: language) { own["site_description"] = description }
            table[language] = own
        }
        return Strings(table: table)
    }

    /// The keys English has that `language` does not, sorted; none for English.
    func missingKeys(in language: Language) -> [String] {
        guard language != .en else { return [] }
        let own = table[language] ?? [:]
        return (table[.en] ?? [:]).keys.filter { own[$0] == nil }.sorted()
    }

    /// Reads `strings.yml`; a file that is not a mapping of languages to mappings of keys stops the run.
    public static func load(_ url: URL, displayPath: String) throws -> Strings {
        func problem(_ message: String) -> NotesiteError {
            NotesiteError.templates(Diagnostic(TemplateRule.strings, file: displayPath, at: nil, message))
        }
        let text: String
        switch ContentLoader.contents(ofFile: url.path) {
        case .failure(let failure) where failure.code == ENOENT:
            // Every label of every page comes from it: without it, pages would show the keys.
            throw problem("the strings file is missing; the pages' labels in each language come from it, so restore it")
        case .failure(let failure):
            throw problem("the strings file cannot be read (\(failure.reason))")
        case .success(let bytes):
            guard let decoded = String(validating: bytes, as: UTF8.self) else {
                throw problem("the strings file is not UTF-8 text; save it as UTF-8")
            }
            text = decoded
        }
        return try parse(text, displayPath: displayPath)
    }

    /// Reads the text of a strings file, as `load` reads one from disk.
    static func parse(_ text: String, displayPath: String) throws -> Strings {
        func problem(_ message: String) -> NotesiteError {
            NotesiteError.templates(Diagnostic(TemplateRule.strings, file: displayPath, at: nil, message))
        }
        var source = YAMLSource(file: displayPath, fileText: text)
        if source.compose(text, rule: TemplateRule.strings, what: "the strings file") == nil, let found = source.diagnostics.first {
            throw NotesiteError.templates(found)
        }
        let decoded: [String: [String: String]]
        do {
            decoded = try YAMLDecoder().decode([String: [String: String]].self, from: text)
        } catch {
            throw problem("the strings file must map each language code (\(SiteLanguages.builtIn.codeList)) to its texts, one `key: text` a line")
        }
        var table: [Language: [String: String]] = [:]
        for (code, strings) in decoded {
            // Any language's words may be here; only the site's languages' are used.
            guard Language.isValidCode(code) else {
                throw problem("'\(code)' is not a language code; use one such as \(SiteLanguages.builtIn.codeList) or ja")
            }
            table[Language(code: code)] = strings
        }
        return Strings(table: table)
    }

    /// Every key for `language`, English filling the gaps.
    public func all(for language: Language) -> [String: String] {
        merged[language] ?? merged[.en] ?? [:]
    }

    /// `key`'s text in `language`, else in English, else `fallback`: the words the code gives a page itself, for a
    /// `strings.yml` written before they were added. Without a fallback, the key itself shows.
    public func text(_ key: String, in language: Language, fallback: String? = nil) -> String {
        table[language]?[key] ?? table[.en]?[key] ?? fallback ?? key
    }
}

extension NoteDate {
    /// The date the way each language writes it: `18 October 2015`, `2015年10月18日`, `18 октября 2015 г.`.
    /// Japanese writes dates as Chinese does, Korean with its own counters; other languages as English until they
    /// have a form of their own here.
    public func formatted(in language: Language) -> String {
        switch language.code {
        case "zh", "zh-hant", "ja":
            return day.map { "\(year)年\(month)月\($0)日" } ?? "\(year)年\(month)月"
        case "ko":
            return day.map { "\(year)년 \(month)월 \($0)일" } ?? "\(year)년 \(month)월"
        case "ru":
            // A day takes the genitive month name; a month alone the nominative.
            guard let day else { return "\(Self.russianMonths[month - 1]) \(year) г." }
            return "\(day) \(Self.russianMonthsGenitive[month - 1]) \(year) г."
        default:
            let month = Self.englishMonths[month - 1]
            return day.map { "\($0) \(month) \(year)" } ?? "\(month) \(year)"
        }
    }

    private static let englishMonths = ["January", "February", "March", "April", "May", "June", "July", "August",
                                        "September", "October", "November", "December"]
    private static let russianMonths = ["январь", "февраль", "март", "апрель", "май", "июнь", "июль", "август",
                                        "сентябрь", "октябрь", "ноябрь", "декабрь"]
    private static let russianMonthsGenitive = ["января", "февраля", "марта", "апреля", "мая", "июня", "июля", "августа",
                                                "сентября", "октября", "ноября", "декабря"]
}

extension StringProtocol {
    /// Whether the text holds the ASCII character `c`, checked on its bytes. `contains("(")` with Foundation in
    /// scope goes through `NSString`'s search, which costs more than the names and attributes it looks at.
    func containsASCII(_ c: Unicode.Scalar) -> Bool {
        precondition(c.isASCII, "containsASCII checks a single byte")
        let byte = UInt8(c.value)
        // memchr on the bytes in place, where they are contiguous (native strings): a note's whole text is
        // searched this way, and stepping through the UTF-8 view costs several times more.
        if let found = utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.isEmpty ? false : memchr(bytes.baseAddress!, Int32(byte), bytes.count) != nil
        }) {
            return found
        }
        return utf8.contains(byte)
    }

    /// Where the ASCII character `c` first stands, found with `memchr` on the bytes in place, as `containsASCII`.
    func firstIndexOfASCII(_ c: Unicode.Scalar) -> Index? {
        precondition(c.isASCII, "firstIndexOfASCII looks for a single byte")
        let byte = UInt8(c.value)
        if let offset = utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            guard !bytes.isEmpty, let found = memchr(bytes.baseAddress!, Int32(byte), bytes.count) else { return nil }
            return UnsafeRawPointer(bytes.baseAddress!).distance(to: UnsafeRawPointer(found))
        }) {
            return offset.map { utf8.index(utf8.startIndex, offsetBy: $0) }
        }
        return utf8.firstIndex(of: byte)
    }

    /// Whether the two texts have the same UTF-8 bytes. `==` on text that is not ASCII compares it as Unicode,
    /// normalising where the bytes differ, and hashing it normalises it first; for text that one slugger or one
    /// folder scan wrote, equal means byte for byte equal.
    func hasSameBytes<Other: StringProtocol>(as other: Other) -> Bool {
        let compared = utf8.withContiguousStorageIfAvailable { a in
            other.utf8.withContiguousStorageIfAvailable { b in
                a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
            }
        }
        return (compared ?? nil) ?? utf8.elementsEqual(other.utf8)
    }
}

extension String {
    /// `lowercased()`, without making a new string when there is nothing to lower: ASCII text with no capitals,
    /// which is what most slugs are.
    var lowercasedIfNeeded: String {
        utf8.allSatisfy { $0 < 0x80 && !(UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) } ? self : lowercased()
    }
}

/// A string as a set member or dictionary key that hashes and compares by its UTF-8 bytes. For ids and paths that
/// one slugger or one renderer wrote, equal text is byte for byte equal, and it is how a browser matches an id and
/// a file system a name: code point by code point. A `String` key of Chinese or Russian is normalised for every hash
/// and every comparison.
public struct UTF8Key: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let string: String

    public init(_ string: String) { self.string = string }
    public init(stringLiteral value: String) { self.init(value) }

    public var description: String { string }

    public static func == (a: UTF8Key, b: UTF8Key) -> Bool { a.string.hasSameBytes(as: b.string) }

    public func hash(into hasher: inout Hasher) {
        var string = string
        string.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}
