import Foundation
import NotesiteMarkdown

/// A place where a note names a known symbol.
public struct Mention: Hashable, Sendable {
    public var symbolID: String
    /// The note's source path (`notes/zh/…md`).
    public var notePath: String
    /// The id of the heading whose section holds the mention; nil before the first heading.
    public var headingID: String?
    /// The spelling as the note writes it.
    public var spelling: String
    public var location: SourceLocation
}

/// Finds every mention of a known symbol in a note: inline code and the names in Swift and Objective-C blocks.
public struct MentionFinder: Sendable {
    public let resolver: SymbolResolver
    /// What each distinct inline code span names. Spans repeat across notes (`UISplitViewController`,
    /// `isCollapsed`), and every span is looked at twice, for the mentions and for the page.
    private let inlineCache = SharedCache<String, InlineNames>()

    /// Reads links to the reference's pages as the link checks do (`entry(linkedBy:from:)`).
    private let referenceLinks: LinkResolver

    public init(resolver: SymbolResolver) {
        self.resolver = resolver
        let data = ReferenceData(symbols: resolver.list, collapseTable: nil, sequences: [])
        let index = SiteIndex(notes: [], assets: [])
        referenceLinks = LinkResolver(index: index, sitePages: LinkResolver.sitePages(index: index, data: data))
    }

    /// What an inline code span names: one symbol as a whole, or the names inside it (each with the spelling that
    /// matched), or nothing.
    public enum InlineNames: Sendable {
        case whole(Symbol)
        case parts([(CodeScanner.Reference, Symbol, String)])

        static let none = InlineNames.parts([])
    }

    public func names(inInlineCode code: String) -> InlineNames {
        if let known = inlineCache[code] { return known }
        let names: InlineNames
        if let symbol = symbol(forInlineCode: code) {
            names = .whole(symbol)
        } else {
            let parts = inlineReferences(in: code)
            names = parts.isEmpty ? .none : .parts(parts)
        }
        inlineCache[code] = names
        return names
    }

    /// The symbol an inline code span names as a whole (`show(_:sender:)`, or as a signature with types,
    /// `show(_ vc: UIViewController, sender: Any?)`), if any. A plain lowercase word
    /// (`regular`, `primary`, `delegate`) is how prose names a concept, so only names that look like API count:
    /// with labels, a selector, a `.member`, or a capital letter (`isCollapsed`, `UITraitCollection`).
    public func symbol(forInlineCode code: String) -> Symbol? {
        guard Self.looksLikeAPI(code) else { return nil }
        return resolver.resolve(code) ?? SignatureText(code).flatMap { resolver.resolve($0.selector) }
    }

    static func looksLikeAPI(_ text: String) -> Bool {
        text.utf8.contains { ($0 >= 0x41 && $0 <= 0x5A) || $0 == UInt8(ascii: "(") || $0 == UInt8(ascii: ":") || $0 == UInt8(ascii: ".") }
    }

    /// The names in a piece of code that resolve, with the spelling that matched.
    public func references(in code: String, dialect: CodeScanner.Dialect,
                           scans: CodeScanner.BlockScans? = nil) -> [(CodeScanner.Reference, Symbol, String)] {
        scans?.resolved(code, dialect: dialect, by: self) ?? resolved(CodeScanner.scan(code, dialect: dialect))
    }

    func resolved(_ references: [CodeScanner.Reference]) -> [(CodeScanner.Reference, Symbol, String)] {
        references.compactMap { reference in
            for candidate in reference.candidates {
                if let symbol = resolver.resolve(candidate) { return (reference, symbol, candidate) }
            }
            return nil
        }
    }

    /// The names inside an inline code span that is not one name as a whole, leaving out plain words.
    public func inlineReferences(in code: String) -> [(CodeScanner.Reference, Symbol, String)] {
        resolved(CodeScanner.scanFragment(code)).filter { Self.looksLikeAPI($0.2) }
    }

    /// `scans`: the note's code blocks scanned by another pass over the same note, to be shared.
    public func mentions(in note: Note, scans: CodeScanner.BlockScans? = nil) -> [Mention] {
        var result: [Mention] = []
        // Read once for all of the note's mentions.
        let notePath = note.source.path
        note.forEachCodeNode { node, currentHeading in
            switch node.kind {
            case .code(let code):
                switch names(inInlineCode: code) {
                case .whole(let symbol):
                    result.append(Mention(symbolID: symbol.id, notePath: notePath, headingID: currentHeading,
                                          spelling: code, location: node.range.start))
                case .parts(let parts):
                    for (_, symbol, spelling) in parts {
                        result.append(Mention(symbolID: symbol.id, notePath: notePath, headingID: currentHeading,
                                              spelling: spelling, location: node.range.start))
                    }
                }
            case .codeBlock(let info, let code):
                guard let dialect = CodeScanner.Dialect(info: info) else { return }
                let lines = LineTable(code)
                for (reference, symbol, spelling) in references(in: code, dialect: dialect, scans: scans) {
                    result.append(Mention(symbolID: symbol.id, notePath: notePath, headingID: currentHeading,
                                          spelling: spelling,
                                          location: Self.location(of: reference.range.lowerBound, in: lines, block: node.range.start)))
                }
            default:
                break
            }
        }
        // A link to an entry of the reference mentions it too, in the link's section.
        var linked = false
        for link in note.links where !link.isImage {
            guard let symbol = entry(linkedBy: link.destination, from: note.source.path) else { continue }
            result.append(Mention(symbolID: symbol.id, notePath: note.source.path, headingID: link.section,
                                  spelling: symbol.swift, location: link.location))
            linked = true
        }
        if linked {
            result.sort { ($0.location.line, $0.location.column) < ($1.location.line, $1.location.column) }
        }
        return result
    }

    /// The entry a link leads to, when it leads to one of the reference's pages at one of its entries
    /// (`../reference/UISplitViewController.html#UISplitViewController.preferredDisplayMode` from a note).
    func entry(linkedBy destination: String, from notePath: String) -> Symbol? {
        // Most links have no fragment, and only one with a fragment can name an entry.
        guard destination.utf8.contains(UInt8(ascii: "#")),
              case .sitePage(let path, let id?, _) = referenceLinks.target(of: destination, from: notePath),
              let symbol = resolver.list[id], ReferenceSite.pagePath(symbol.page) == path else { return nil }
        return symbol
    }

    /// The file position of a byte of a fenced block's code, which starts on the line after the fence.
    static func location(of offset: Int, in code: LineTable, block: SourceLocation) -> SourceLocation {
        let (line, column) = code.position(ofOffset: offset)
        return SourceLocation(line: block.line + line, column: block.column + column - 1)
    }
}
