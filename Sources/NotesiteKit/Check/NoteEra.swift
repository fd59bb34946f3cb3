import NotesiteMarkdown

/// The Swift era a note's API names are judged by: the one its front matter declares (`swift:`), else the one its
/// code reads as, else the one its date falls in, else today's.
struct NoteEra: Hashable, Sendable {
    /// `"1"`, `"2"`, `"3"`, `"4"`, `"4.2"` or `"5"`. Swift 1 is judged by Swift 2's names, which the list records.
    let version: String
    let reason: Reason

    enum Reason: Hashable, Sendable {
        /// The front matter's `swift:` says so.
        case declared
        /// The note has no `swift:`, and notesite.toml's `[swift] default_era` names the era such notes are in.
        case configured
        /// Names in its code that only this era spelled so (a few of them, to quote).
        case code([String])
        /// Its date, with nothing era-specific in its code.
        case date(NoteDate)
        /// No date and nothing era-specific: today's Swift.
        case assumed
    }

    /// The version whose spellings the lists record for this era.
    var judgedAs: String { version == "1" ? "2" : version }

    var isDeclared: Bool { reason == .declared }

    /// Whether only the note's date tells its era.
    var isGuessedFromDate: Bool {
        if case .date = reason { return true }
        return false
    }

    /// How the era is named in messages.
    var label: String { "Swift \(version)" }

    /// The SDK the generated list is made from (`Tools/symbols`), and the month the next iOS came out.
    static let newestSDK = (version: "16.4", supersededIn: NoteDate(year: 2023, month: 9))

    /// The era of a note written on `date`: the Swift that Xcode shipped then (Swift 2 in September 2015, 3 in
    /// September 2016, 4 in September 2017, 4.2 in September 2018).
    static func version(writtenOn date: NoteDate) -> String {
        switch (date.year, date.month) {
        case let (year, month) where year < 2015 || (year == 2015 && month < 9): "1"
        case let (year, month) where year < 2016 || (year == 2016 && month < 9): "2"
        case let (year, month) where year < 2017 || (year == 2017 && month < 9): "3"
        case let (year, month) where year < 2018 || (year == 2018 && month < 9): "4"
        default: "5"
        }
    }

    /// Whether a note written on `date` can use an API introduced in iOS `introduced` (`"10.0"`): not when that iOS
    /// was first shown after the note's month, at WWDC in June of 2006 + its major version (iOS 5 to 17), or in March
    /// (iOS 2 and 3; April for iOS 4). `NSManagedObject.init(context:)` came with iOS 10, so a WatchKit post of
    /// 2014 that overrides an `init(context:)` means another class's.
    static func couldUse(introducedIn introduced: String?, writtenOn date: NoteDate?) -> Bool {
        guard let date, let introduced, let major = Int(introduced.prefix { $0 != "." }), major >= 2 else { return true }
        let shown = NoteDate(year: 2006 + major, month: major < 4 ? 3 : major == 4 ? 4 : 6)
        return NoteDate(year: date.year, month: date.month) >= shown
    }

    /// Names a note's code uses, by the eras that spelled them so: the note's Swift names vote.
    struct Votes {
        /// The eras whose names the lists tell apart: Swift 2; Swift 3 and 4; Swift 4.2 and 5.
        enum Group: CaseIterable { case swift2, swift3to4, swift42on }

        /// Each era-specific spelling once, with the groups that spell it so (one or two of them).
        private(set) var spellings: [(spelling: String, groups: Set<Group>)] = []
        /// `println`, which Swift 2 removed.
        var swift1 = false
        /// Words of today's language (`@main`, `async`), which no older Swift had.
        var swift5 = false

        mutating func add(_ spelling: String, eras: SDKSymbolList.Eras) {
            var groups: Set<Group> = []
            if eras.contains(.swift2) { groups.insert(.swift2) }
            if !eras.isDisjoint(with: [.swift3, .swift4]) { groups.insert(.swift3to4) }
            if !eras.isDisjoint(with: [.swift42, .swift5]) { groups.insert(.swift42on) }
            guard !groups.isEmpty, groups.count < Group.allCases.count,
                  !spellings.contains(where: { $0.spelling == spelling }) else { return }
            spellings.append((spelling, groups))
        }

        func score(_ group: Group) -> Int {
            spellings.count { $0.groups.contains(group) } + (group == .swift42on && swift5 ? 2 : 0)
        }

        static func group(of version: String) -> Group {
            switch version {
            case "1", "2": .swift2
            case "3", "4": .swift3to4
            default: .swift42on
            }
        }

        /// The era the votes name, or nil when they name none: the era most of the era-specific names belong to;
        /// of eras with as many, the one nearest the date (a name Swift 3 and later spell so, in a note of 2016,
        /// is Swift 3), or today's for a note without one.
        func era(date: NoteDate?) -> (version: String, evidence: [String])? {
            let byDate = date.map(NoteEra.version(writtenOn:))
            if swift1 { return ("1", ["println"] + evidence(for: .swift2).prefix(2)) }
            let scores = Group.allCases.map { ($0, score($0)) }.filter { $0.1 > 0 }
            guard let top = scores.map(\.1).max() else { return nil }
            let tied = scores.filter { $0.1 == top }.map(\.0)
            let order = Group.allCases
            let dated = byDate.map { order.firstIndex(of: Self.group(of: $0))! } ?? order.count - 1
            let best = tied.min { abs(order.firstIndex(of: $0)! - dated) < abs(order.firstIndex(of: $1)! - dated) }!
            let version = switch best {
            case .swift2: byDate == "1" ? "1" : "2"
            case .swift3to4: byDate == "4" || byDate == "5" ? "4" : "3"
            case .swift42on: "5"
            }
            return (version, evidence(for: best))
        }

        /// Up to three spellings that vote for `group`, those only it has first.
        private func evidence(for group: Group) -> [String] {
            let voting = spellings.filter { $0.groups.contains(group) }
            return Array((voting.filter { $0.groups.count == 1 } + voting.filter { $0.groups.count > 1 }).prefix(3).map(\.spelling))
        }
    }

    /// The era of a note that does not declare one, from `votes` on its code and its date.
    static func infer(votes: Votes, date: NoteDate?) -> NoteEra {
        if let (version, evidence) = votes.era(date: date) {
            return NoteEra(version: version, reason: .code(evidence))
        }
        if let date { return NoteEra(version: version(writtenOn: date), reason: .date(date)) }
        return NoteEra(version: "5", reason: .assumed)
    }

    /// The remark that says which era a note without `swift:` is checked as, and why; for a note dated after
    /// the SDK the generated list was made from (`newestSDK`), also that names newer than it are not known.
    func remark(file: String, date: NoteDate? = nil) -> Diagnostic? {
        let message: String
        switch reason {
        case .declared, .configured:
            return nil
        case .code(let evidence):
            let quoted = evidence.map { "`\($0)`" }.joined(separator: ", ")
            message = evidence.isEmpty
                ? "the note has no `swift:` key; its code uses Swift 5 features, so its API names are checked as \(label)"
                : "the note has no `swift:` key; its code spells names as \(label) did (\(quoted)), so its API names are checked as \(label)"
        case .date(let date):
            message = "the note has no `swift:` key and nothing in its code dates it; it is dated \(date), so its API names are checked as \(label)"
        case .assumed:
            message = "the note has no `swift:` key, no date, and nothing in its code dates it, so its API names are checked as today's, \(label)"
        }
        let hint = version == "1" ? "add `swift: \"2\"` to its front matter (Swift 1's names are checked as Swift 2's) to say so"
            : "add `swift: \"\(version)\"` to its front matter to say so, or another version if that is wrong"
        var text = "\(message); \(hint)"
        if let date, date >= Self.newestSDK.supersededIn {
            text += ". The generated symbol list is made from the iOS \(Self.newestSDK.version) SDK: names added since are unknown to it until it is made again from a newer SDK, or added to Content/data/symbols.yml"
        }
        return Diagnostic(SymbolRule.era, file: file, at: SourceLocation(line: 1, column: 1), text)
    }
}
