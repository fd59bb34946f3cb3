/// What a page's `<head>` says about it besides its title: a description on every page; with the site's address
/// known (`--base-url`), its canonical address and the OpenGraph and Twitter card tags that link previews read,
/// which need absolute URLs; and, where a note has translations, `hreflang` alternates naming each of them.
extension PageRenderer {
    /// The site's address with one slash at its end; nil without `--base-url`.
    var siteBase: String? {
        baseURL.map { $0.hasSuffix("/") ? $0 : $0 + "/" }
    }

    /// The head's values for `page`: `description` (left out where the template writes its own), `og` (with the
    /// canonical address, only with a base URL) and `alternates` (the page and its `translations`, when it has any).
    /// `summary`: what the page is about, for the previews; the site's description in the page's language without it.
    func headTags(page: String, language: Language?, title: String?, summary: String? = nil, isArticle: Bool = false,
                  translations: [Note] = [], descriptionInTemplate: Bool = false) -> TemplateContext {
        let pageLanguage = language ?? .en
        let strings = templates.strings
        let siteTitle = strings.text("site_title", in: pageLanguage)
        let description = summary ?? strings.text("site_description", in: pageLanguage, fallback: strings.text("footer", in: pageLanguage))
        var head: TemplateContext = [:]
        if !descriptionInTemplate { head["description"] = .string(description) }
        if let base = siteBase {
            var og: TemplateContext = [
                "url": .string(base + Escape.href(page)), "type": .string(isArticle ? "article" : "website"),
                "title": .string(title ?? siteTitle), "description": .string(description), "siteName": .string(siteTitle),
                "locale": .string(Self.openGraphLocale(pageLanguage)),
            ]
            if !translations.isEmpty {
                og["alternateLocales"] = .list(translations.map { ["locale": .string(Self.openGraphLocale($0.language))] })
            }
            head["og"] = .object(og)
        }
        if !translations.isEmpty, let language {
            // The page names itself among its alternates too, as search engines expect of each page of the set.
            let own = (language, page)
            let all = [own] + translations.map { ($0.language, $0.outputPath) }
            head["alternates"] = .list(all.sorted { $0.0.rawValue < $1.0.rawValue }.map { other -> TemplateContext in
                let href = siteBase.map { $0 + Escape.href(other.1) } ?? Escape.href(RelativeURL.from(page, to: other.1))
                return ["href": .string(href), "hreflang": .string(other.0.htmlLang)]
            })
        }
        return head
    }

    /// OpenGraph names a locale language_TERRITORY; the notes' Chinese is simplified, as written in China. Another
    /// language is named by its `<html lang>` with an underscore, or its code with the territory where it is most
    /// written.
    static func openGraphLocale(_ language: Language) -> String {
        switch language.code {
        case "en": "en_US"
        case "zh": "zh_CN"
        case "ru": "ru_RU"
        case "ja": "ja_JP"
        case "ko": "ko_KR"
        default: language.htmlLang.replacingOccurrences(of: "-", with: "_")
        }
    }
}
