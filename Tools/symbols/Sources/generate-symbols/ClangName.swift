/// What a Clang USR says about a symbol imported from Objective-C or C: its Objective-C or C name and the type that
/// declares it there. Swift 2 named imported declarations after these, so they are also the key for matching.
enum ClangName: Equatable {
    case objcClass(String)
    case objcProtocol(String)
    case objcMember(owner: String, ownerIsProtocol: Bool, member: ObjCMember)
    /// An enum, struct, union or typedef.
    case tag(String)
    /// `owner` is nil for a constant of an anonymous enum, which Swift imports as a global.
    case enumConstant(owner: String?, name: String)
    case field(owner: String, name: String)
    case variable(String)
    case function(String)
    case macro(String)

    enum ObjCMember: Equatable {
        case instanceMethod(String)
        case classMethod(String)
        case property(String)
        case classProperty(String)
    }

    /// Reads `c:objc(cs)UISplitViewController(im)showViewController:sender:`, `c:@E@UIControlState@UIControlStateNormal`,
    /// `c:@F@UIEdgeInsetsInsetRect`, `c:@UIApplicationDidBecomeActiveNotification`. Nil for Swift USRs (`s:…`) and for
    /// Swift declarations exposed to Objective-C (`c:@M@…`, `c:@CM@…`), whose Objective-C names are private.
    init?(usr: String) {
        guard usr.hasPrefix("c:"), !usr.contains("::SYNTHESIZED::") else { return nil }
        let body = usr.dropFirst(2)
        if body.hasPrefix("@M@") || body.hasPrefix("@CM@") { return nil }
        if body.hasPrefix("objc(") {
            self.init(objc: body.dropFirst(5))
            return
        }
        if let range = body.range(of: "@macro@") {
            self = .macro(String(body[range.upperBound...]))
            return
        }
        guard body.hasPrefix("@") else { return nil }
        let parts = body.dropFirst().split(separator: "@", omittingEmptySubsequences: false).map(String.init)
        switch (parts.first, parts.count) {
        case ("F", 2): self = .function(parts[1])
        case ("T", 2): self = .tag(parts[1])
        case ("E", 2), ("EA", 2), ("S", 2), ("SA", 2), ("U", 2), ("UA", 2): self = .tag(parts[1])
        case ("E", 3), ("EA", 3): self = .enumConstant(owner: parts[1], name: parts[2])
        case ("Ea", 3): self = .enumConstant(owner: nil, name: parts[2])
        case ("S", 4), ("SA", 4), ("U", 4), ("UA", 4):
            guard parts[2] == "FI" else { return nil }
            self = .field(owner: parts[1], name: parts[3])
        case (_, 1): self = .variable(parts[0])
        default: return nil
        }
    }

    /// `cs)UIView(im)layoutIfNeeded`: the text after `c:objc(`.
    private init?(objc text: Substring) {
        guard let close = text.firstIndex(of: ")") else { return nil }
        let container = text[..<close]
        let rest = text[text.index(after: close)...]
        let ownerEnd = rest.firstIndex(of: "(") ?? rest.endIndex
        let owner = String(rest[..<ownerEnd])
        guard !owner.isEmpty, container == "cs" || container == "pl" else { return nil }
        let isProtocol = container == "pl"
        if ownerEnd == rest.endIndex {
            self = isProtocol ? .objcProtocol(owner) : .objcClass(owner)
            return
        }
        let memberText = rest[rest.index(after: ownerEnd)...]
        guard let memberClose = memberText.firstIndex(of: ")") else { return nil }
        let name = String(memberText[memberText.index(after: memberClose)...])
        guard !name.isEmpty else { return nil }
        let member: ObjCMember
        switch memberText[..<memberClose] {
        case "im": member = .instanceMethod(name)
        case "cm": member = .classMethod(name)
        case "py": member = .property(name)
        case "cpy": member = .classProperty(name)
        default: return nil
        }
        self = .objcMember(owner: owner, ownerIsProtocol: isProtocol, member: member)
    }

    /// The `objc` column: `-showViewController:sender:`, `+sharedApplication`, a property's name, a type's or C
    /// declaration's name.
    var spelling: String {
        switch self {
        case .objcClass(let name), .objcProtocol(let name), .tag(let name), .variable(let name), .function(let name),
             .macro(let name):
            return name
        case .enumConstant(_, let name), .field(_, let name):
            return name
        case .objcMember(_, _, let member):
            switch member {
            case .instanceMethod(let selector): return "-" + selector
            case .classMethod(let selector): return "+" + selector
            case .property(let name), .classProperty(let name): return name
            }
        }
    }
}
