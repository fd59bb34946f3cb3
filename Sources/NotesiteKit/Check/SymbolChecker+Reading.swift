import NotesiteMarkdown

/// Names read with what the code around them says: the type of the receiver a member is used on, the type an
/// implicit `self` is, and the protocol or superclass whose method a declaration implements.
extension SymbolChecker {
    // MARK: Members of a known receiver

    /// The name a member is read from and the member, from the spelling that has both:
    /// `navigationController.isTranslucent`, `self.push(_:)`.
    static func receiverAndMember(of reference: CodeScanner.Reference) -> (receiver: String, member: String)? {
        // Every name of every code block comes here, and most of their spellings have no dot: looked for in the
        // bytes before the characters are read, and the parenthesis looked for as a character, not through
        // Foundation's locale-aware search (`make bench`).
        guard let written = reference.candidates.first(where: { candidate in
            guard candidate.utf8.contains(UInt8(ascii: ".")), let dot = candidate.firstIndex(of: ".") else { return false }
            return dot != candidate.startIndex && !candidate[..<dot].contains(Character("("))
        }), let dot = written.firstIndex(of: ".") else { return nil }
        return (String(written[..<dot]), String(written[written.index(after: dot)...]))
    }

    /// The type of `receiver`, a name members are read from, when the generated list knows it: `self`'s in a note
    /// whose classes inherit from one UIKit class; the type the note declares the name with (`svc:
    /// UISplitViewController`); or, for a name of more than one word that the note does not define, the one type
    /// every UIKit property of that name has (`navigationController`).
    func receiverType(_ receiver: String, own: NoteCode) -> String? {
        let type: String?
        if receiver == "self" {
            type = selfType(own)
        } else if own.declaresType(of: receiver) {
            // A type of the note's own is not the SDK's of the same name (`method: Method`, an enum of the note's).
            type = own.declaredTypes[receiver].flatMap { own.defined.contains($0) ? nil : $0 }
        } else if own.defined.contains(receiver) || !receiver.contains(where: \.isUppercase) {
            // A single word (`view`, `response`, `context`, `left`) is as often a closure's or a loop's variable as
            // UIKit's property: on 2,108 imported notes, every finding on one was wrong.
            type = nil
        } else {
            type = sdk.propertyType(named: receiver)
        }
        guard let type, sdk.type(named: type) != nil else { return nil }
        return type
    }

    /// `navigationController.isTranslucent`: a member that the receiver's type (`receiverType`) does not have. A
    /// member that a subclass of the type has is given the benefit of the doubt (the note may have cast). The
    /// fix-it goes through the one property of the type whose type has the member.
    ///
    /// A receiver the note declares with a type is left to the near misses (`misspelledMember`, `misspelledCall`):
    /// the generated list lacks the standard library's members and some of Foundation's and CoreGraphics'
    /// (`TimeInterval.isFinite`, `NSRange.location`, `CGMutablePath.addLines`), so a member it does not give such a
    /// type is no error. A UIKit property's type is a UIKit class, whose members it has.
    func wrongReceiver(_ reference: CodeScanner.Reference, text: String, at location: SourceLocation, own: NoteCode,
                       file: String) -> Diagnostic? {
        guard !sdk.isEmpty, let (receiver, member) = Self.receiverAndMember(of: reference),
              receiver.first?.isLowercase == true, !own.defined.contains(text), !own.declaresType(of: receiver),
              let type = receiverType(receiver, own: own) else { return nil }
        let matches = sdk.matches(member)
        // Only a real member of other types: a name nobody declares is the note's own (an extension elsewhere), and
        // a global or a type is no member of anything.
        guard !matches.isEmpty, matches.allSatisfy({ $0.symbol.container != nil }) else { return nil }
        let curated = finder.resolver.resolve(member)?.container
        let containers = matches.compactMap(\.symbol.container) + (curated.map { [$0] } ?? [])
        if containers.contains(where: { sdk.inherits(type, from: $0) || sdk.inherits($0, from: type) }) { return nil }
        var message = "`\(receiver)` is a `\(type)`, which has no member `\(text)`"
        var fixIts: [Diagnostic.FixIt] = []
        // The properties of the type whose type has the member; where the curated list has the member, the ones
        // that lead to its type (`navigationBar`, not `toolbar`, for `isTranslucent`).
        let owners = curated.map { [$0] } ?? matches.compactMap(\.symbol.container)
        let paths = sdk.members(of: type, kind: .property).filter { property in
            property.related.first.map { owner in
                owners.contains { sdk.inherits(owner, from: $0) }
            } ?? false
        }
        let names = Set(paths.map(\.name))
        if names.count == 1, let through = names.first {
            message += "; `\(through)` has it: `\(receiver).\(through).\(text)`"
            fixIts.append(Diagnostic.FixIt(at: location, replacing: text, with: "\(through).\(text)"))
        } else if let owner = matches.first?.symbol.container {
            message += "; it is a member of `\(owner)`"
        }
        return Diagnostic(SymbolRule.unknown, file: file, at: location, message, fixIts: fixIts)
    }

    /// The type of `self` in the note's code: the one UIKit class its classes inherit from, if there is one and the
    /// note declares no other kind of type, in whose code `self` would be that type.
    func selfType(_ own: NoteCode) -> String? {
        guard !own.declaresOtherTypes else { return nil }
        let classes = own.supertypes.filter { sdk.type(named: $0)?.kind == .class }
        return classes.count == 1 ? classes.first : nil
    }

    // MARK: A near miss of a known member

    /// `showDetailViewControler(vc, sender: nil)` inside a `UIViewController` subclass, or on a receiver of a known
    /// type: a call of a name neither list has that is a typo of a method the receiver has.
    func misspelledCall(_ reference: CodeScanner.Reference, text: String, at location: SourceLocation, own: NoteCode,
                        file: String) -> Diagnostic? {
        guard !sdk.isEmpty, text.count >= 8, let call = reference.candidates.first, let open = call.firstIndex(of: "("),
              !own.defined.contains(text), sdk.callables(named: text).isEmpty, finder.resolver.resolve(text) == nil else { return nil }
        let labels = call[open...]
        // The receiver's type (`receiverType`), or, for a call without one, the UIKit types the note's own classes
        // inherit from.
        let types: [String]
        if reference.candidates.count > 1, let qualified = reference.candidates.dropFirst().first, qualified.hasSuffix(String(labels)),
           let dot = qualified.firstIndex(of: "."), qualified[..<dot] != "self" {
            guard let type = receiverType(String(qualified[..<dot]), own: own) else { return nil }
            types = [type]
        } else {
            types = own.supertypes.filter { sdk.type(named: $0)?.kind == .class }.sorted()
        }
        let arity = labels.filter { $0 == ":" }.count
        let methods = types.flatMap { sdk.members(of: $0, kind: .method) }.filter { $0.name.filter { $0 == ":" }.count == arity }
        guard let best = Self.typo(of: text, among: methods.map(\.name), spelled: SDKSymbol.baseName(of:)) else { return nil }
        let base = SDKSymbol.baseName(of: best)
        return Diagnostic(SymbolRule.unknown, file: file, at: location,
                          "`\(call)` is not in the known symbol lists; did you mean `\(best)`?",
                          fixIts: [Diagnostic.FixIt(at: location, replacing: text, with: base)])
    }

    /// `splitViewController?.preferredDisplayMod`: a member read from a receiver of a known type (`receiverType`)
    /// that neither list has, and that is a typo of a property the type has.
    func misspelledMember(_ reference: CodeScanner.Reference, text: String, at location: SourceLocation, own: NoteCode,
                          file: String) -> Diagnostic? {
        guard !sdk.isEmpty, text.count >= 8, !own.defined.contains(text), let (receiver, member) = Self.receiverAndMember(of: reference),
              member == text, !sdk.contains(text), finder.resolver.resolve(text) == nil,
              let type = receiverType(receiver, own: own) else { return nil }
        guard let best = Self.typo(of: text, among: sdk.members(of: type, kind: .property).map(\.name), spelled: { $0 }) else { return nil }
        return Diagnostic(SymbolRule.unknown, file: file, at: location,
                          "`\(receiver)` is a `\(type)`, which has no member `\(text)`; did you mean `\(best)`?",
                          fixIts: [Diagnostic.FixIt(at: location, replacing: text, with: best)])
    }

    /// The name among `names` that `text` is a typo of, as `spelled` writes each one: the nearest within one edit of
    /// a name under twelve characters, or two of a longer one; the first of the nearest.
    static func typo(of text: String, among names: [String], spelled: (String) -> String) -> String? {
        let limit = text.count < 12 ? 1 : 2
        let written = Array(text)
        var best: (name: String, distance: Int)?
        for name in names {
            let spelling = spelled(name)
            guard abs(spelling.count - text.count) <= limit else { continue }
            let distance = NearMiss.editDistance(written, Array(spelling))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (name, distance) }
        }
        return best?.name
    }

    // MARK: A near miss of a method UIKit calls

    /// `func splitViewController(_ svc: UISplitViewController, collapseSecondary secondaryViewController:
    /// UIViewController, ontoPrimaryViewController primary: UIViewController) -> Bool`: a declaration with the base
    /// name and the number of parameters of a method of a protocol the note adopts (or of a class it overrides),
    /// whose labels match that method in no era. UIKit never calls it. The fix-its give each label the era's.
    func nearMissDeclaration(at index: Int, in tokens: [CodeScanner.Token], place: (Int) -> SourceLocation, era: NoteEra,
                             own: NoteCode, file: String) -> Diagnostic? {
        guard index > 0, tokens[index - 1].text == "func", index + 1 < tokens.count, tokens[index + 1].text == "(" else { return nil }
        let name = tokens[index].text
        let isOverride = tokens[max(0, index - 4)..<index].contains { $0.text == "override" }
        let parameters = CodeScanner.parameters(tokens, open: index + 1)
        guard !parameters.isEmpty else { return nil }
        let written = parameters.map(\.label)
        // Swift 2 gave the first parameter no label unless it was written twice.
        let writtenSwift2 = parameters[0].internalName == nil ? ["_"] + written.dropFirst() : written

        var candidates: [(owner: String, labelsByEra: [[String]], target: [String])] = []
        func consider(owner: String, spellings: [String], target: String) {
            let labels = spellings.map(Self.labels(of:))
            guard labels.contains(where: { $0.count == written.count }) else { return }
            candidates.append((owner, labels, Self.labels(of: target)))
        }
        // The types the note's classes are, with what they inherit and adopt: a `UITableViewController` subclass
        // implements `UITableViewDelegate`'s methods, and overrides none of `UITableViewDiffableDataSource`'s.
        func isInherited(_ owner: String) -> Bool {
            own.supertypes.contains { sdk.inherits($0, from: owner) }
        }
        for symbol in curatedMethods[name] ?? [] {
            guard let owner = symbol.container, isInherited(owner) || isOverride else { continue }
            consider(owner: owner, spellings: [symbol.swift] + Array(symbol.swiftNames.values),
                     target: symbol.name(inSwift: era.judgedAs) ?? symbol.swift)
        }
        for symbol in sdk.callables(named: name) where symbol.kind == .method {
            guard let owner = symbol.container, let type = sdk.type(named: owner),
                  isInherited(owner), type.kind == .protocol || isOverride else { continue }
            consider(owner: owner, spellings: [symbol.path, symbol.swift4, symbol.swift2].compactMap { $0 },
                     target: symbol.path(inSwift: era.judgedAs) ?? symbol.path)
        }
        // A declaration that some era spells so is the method; one with another name is the note's own.
        guard !candidates.isEmpty,
              !candidates.contains(where: { $0.labelsByEra.contains(written) || $0.labelsByEra.contains(writtenSwift2) }) else { return nil }
        // The candidate with the fewest labels that differ, and of those, the nearest in spelling
        // (`cellForRow` is `cellForRowAt`, not `canEditRowAt`).
        let scored = candidates.filter { $0.target.count == written.count }.map { candidate in
            let differing = zip(candidate.target, written).filter { $0 != $1 }
            return (candidate, differing.count, differing.reduce(0) { $0 + NearMiss.editDistance(Array($1.0), Array($1.1)) })
        }
        guard let (best, differences, _) = scored.min(by: { ($0.1, $0.2) < ($1.1, $1.2) }),
              differences <= max(1, written.count / 2) else { return nil }
        var fixIts: [Diagnostic.FixIt] = []
        for (parameter, label) in zip(parameters, best.target) where parameter.label != label {
            if parameter.internalName != nil {
                fixIts.append(Diagnostic.FixIt(at: place(parameter.labelRange.lowerBound), replacing: parameter.label, with: label))
            } else {
                fixIts.append(Diagnostic.FixIt(at: place(parameter.labelRange.lowerBound), replacing: parameter.label,
                                               with: "\(label) \(parameter.label)"))
            }
        }
        let selector = "\(name)(\(written.map { "\($0):" }.joined()))"
        let target = "\(name)(\(best.target.map { "\($0):" }.joined()))"
        return Diagnostic(SymbolRule.nearMiss, file: file, at: place(tokens[index].range.lowerBound),
                          "`\(selector)` nearly matches `\(target)` of `\(best.owner)`, but UIKit calls a method by its exact labels and never calls this one; label the parameters as \(era.label) does",
                          fixIts: fixIts)
    }

    /// The labels of a selector-form name: `f(_:sender:)` → `["_", "sender"]`.
    static func labels(of selector: String) -> [String] {
        guard let open = selector.firstIndex(of: "("), selector.hasSuffix(")") else { return [] }
        return selector[selector.index(after: open)..<selector.index(before: selector.endIndex)]
            .split(separator: ":").map(String.init)
    }
}
