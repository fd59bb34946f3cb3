import Foundation

/// Everything in `Content/data/`: the known symbol list, the collapse table and the call sequences.
public struct ReferenceData: Sendable {
    public var symbols: SymbolList
    public var collapseTable: CollapseTable?
    public var sequences: [CallSequence]
    /// The search's synonym groups (`data/synonyms.yml`); none when the file is missing.
    public var synonyms = SynonymGroups.none
    /// Whether the content has no `data/symbols.yml` at all: nothing names API, and `check` cannot check the
    /// notes' names.
    public var symbolListMissing = false
    /// The generated list (`data/sdk-symbols.tsv`) and the findings of reading it, read the first time `check`
    /// asks: a build never does, so it costs a build nothing.
    let sdkSymbols: OnDemand<(SDKSymbolList, [Diagnostic])>

    public init(symbols: SymbolList, collapseTable: CollapseTable?, sequences: [CallSequence],
                sdkSymbols: @escaping @Sendable () -> (SDKSymbolList, [Diagnostic]) = { (.empty, []) }) {
        self.symbols = symbols
        self.collapseTable = collapseTable
        self.sequences = sequences
        self.sdkSymbols = OnDemand(sdkSymbols)
    }

    public static let empty = ReferenceData(symbols: .empty, collapseTable: nil, sequences: [])

    public var isEmpty: Bool { symbols.symbols.isEmpty && collapseTable == nil }

    /// Reads the data folder; a missing folder or file is no error (the site then has no reference pages).
    public static func load(contentRoot: URL, displayRoot: String) -> (ReferenceData, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        func read(_ name: String) -> (String, String)? {
            let (found, problems) = readFile(name, contentRoot: contentRoot, displayRoot: displayRoot)
            diagnostics += problems
            return found
        }
        var result = ReferenceData(symbols: .empty, collapseTable: nil, sequences: []) {
            let (found, problems) = readFile("sdk-symbols.tsv", contentRoot: contentRoot, displayRoot: displayRoot)
            guard let (text, file) = found else { return (.empty, problems) }
            return SDKSymbolList.load(text: text, file: file)
        }
        let before = diagnostics.count
        if let (text, file) = read("symbols.yml") {
            let (list, found) = SymbolList.load(text: text, file: file)
            result.symbols = list
            diagnostics += found
        } else {
            // Not read, and no finding says why: the file is not there.
            result.symbolListMissing = diagnostics.count == before
        }
        if let (text, file) = read("collapse-table.yml") {
            let (table, found) = CollapseTable.load(text: text, file: file)
            result.collapseTable = table
            diagnostics += found
        }
        if let (text, file) = read("call-sequences.yml") {
            let (sequences, found) = CallSequence.load(text: text, file: file, symbols: result.symbols)
            if result.symbols.symbols.isEmpty {
                // Every step would be a symbol the list lacks: one finding that says why, not one per step.
                if result.symbolListMissing {
                    diagnostics.append(Diagnostic(DataRule.danglingSymbol, file: file, at: nil,
                                                  "the call sequences name symbols of data/symbols.yml, which is missing; restore it, or remove this file"))
                }
                diagnostics += found.filter { $0.rule != DataRule.danglingSymbol.rule }
            } else {
                result.sequences = sequences
                diagnostics += found
            }
        }
        if let (text, file) = read("synonyms.yml") {
            let (groups, found) = SynonymGroups.load(text: text, file: file)
            result.synonyms = groups
            diagnostics += found
        }
        return (result, diagnostics)
    }

    /// The text of `data/<name>` and the path to name it by; nil with no finding when the file is not there.
    private static func readFile(_ name: String, contentRoot: URL, displayRoot: String) -> ((String, String)?, [Diagnostic]) {
        let url = contentRoot.appendingPathComponent("data/\(name)")
        let display = displayRoot.isEmpty || displayRoot == "." ? "data/\(name)" : "\(displayRoot)/data/\(name)"
        let data: Data
        switch ContentLoader.contents(ofFile: url.path) {
        case .success(let bytes): data = Data(bytes)
        case .failure(let failure):
            guard failure.code != ENOENT else { return (nil, []) }
            return (nil, [Diagnostic(DataRule.unreadable, file: display, at: nil,
                                     "the file cannot be read (\(failure.reason)); make it a readable file")])
        }
        guard let text = ContentLoader.decode(data) else {
            return (nil, [Diagnostic(ContentRule.encoding, file: display, at: nil, "the file is not UTF-8 text; save it as UTF-8")])
        }
        return ((text, display), [])
    }
}
