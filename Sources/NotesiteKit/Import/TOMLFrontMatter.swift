import Foundation
import TOMLKit

/// Hugo's TOML front matter (`+++` lines around `key = value` pairs), read far enough to write it again as YAML:
/// the top-level keys with strings, numbers, booleans, dates and lists of those. Tables (`[params]`, inline tables,
/// dotted keys) are not carried over; their names come back in `dropped`, for the report.
struct TOMLFrontMatter {
    /// One value, as YAML will be written for it.
    enum Value: Equatable {
        case string(String)
        /// A number, a boolean or a date, as written (TOML and YAML spell them alike).
        case bare(String)
        case list([Value])
    }

    var pairs: [(key: String, value: Value)] = []
    /// Keys and tables that are not carried over.
    var dropped: [String] = []

    /// Where the TOML block of `text` ends: the TOML between the `+++` lines and the body after the closing one;
    /// nil when `text` does not open with a `+++` line or never closes it.
    static func split(_ text: String) -> (toml: Substring, body: Substring)? {
        // `\r\n` is one `Character`; a fence line may have spaces or tabs after it.
        func isFence(_ line: Substring) -> Bool { line.trimmingCharacters(in: CharacterSet(charactersIn: " \t")) == "+++" }
        guard let firstEnd = text.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }), isFence(text[..<firstEnd]) else { return nil }
        let start = text.index(after: firstEnd)
        var index = start
        while index < text.endIndex {
            let end = text[index...].firstIndex { $0 == "\n" || $0 == "\r\n" } ?? text.endIndex
            if isFence(text[index..<end]) {
                let bodyStart = end < text.endIndex ? text.index(after: end) : end
                return (text[start..<index], text[bodyStart...])
            }
            index = end < text.endIndex ? text.index(after: end) : end
        }
        return nil
    }

    /// Reads `toml` with TOMLKit, as the front matter parser does (`FrontMatterParser.readTOML`), in the order the
    /// keys are written. TOML that does not parse carries nothing over; `notesite check` reports it on the note.
    init(_ toml: Substring) {
        let text = String(toml)
        guard let table = try? TOMLTable(string: text) else {
            dropped = ["the front matter, which is not valid TOML"]
            return
        }
        let places = FrontMatterParser.tomlKeyPlaces(text)
        let keys = table.keys.sorted { (places[$0]?.key.line ?? .max, $0) < (places[$1]?.key.line ?? .max, $1) }
        for key in keys {
            guard let item = table[key] else { continue }
            if let value = Self.value(of: item) {
                pairs.append((key, value))
            } else {
                dropped.append(key)
            }
        }
    }

    /// A value YAML can say as well: a string, number, boolean, date or time (as TOML writes it), or a list of
    /// those; nil for a table.
    private static func value(of item: TOMLValueConvertible) -> Value? {
        switch item.type {
        case .string: return .string(item.string ?? "")
        case .bool: return .bare(item.bool == true ? "true" : "false")
        case .int: return item.int.map { .bare(String($0)) }
        case .double: return item.double.map { .bare("\($0)") }
        case .date, .dateTime, .time: return .bare(item.debugDescription)
        case .array: return item.array.map { array in .list(array.compactMap { value(of: $0) }) }
        case .table: return nil
        }
    }

    /// The pairs as YAML lines, each ending in `lineEnd`.
    func yamlLines(lineEnd: String) -> [String] {
        pairs.map { pair in "\(YAMLScalar.quoted(pair.key)): \(Self.yaml(pair.value))\(lineEnd)" }
    }

    static func yaml(_ value: Value, inFlow: Bool = false) -> String {
        switch value {
        case .string(let text): return inFlow ? YAMLScalar.doubleQuoted(text) : YAMLScalar.quoted(text)
        case .bare(let word):
            // Numbers, booleans and dates need no quotes in YAML; anything else a bare word may hold is quoted.
            let plain = word.unicodeScalars.allSatisfy { ("0"..."9").contains($0) || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || "-+:._ ".unicodeScalars.contains($0) }
            return plain && !word.contains(": ") && !word.hasPrefix(":") && !word.hasPrefix("- ") ? word : YAMLScalar.doubleQuoted(word)
        case .list(let items):
            return "[" + items.map { yaml($0, inFlow: true) }.joined(separator: ", ") + "]"
        }
    }
}
