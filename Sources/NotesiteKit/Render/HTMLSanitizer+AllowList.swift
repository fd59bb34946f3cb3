import Foundation

/// The allow-list the sanitizer keeps a note's raw HTML to: the elements and attributes it keeps, those it removes
/// with their content or alone, and how it reads the addresses and values they carry.
extension HTMLSanitizer {
    /// Elements kept, with the attributes each may carry beyond the global ones.
    static let elements: [String: Set<String>] = [
        "a": ["href", "name", "rel", "hreflang"],
        "abbr": [], "address": [], "aside": [], "audio": ["src", "controls", "loop", "muted", "preload"], "b": [],
        "bdi": [], "bdo": [], "blockquote": ["cite"], "br": [],
        "caption": [], "center": [], "cite": [], "code": [], "col": ["span", "width"], "colgroup": ["span", "width"],
        "dd": [], "del": ["cite", "datetime"], "details": ["open"], "dfn": [], "div": [], "dl": [], "dt": [], "em": [],
        "figcaption": [], "figure": [], "footer": [], "h1": [], "h2": [], "h3": [], "h4": [], "h5": [], "h6": [],
        "hr": [], "i": [],
        "img": ["src", "alt", "width", "height", "loading"], "ins": ["cite", "datetime"], "kbd": [], "li": ["value"],
        "mark": [], "ol": ["start", "type", "reversed"], "p": [], "picture": [], "pre": [], "q": ["cite"], "rp": [],
        "rt": [], "ruby": [], "s": [], "samp": [], "section": [], "small": [], "source": ["src", "srcset", "type", "media"],
        "span": [],
        "strike": [], "strong": [], "sub": [], "summary": [], "sup": [],
        "table": ["border", "cellpadding", "cellspacing", "width"], "tbody": [], "td": ["colspan", "rowspan", "width", "valign"],
        "tfoot": [], "th": ["colspan", "rowspan", "scope", "width", "valign"], "thead": [], "time": ["datetime"],
        "tr": ["valign"], "tt": [], "u": [], "ul": [], "var": [],
        "video": ["src", "poster", "controls", "width", "height", "loop", "muted", "playsinline", "preload"], "wbr": [],
    ]

    /// The shapes of SVG, which a note's markup may hold outside an `svg` (written in lower case: `Array<Path>` is
    /// text).
    static let svgShapes: Set<String> = [
        "circle", "defs", "ellipse", "g", "line", "lineargradient", "path", "polygon", "polyline", "radialgradient",
        "rect", "stop", "symbol", "tspan", "use",
    ]

    /// The elements of HTML, current and obsolete: those `elements`, `removedWithContent` and `unsafeElements` name,
    /// and the rest. A tag of another name (but a custom element's, or an SVG shape's) is text that reads as one.
    static let htmlElements: Set<String> = Set(elements.keys).union(removedWithContent).union(unsafeElements).union([
        "acronym", "area", "article", "audio", "basefont", "bgsound", "big", "blink", "body", "canvas",
        "data", "datalist", "dialog", "dir", "fieldset", "font", "head", "header", "hgroup", "html", "image",
        "isindex", "keygen", "label", "legend", "listing", "main", "map", "marquee", "menu", "menuitem", "meter",
        "multicol", "nav", "nextid", "nobr", "optgroup", "option", "output", "param", "progress", "rb", "rtc",
        "search", "slot", "spacer", "title", "track", "video",
    ])

    /// Attributes any kept element may carry.
    static let globalAttributes: Set<String> = ["id", "class", "title", "lang", "dir", "align", "style", "hidden"]

    /// Elements removed together with everything inside them.
    static let removedWithContent: Set<String> = [
        "script", "style", "iframe", "frame", "frameset", "object", "embed", "applet", "noscript", "noembed",
        "noframes", "template", "svg", "math", "textarea", "select", "xmp", "plaintext",
    ]

    /// The element `tag` opens (`<script>`, `<style type="…">`), in lower case, when it is one of
    /// `removedWithContent`.
    static func elementRemovedWithContent(openedBy tag: String) -> String? {
        guard tag.hasPrefix("<") else { return nil }
        let name = tag.utf8.dropFirst().prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
        guard let after = tag.utf8.dropFirst(1 + name.count).first,
              after == UInt8(ascii: ">") || after == UInt8(ascii: "/") || after == UInt8(ascii: " ") || after == UInt8(ascii: "\n") || after == UInt8(ascii: "\t") else { return nil }
        let lowered = String(decoding: name, as: UTF8.self).lowercased()
        return removedWithContent.contains(lowered) ? lowered : nil
    }

    /// Elements that are removed because they can run or load something, though they hold no content.
    static let unsafeElements: Set<String> = ["base", "link", "meta", "form", "input", "button", "portal"]

    /// Attributes whose value is a URL.
    static let urlAttributes: Set<String> = ["href", "src", "cite", "srcset", "poster"]

    /// An image candidate of a `srcset`, its address and then its descriptors (`2x`, `640w`). An address written
    /// with another site's template (`{% asset a--dark.png @path %}`) is one part, spaces and all.
    static func sourceSetParts(_ candidate: Substring) -> [Substring] {
        let trimmed = candidate.drop(while: \.isWhitespace)
        if trimmed.hasPrefix("{%") || trimmed.hasPrefix("{{"), let close = trimmed.range(of: trimmed.hasPrefix("{%") ? "%}" : "}}") {
            let end = trimmed[close.upperBound...].firstIndex(where: \.isWhitespace) ?? trimmed.endIndex
            return [trimmed[..<end]] + trimmed[end...].split(whereSeparator: \.isWhitespace)
        }
        return trimmed.split(whereSeparator: \.isWhitespace)
    }

    /// Attributes whose presence is their meaning, whatever value they are written with.
    static let booleanAttributes: Set<String> = ["controls", "loop", "muted", "playsinline", "open", "reversed"]

    /// The elements whose `src` names a file a page shows or plays, checked and pointed at as an image is.
    static let mediaElements: Set<String> = ["img", "video", "audio", "source"]

    /// Elements without an end tag.
    static let voidElements: Set<String> = ["br", "col", "hr", "img", "source", "wbr"]
}
