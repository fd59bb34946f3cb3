/// Finds a symbol's Swift 2 path from its Objective-C or C name, the way Swift 2's importer named declarations,
/// and keeps a candidate only when the Swift 2 dump of that type (or of the global scope) declares it.
///
/// - Methods: the selector's first piece is the base name, the first argument unlabelled, the rest labelled by their
///   pieces (`-showViewController:sender:` → `showViewController(_:sender:)`, `+sharedApplication` →
///   `sharedApplication()`); a trailing `error:` piece was dropped from methods that throw.
/// - Initialisers: `-initWithStyle:` → `init(style:)`; class factory methods named after the class
///   (`+colorWithRed:green:blue:alpha:`) were initialisers too (`init(red:green:blue:alpha:)`).
/// - Properties: the Objective-C property's name; a property that was still a method in the iOS 9 SDK
///   (`displayModeButtonItem`) keeps its `()`.
/// - Enum constants: the C name minus the prefix the enum's constants share in the dump
///   (`UISplitViewControllerDisplayModeAllVisible` → `AllVisible`).
struct Swift2Matcher {
    let interface: Swift2Interface
    /// The prefixes Swift 2 dropped from each C enum's constants, best first, chosen from all of them.
    private var enumPrefixes: [String: [String]] = [:]

    init(interface: Swift2Interface, enumConstants: [String: Set<String>]) {
        self.interface = interface
        for (owner, constants) in enumConstants {
            enumPrefixes[owner] = Self.prefixes(owner: owner, constants: constants, interface: interface)
        }
    }

    /// The full dotted Swift 2 path, or nil when no candidate is declared in the dump.
    func path(for name: ClangName, isInitializer: Bool) -> String? {
        switch name {
        case .objcClass(let owner):
            return interface.types[owner]?.kind == "class" ? owner : nil
        case .objcProtocol(let owner):
            return protocolName(owner)
        case .tag(let owner):
            return interface.types[owner] != nil || interface.globals.contains(owner) ? owner : nil
        case .variable(let global), .macro(let global):
            return interface.globals.contains(global) ? global : nil
        case .enumConstant(nil, let constant):
            return interface.globals.contains(constant) ? constant : nil
        case .enumConstant(let owner?, let constant):
            guard let members = interface.types[owner]?.members else { return nil }
            for prefix in enumPrefixes[owner] ?? [] where constant.hasPrefix(prefix) {
                let member = String(constant.dropFirst(prefix.count))
                if members.contains(member) { return owner + "." + member }
            }
            return nil
        case .field(let owner, let field):
            return interface.declares(owner, field) ? owner + "." + field : nil
        case .function(let function):
            return interface.functionsByBase[function]?.sorted().first
        case .objcMember(let owner, let isProtocol, let member):
            guard let type = isProtocol ? protocolName(owner) : owner else { return nil }
            let candidates = Self.candidates(for: member, owner: owner, isInitializer: isInitializer)
            // NSObject (module ObjectiveC) has no dump; its `init()` is what every subclass inherited.
            let inheritsNSObject = interface.ancestors(of: type).contains("NSObject")
            return candidates.first { interface.declares(type, $0) || ($0 == "init()" && inheritsNSObject) }
                .map { type + "." + $0 }
        }
    }

    /// Swift 2 named a protocol that shares its name with a class `…Protocol` (`NSObject` → `NSObjectProtocol`).
    private func protocolName(_ owner: String) -> String? {
        for name in [owner, owner + "Protocol"] where interface.types[name]?.kind == "protocol" {
            return name
        }
        return nil
    }

    static func candidates(for member: ClangName.ObjCMember, owner: String, isInitializer: Bool) -> [String] {
        switch member {
        case .property(let name), .classProperty(let name):
            // The iOS 9 SDK declared some properties as methods: `-displayModeButtonItem`, `+sharedApplication`, and
            // Boolean getters by their `is` name (`-isAnimating` for today's `animating` property).
            return [name, name + "()", "is" + name.prefix(1).uppercased() + name.dropFirst() + "()"]
        case .instanceMethod(let selector), .classMethod(let selector):
            var pieces = selector.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            let takesArguments = pieces.count > 1
            if takesArguments { pieces.removeLast() }
            // Each form is the pieces Swift 2 named the method from and how many arguments it then took.
            var forms = [(pieces: pieces, arguments: takesArguments ? pieces.count : 0)]
            if takesArguments && pieces.count > 1 && pieces.last == "error" {
                forms.append((Array(pieces.dropLast()), pieces.count - 1))
            }
            if takesArguments && pieces.count == 1 && pieces[0].hasSuffix("AndReturnError") {
                forms.append(([String(pieces[0].dropLast("AndReturnError".count))], 0))
            }
            var methods: [String] = []
            var initializers: [String] = []
            for form in forms {
                methods.append(method(form.pieces, arguments: form.arguments))
                if !takesArguments { methods.append(form.pieces[0]) }
                let remainders: [String]
                if case .instanceMethod = member {
                    remainders = initRemainder(form.pieces[0]).map { [$0] } ?? []
                } else {
                    remainders = factoryRemainders(form.pieces[0], owner: owner)
                }
                for remainder in remainders {
                    initializers += initializer(
                        remainder: remainder, rest: Array(form.pieces.dropFirst()), takesArguments: form.arguments > 0)
                }
            }
            return isInitializer ? initializers + methods : methods + initializers
        }
    }

    /// `showViewController`, `sender` → `showViewController(_:sender:)`; no arguments → `name()`.
    private static func method(_ pieces: [String], arguments: Int) -> String {
        guard arguments > 0 else { return pieces[0] + "()" }
        return pieces[0] + "(_:" + pieces.dropFirst().map { $0 + ":" }.joined() + ")"
    }

    /// `initWithStyle` → `WithStyle`; nil when the piece is not an initialiser's (`initialize`).
    private static func initRemainder(_ piece: String) -> String? {
        guard piece.hasPrefix("init") else { return nil }
        let remainder = piece.dropFirst(4)
        guard remainder.first.map({ $0.isUppercase }) ?? true else { return nil }
        return String(remainder)
    }

    /// `colorWithRed` of `UIColor` → `WithRed`: the piece minus the class name's last words, longest match first.
    private static func factoryRemainders(_ piece: String, owner: String) -> [String] {
        let words = Self.words(owner)
        var remainders: [String] = []
        for count in stride(from: words.count, through: 1, by: -1) {
            let suffix = words.suffix(count).joined()
            guard piece.count >= suffix.count,
                  piece.prefix(suffix.count).lowercased() == suffix.lowercased() else { continue }
            let remainder = String(piece.dropFirst(suffix.count))
            if remainder.first.map({ $0.isUppercase }) ?? true { remainders.append(remainder) }
        }
        return remainders
    }

    /// `WithStyle`, [`bundle`] → `init(style:bundle:)`, and `init(Style:…)` when the word is an acronym (`URL`).
    private static func initializer(remainder: String, rest: [String], takesArguments: Bool) -> [String] {
        var first = Substring(remainder)
        if first.hasPrefix("With"), first.dropFirst(4).first?.isUppercase == true { first = first.dropFirst(4) }
        let labels = rest.map { $0 + ":" }.joined()
        guard takesArguments else { return first.isEmpty ? ["init()"] : [] }
        if first.isEmpty { return ["init(_:" + labels + ")"] }
        let lowered = first.prefix(1).lowercased() + first.dropFirst()
        return Set([lowered, String(first)]).sorted().reversed().map { "init(" + $0 + ":" + labels + ")" }
    }

    /// `UISplitViewControllerDisplayModeAllVisible` → `UI`, `Split`, `View`, `Controller`, `Display`, `Mode`, `All`,
    /// `Visible`: a word starts at a capital after a lowercase letter or digit, or at the last capital of a run that
    /// a lowercase letter follows (`NSURLSessionTaskStateRunning` → `NSURL`, `Session`, `Task`, `State`, `Running`).
    static func words(_ name: String) -> [String] {
        let characters = Array(name)
        var words: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if index > 0, character.isUppercase {
                let previous = characters[index - 1]
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if previous.isLowercase || previous.isNumber || (previous.isUppercase && nextIsLower) {
                    words.append(current)
                    current = ""
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// The word prefixes of the enum's constants that, dropped, leave a name the dump of the enum declares, those
    /// that do so for the most constants first (the longer first on a tie). Swift 2 dropped the prefix that all
    /// constants of the iOS 9 SDK shared; constants added or renamed since may share less
    /// (`NSUnderlinePatternDot` is `NSUnderlineStylePatternDot` today, Swift 2's `PatternDot` beside `StyleSingle`),
    /// and deprecated ones kept their whole name (`NSCalendarUnit.NSEraCalendarUnit`).
    private static func prefixes(owner: String, constants: Set<String>, interface: Swift2Interface) -> [String] {
        guard let members = interface.types[owner]?.members, !members.isEmpty else { return [] }
        var scores: [String: Int] = [:]
        for constant in constants {
            var prefix = ""
            if members.contains(constant) { scores[prefix, default: 0] += 1 }
            for word in words(constant).dropLast() {
                prefix += word
                if members.contains(String(constant.dropFirst(prefix.count))) { scores[prefix, default: 0] += 1 }
            }
        }
        return scores.sorted { ($0.value, $0.key.count, $1.key) > ($1.value, $1.key.count, $0.key) }.map(\.key)
    }
}
