import NotesiteMarkdown

/// Checks the API names of a note against the known symbol lists, the curated one (`symbols.yml`) first and then
/// the one generated from the SDK (`sdk-symbols.tsv`): names that cannot be right (`symbol.malformed`), names
/// neither list knows (`symbol.unknown`), spellings of another Swift era than the note's (`symbol.renamed`), and
/// APIs deprecated by the note's era (`symbol.deprecated`). A note without `swift:` is judged by the era its code
/// or its date shows (`NoteEra`), which one remark names.
public struct SymbolChecker: Sendable {
    public let finder: MentionFinder
    /// The generated list; empty when the content has none.
    let sdk: SDKSymbolList
    /// The era of a note without `swift:`, when the site names one.
    let defaultEra: String?
    /// The curated list's methods by today's base name, for the declarations that nearly match one.
    let curatedMethods: [String: [Symbol]]
    /// The generated list's names by family, for "did you mean": made when a name is unknown, which most runs of
    /// `check` never meet.
    let sdkNames: OnDemand<[SDKSymbol.Kind.Family: [String]]>
    var list: SymbolList { finder.resolver.list }
    /// Every Swift and Objective-C spelling of the list, for "did you mean".
    private let allSpellings: [String]
    let byBaseName: [String: [String]]
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

    func known(_ symbol: Symbol) -> KnownSpellings {
        spellingsByID[symbol.id] ?? KnownSpellings(symbol)
    }

    /// The iOS release each Swift version of the list shipped with, to judge deprecations by a note's era.
    static let eraIOS: [String: Double] = ["1": 8.0, "2": 9.0, "3": 10.0, "4": 11.0, "4.2": 12.0, "5": .infinity]

    /// `defaultEra`: the era a note without `swift:` is checked as (`notesite.toml`'s `[swift] default_era`); nil
    /// tells it from the note's code and date.
    public init(finder: MentionFinder, sdk: SDKSymbolList = .empty, defaultEra: String? = nil) {
        self.finder = finder
        self.sdk = sdk
        self.defaultEra = defaultEra
        curatedMethods = Dictionary(grouping: finder.resolver.list.symbols.filter { $0.kind == .method }) {
            SDKSymbol.baseName(of: $0.swift)
        }
        sdkNames = OnDemand { [.type: sdk.names(of: .type), .callable: sdk.names(of: .callable), .value: sdk.names(of: .value)] }
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
        let scans = scans ?? CodeScanner.BlockScans()
        let file = note.source.displayPath
        let own = NoteCode(note)
        let (era, hasCode) = self.era(of: note, scans: scans, own: own)
        var result: [Diagnostic] = hasCode ? era.remark(file: file, date: note.metadata.date).map { [$0] } ?? [] : []
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
                result += checkInline(code, at: start, lines: lines, era: era, own: own, file: file)
                result += ConfusableNames.findings(in: code, file: file) { Self.place(ofOffset: $0, from: start, lines: lines) }
            case .codeBlock(let info, let code):
                guard let dialect = CodeScanner.Dialect(info: info) else { return }
                let bytes = Array(code.utf8)
                let lines = LineTable(bytes: bytes)
                for reference in scans.scan(code, dialect: dialect) where !Self.isLoggedObject(reference.range, in: bytes) {
                    let location = MentionFinder.location(of: reference.range.lowerBound, in: lines, block: node.range.start)
                    let text = String(decoding: bytes[reference.range], as: UTF8.self)
                    result += checkReference(reference, text: text, at: location, dialect: dialect, prose: false,
                                             era: era, own: own, file: file)
                }
                let place = { (offset: Int) in MentionFinder.location(of: offset, in: lines, block: node.range.start) }
                result += ConfusableNames.findings(in: code, file: file, place: place)
                if dialect == .swift, code.has("func ") {
                    let tokens = CodeScanner.tokenize(bytes)
                    for index in tokens.indices where index > 0 && tokens[index - 1].text == "func" {
                        if let nearMiss = nearMissDeclaration(at: index, in: tokens, place: place, era: era, own: own, file: file) {
                            result.append(nearMiss)
                        }
                    }
                }
            default:
                break
            }
        }
        // A post about WKWebView names UIWebView fourteen times; each was the same warning.
        return result.foldingRepeats(of: [SymbolRule.deprecated.rule, SymbolRule.unknown.rule])
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

    /// The inline code spans found to have nothing wrong, by the era a note is judged in: spans repeat across notes
    /// (`splitViewController`, `traitCollection`, `isCollapsed`), and most are fine.
    private let cleanSpans = SharedCache<CleanSpan, Bool>()

    private struct CleanSpan: Hashable, Sendable {
        var era: NoteEra
        var code: String
    }

    /// A span is judged once for a note that defines no names of its own; when that finds nothing, it is clean
    /// for every note of the era, because a note's own names only ever take findings away.
    private func checkInline(_ code: String, at start: SourceLocation, lines: [[UInt8]] = [], era: NoteEra, own: NoteCode, file: String) -> [Diagnostic] {
        let key = CleanSpan(era: era, code: code)
        if cleanSpans[key] != nil { return [] }
        let found = judgeInline(code, at: start, lines: lines, era: era, own: .empty, file: file)
        guard !found.isEmpty else {
            cleanSpans[key] = true
            return []
        }
        return own.defined.isEmpty ? found : judgeInline(code, at: start, lines: lines, era: era, own: own, file: file)
    }

    private func judgeInline(_ code: String, at start: SourceLocation, lines: [[UInt8]], era: NoteEra, own: NoteCode, file: String) -> [Diagnostic] {
        let trimmed = code.trimmingWhitespace
        if let signature = SignatureText(trimmed), let found = judgeSignature(signature, text: trimmed, at: start, era: era, file: file) {
            return found
        }
        if let symbol = finder.symbol(forInlineCode: trimmed) {
            return judge(symbol, spelling: trimmed, isObjC: isObjC(trimmed, for: symbol), text: trimmed,
                         at: start, prose: true, era: era, file: file)
        }
        if MentionFinder.looksLikeAPI(trimmed), var matches = sdkMatches(trimmed) {
            // A capitalised word alone is a type's name (`Any` in prose is Swift's), not a member Swift 2
            // capitalised (`UIBarPosition.Any`, `UIDocumentInteractionController.UTI`).
            if Self.isIdentifier(trimmed), trimmed.first?.isUppercase == true {
                matches = matches.filter { $0.symbol.container == nil || $0.eras.contains(.objc) }
            }
            if !matches.isEmpty {
                return judge(matches, spelling: trimmed, isObjC: matches.contains { $0.eras.contains(.objc) },
                             text: trimmed, at: start, prose: true, era: era, file: file)
            }
        }
        if let malformed = malformed(trimmed, at: start, file: file) { return [malformed] }
        if let unknown = unknownLabels(trimmed, at: start, own: own, era: era, file: file, written: true) { return [unknown] }
        // Not a name as a whole: look at the names inside (`splitViewController!.displayModeButtonItem()`).
        var result: [Diagnostic] = []
        let bytes = Array(code.utf8)
        for reference in CodeScanner.scanFragment(code) where reference.candidates.contains(where: MentionFinder.looksLikeAPI) {
            let text = String(decoding: bytes[reference.range], as: UTF8.self)
            let location = Self.place(ofOffset: reference.range.lowerBound, from: start, lines: lines)
            result += checkReference(reference, text: text, at: location, dialect: .swift, prose: true,
                                     era: era, own: own, file: file)
        }
        return result
    }

    /// A signature with types (`show(_ vc: UIViewController, sender: Any?)`) is judged as the selector it
    /// describes; one with a bare type where a label belongs is malformed, with the selector as its fix-it. Nil when
    /// the selector names nothing either list knows.
    private func judgeSignature(_ signature: SignatureText, text: String, at location: SourceLocation, era: NoteEra,
                                file: String) -> [Diagnostic]? {
        let symbol = finder.resolver.resolve(signature.selector)
        let matches = symbol == nil ? sdkMatches(signature.selector) : nil
        guard symbol != nil || matches != nil else { return nil }
        if signature.typesForLabels {
            let name = symbol?.id ?? matches.map { Set($0.map(\.symbol.path)) }.flatMap { $0.count == 1 ? $0.first : nil }
            var message = "`\(text)` writes a type where a label belongs; as a Swift name it is `\(signature.selector)`"
            if let name { message += " (`\(name)`)" }
            // A warning, not an error: the method is plain to a reader, and linked.
            return [Diagnostic(.warning, SymbolRule.malformed, file: file, at: location, message,
                               fixIts: [Diagnostic.FixIt(at: location, replacing: text, with: signature.selector)])]
        }
        if let symbol {
            return judge(symbol, spelling: signature.selector, isObjC: false, text: text, at: location, prose: true, era: era, file: file)
        }
        return judge(matches!, spelling: signature.selector, isObjC: false, text: text, at: location, prose: true, era: era, file: file)
    }

    // MARK: Names in code

    private func checkReference(_ reference: CodeScanner.Reference, text: String, at location: SourceLocation,
                                dialect: CodeScanner.Dialect, prose: Bool, era: NoteEra, own: NoteCode,
                                file: String) -> [Diagnostic] {
        if let wrong = wrongReceiver(reference, text: text, at: location, own: own, file: file) { return [wrong] }
        // A bare name the note defines is its own (`let popoverController = …`), whatever UIKit calls something.
        let isOwn = own.defined.contains(text)
        for candidate in reference.candidates where !(isOwn && candidate == text) {
            guard let symbol = finder.resolver.resolve(candidate) else { continue }
            // Swift code names a case with a dot or its type: a bare `Regular(…)` there is something else.
            if !prose, dialect == .swift, symbol.kind == .case, candidate == text, !isObjC(candidate, for: symbol) { continue }
            let isObjC = dialect == .objc || self.isObjC(candidate, for: symbol)
            return judge(symbol, spelling: candidate, isObjC: isObjC, text: text, at: location,
                         prose: prose, era: era, file: file)
        }
        guard !isOwn else { return [] }
        // `UIImage(names:)`: a known type called with labels none of its initialisers has (the type alone is
        // known, and would answer for it).
        if Self.hasApplePrefix(text), let call = reference.candidates.first, call.hasPrefix(text + "("),
           let wrong = unknownLabels(call, at: location, own: own, era: era, file: file, written: false) {
            return [wrong]
        }
        // A call is what its selector names, or its type's initialiser: not a property of the same base name
        // (`print(x)` is not `UIActivity.ActivityType.print`).
        let isCall = reference.candidates.first?.containsASCII("(") == true
        for candidate in reference.candidates where !isCall || candidate.containsASCII("(") || (candidate == text && Self.hasApplePrefix(text)) {
            // `a.b`'s `.b` is no implicit member, so no case: its bare `b` says what it is.
            if reference.hasReceiver, candidate.hasPrefix(".") { continue }
            // `.finished` with nothing before its dot is an implicit member: its bare `finished` names nothing else.
            if !reference.hasReceiver, candidate == text, reference.candidates.contains(where: { $0.hasPrefix(".") }) { continue }
            guard var matches = sdkMatches(candidate, in: reference) else { continue }
            // A bare capitalised name is a type (`String`, `Default` in prose), not one of Swift 2's capitalised
            // option set members.
            if candidate == text, text.first?.isUppercase == true {
                matches = matches.filter { $0.symbol.kind.family == .type || $0.symbol.container == nil || $0.eras.contains(.objc) }
                if matches.isEmpty { continue }
            }
            // A bare lowercase word (`hidden`, `selected`) is as likely a variable of the note's as an old
            // property name: only a member access (`button.hidden`) is judged by its era.
            if candidate == text, reference.candidates.count == 1, !candidate.contains(where: \.isUppercase) {
                return []
            }
            let isObjC = dialect == .objc || matches.allSatisfy { $0.eras == .objc }
            return judge(matches, spelling: candidate, isObjC: isObjC, text: text, at: location, prose: prose, era: era, file: file)
        }
        // A member of a type neither list has (the standard library's `MemoryLayout.size(ofValue:)`) is that type's.
        if let (receiver, _) = Self.receiverAndMember(of: reference), receiver.first?.isUppercase == true,
           sdk.type(named: receiver) == nil, finder.resolver.resolve(receiver) == nil {
            return []
        }
        // A call of a name either list knows is judged by its labels, which may leave out defaulted ones.
        if isCall, let call = reference.candidates.first, !knownSelectors(named: text).isEmpty {
            return unknownLabels(call, at: location, own: own, era: era, file: file, written: false).map { [$0] } ?? []
        }
        // A function named by its base name is known: `NSLog` in prose and in Objective-C, and `NSLog("…")` with
        // any number of arguments, as a variadic one takes.
        // A selector of the note's own whose first part is a type's name (`@selector(UIView:atIndex:)`) names no
        // unknown type; a name in capitals is a macro (`UITEST`), unless it is one letter from a type (`NSURLL`).
        let isSelector = reference.candidates.first?.hasSuffix(":") == true
        if !Self.isBesideAPI(text), Self.hasApplePrefix(text), sdk.callables(named: text).isEmpty,
           !(isSelector && (sdk.type(named: text) != nil || finder.resolver.resolve(text) != nil)),
           !(Self.isInCapitals(text) && suggestion(for: text, family: .type) == nil) {
            return unknownType(text, prose: prose, at: location, file: file).map { [$0] } ?? []
        }
        if let call = reference.candidates.first, call.containsASCII("(") {
            if let misspelled = misspelledCall(reference, text: text, at: location, own: own, file: file) { return [misspelled] }
            return unknownLabels(call, at: location, own: own, era: era, file: file, written: false).map { [$0] } ?? []
        }
        if reference.hasReceiver, let misspelled = misspelledMember(reference, text: text, at: location, own: own, file: file) {
            return [misspelled]
        }
        return []
    }

    /// Renamed or deprecated for the note's era, or fine.
    private func judge(_ symbol: Symbol, spelling: String, isObjC: Bool, text: String, at location: SourceLocation,
                       prose: Bool, era: NoteEra, file: String) -> [Diagnostic] {
        var result: [Diagnostic] = []
        let version = era.judgedAs
        if !isObjC {
            let versions = known(symbol).swiftVersions[SymbolResolver.normalise(spelling)] ?? []
            let expected = symbol.name(inSwift: version)
            if !versions.contains(version), let expected, !versions.isEmpty,
               !Self.mayNameAnother(spelling, isType: symbol.kind.isType, spelledSoToday: versions.contains("5"), era: era) {
                let fix = Self.fixIt(replacing: text, spelled: spelling, with: expected, at: location).map { [$0] } ?? []
                result.append(renamed(spelling, in: versions, expected: expected, today: symbol.swift, era: era,
                                      prose: prose, at: location, fixIts: fix, file: file))
            } else if versions.contains(version), version != "5", era.isDeclared, symbol.swift != expected {
                // A note that says which Swift it is written in hears once per name what today's Swift calls it;
                // for a note whose era is inferred, the era's remark says it once for the whole note.
                result.append(Diagnostic(.note, SymbolRule.renamed, file: file, at: location,
                                         "`\(spelling)` is right for Swift \(version); today it is `\(symbol.swift)`"))
            }
        }
        if let deprecated = symbol.deprecated.flatMap(Double.init), deprecated <= Self.eraIOS[era.version] ?? .infinity {
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

    /// The finding for a name spelled as other eras spelled it: a warning in code, which must compile in the
    /// note's era; a remark in prose, which may name an old spelling on purpose.
    func renamed(_ spelling: String, in versions: [String], expected: String, today: String, era: NoteEra, prose: Bool,
                 at location: SourceLocation, fixIts: [Diagnostic.FixIt], file: String) -> Diagnostic {
        let from = versions.map { $0 == "5" ? "today's Swift" : "Swift \($0)" }.joined(separator: ", ")
        var message = "`\(spelling)` is the \(from) spelling; this note's \(era.label) calls it `\(expected)`"
        if era.version != "5", expected != today { message += " (today: `\(today)`)" }
        // Prose in a note whose era only its date tells may name something else (an Android post's `Bundle`): the
        // remark stays, and `--fix` leaves the word as written.
        let fixIts = prose && era.isGuessedFromDate ? [] : fixIts
        return Diagnostic(prose ? .note : .warning, SymbolRule.renamed, file: file, at: location, message, fixIts: fixIts)
    }

    private func isObjC(_ spelling: String, for symbol: Symbol) -> Bool {
        known(symbol).objc.contains(spelling)
    }

    // MARK: Helpers

    /// The fix-it that makes `text`, the identifier written where `spelling` was read, spell `expected`: the
    /// whole name, an implicit member, or the base name of a call whose labels stay as they are. Nil when the
    /// change reaches beyond the identifier (a call whose labels change too).
    static func fixIt(replacing text: String, spelled spelling: String, with expected: String,
                      at location: SourceLocation) -> Diagnostic.FixIt? {
        let replacement: String
        if spelling == text {
            // A qualified name (`UISplitViewController.DisplayMode.AllVisible`) keeps its qualifier when the era's
            // name is a member's alone (`allVisible`).
            let base = text.prefix { $0 != "(" }
            if !expected.contains("."), let dot = base.lastIndex(of: ".") {
                replacement = String(text[...dot]) + expected
            } else {
                replacement = expected
            }
        } else if "." + text == spelling {
            replacement = expected.hasPrefix(".") ? String(expected.dropFirst()) : String(SDKSymbol.lastComponent(of: expected))
        } else if let open = spelling.firstIndex(of: "("), let expectedOpen = expected.firstIndex(of: "("),
                  spelling[open...] == expected[expectedOpen...],
                  spelling[..<open] == text || spelling[..<open].hasSuffix("." + text) {
            replacement = String(SDKSymbol.lastComponent(of: String(expected[..<expectedOpen])))
        } else {
            return nil
        }
        guard replacement != text else { return nil }
        return Diagnostic.FixIt(at: location, replacing: text, with: replacement)
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
