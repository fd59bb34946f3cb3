import Foundation

extension Template {
    /// The page: the template filled in from `context`, with its partials taken from `partials`.
    ///
    /// A context is plain data: `[String: Any]` scopes holding `String`, `Bool`, `Int`, lists (`[[String: Any]]`
    /// or any array) and further scopes. A name is looked up from the innermost scope outwards; its dotted parts
    /// then only inside what the first part found. What is missing renders as nothing and counts as false.
    /// As in the engine the templates were first written for, a section over a string (even an empty one) or a
    /// number renders once, and `'` is escaped as well as `&`, `<`, `>` and `"`.
    func render(_ context: [String: Any], partials: [String: Template]) -> String {
        var renderer = Renderer(partials: partials, stack: [.object(context)])
        renderer.render(nodes)
        return renderer.out
    }

    /// One scope of the stack: a dictionary, whose names can be looked up, or any other value a section opened.
    private enum Scope {
        case object([String: Any])
        case value(Any)

        init(_ value: Any) {
            if let object = value as? [String: Any] { self = .object(object) } else { self = .value(value) }
        }
    }

    private struct Renderer {
        let partials: [String: Template]
        var stack: [Scope]
        var out = ""

        init(partials: [String: Template], stack: [Scope]) {
            self.partials = partials
            self.stack = stack
            out.reserveCapacity(16 * 1024)
        }

        mutating func render(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let text):
                    out += text
                case .variable(let name, let escaped):
                    guard let value = lookup(name) else { continue }
                    let text: String = switch value {
                    case let string as String: string
                    case let flag as Bool: flag ? "true" : "false"
                    case let number as Int: String(number)
                    default: String(describing: value)
                    }
                    if escaped { appendEscaped(text) } else { out += text }
                case .section(let name, let body, let inverted):
                    let value = lookup(name)
                    if inverted {
                        if !Self.isTrue(value) { render(body) }
                        continue
                    }
                    switch value {
                    case nil:
                        break
                    case let flag as Bool:
                        if flag { render(body) }
                    case let list as [[String: Any]]:
                        for item in list { renderScoped(body, .object(item)) }
                    case let list as [Any]:
                        for item in list { renderScoped(body, Scope(item)) }
                    case let value?:
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
                case .value(let value)?: return value
                case nil: return nil
                }
            }
            var found: Any?
            for scope in stack.reversed() {
                if case .object(let object) = scope, let value = object[first] {
                    found = value
                    break
                }
            }
            for part in name.parts.dropFirst() {
                guard let object = found as? [String: Any] else { return nil }
                found = object[part]
            }
            guard let value = found else { return nil }
            switch value {
            case is String, is Bool, is Int, is [String: Any], is [[String: Any]]: return value
            default:
                if let optional = value as? any OptionalValue { return optional.wrappedValue }
                return value
            }
        }

        /// False, nil, an empty list, or an `Optional` that holds nothing.
        private static func isTrue(_ value: Any?) -> Bool {
            switch value {
            case nil: return false
            case let flag as Bool: return flag
            case let list as [[String: Any]]: return !list.isEmpty
            case let list as [Any]: return !list.isEmpty
            default: return true
            }
        }

        /// `text` with `&`, `<`, `>`, `"` and `'` escaped, appended a run at a time.
        private mutating func appendEscaped(_ text: String) {
            let utf8 = text.utf8
            var runStart = utf8.startIndex
            var index = runStart
            while index != utf8.endIndex {
                let entity: String? = switch utf8[index] {
                case UInt8(ascii: "&"): "&amp;"
                case UInt8(ascii: "<"): "&lt;"
                case UInt8(ascii: ">"): "&gt;"
                case UInt8(ascii: "\""): "&quot;"
                case UInt8(ascii: "'"): "&#39;"
                default: nil
                }
                if let entity {
                    out += text[runStart..<index]
                    out += entity
                    runStart = utf8.index(after: index)
                }
                index = utf8.index(after: index)
            }
            if runStart == utf8.startIndex {
                out += text
            } else {
                out += text[runStart..<utf8.endIndex]
            }
        }
    }
}

/// An `Optional` seen through `Any`, so a scope may hold `String?` values.
private protocol OptionalValue {
    var wrappedValue: Any? { get }
}

extension Optional: OptionalValue {
    var wrappedValue: Any? { self.map { $0 as Any } }
}
