import Foundation

extension Template {
    /// The page: the template filled in from `context`, with its partials taken from `partials`.
    ///
    /// A name is looked up from the innermost scope outwards; its dotted parts then only inside what the first part
    /// found. What is missing renders as nothing and counts as false, and so does a scope or a list used as a
    /// variable. As in the engine the templates were first written for, a section over a string (even an empty
    /// one) or a number renders once, and `'` is escaped as well as `&`, `<`, `>` and `"`. An `.html` value is
    /// markup rendered ahead, which `{{{name}}}` copies in as it is.
    func render(_ context: TemplateContext, partials: [String: Template], reserving: Int = 0) -> HTMLOutput {
        render(root: .object(context), partials: partials, reserving: reserving)
    }

    /// The template filled in from any value as the outermost scope, not only a page's named values: the spec's
    /// data may be a list or a single string or number, which `{{.}}` and `{{#.}}` read.
    func render(root: TemplateValue, partials: [String: Template], reserving: Int = 0) -> HTMLOutput {
        var renderer = Renderer(partials: partials, stack: [root], reserving: reserving)
        renderer.render(nodes)
        return renderer.out
    }

    private struct Renderer {
        let partials: [String: Template]
        /// The scopes open, outermost first: the page's values, then what each section opened.
        var stack: [TemplateValue]
        var out: HTMLOutput

        init(partials: [String: Template], stack: [TemplateValue], reserving: Int = 0) {
            self.partials = partials
            self.stack = stack
            out = HTMLOutput(capacity: 16 * 1024 + reserving)
        }

        mutating func render(_ nodes: [Node]) {
            // By index, each node read in place: a loop variable was a copy of each, retained and released.
            for i in nodes.indices {
                switch nodes[i] {
                case .text(let text):
                    out += text
                case .variable(let name, let escaped):
                    switch lookup(name) {
                    case .string(let text)?:
                        if escaped { out.appendEscaped(text, apostrophe: true) } else { out += text }
                    case .html(let markup)?:
                        if escaped { out.appendEscaped(markup.string, apostrophe: true) } else { out += markup }
                    case .bool(let flag)?: out += flag ? "true" : "false"
                    case .int(let number)?: out += String(number)
                    case .double(let number)?: out += String(number)
                    case .object?, .strings?, .list?, nil: continue
                    }
                case .section(let name, let body, let inverted):
                    let value = lookup(name)
                    if inverted {
                        if !Self.isTrue(value) { render(body) }
                        continue
                    }
                    switch value {
                    case .list(let items)?: for item in items { renderScoped(body, item) }
                    case .bool(let flag)?: if flag { render(body) }
                    case let value?: renderScoped(body, value)
                    case nil: continue
                    }
                case .partial(let name, let indentation, _):
                    guard let partial = partials[name] else { continue }
                    render(indentation.isEmpty ? partial.nodes : partial.indented(by: indentation).nodes)
                }
            }
        }

        private mutating func renderScoped(_ nodes: [Node], _ scope: TemplateValue) {
            stack.append(scope)
            render(nodes)
            stack.removeLast()
        }

        /// The value `name` stands for, or nil.
        private func lookup(_ name: Name) -> TemplateValue? {
            guard let first = name.parts.first else { return stack.last }
            var found: TemplateValue?
            for i in stack.indices.reversed() {
                if let value = stack[i][first] {
                    found = value
                    break
                }
            }
            for part in name.parts.dropFirst() {
                guard let value = found else { return nil }
                found = value[part]
            }
            return found
        }

        /// False, nil, or an empty list.
        private static func isTrue(_ value: TemplateValue?) -> Bool {
            switch value {
            case nil: false
            case .bool(let flag)?: flag
            case .list(let items)?: !items.isEmpty
            default: true
            }
        }
    }
}

extension TemplateValue {
    /// The value named `name` when this value is a scope (`.object`, `.strings`); nil otherwise.
    fileprivate subscript(name: String) -> TemplateValue? {
        switch self {
        case .object(let object): object[name]
        case .strings(let strings): strings[name].map(TemplateValue.string)
        default: nil
        }
    }
}
