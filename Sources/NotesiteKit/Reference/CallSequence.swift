import NotesiteMarkdown

/// The order in which UIKit makes its calls when a split view collapses or expands
/// (`Content/data/call-sequences.yml`).
public struct CallSequence: Hashable, Sendable {
    public struct Step: Hashable, Sendable {
        public var symbolID: String
        /// Who receives the call: `delegate` or `primary`.
        public var receiver: String
        /// What the answer decides.
        public var outcome: String
    }

    public var id: String
    public var title: String
    public var steps: [Step]

    public static func load(text: String, file: String, symbols: SymbolList) -> ([CallSequence], [Diagnostic]) {
        var yaml = YAMLSource(file: file, fileText: text)
        guard let list = yaml.compose(text, rule: DataRule.invalid, what: "the call sequences")?.mapping?["sequences"]?.sequence else {
            if yaml.diagnostics.isEmpty {
                yaml.report(DataRule.invalid, at: SourceLocation(line: 1, column: 1), "the call sequences need a list `sequences:`")
            }
            return ([], yaml.diagnostics)
        }
        var result: [CallSequence] = []
        for node in list {
            guard let map = node.mapping, let id = yaml.string(map["id"], key: "id", rule: DataRule.invalid) else { continue }
            var steps: [Step] = []
            for stepNode in map["steps"]?.sequence ?? [] {
                guard let step = stepNode.mapping,
                      let symbol = yaml.string(step["symbol"], key: "symbol", rule: DataRule.invalid) else { continue }
                if symbols[symbol] == nil {
                    yaml.report(DataRule.danglingSymbol, at: yaml.location(of: step["symbol"]),
                                "'\(symbol)' is not an id in the symbol list")
                    continue
                }
                steps.append(Step(symbolID: symbol,
                                  receiver: yaml.string(step["receiver"], key: "receiver", rule: DataRule.invalid) ?? "delegate",
                                  outcome: yaml.string(step["outcome"], key: "outcome", rule: DataRule.invalid) ?? ""))
            }
            result.append(CallSequence(id: id, title: yaml.string(map["title"], key: "title", rule: DataRule.invalid) ?? id, steps: steps))
        }
        return (result, yaml.diagnostics)
    }

    /// A diagram of the calls, top to bottom: one box per call with its receiver, an arrow to the next, and what
    /// the answer decides beside it. `href` links each box to the symbol's entry.
    public func svg(symbols: SymbolList, href: (String) -> String) -> String {
        // Sized from the text: 12px monospaced names are about 7.3px a character, the outcome's sans-serif about 6.6px.
        let longestName = steps.map { (symbols[$0.symbolID]?.swift ?? $0.symbolID).count }.max() ?? 20
        let longestOutcome = steps.map(\.outcome.count).max() ?? 0
        let boxWidth = max(260, Double(longestName) * 7.3 + 24), boxHeight = 46.0, gap = 30.0
        let noteX = boxWidth + 20
        let width = Int(noteX + Double(longestOutcome) * 6.6 + 8)
        let height = Double(steps.count) * (boxHeight + gap) - gap + 8
        let label = "\(title): " + steps.enumerated().map { "\($0.offset + 1). \(symbols[$0.element.symbolID]?.swift ?? $0.element.symbolID)" }
            .joined(separator: ", ")
        // No `role="img"`: an image's content is hidden from assistive technology, and the steps are links. The
        // figure's caption and the title name the diagram.
        var svg = "<svg class=\"call-sequence\" xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(Int(height))\" "
        svg += "viewBox=\"0 0 \(width) \(Int(height))\">"
        svg += "<title>\(Escape.text(label))</title>"
        svg += "<defs><marker id=\"arrow-\(id)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto\"><path d=\"M0,0 L10,5 L0,10 z\" class=\"arrow-head\"/></marker></defs>"
        for (i, step) in steps.enumerated() {
            let y = 4 + Double(i) * (boxHeight + gap)
            let name = symbols[step.symbolID]?.swift ?? step.symbolID
            svg += "<a href=\"\(Escape.href(href(step.symbolID)))\">"
            svg += "<rect class=\"step \(Escape.attribute(step.receiver))\" x=\"4\" y=\"\(Int(y))\" width=\"\(Int(boxWidth))\" height=\"\(Int(boxHeight))\" rx=\"6\"/>"
            svg += "<text class=\"receiver\" x=\"14\" y=\"\(Int(y + 17))\">\(i + 1). \(Escape.text(step.receiver))</text>"
            svg += "<text class=\"call\" x=\"14\" y=\"\(Int(y + 36))\">\(Escape.text(name))</text>"
            svg += "</a>"
            svg += "<text class=\"outcome\" x=\"\(Int(noteX))\" y=\"\(Int(y + 28))\">\(Escape.text(step.outcome))</text>"
            if i + 1 < steps.count {
                let x = 4 + boxWidth / 2
                svg += "<line class=\"flow\" x1=\"\(Int(x))\" y1=\"\(Int(y + boxHeight))\" x2=\"\(Int(x))\" y2=\"\(Int(y + boxHeight + gap - 2))\" marker-end=\"url(#arrow-\(id))\"/>"
            }
        }
        svg += "</svg>"
        return svg
    }
}
