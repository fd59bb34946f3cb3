import NotesiteMarkdown
import Yams

/// The collapse table (`Content/data/collapse-table.yml`): on which device, in which orientation and multitasking
/// state, a split view controller is collapsed.
public struct CollapseTable: Hashable, Sendable {
    public struct Row: Hashable, Sendable {
        public var device: String
        public var orientation: Orientation
        public var multitasking: Multitasking
        /// The split view's horizontal size class: `regular` or `compact`.
        public var sizeClass: String
        public var collapsed: Bool
        public var remark: String?
    }

    public enum Orientation: String, CaseIterable, Sendable {
        case all, any, landscape, portrait
        var label: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }
    }

    public enum Multitasking: String, CaseIterable, Sendable {
        case fullScreen = "full-screen", twoThirds = "two-thirds", half, oneThird = "one-third", split, none

        var label: String {
            switch self {
            case .fullScreen: "Full Screen"
            case .twoThirds: "2/3"
            case .half: "1/2"
            case .oneThird: "1/3"
            case .split: "Split"
            case .none: "–"
            }
        }

        /// The state in words, for the picture's spoken label, where the table's dash would be read as "dash".
        var spoken: String {
            switch self {
            case .twoThirds: "two thirds of the screen"
            case .half: "half the screen"
            case .oneThird: "one third of the screen"
            case .none: "no multitasking"
            default: label
            }
        }

        /// The share of the screen's width the app has.
        var widthShare: Double {
            switch self {
            case .fullScreen, .none: 1
            case .twoThirds: 2.0 / 3.0
            case .half, .split: 0.5
            case .oneThird: 1.0 / 3.0
            }
        }
    }

    /// Where the table comes from, for attribution.
    public struct Attribution: Hashable, Sendable {
        public var note: String?
        public var author: String?
        public var title: String?
        public var url: String?
        public var date: String?
    }

    public var rows: [Row]
    public var attribution: Attribution

    public static func load(text: String, file: String) -> (CollapseTable?, [Diagnostic]) {
        var yaml = YAMLSource(file: file, fileText: text)
        guard let root = yaml.compose(text, rule: DataRule.invalid, what: "the collapse table")?.mapping,
              let rowNodes = root["rows"]?.sequence
        else {
            if yaml.diagnostics.isEmpty {
                yaml.report(DataRule.invalid, at: SourceLocation(line: 1, column: 1), "the collapse table needs a list `rows:`")
            }
            return (nil, yaml.diagnostics)
        }
        let source = root["source"]?.mapping
        func sourceText(_ key: String) -> String? { yaml.string(source?[key], key: "source.\(key)", rule: DataRule.invalid) }
        let attribution = Attribution(note: sourceText("note"), author: sourceText("author"), title: sourceText("title"),
                                      url: sourceText("url"), date: sourceText("date"))
        var rows: [Row] = []
        for node in rowNodes {
            guard let map = node.mapping else { continue }
            func text(_ key: String) -> String? { yaml.string(map[key], key: key, rule: DataRule.invalid) }
            let at = yaml.location(of: node)
            guard let device = text("device") else {
                yaml.report(DataRule.invalid, at: at, "a row of the collapse table has no `device`")
                continue
            }
            guard let orientation = text("orientation").flatMap(Orientation.init(rawValue:)) else {
                yaml.report(DataRule.invalid, at: yaml.location(of: map["orientation"]) ?? at,
                            "`orientation` must be one of \(Orientation.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            guard let multitasking = text("multitasking").flatMap(Multitasking.init(rawValue:)) else {
                yaml.report(DataRule.invalid, at: yaml.location(of: map["multitasking"]) ?? at,
                            "`multitasking` must be one of \(Multitasking.allCases.map(\.rawValue).joined(separator: ", "))")
                continue
            }
            guard let sizeClass = text("size_class"), ["regular", "compact"].contains(sizeClass) else {
                yaml.report(DataRule.invalid, at: yaml.location(of: map["size_class"]) ?? at, "`size_class` must be regular or compact")
                continue
            }
            guard let collapsed = text("collapsed").flatMap(Bool.init) else {
                yaml.report(DataRule.invalid, at: yaml.location(of: map["collapsed"]) ?? at, "`collapsed` must be true or false")
                continue
            }
            rows.append(Row(device: device, orientation: orientation, multitasking: multitasking, sizeClass: sizeClass,
                            collapsed: collapsed, remark: text("remark")))
        }
        return (CollapseTable(rows: rows, attribution: attribution), yaml.diagnostics)
    }
}
