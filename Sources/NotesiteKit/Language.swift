/// The languages notes are written in. A note's folder (`Content/notes/<code>/`) says which one it is.
public enum Language: String, CaseIterable, Hashable, Sendable, Comparable {
    case zh, ru, en

    /// The value of `<html lang>`: notes in `zh` are in simplified Chinese.
    public var htmlLang: String {
        switch self {
        case .zh: "zh-Hans"
        case .ru: "ru"
        case .en: "en"
        }
    }

    /// The language's name in itself, for headings and the language switcher.
    public var nativeName: String {
        switch self {
        case .zh: "中文"
        case .ru: "Русский"
        case .en: "English"
        }
    }

    /// The language's name in English, for the pages in no language of their own (the home page).
    public var englishName: String {
        switch self {
        case .zh: "Chinese"
        case .ru: "Russian"
        case .en: "English"
        }
    }

    /// Order on the home page.
    public static func < (lhs: Language, rhs: Language) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    static var codeList: String { allCases.map(\.rawValue).joined(separator: ", ") }
}
