import NotesiteMarkdown

/// A problem found in the user's content: where it is, what is wrong, and how to fix it.
///
/// Problems in notes, front matter and links are collected as diagnostics so that one run reports all of them;
/// only what stops everything (an unreadable folder) is thrown as an error.
public struct Diagnostic: Hashable, Sendable {
    public enum Severity: String, Hashable, Sendable, Comparable {
        case error, warning, note

        private var rank: Int { self == .error ? 2 : self == .warning ? 1 : 0 }
        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// A suggested edit: replace the source in `range` with `replacement`.
    public struct FixIt: Hashable, Sendable {
        /// The source to replace; `end` is exclusive (the column after the last replaced byte).
        public var range: SourceRange
        /// The text the range holds now, for messages.
        public var original: String
        public var replacement: String

        public init(range: SourceRange, original: String, replacement: String) {
            self.range = range
            self.original = original
            self.replacement = replacement
        }

        /// Replaces `original`, which starts at `start` on one line.
        public init(at start: SourceLocation, replacing original: String, with replacement: String) {
            self.init(range: SourceRange(start: start, end: SourceLocation(line: start.line, column: start.column + original.utf8.count)),
                      original: original, replacement: replacement)
        }

        /// The fix-it in a few words, as a finding's text shows it: a deletion of whole lines by their numbers.
        public var summary: String {
            if replacement.isEmpty, range.start.column == 1, range.end.column == 1, range.end.line > range.start.line {
                let last = range.end.line - 1
                return last == range.start.line ? "delete line \(last)" : "delete lines \(range.start.line)-\(last)"
            }
            return "replace '\(original)' with '\(replacement)'"
        }
    }

    public var severity: Severity
    /// What the finding is about; `rule.id` is a stable id, such as `frontmatter.unknown-key`.
    public var rule: Rule
    /// The file as the user names it (relative to the working directory where possible).
    public var file: String
    /// Where in the file; nil when the problem is the file as a whole.
    public var location: SourceLocation?
    /// What is wrong and, where it helps, what to do.
    public var message: String
    public var fixIts: [FixIt]
    /// What `file` holds at `location` when it is the file the finding was made on. A printer shows the file's
    /// line only if the line holds this there; nil: the line is shown as it is. Set by check's findings on pages it
    /// rendered in memory, whose files on disk, if any, are an earlier build's and may say something else there.
    public var quoting: String?

    /// A finding of `rule`, with the rule's own severity.
    public init(_ rule: some RuleSet, file: String, at location: SourceLocation?, _ message: String, fixIts: [FixIt] = []) {
        self.init(rule.severity, rule.rule, file: file, at: location, message, fixIts: fixIts)
    }

    /// A finding of `rule` with another severity than the rule's own, where its site knows better (a renamed name
    /// in prose is only a note).
    public init(_ severity: Severity, _ rule: some RuleSet, file: String, at location: SourceLocation?, _ message: String,
                fixIts: [FixIt] = []) {
        self.init(severity, rule.rule, file: file, at: location, message, fixIts: fixIts)
    }

    /// A finding of `rule`, a value taken from a `RuleSet` case (`Rule` has no other initialiser).
    public init(_ severity: Severity, _ rule: Rule, file: String, at location: SourceLocation?, _ message: String,
                fixIts: [FixIt] = []) {
        self.severity = severity
        self.rule = rule
        self.file = file
        self.location = location
        self.message = message
        self.fixIts = fixIts
    }

    /// `path:line:col: severity: message [rule]`, the form editors and CI logs understand.
    public var formatted: String {
        let position = location.map { ":\($0.line):\($0.column)" } ?? ""
        return "\(file)\(position): \(severity.rawValue): \(message) [\(rule.id)]"
    }
}

extension Array where Element == Diagnostic {
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// Sorted by file, then position, so output is stable whatever order the stages ran in.
    ///
    /// A long list (check's findings on a large site are hundreds of thousands) is sorted by integer keys: each
    /// distinct file and rule is ranked once, and the keys, with each finding's place to keep the sort stable, are
    /// sorted instead of the findings, whose comparison compared strings and whose moves copied every field.
    public func sortedForDisplay() -> [Diagnostic] {
        guard count > 64 else { return sorted(by: Self.displayOrder) }
        func ranks(_ values: Set<String>) -> [String: Int] {
            Dictionary(uniqueKeysWithValues: values.sorted().enumerated().map { ($1, $0) })
        }
        // The distinct files and rules, read in place (`lazy.map(\.file)` copied every finding) and, as findings
        // come in runs of one file and rule, hashed once a run.
        var distinctFiles: Set<String> = []
        var distinctRules: Set<String> = []
        for i in indices where i == startIndex || self[i].file != self[i - 1].file || self[i].rule != self[i - 1].rule {
            distinctFiles.insert(self[i].file)
            distinctRules.insert(self[i].rule.id)
        }
        let files = ranks(distinctFiles)
        let rules = ranks(distinctRules)
        var keys: [(file: Int, line: Int, column: Int, rule: Int, place: Int)] = []
        keys.reserveCapacity(count)
        // Ranks are looked up once a run, too.
        var fileRank = 0
        var ruleRank = 0
        for place in indices {
            if place == startIndex || self[place].file != self[place - 1].file { fileRank = files[self[place].file]! }
            if place == startIndex || self[place].rule != self[place - 1].rule { ruleRank = rules[self[place].rule.id]! }
            let location = self[place].location ?? SourceLocation(line: 0, column: 0)
            keys.append((fileRank, location.line, location.column, ruleRank, place))
        }
        keys.sort { $0 < $1 }
        return keys.map { self[$0.place] }
    }

    static func displayOrder(_ a: Diagnostic, _ b: Diagnostic) -> Bool {
        if a.file != b.file { return a.file < b.file }
        let l = a.location ?? SourceLocation(line: 0, column: 0)
        let r = b.location ?? SourceLocation(line: 0, column: 0)
        if l != r { return l < r }
        return a.rule.id < b.rule.id
    }

    /// Whether the list is in display order already.
    var isSortedForDisplay: Bool {
        indices.dropFirst().allSatisfy { !Self.displayOrder(self[$0], self[$0 - 1]) }
    }

    /// This list and `other`, both in display order, merged into one in display order; where two tie, this list's
    /// comes first, as a stable sort of the two joined would put it.
    func mergedForDisplay(with other: [Diagnostic]) -> [Diagnostic] {
        var result: [Diagnostic] = []
        result.reserveCapacity(count + other.count)
        var i = startIndex, j = other.startIndex
        while i < endIndex && j < other.endIndex {
            if Self.displayOrder(other[j], self[i]) {
                result.append(other[j])
                j += 1
            } else {
                result.append(self[i])
                i += 1
            }
        }
        result += self[i...]
        result += other[j...]
        return result
    }
}

extension [Diagnostic] {
    /// The findings of one note in order, with each finding of `rules` that says what an earlier one says, and
    /// offers no fix-it, folded into that one, which names the lines the others stand on. Others stay at each place:
    /// what can run code, and what a fix-it corrects where it stands.
    func foldingRepeats(of rules: Set<Rule>) -> [Diagnostic] {
        var result: [Diagnostic] = []
        var first: [String: Int] = [:]
        var repeats: [Int: [Int]] = [:]
        for finding in self {
            guard rules.contains(finding.rule), finding.fixIts.isEmpty, let line = finding.location?.line else {
                result.append(finding)
                continue
            }
            let key = finding.rule.id + " " + finding.message
            if let index = first[key] {
                repeats[index, default: []].append(line)
            } else {
                first[key] = result.count
                result.append(finding)
            }
        }
        for (index, all) in repeats {
            // A repeat on the finding's own line is "again on this line", not "on line 102" beside line 102's.
            let own = result[index].location?.line
            var seen: Set<Int> = []
            let lines = all.filter { $0 != own && seen.insert($0).inserted }
            let shown = lines.prefix(5).map(String.init).joined(separator: ", ")
            let more = lines.count > 5 ? " and \(lines.count - 5) more" : ""
            let others = lines.isEmpty ? nil : "on line\(lines.count > 1 ? "s" : "") \(shown)\(more)"
            let again = all.contains { $0 == own } ? "again on this line" : nil
            result[index].message += " (the same " + [again, others].compactMap { $0 }.joined(separator: ", and ") + ")"
        }
        return result
    }
}
