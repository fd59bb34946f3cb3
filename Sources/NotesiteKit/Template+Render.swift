import Foundation

extension Template {
    /// The page: the template filled in from `context`, with its partials taken from `partials`.
    ///
    /// A context is plain data: `[String: Any]` scopes holding `String`, `Bool`, `Int`, lists (`[[String: Any]]`
    /// or any array) and further scopes. A name is looked up from the innermost scope outwards; its dotted parts
    /// then only inside what the first part found. What is missing renders as nothing and counts as false.
    /// As in the engine the templates were first written for, a section over a string (even an empty one) or a
    /// number renders once, and `'` is escaped as well as `&`, `<`, `>` and `"`. An `HTMLOutput` value is markup
    /// rendered ahead, which `{{{name}}}` copies in as it is.
    func render(_ context: [String: Any], partials: [String: Template], reserving: Int = 0) -> HTMLOutput {
        var renderer = Renderer(partials: partials, stack: [.object(context)], reserving: reserving)
        renderer.render(nodes)
        return renderer.out
    }

    /// One scope of the stack: a dictionary, whose names can be looked up, or any other value a section opened.
    private enum Scope {
        case object([String: Any])
        /// Such as the chrome's words, `t`.
        case strings([String: String])
        case value(Any)

        init(_ value: Any) {
            if let object = exactly(value, [String: Any].self) {
                self = .object(object)
            } else if let strings = exactly(value, [String: String].self) {
                self = .strings(strings)
            } else if let object = value as? [String: Any] {
                self = .object(object)
            } else {
                self = .value(value)
            }
        }

        subscript(name: String) -> Any? {
            switch self {
            case .object(let object): return object[name]
            case .strings(let strings): return strings[name]
            case .value: return nil
            }
        }
    }

    private struct Renderer {
        let partials: [String: Template]
        var stack: [Scope]
        var out: HTMLOutput

        init(partials: [String: Template], stack: [Scope], reserving: Int = 0) {
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
                    guard let value = lookup(name) else { continue }
                    if let markup = exactly(value, HTMLOutput.self) {
                        if escaped { out.appendEscaped(markup.string, apostrophe: true) } else { out += markup }
                        continue
                    }
                    let text: String = switch value {
                    case let string as String: string
                    case let flag as Bool: flag ? "true" : "false"
                    case let number as Int: String(number)
                    default: String(describing: value)
                    }
                    if escaped { out.appendEscaped(text, apostrophe: true) } else { out += text }
                case .section(let name, let body, let inverted):
                    let value = lookup(name)
                    if inverted {
                        if !Self.isTrue(value) { render(body) }
                        continue
                    }
                    guard let value else { continue }
                    if let list = exactly(value, [[String: Any]].self) {
                        for item in list { renderScoped(body, .object(item)) }
                    } else if let flag = value as? Bool {
                        if flag { render(body) }
                    } else if exactly(value, [String: Any].self) == nil, let list = value as? [Any] {
                        for item in list { renderScoped(body, Scope(item)) }
                    } else {
                        renderScoped(body, Scope(value))
                    }
                case .partial(let name, let indentation, _):
                    guard let partial = partials[name] else { continue }
                    render(indentation.isEmpty ? partial.nodes : partial.indented(by: indentation).nodes)
                }
            }
        }

        private mutating func renderScoped(_ nodes: [Node], _ scope: Scope) {
            stack.append(scope)
            render(nodes)
            stack.removeLast()
        }

        /// The value `name` stands for, or nil. An `Optional` in a scope counts as its value.
        private func lookup(_ name: Name) -> Any? {
            guard let first = name.parts.first else {
                switch stack.last {
                case .object(let object)?: return object
                case .strings(let strings)?: return strings
                case .value(let value)?: return value
                case nil: return nil
                }
            }
            var found: Any?
            for i in stack.indices.reversed() {
                if let value = stack[i][first] {
                    found = value
                    break
                }
            }
            for part in name.parts.dropFirst() {
                guard let value = found else { return nil }
                found = Scope(value)[part]
            }
            guard let value = found else { return nil }
            // By the value's type, in one set: `is` asked the runtime for a cast, once for each type.
            if Self.plainTypes.contains(ObjectIdentifier(type(of: value))) { return value }
            if let optional = value as? any OptionalValue { return optional.wrappedValue }
            return value
        }

        /// The values and containers pages use, which are surely not `Optional`s (asking a value whether it is one
        /// means looking up a protocol conformance).
        private static let plainTypes: Set<ObjectIdentifier> = [
            ObjectIdentifier(String.self), ObjectIdentifier(Bool.self), ObjectIdentifier(Int.self),
            ObjectIdentifier(HTMLOutput.self), ObjectIdentifier([String: Any].self), ObjectIdentifier([[String: Any]].self),
            ObjectIdentifier([String: String].self), ObjectIdentifier([[String: String]].self), ObjectIdentifier([String].self),
        ]

        /// False, nil, an empty list, or an `Optional` that holds nothing.
        private static func isTrue(_ value: Any?) -> Bool {
            guard let value else { return false }
            if let list = exactly(value, [[String: Any]].self) { return !list.isEmpty }
            if let flag = value as? Bool { return flag }
            if exactly(value, [String: Any].self) == nil, let list = value as? [Any] { return !list.isEmpty }
            return true
        }
    }
}

/// `value` as a `T` when that is its very type. A cast with `as?` would convert one that is not, entry by entry
/// (a `[String: String]` into a `[String: Any]`), and the lookups of a page would pay for it each time.
private func exactly<T>(_ value: Any, _ type: T.Type) -> T? {
    ObjectIdentifier(Swift.type(of: value)) == ObjectIdentifier(type) ? (value as! T) : nil
}

/// An `Optional` seen through `Any`, so a scope may hold `String?` values.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}
