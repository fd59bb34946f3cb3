import Foundation

/// The parts of one swift-symbolgraph-extract output file (`UIKit.symbols.json`, `UIKit@Foundation.symbols.json`)
/// that the list is made of. Everything else in the file is skipped by the decoder.
struct SymbolGraphFile: Decodable {
    let symbols: [GraphSymbol]
    let relationships: [GraphRelationship]
}

struct GraphSymbol: Decodable {
    struct Kind: Decodable { let identifier: String }
    struct Identifier: Decodable { let precise: String }
    struct Fragment: Decodable {
        let kind: String
        let spelling: String
    }
    struct Version: Decodable {
        let major: Int
        let minor: Int?
    }
    struct Availability: Decodable {
        let domain: String?
        let introduced: Version?
        let deprecated: Version?
        let obsoleted: Version?
        let renamed: String?
        let isUnconditionallyDeprecated: Bool?
        let isUnconditionallyUnavailable: Bool?
    }

    let kind: Kind
    let identifier: Identifier
    let pathComponents: [String]
    let declarationFragments: [Fragment]?
    let availability: [Availability]?

    var usr: String { identifier.precise }
    var path: String { pathComponents.joined(separator: ".") }
    var isAsync: Bool { declarationFragments?.contains { $0.kind == "keyword" && $0.spelling == "async" } ?? false }
}

struct GraphRelationship: Decodable {
    let kind: String
    let source: String
    let target: String
    let targetFallback: String?
}

/// A symbol with the module whose graph declared it: `UIKit` for everything in `UIKit@Foundation.symbols.json`.
struct LoadedSymbol {
    let symbol: GraphSymbol
    let module: String
}

/// All graphs of one Swift language mode: the symbols in file order and an index by USR. One USR can stand for two
/// symbols: an Objective-C method with a completion handler is also imported as an `async` method of another name.
struct GraphSet {
    private(set) var symbols: [LoadedSymbol] = []
    private(set) var relationships: [GraphRelationship] = []
    private(set) var indexByUSR: [String: [Int]] = [:]
    /// Symbols read per file name, for the run's report.
    private(set) var countsByFile: [(file: String, symbols: Int)] = []

    /// Reads every `*.symbols.json` under `folder` (one subfolder per module, as `Extraction` writes them).
    /// `keep` picks the symbols to keep (SwiftUI keeps only its `UI` and `NS` names).
    mutating func load(folder: URL, module: String, keep: (GraphSymbol) -> Bool = { _ in true }) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".symbols.json") }
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
        for name in names {
            let data = try Data(contentsOf: folder.appendingPathComponent(name))
            let file = try JSONDecoder().decode(SymbolGraphFile.self, from: data)
            var kept = 0
            for symbol in file.symbols where keep(symbol) {
                indexByUSR[symbol.usr, default: []].append(symbols.count)
                symbols.append(LoadedSymbol(symbol: symbol, module: module))
                kept += 1
            }
            relationships += file.relationships
            countsByFile.append((name, kept))
        }
    }

    func symbols(usr: String) -> [LoadedSymbol] {
        (indexByUSR[usr] ?? []).map { symbols[$0] }
    }
}
