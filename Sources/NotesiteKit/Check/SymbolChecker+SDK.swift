import NotesiteMarkdown

/// The names that the curated list does not know, judged by the list generated from the SDK.
extension SymbolChecker {
    /// The generated list's symbols that `spelling` names, or nil when it names none.
    func sdkMatches(_ spelling: String) -> [SDKSymbolList.Match]? {
        let matches = sdk.matches(spelling)
        return matches.isEmpty ? nil : matches
    }

    /// The generated list's symbols that `candidate`, one of `reference`'s spellings, names. An implicit member, with
    /// nothing before its dot, is a case or a property of its own type: a Combine note's `.finished` is a
    /// completion's case, not `Operation.isFinished` (Swift 2's `finished`), a `Bool`.
    func sdkMatches(_ candidate: String, in reference: CodeScanner.Reference) -> [SDKSymbolList.Match]? {
        guard let matches = sdkMatches(candidate) else { return nil }
        guard candidate.hasPrefix("."), !reference.hasReceiver else { return matches }
        let implicit = matches.filter(\.symbol.takesImplicitMember)
        return implicit.isEmpty ? nil : implicit
    }

    /// Renamed or deprecated for the note's era, or fine. `matches` are every symbol the spelling names: a
    /// spelling is right when one of them is spelled so in the note's era, and renamed only when all of them
    /// agree on what the era calls it.
    func judge(_ matches: [SDKSymbolList.Match], spelling: String, isObjC: Bool, text: String,
               at location: SourceLocation, prose: Bool, era: NoteEra, file: String) -> [Diagnostic] {
        let noteEras = SDKSymbolList.Eras(version: era.judgedAs)
        let fitting = isObjC ? matches : matches.filter { !$0.eras.isDisjoint(with: noteEras) }
        guard !fitting.isEmpty else {
            if matches.allSatisfy({ Self.mayNameAnother(spelling, isType: $0.symbol.kind.family == .type && $0.symbol.container == nil,
                                                        spelledSoToday: $0.eras.contains(.swift5), era: era) }) {
                return []
            }
            let expected = Set(matches.compactMap { match in
                match.symbol.path(inSwift: era.judgedAs).map { Self.written($0, like: spelling, kind: match.symbol.kind) }
            })
            // The era's spelling is not known, or the symbols disagree: nothing to say for sure.
            guard expected.count == 1, let name = expected.first else { return [] }
            let today = Set(matches.map { Self.written($0.symbol.path, like: spelling, kind: $0.symbol.kind) })
            let eras = matches.reduce(into: SDKSymbolList.Eras()) { $0.formUnion($1.eras) }.subtracting(.objc)
            let fixIt = Self.fixIt(replacing: text, spelled: spelling, with: name, at: location).map { [$0] } ?? []
            return [renamed(spelling, in: eras.versions, expected: name, today: today.count == 1 ? today.first! : name,
                            era: era, prose: prose, at: location, fixIts: fixIt, file: file)]
        }
        // A bare member name says little of which member it is (`cancelButtonIndex` is also a prop of a
        // JavaScript library): only a type, or a name with its type, a dot or its labels, is judged deprecated.
        let specific = spelling.contains { $0 == "." || $0 == "(" || $0 == ":" } || fitting.allSatisfy { $0.symbol.kind.family == .type }
        guard specific else { return [] }
        return deprecation(of: fitting.map(\.symbol), spelling: spelling, era: era, at: location, file: file).map { [$0] } ?? []
    }

    /// Whether `spelling`, which today's Swift spells so and the note's older era does not, may name something else:
    /// a bare name or call (`ciImage`, `destination`, `mutableCopy()`) is likelier the note's own variable or another
    /// type's member than a name from an era to come. Only a type, or a name with its type, its dot or its labels,
    /// says which symbol it is; a nested type's own name (`Context`, `Action`, `Class`) is no more than a word.
    static func mayNameAnother(_ spelling: String, isType: Bool, spelledSoToday: Bool, era: NoteEra) -> Bool {
        era.judgedAs != "5" && spelledSoToday && !isType && !spelling.contains { $0 == "." || $0 == ":" }
    }

    /// `symbol.deprecated` when every symbol the spelling can mean was deprecated by the note's era.
    private func deprecation(of symbols: [SDKSymbol], spelling: String, era: NoteEra, at location: SourceLocation,
                             file: String) -> Diagnostic? {
        let limit = Self.eraIOS[era.version] ?? .infinity
        guard let first = symbols.first, symbols.allSatisfy({ $0.deprecatedIn.map { $0 <= limit } ?? false }) else { return nil }
        // `Float(x)`: the list holds Foundation's `Float.init(_: NSNumber)`, deprecated, and not the standard
        // library's conversions, which the same call more likely means.
        if symbols.allSatisfy({ $0.kind == .initializer && $0.name == "init(_:)" && Self.standardLibraryTypes.contains($0.container ?? "") }) {
            return nil
        }
        var message = "`\(first.path)` is deprecated"
        if let version = first.deprecated, version != "yes" { message += " since iOS \(version)" }
        if let renamed = first.renamed {
            message += "; use `\(renamed)`"
        } else if let replacement = Self.replacements[first.path] {
            message += "; use `\(replacement)`"
        }
        return Diagnostic(SymbolRule.deprecated, file: file, at: location, message)
    }

    /// The standard library's types that Foundation extends with initialisers of its own.
    static let standardLibraryTypes: Set<String> = [
        "Bool", "Double", "Float", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32",
        "UInt64", "String", "Character", "Array", "Dictionary", "Set",
    ]

    /// What replaced the deprecated classes notes meet most, where the SDK names no replacement of its own.
    static let replacements = [
        "UIAlertView": "UIAlertController", "UIActionSheet": "UIAlertController",
        "UIPopoverController": "UIPopoverPresentationController", "UIWebView": "WKWebView",
        "UISearchDisplayController": "UISearchController",
    ]

    /// `path` written in the form `spelling` takes: an implicit member (`.alert`), a bare name, a call of a type's
    /// initialiser (`Thread()`), or whole. A type is always written whole: `UIApplication.LaunchOptionsKey`, not
    /// `LaunchOptionsKey`, stands for `UIApplicationLaunchOptionsKey`.
    static func written(_ path: String, like spelling: String, kind: SDKSymbol.Kind) -> String {
        if kind.family == .type { return path }
        let last = String(SDKSymbol.lastComponent(of: path))
        if spelling.hasPrefix(".") { return "." + last }
        let head = spelling.firstIndex(of: "(").map { spelling[..<$0] } ?? spelling[...]
        // An initialiser called by its type (`NSThread()`) is written so in the era too (`Thread()`), not `init()`.
        if kind == .initializer, head != "init", !head.containsASCII("."), let call = SDKSymbol.typeCall(of: path) {
            return String(call)
        }
        return head.containsASCII(".") ? path : last
    }

    // MARK: Unknown names

    /// A name with Apple's prefixes (`UI`, `NS`, `CG`, `CA`) that neither list knows.
    func unknownType(_ name: String, prose: Bool, at location: SourceLocation, file: String) -> Diagnostic? {
        // macOS's types (AppKit's `NSView`) and the SDK's macros (`NSAssert1`) are names the list knows, without
        // anything to check them by.
        if sdk.macTypes.contains(name) || sdk.macros.contains(name) { return nil }
        // Prose writes plurals of class names: "two `UIViews`".
        if prose, name.hasSuffix("s") {
            let singular = String(name.dropLast())
            if sdk.type(named: singular) != nil || sdk.macTypes.contains(singular) || finder.resolver.resolve(singular) != nil { return nil }
        }
        var message = "`\(name)` is not in the known symbol lists"
        var fixIts: [Diagnostic.FixIt] = []
        if let near = suggestion(for: name, family: .type) {
            message += "; did you mean `\(near)`?"
            // The generated list holds all of UIKit, so a `UI` name it lacks is a typo. An `NS`, `CG` or `CA` name
            // may be another framework's (AppKit's after OS X 10.11, `NSCollectionViewDiffableDataSource`; ImageIO's
            // `CGImageSource`) or a C type Swift imports as another (`NSUInteger`): `--fix` must not rename it.
            if name.hasPrefix("UI") { fixIts.append(Diagnostic.FixIt(at: location, replacing: name, with: near)) }
        } else {
            message += sdk.isEmpty ? "; if it is a real UIKit API, add it to Content/data/symbols.yml"
                : "; the generated list holds \(sdk.contents ?? "the iOS SDK's UIKit names"), so if it is newer API or from another framework, add it to Content/data/symbols.yml"
        }
        return Diagnostic(SymbolRule.unknown, file: file, at: location, message, fixIts: fixIts)
    }

    /// The closest name of the same family in either list, if it is close enough to be a typo of `name`: at most
    /// one edit in a short name, two in a long one.
    func suggestion(for name: String, family: SDKSymbol.Kind.Family) -> String? {
        let limit = name.count < 6 ? 0 : name.count < 12 ? 1 : 2
        guard limit > 0 else { return nil }
        let candidates = (sdkNames.value[family] ?? []) + curatedNames(family)
        let lowered = Array(name.lowercased())
        var best: (name: String, distance: Int)?
        for candidate in candidates where abs(candidate.count - name.count) <= limit && candidate != name {
            let distance = NearMiss.editDistance(lowered, Array(candidate.lowercased()))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    private func curatedNames(_ family: SDKSymbol.Kind.Family) -> [String] {
        list.symbols.compactMap { symbol in
            switch (family, symbol.kind) {
            case (.type, let kind) where kind.isType: symbol.id
            case (.callable, .method), (.callable, .initializer): symbol.swift
            case (.value, .property), (.value, .case), (.value, .constant), (.value, .notification): symbol.swift
            default: nil
            }
        }
    }

    // MARK: The note's era

    /// The era the note declares, or the one its Swift code and its date show; and whether the note has Swift
    /// code blocks, without which its era needs no remark.
    ///
    /// A name the note declares is its own, and says nothing of an era (`enum Currency`, `func symbol(input:)`,
    /// used as `currency.symbol()`), but for its labels (a delegate method the note implements,
    /// `tableView(_:cellForRowAtIndexPath:)`) and its overrides (`override func canBecomeFirstResponder()`).
    func era(of note: Note, scans: CodeScanner.BlockScans, own: NoteCode = .empty) -> (era: NoteEra, hasCode: Bool) {
        if let swift = note.metadata.swift { return (NoteEra(version: swift, reason: .declared), true) }
        if let defaultEra { return (NoteEra(version: defaultEra, reason: .configured), true) }
        var votes = NoteEra.Votes()
        var named = false
        note.forEachCodeNode { node, _ in
            guard case .codeBlock(let info, let code) = node.kind, let dialect = CodeScanner.Dialect(info: info) else { return }
            // Objective-C has no eras to tell apart: a note of it alone needs no remark.
            guard dialect == .swift else { return }
            named = true
            if code.has("@main") || code.has(" await ") { votes.swift5 = true }
            let bytes = Array(code.utf8)
            for reference in scans.scan(code, dialect: .swift) where !Self.isLoggedObject(reference.range, in: bytes) {
                if reference.candidates.first == "println(_:)" { votes.swift1 = true }
                let isOwn = reference.candidates.last.map { own.defined.contains($0) && !own.overridden.contains($0) } ?? false
                for candidate in reference.candidates where !isOwn || candidate.containsASCII(":") {
                    if let symbol = finder.resolver.resolve(candidate) {
                        let versions = known(symbol).swiftVersions[SymbolResolver.normalise(candidate)] ?? []
                        votes.add(candidate, eras: versions.reduce(into: SDKSymbolList.Eras()) { $0.formUnion(SDKSymbolList.Eras(version: $1)) })
                        break
                    }
                    if let matches = sdkMatches(candidate, in: reference) {
                        // Bare words name members of many types; only names that say which era they are from vote.
                        if candidate == reference.candidates.last, reference.candidates.count == 1,
                           !candidate.contains(where: \.isUppercase) { break }
                        // An API newer than the note is another one of the same name (its own, or another SDK's).
                        let usable = matches.filter { NoteEra.couldUse(introducedIn: $0.symbol.introduced, writtenOn: note.metadata.date) }
                        votes.add(candidate, eras: usable.reduce(into: SDKSymbolList.Eras()) { $0.formUnion($1.eras) }.subtracting(.objc))
                        break
                    }
                }
            }
        }
        return (NoteEra.infer(votes: votes, date: note.metadata.date), named)
    }
}
