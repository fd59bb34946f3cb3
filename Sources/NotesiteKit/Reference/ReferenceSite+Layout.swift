/// How a reference page lays out its entries: in topic groups as DocC does, enum cases under their enum,
/// deprecated entries last; and the small pieces of markup its entries share.
extension ReferenceSite {
    /// One group of a type's page: its entries in the order shown, each with the entries nested under it (an
    /// enum's cases).
    struct EntryGroup: Equatable {
        /// The group's anchor on the page (`topic-properties`); empty for the type's own entry, which has no heading.
        var id: String
        var title: String
        var entries: [Item]

        struct Item: Equatable {
            var symbol: Symbol
            var nested: [Symbol] = []
        }
    }

    /// The titles of the groups of delegate methods, by the first event that makes UIKit call them
    /// (`events:` in the data), in the order the page shows them.
    static let eventGroups: [(event: String, title: String)] = [
        ("collapsing", "Collapsing the interface"), ("expanding", "Expanding the interface"),
        ("display-mode", "Responding to display mode changes"), ("show", "Showing view controllers"),
        ("show-detail", "Showing view controllers"), ("column", "Showing and hiding columns"),
        ("gesture", "The presentation gesture"), ("orientation", "Interface orientations"), ("popover", "Popovers"),
    ]

    /// The groups by kind, in the order the page shows them after the delegate methods' groups.
    private static let kindGroups: [(kinds: [Symbol.Kind], id: String, title: String)] = [
        ([.initializer], "initializers", "Initializers"), ([.property], "properties", "Properties"),
        ([.method], "methods", "Methods"), ([.class, .protocol, .struct, .enum], "types", "Nested types"),
        ([.case], "cases", "Enumeration cases"), ([.constant], "constants", "Constants"),
        ([.notification], "notifications", "Notifications"),
    ]

    /// The entries of the page `page` (in the list's order) in groups: the type's own entry first, then its
    /// delegate methods by the event that calls them, then the rest by kind, then the deprecated ones. A case
    /// stays under its enum when the enum is on the page, its deprecated cases after the others.
    static func entryGroups(_ symbols: [Symbol], page: String) -> [EntryGroup] {
        // The enums whose cases show under them, the page's own type among them.
        let enums = Set(symbols.filter { $0.kind == .enum }.map(\.id))
        func nestedCases(of id: String) -> [Symbol] {
            let cases = symbols.filter { $0.kind == .case && $0.container == id }
            return cases.filter { $0.deprecated == nil } + cases.filter { $0.deprecated != nil }
        }
        var groups: [EntryGroup] = []
        if let own = symbols.first(where: { $0.id == page }) {
            groups.append(EntryGroup(id: "", title: "", entries: [.init(symbol: own)]))
        }
        // What the groups below share out: neither the type's own entry nor a case shown under its enum.
        let rest = symbols.filter { $0.id != page && !($0.kind == .case && $0.container.map(enums.contains) == true) }
        let current = rest.filter { $0.deprecated == nil }
        var placed = Set<String>()
        for (event, title) in eventGroups where !placed.contains(title) {
            let titled = eventGroups.filter { $0.title == title }.map(\.event)
            let members = current.filter { $0.kind == .method && $0.events.first.map(titled.contains) == true }
            placed.insert(title)
            guard !members.isEmpty else { continue }
            groups.append(EntryGroup(id: "topic-" + event, title: title, entries: members.map { .init(symbol: $0) }))
        }
        let grouped = Set(groups.flatMap { $0.entries.map(\.symbol.id) })
        for (kinds, id, title) in kindGroups {
            let members = current.filter { kinds.contains($0.kind) && !grouped.contains($0.id) }
            guard !members.isEmpty else { continue }
            groups.append(EntryGroup(id: "topic-" + id, title: title, entries: members.map {
                .init(symbol: $0, nested: $0.kind == .enum ? nestedCases(of: $0.id) : [])
            }))
        }
        let deprecated = rest.filter { $0.deprecated != nil }
        if !deprecated.isEmpty {
            groups.append(EntryGroup(id: "topic-deprecated", title: "Deprecated", entries: deprecated.map {
                .init(symbol: $0, nested: $0.kind == .enum ? nestedCases(of: $0.id) : [])
            }))
        }
        // The type's own cases (a page for an enum), under the type's own entry.
        if let first = groups.first, first.id.isEmpty, first.entries[0].symbol.kind == .enum {
            groups[0].entries[0].nested = nestedCases(of: page)
        }
        return groups
    }

    /// The Swift spellings of a symbol, one row per distinct name, each labelled with the Swift versions that
    /// spell it so: `Swift 2–3`, `Swift 4+` (to today's), `Swift 2, 4` when a name came back. Today's name counts
    /// as the version after the last one the list records.
    static func spellingRows(_ symbol: Symbol) -> [(label: String, name: String)] {
        guard !symbol.swiftNames.isEmpty else { return [] }
        let versions = Symbol.swiftVersions + ["today"]
        let names = Symbol.swiftVersions.map { symbol.swiftNames[$0] } + [symbol.swift]
        var rows: [(name: String, runs: [ClosedRange<Int>])] = []
        for (i, name) in names.enumerated() {
            guard let name else { continue }
            if let row = rows.firstIndex(where: { $0.name == name }) {
                if let last = rows[row].runs.last, last.upperBound == i - 1 {
                    rows[row].runs[rows[row].runs.count - 1] = last.lowerBound...i
                } else {
                    rows[row].runs.append(i...i)
                }
            } else {
                rows.append((name, [i...i]))
            }
        }
        let last = versions.count - 1
        return rows.compactMap { row in
            let runs = row.runs.compactMap { run -> String? in
                if run.lowerBound == last { return nil }
                if run.upperBound == last { return versions[run.lowerBound] + "+" }
                return run.count == 1 ? versions[run.lowerBound] : versions[run.lowerBound] + "–" + versions[run.upperBound]
            }
            // Today's name alone, when it differs from every recorded version's.
            guard !runs.isEmpty else { return ("Swift today", row.name) }
            return ("Swift " + runs.joined(separator: ", "), row.name)
        }
    }

    /// An API name as HTML that a narrow screen may break between its words: after a lowercase letter or digit
    /// before a capital (`split|View`), before the last capital of a run that starts a word (`UI|Split`), and
    /// after `(`, `:` and `.` that something follows. Never inside a word.
    static func breakable(_ name: String) -> String {
        let scalars = Array(name.unicodeScalars)
        var out = ""
        func isUpper(_ s: Unicode.Scalar) -> Bool { s.properties.isUppercase }
        func isLower(_ s: Unicode.Scalar) -> Bool { s.properties.isLowercase || s.properties.numericType != nil }
        for (i, scalar) in scalars.enumerated() {
            if i > 0, isUpper(scalar) {
                let before = scalars[i - 1]
                let after = i + 1 < scalars.count ? scalars[i + 1] : nil
                if isLower(before) || (isUpper(before) && after.map(isLower) == true && i >= 2) { out += "<wbr>" }
            }
            out += Escape.text(String(scalar))
            if "(:.".unicodeScalars.contains(scalar), i + 1 < scalars.count, scalars[i + 1] != ")" { out += "<wbr>" }
        }
        return out
    }
}
