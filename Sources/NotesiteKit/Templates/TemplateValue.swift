/// A value a template reads (`Template.render`): what the pages' contexts are made of.
///
/// Plain data of a few kinds rather than `Any`, so that rendering a tag is a dictionary lookup and a `switch`, not
/// a dynamic cast from an existential, which dominated a page's template time (`make bench-stages`). Literals build one directly:
/// `["title": "Notes", "count": 3, "items": [["name": "a"]], "shown": true]`; a value held in a variable is
/// wrapped, `.string(title)`, or, where it may be missing, `title.map(TemplateValue.string)`.
enum TemplateValue: Sendable {
    case string(String)
    case bool(Bool)
    case int(Int)
    /// A number with a fraction, written as Swift writes it: the shortest text that reads back as the same number
    /// (`1.21`, `5.0`).
    case double(Double)
    /// Markup rendered ahead, which `{{{name}}}` copies in as it is.
    case html(HTMLOutput)
    /// A scope of named values: a section over it looks names up in it first.
    case object(TemplateContext)
    /// The chrome's words (`t`), as `Strings.all(for:)` has them: a scope too, shared by every page without
    /// a copy into values.
    case strings([String: String])
    case list([TemplateValue])

    /// A list of scopes.
    static func list(_ items: [TemplateContext]) -> TemplateValue {
        .list(items.map(TemplateValue.object))
    }
}

/// A page's values by name: the outermost scope of a template's render.
typealias TemplateContext = [String: TemplateValue]

extension TemplateValue: ExpressibleByStringInterpolation, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    init(stringLiteral value: String) { self = .string(value) }
    init(stringInterpolation: DefaultStringInterpolation) { self = .string(String(stringInterpolation: stringInterpolation)) }
    init(booleanLiteral value: Bool) { self = .bool(value) }
    init(integerLiteral value: Int) { self = .int(value) }
    init(arrayLiteral elements: TemplateValue...) { self = .list(elements) }
    init(dictionaryLiteral elements: (String, TemplateValue)...) {
        self = .object(TemplateContext(elements, uniquingKeysWith: { _, last in last }))
    }
}
