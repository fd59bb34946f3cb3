import NotesiteMarkdown

/// Checks the API names of a note against the known symbol list: names that cannot be right
/// (`symbol.malformed`), UIKit names the list does not know (`symbol.unknown`), spellings of another Swift version
/// than the note's (`symbol.renamed`), and APIs deprecated by the note's era (`symbol.deprecated`).
public struct SymbolChecker: Sendable {
    public let finder: MentionFinder
    private var list: SymbolList { finder.resolver.list }
    /// Every Swift and Objective-C spelling of the list, for "did you mean".
    private let allSpellings: [String]
    private let byBaseName: [String: [String]]
    /// Each symbol's written forms, worked out once rather than for every mention.
    private let spellingsByID: [String: KnownSpellings]

    /// The forms one symbol may be written in.
    struct KnownSpellings: Sendable {
        /// `Symbol.swiftVersionsBySpelling`.
        let swiftVersions: [String: [String]]
        let objc: Set<String>

        init(_ symbol: Symbol) {
            swiftVersions = symbol.swiftVersionsBySpelling
            objc = symbol.objcSpellings
        }
    }

    private func known(_ symbol: Symbol) -> KnownSpellings {
        spellingsByID[symbol.id] ?? KnownSpellings(symbol)
    }

    /// The iOS release each Swift version of the list shipped with, to judge deprecations by a note's era.
    static let eraIOS: [String: Double] = ["2": 9.0, "3": 10.0, "4": 11.0, "4.2": 12.0, "5": .infinity]

    public init(finder: MentionFinder) {
        self.finder = finder
        var spellings: Set<String> = []
        var byBase: [String: Set<String>] = [:]
        for symbol in finder.resolver.list.symbols {
            for name in [symbol.swift] + Array(symbol.swiftNames.values) {
                spellings.insert(name)
                if let paren = name.firstIndex(of: "(") { byBase[String(name[..<paren]), default: []].insert(name) }
            }
            if let objc = symbol.objc { spellings.insert(objc) }
        }
        allSpellings = spellings.sorted()
        spellingsByID = Dictionary(finder.resolver.list.symbols.map { ($0.id, KnownSpellings($0)) }, uniquingKeysWith: { first, _ in first })
        byBaseName = byBase.mapValues { $0.sorted() }
    }

    /// `scans`: the note's code blocks scanned by another pass over the same note, to be shared.
    public func diagnostics(for note: Note, scans: CodeScanner.BlockScans? = nil) -> [Diagnostic] {
        let version = note.metadata.swift ?? "5"
        let defined = Self.definedNames(in: note)
        var result: [Diagnostic] = []
        let file = note.source.displayPath
        let source = LineTable(note.source.text)
        note.forEachCodeNode { node, _ in
            switch node.kind {
            case .code(let code):
                // The code starts after the opening backticks.
                let ticks = source.line(node.range.start.line).map { Self.backtickRun(in: Array($0), at: node.range.start.column) } ?? 1
                let start = SourceLocation(line: node.range.start.line, column: node.range.start.column + ticks)
                // A span that wraps holds its line breaks as spaces: offsets past the first line are placed on the
                // lines after it.
                let lines = node.range.end.line > node.range.start.line
                    ? (node.range.start.line...node.range.end.line).map { source.line($0).map(Array.init) ?? [] } : []
                result += checkInline(code, at: start, lines: lines, version: version, defined: defined, file: file)
            case .codeBlock(let info, let code):
                guard let dialect = CodeScanner.Dialect(info: info) else { return }
                let bytes = Array(code.utf8)
                let lines = LineTable(bytes: bytes)
                for reference in scans?.scan(code, dialect: dialect) ?? CodeScanner.scan(code, dialect: dialect) {
                    let location = MentionFinder.location(of: reference.range.lowerBound, in: lines, block: node.range.start)
                    let text = String(decoding: bytes[reference.range], as: UTF8.self)
                    result += checkReference(reference, text: text, at: location, dialect: dialect, prose: false,
                                             version: version, defined: defined, file: file)
                }
            default:
                break
            }
        }
        return result
    }

    // MARK: Inline code

    /// Where byte `offset` of a code span's text stands in the file. `lines` are the file's lines from the span's
    /// first to its last (empty when it has one): each line break in the span became one space, and each following
    /// line's indentation and quote markers are not part of the span.
    static func place(ofOffset offset: Int, from start: SourceLocation, lines: [[UInt8]]) -> SourceLocation {
        var line = start.line
        var column = start.column
        var left = offset
        var index = 0
        while index < lines.count - 1 {
            let room = lines[index].count - (column - 1)
            if left <= room { break }
            left -= room + 1
            index += 1
            line += 1
            column = 1 + lines[index].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: ">") }.count
        }
        return SourceLocation(line: line, column: column + left)
    }

    /// The inline code spans found to have nothing wrong, by the note's Swift version: spans repeat across notes
    /// (`splitViewController`, `traitCollection`, `isCollapsed`), and most are fine.
    private let cleanSpans = SharedCache<CleanSpan, Bool>()

    private struct CleanSpan: Hashable, Sendable {
        var version: String
        var code: String
    }

    /// A span is judged once for a note that defines no names of its own; when that finds nothing, it is clean
    /// for every note of the version, because a note's own names only ever take findings away.
    private func checkInline(_ code: String, at start: SourceLocation, lines: [[UInt8]] = [], version: String, defined: Set<String>, file: String) -> [Diagnostic] {
        let key = CleanSpan(version: version, code: code)
        if cleanSpans[key] != nil { return [] }
        let found = judgeInline(code, at: start, lines: lines, version: version, defined: [], file: file)
        guard !found.isEmpty else {
            cleanSpans[key] = true
            return []
        }
        return defined.isEmpty ? found : judgeInline(code, at: start, lines: lines, version: version, defined: defined, file: file)
    }

    private func judgeInline(_ code: String, at start: SourceLocation, lines: [[UInt8]], version: String, defined: Set<String>, file: String) -> [Diagnostic] {
        let trimmed = code.trimmingWhitespace
        if let symbol = finder.symbol(forInlineCode: trimmed) {
            return judge(symbol, spelling: trimmed, isObjC: isObjC(trimmed, for: symbol), replaceable: trimmed,
                         at: start, prose: true, version: version, file: file)
        }
        if let malformed = malformed(trimmed, at: start, file: file) { return [malformed] }
        if let unknown = unknownLabels(trimmed, at: start, defined: defined, file: file) { return [unknown] }
        // Not a name as a whole: look at the names inside (`splitViewController!.displayModeButtonItem()`).
        var result: [Diagnostic] = []
        let bytes = Array(code.utf8)
        for reference in CodeScanner.scanFragment(code) where reference.candidates.contains(where: MentionFinder.looksLikeAPI) {
            let text = String(decoding: bytes[reference.range], as: UTF8.self)
            let location = Self.place(ofOffset: reference.range.lowerBound, from: start, lines: lines)
            result += checkReference(reference, text: text, at: location, dialect: .swift, prose: true,
                                     version: version, defined: defined, file: file)
        }
        return result
    }

    // MARK: Names in code

    private func checkReference(_ reference: CodeScanner.Reference, text: String, at location: SourceLocation,
                                dialect: CodeScanner.Dialect, prose: Bool, version: String, defined: Set<String>,
                                file: String) -> [Diagnostic] {
        for candidate in reference.candidates {
            guard let symbol = finder.resolver.resolve(candidate) else { continue }
            let isObjC = dialect == .objc || self.isObjC(candidate, for: symbol)
            // A fix-it can replace the name only when the spelling is the identifier itself.
            let replaceable = candidate == text || candidate == "." + text ? text : nil
            return judge(symbol, spelling: candidate, isObjC: isObjC, replaceable: replaceable, at: location,
                         prose: prose, version: version, file: file)
        }
        // Unknown: only names with UIKit's and Foundation's prefixes, and never the note's own.
        guard let first = reference.candidates.last, !defined.contains(text), !Self.moduleNames.contains(text),
              Self.hasAppleprefix(text) else {
            if let call = reference.candidates.first, call.containsASCII("("), !defined.contains(text) {
                return unknownLabels(call, at: location, defined: defined, file: file).map { [$0] } ?? []
            }
            return []
        }
        var message = "`\(first)` is not in the known symbol list"
        var fixIts: [Diagnostic.FixIt] = []
        if let near = NearMiss.best(for: first, in: allSpellings) {
            message += "; did you mean `\(near)`?"
            fixIts.append(Diagnostic.FixIt(at: location, replacing: text, with: near))
        } else {
            message += "; if it is a real UIKit API, add it to Content/data/symbols.yml"
        }
        return [Diagnostic(SymbolRule.unknown, file: file, at: location, message, fixIts: fixIts)]
    }

    /// Renamed or deprecated for the note's Swift version, or fine.
    private func judge(_ symbol: Symbol, spelling: String, isObjC: Bool, replaceable: String?, at location: SourceLocation,
                       prose: Bool, version: String, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        if !isObjC {
            let versions = known(symbol).swiftVersions[SymbolResolver.normalise(spelling)] ?? []
            let expected = symbol.name(inSwift: version)
            if !versions.contains(version), let expected, !versions.isEmpty {
                let from = versions.map { $0 == "5" ? "today's Swift" : "Swift \($0)" }.joined(separator: ", ")
                let fix = replaceable.map { [Diagnostic.FixIt(at: location, replacing: $0, with: Self.rewrite($0, from: spelling, to: expected))] } ?? []
                // Prose may talk about old names on purpose; code must compile in the note's Swift.
                result.append(Diagnostic(prose ? .note : .warning, SymbolRule.renamed, file: file, at: location,
                                         "`\(spelling)` is the \(from) spelling; this note's Swift \(version) calls it `\(expected)`",
                                         fixIts: fix))
            } else if versions.contains(version), version != "5", symbol.swift != expected {
                result.append(Diagnostic(.note, SymbolRule.renamed, file: file, at: location,
                                         "`\(spelling)` is right for Swift \(version); today it is `\(symbol.swift)`"))
            }
        }
        if let deprecated = symbol.deprecated.flatMap(Double.init), deprecated <= Self.eraIOS[version] ?? .infinity {
            var message = "`\(symbol.swift)` is deprecated since iOS \(symbol.deprecated!)"
            if let replacement = symbol.replacement.flatMap({ list[$0] }) {
                message += "; use `\(replacement.swift)`"
                if let note = symbol.replacementNote { message += " (\(note))" }
            } else if let note = symbol.replacementNote {
                message += "; \(note)"
            }
            result.append(Diagnostic(SymbolRule.deprecated, file: file, at: location, message))
        }
        return result
    }

    private func isObjC(_ spelling: String, for symbol: Symbol) -> Bool {
        known(symbol).objc.contains(spelling)
    }

    // MARK: Malformed and unknown names with labels

    /// `show(_:sender)`: a selector-style name whose last label has lost its colon.
    private func malformed(_ text: String, at location: SourceLocation, file: String) -> Diagnostic? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), text[open...].containsASCII(":") else { return nil }
        let base = text[..<open]
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard Self.isIdentifier(base), !inner.hasSuffix(":") else { return nil }
        let labels = inner.split(separator: ":", omittingEmptySubsequences: false)
        guard labels.allSatisfy({ $0 == "_" || Self.isIdentifier($0) }) else { return nil }
        let fixed = "\(base)(\(inner):)"
        var message = "`\(text)` cannot be a Swift name: every argument label ends with a colon"
        if let symbol = finder.resolver.resolve(fixed) { message += "; `\(fixed)` is `\(symbol.id)`" }
        return Diagnostic(SymbolRule.malformed, file: file, at: location, message,
                          fixIts: [Diagnostic.FixIt(at: location, replacing: text, with: fixed)])
    }

    /// `primaryViewController(forCollapse:)`: a known method's name with labels no version had.
    private func unknownLabels(_ text: String, at location: SourceLocation, defined: Set<String>, file: String) -> Diagnostic? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(":)") else { return nil }
        let base = String(text[..<open])
        guard !defined.contains(base), !defined.contains(text), let known = byBaseName[base],
              finder.resolver.resolve(text) == nil else { return nil }
        var message = "`\(text)` is not in the known symbol list"
        var fixIts: [Diagnostic.FixIt] = []
        if let near = NearMiss.best(for: text, in: known) ?? (known.count == 1 ? known[0] : nil) {
            message += "; did you mean `\(near)`?"
            fixIts.append(Diagnostic.FixIt(at: location, replacing: text, with: near))
        } else {
            message += "; known names are \(known.prefix(4).map { "`\($0)`" }.joined(separator: ", "))"
        }
        return Diagnostic(SymbolRule.unknown, file: file, at: location, message, fixIts: fixIts)
    }

    // MARK: Helpers

    /// The note's own classes, functions, variables and outlets: never flagged.
    static func definedNames(in note: Note) -> Set<String> {
        var names: Set<String> = []
        note.forEachCodeNode { node, _ in
            guard case .codeBlock(let info, let code) = node.kind, CodeScanner.Dialect(info: info) != nil else { return }
            let tokens = CodeScanner.tokenize(Array(code.utf8))
            for (i, token) in tokens.enumerated() where i + 1 < tokens.count {
                if ["class", "struct", "enum", "protocol", "func", "var", "let", "case", "typealias", "@interface", "interface", "property"].contains(token.text),
                   tokens[i + 1].kind == .identifier {
                    names.insert(tokens[i + 1].text)
                }
            }
        }
        return names
    }

    /// `import UIKit` names a module, not an API.
    static let moduleNames: Set<String> = ["UIKit", "Foundation", "SwiftUI", "CoreData", "CoreGraphics"]

    static func hasAppleprefix(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(3))
        guard scalars.count == 3 else { return false }
        let prefix = String(String.UnicodeScalarView(scalars[0..<2]))
        return (prefix == "UI" || prefix == "NS") && scalars[2].properties.isUppercase
    }

    static func isIdentifier<S: StringProtocol>(_ s: S) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// The replacement for `text` when `spelling` (which `text` writes, maybe qualified or as `.case`) becomes `name`.
    static func rewrite(_ text: String, from spelling: String, to name: String) -> String {
        if text == spelling { return spelling.hasPrefix(".") ? "." + name : name }
        if "." + text == spelling { return name }
        return name
    }

    static func backtickRun(in line: [UInt8], at column: Int) -> Int {
        var count = 0
        var i = column - 1
        while i < line.count, line[i] == UInt8(ascii: "`") {
            count += 1
            i += 1
        }
        return max(count, 1)
    }
}
