import NotesiteMarkdown

/// Names written with argument labels that are malformed (`show(_:sender)`) or that no known name has
/// (`UIImage(names:)`), and the selectors a base name is known by.
extension SymbolChecker {
    /// `show(_:sender)`: a selector-style name whose last label has lost its colon; `pushViewController(:animated)`
    /// and `presentViewController(_:, animated:)`, with a label left empty or labels set apart by commas, when
    /// the name they mean is known. A capitalised word after the last colon is a parameter's type, not a label.
    func malformed(_ text: String, at location: SourceLocation, file: String) -> Diagnostic? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")"), text[open...].containsASCII(":") else { return nil }
        let base = text[..<open]
        let inner = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard Self.isIdentifier(base) else { return nil }
        let squeezed = inner.filter { $0 != " " && $0 != "," }
        var labels = squeezed.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        if labels.last == "" {
            labels.removeLast()
        } else if let first = labels.last?.first, first.isUppercase {
            // After the last colon, a type rather than a label: a signature with its parameter's type
            // (`eat(f:Food)`, `execute(_:String)`), as prose writes one.
            return nil
        }
        let emptyLabel = labels.contains("")
        labels = labels.map { $0.isEmpty ? "_" : $0 }
        guard !labels.isEmpty, labels.allSatisfy({ $0 == "_" || Self.isIdentifier($0) }) else { return nil }
        let fixed = "\(base)(\(labels.map { "\($0):" }.joined()))"
        guard fixed != text else { return nil }
        let symbol = finder.resolver.resolve(fixed)
        let message: String
        var severity = SymbolRule.malformed.severity
        if emptyLabel || squeezed.count != inner.count {
            // Only a name that is known: a call with values in it is no name at all. A warning, as the name is
            // plain to a reader.
            guard symbol != nil || sdkMatches(fixed) != nil else { return nil }
            message = "`\(text)` cannot be a Swift name: a label is empty or the labels are set apart; it is written `\(fixed)`"
            severity = .warning
        } else {
            message = "`\(text)` cannot be a Swift name: every argument label ends with a colon"
                + (symbol.map { "; `\(fixed)` is `\($0.id)`" } ?? "")
        }
        return Diagnostic(severity, SymbolRule.malformed, file: file, at: location, message,
                          fixIts: [Diagnostic.FixIt(at: location, replacing: text, with: fixed)])
    }

    /// `primaryViewController(forCollapse:)`, `UIImage(names:)`: a known method's or type's name with labels no
    /// era had. Labels that are the first of a known method's (`present(_:animated:)`) are right: the rest have
    /// default values.
    /// `written`: whether the note writes the name as `text` at `location` (inline code does; a call in code writes
    /// its arguments between the labels), so that a fix-it can replace it.
    func unknownLabels(_ text: String, at location: SourceLocation, own: NoteCode, era: NoteEra?, file: String,
                       written: Bool) -> Diagnostic? {
        guard let open = text.firstIndex(of: "("), text.hasSuffix(":)") else { return nil }
        let base = String(text[..<open])
        // `init(…)`, `self.init(…)`, `super.init(…)` do not say whose initialiser they are.
        guard base != "init", !own.defined.contains(base), !own.defined.contains(text), finder.resolver.resolve(text) == nil,
              sdkMatches(text) == nil else { return nil }
        let labels = Self.labels(of: text)
        // The note may give a UIKit type an initialiser in an extension (`UIStoryboard(storyboard:)`).
        if base.first?.isUppercase == true, own.initialisers.contains(where: { Self.isDefaultedForm(labels, of: Self.labels(of: $0)) }) {
            return nil
        }
        let known = knownSelectors(named: base)
        guard !known.isEmpty else { return nil }
        // Labels left out of a known name's may have default values (`NSLocalizedString(_:comment:)`): the
        // written ones in order, from the first, are enough.
        if known.contains(where: { Self.isDefaultedForm(labels, of: Self.labels(of: $0)) }) { return nil }
        // A variadic parameter takes any number of values: `NSPredicate(format: "%K = %@", key, value)`.
        if known.contains(where: { Self.isVariadicForm(labels, of: Self.labels(of: $0)) }) { return nil }
        // Swift 1 passed a method's error as its last argument (`JSONObjectWithData(data, options: nil, error: &e)`),
        // where Swift 2 throws.
        if era?.version == "1", labels.last == "error",
           known.contains(where: { Self.isDefaultedForm(Array(labels.dropLast()), of: Self.labels(of: $0)) }) {
            return nil
        }
        var message = "`\(text)` is not in the known symbol lists"
        var fixIts: [Diagnostic.FixIt] = []
        let sameArity = known.filter { Self.labels(of: $0).count == labels.count }
        if let near = NearMiss.best(for: text, in: sameArity) {
            message += "; did you mean `\(near)`?"
            if written { fixIts.append(Diagnostic.FixIt(at: location, replacing: text, with: near)) }
        } else if known.count == 1 {
            // The only name of that base, however far: worth naming, not worth writing over the note's.
            message += "; did you mean `\(known[0])`?"
        } else {
            message += "; known names are \(known.prefix(4).map { "`\($0)`" }.joined(separator: ", "))"
        }
        return Diagnostic(SymbolRule.unknown, file: file, at: location, message, fixIts: fixIts)
    }

    /// Whether `written` is `full` with more values for its last parameter, unlabelled as `full`'s is: a variadic
    /// one's (`NSPredicate(format:_:)` called as `(format:_:_:)`). The list does not say which parameters are
    /// variadic, but a call that passes more unlabelled values than a method takes does not compile.
    static func isVariadicForm(_ written: [String], of full: [String]) -> Bool {
        guard full.last == "_", written.count > full.count, Array(written.prefix(full.count)) == full else { return false }
        return written.dropFirst(full.count).allSatisfy { $0 == "_" }
    }

    /// Whether `written` can be `full` with some trailing or inner arguments left to their defaults: the same first
    /// label, and the rest in `full`'s order.
    static func isDefaultedForm(_ written: [String], of full: [String]) -> Bool {
        guard written.count <= full.count, written.first == full.first else { return written.isEmpty && full.isEmpty }
        var rest = full.dropFirst()[...]
        for label in written.dropFirst() {
            guard let at = rest.firstIndex(of: label) else { return false }
            rest = rest[rest.index(after: at)...]
        }
        return true
    }

    /// The selectors the curated list has for a base name, or else the generated list's.
    func knownSelectors(named base: String) -> [String] {
        let curated = byBaseName[base] ?? []
        guard !curated.isEmpty else { return sdkSelectors(named: base) }
        // A base the curated list has is API, however short: the SDK's methods of that name are known too
        // (`animate(withDuration:delay:options:animations:completion:)` beside the curated
        // `animate(withDuration:animations:completion:)`).
        return curated + sdkSelectors(named: base, howeverShort: true).filter { !curated.contains($0) }
    }

    /// The selectors the generated list knows for a base name, in every era: the initialisers of a type with
    /// Apple's prefix (`UIImage(named:)`), or the methods of a name long and specific enough not to be a note's
    /// own (`dequeueReusableCell`, not `reload`), or of any name when `howeverShort`.
    private func sdkSelectors(named base: String, howeverShort: Bool = false) -> [String] {
        if Self.hasApplePrefix(base), sdk.type(named: base) != nil {
            let inits = sdk.members(of: base, kind: .initializer)
            return Array(Set(inits.flatMap { symbol in
                [symbol.path, symbol.swift4, symbol.swift2].compactMap { $0 }.map { base + SDKSymbol.lastComponent(of: $0).dropFirst(4) }
            })).sorted()
        }
        guard howeverShort || (base.count >= 10 && base.dropFirst().contains(where: \.isUppercase)) else { return [] }
        return Array(Set(sdk.callables(named: base).flatMap { symbol in
            [symbol.path, symbol.swift4, symbol.swift2].compactMap { $0 }.map { String(SDKSymbol.lastComponent(of: $0)) }
                .filter { SDKSymbol.baseName(of: $0) == base }
        })).sorted()
    }
}
