import NotesiteMarkdown

/// Reading `data/sdk-symbols.tsv`: its header, its symbols, and the rows that give a name only.
extension SDKSymbolList {
    /// The kinds of the rows that give only a name: a macOS type's (`macTypes`) and a macro's (`macros`).
    static let macTypeKind = "mac-type", macroKind = "macro"

    /// The columns of a line of `sdk-symbols.tsv`, in order.
    static let columns = ["kind", "module", "container", "name", "swift4", "swift2", "objc", "introduced",
                          "deprecated", "obsoleted", "renamed", "related"]

    /// Reads the file. A line that cannot be read is a diagnostic at its line; the others load.
    ///
    /// Lines and fields are found by their bytes, in one pass: `check` reads the whole list when it starts, and a
    /// split of each line into an array of slices was most of the reading (`make bench` times `check`).
    public static func load(text: String, file: String) -> (SDKSymbolList, [Diagnostic]) {
        var text = text
        var symbols: [SDKSymbol] = []
        var header: [String] = []
        var macTypes: Set<String> = []
        var macros: Set<String> = []
        var diagnostics: [Diagnostic] = []
        symbols.reserveCapacity(text.utf8.count / 90)
        text.withUTF8 { bytes in
            let tab = UInt8(ascii: "\t"), newline = UInt8(ascii: "\n")
            /// Where each field of the line being read starts and ends in `bytes`.
            var fields: [Range<Int>] = []
            fields.reserveCapacity(columns.count)
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            func field(_ i: Int) -> String? {
                fields[i].isEmpty ? nil : string(fields[i])
            }
            var lineNumber = 0
            var lineStart = 0
            while lineStart < bytes.count {
                lineNumber += 1
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != newline { lineEnd += 1 }
                defer { lineStart = lineEnd + 1 }
                if lineEnd == lineStart { continue }
                if bytes[lineStart] == UInt8(ascii: "#") {
                    var textStart = lineStart + 1
                    while textStart < lineEnd, bytes[textStart] == UInt8(ascii: " ") { textStart += 1 }
                    header.append(string(textStart..<lineEnd))
                    continue
                }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = lineStart
                for i in lineStart..<lineEnd where bytes[i] == tab {
                    fields.append(fieldStart..<i)
                    fieldStart = i + 1
                }
                fields.append(fieldStart..<lineEnd)
                if fields.count == columns.count, let name = field(3) {
                    switch field(0) {
                    case macTypeKind?: macTypes.insert(name); continue
                    case macroKind?: macros.insert(name); continue
                    default: break
                    }
                }
                guard fields.count == columns.count, let kindText = field(0), let kind = SDKSymbol.Kind(rawValue: kindText),
                      let module = field(1), let name = field(3) else {
                    let problem = fields.count == columns.count
                        ? "its kind is not one the list knows, or it has no module or name"
                        : "it has \(fields.count) tab-separated fields where \(columns.count) are expected"
                    diagnostics.append(Diagnostic(DataRule.invalid, file: file, at: SourceLocation(line: lineNumber, column: 1),
                                                  "this line of the generated symbol list cannot be read: \(problem); run `make symbols` to generate the file again"))
                    continue
                }
                symbols.append(SDKSymbol(kind: kind, module: module, container: field(2), name: name, swift4: field(4),
                                         swift2: field(5), objc: field(6), introduced: field(7), deprecated: field(8),
                                         obsoleted: field(9), renamed: field(10),
                                         related: field(11)?.split(separator: ",").map(String.init) ?? []))
            }
        }
        return (SDKSymbolList(symbols: symbols, header: header, macTypes: macTypes, macros: macros), diagnostics)
    }
}
