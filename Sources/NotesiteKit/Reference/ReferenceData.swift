import Foundation

/// Everything in `Content/data/`: the known symbol list, the collapse table and the call sequences.
public struct ReferenceData: Sendable {
    public var symbols: SymbolList
    public var collapseTable: CollapseTable?
    public var sequences: [CallSequence]

    public static let empty = ReferenceData(symbols: .empty, collapseTable: nil, sequences: [])

    public var isEmpty: Bool { symbols.symbols.isEmpty && collapseTable == nil }

    /// Reads the data folder; a missing folder or file is no error (the site then has no reference pages).
    public static func load(contentRoot: URL, displayRoot: String) -> (ReferenceData, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func read(_ name: String) -> (String, String)? {
            let url = contentRoot.appendingPathComponent("data/\(name)")
            let display = displayRoot.isEmpty || displayRoot == "." ? "data/\(name)" : "\(displayRoot)/data/\(name)"
            guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
            guard let text = ContentLoader.decode(data) else {
                diagnostics.append(Diagnostic(.error, "content.encoding", file: display, at: nil, "the file is not UTF-8 text; save it as UTF-8"))
                return nil
            }
            return (text, display)
        }
        var result = ReferenceData.empty
        if let (text, file) = read("symbols.yml") {
            let (list, found) = SymbolList.load(text: text, file: file)
            result.symbols = list
            diagnostics += found
        }
        if let (text, file) = read("collapse-table.yml") {
            let (table, found) = CollapseTable.load(text: text, file: file)
            result.collapseTable = table
            diagnostics += found
        }
        if let (text, file) = read("call-sequences.yml") {
            let (sequences, found) = CallSequence.load(text: text, file: file, symbols: result.symbols)
            result.sequences = sequences
            diagnostics += found
        }
        return (result, diagnostics)
    }
}
