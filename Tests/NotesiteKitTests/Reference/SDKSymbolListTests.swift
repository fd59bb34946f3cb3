import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Reading `data/sdk-symbols.tsv`: every line the way a plain split of its text reads it.
@Suite struct SDKSymbolListTests {
    static let generated = (try? String(contentsOf: repositoryRoot.appendingPathComponent("Content/data/sdk-symbols.tsv"),
                                        encoding: .utf8)) ?? ""

    /// The file as a reading by `String.split` sees it: the header's text, and each other line's fields.
    private func plainReading(_ text: String) -> (header: [String], rows: [[String]]) {
        var header: [String] = []
        var rows: [[String]] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where !line.isEmpty {
            if line.hasPrefix("#") {
                header.append(String(line.dropFirst().drop { $0 == " " }))
            } else {
                rows.append(line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init))
            }
        }
        return (header, rows)
    }

    /// A symbol as the twelve fields of its line.
    private func fields(_ symbol: SDKSymbol) -> [String] {
        [symbol.kind.rawValue, symbol.module, symbol.container ?? "", symbol.name, symbol.swift4 ?? "", symbol.swift2 ?? "",
         symbol.objc ?? "", symbol.introduced ?? "", symbol.deprecated ?? "", symbol.obsoleted ?? "", symbol.renamed ?? "",
         symbol.related.joined(separator: ",")]
    }

    @Test func everyLineOfTheGeneratedListIsReadAsItsFields() {
        let (list, diagnostics) = SDKSymbolList.load(text: Self.generated, file: "sdk-symbols.tsv")
        let plain = plainReading(Self.generated)
        #expect(diagnostics.isEmpty)
        #expect(list.header == plain.header)
        let rows = plain.rows.filter { $0.first != "mac-type" && $0.first != "macro" }
        #expect(list.macTypes == Set(plain.rows.filter { $0.first == "mac-type" }.map { $0[3] }))
        #expect(list.macros == Set(plain.rows.filter { $0.first == "macro" }.map { $0[3] }))
        #expect(list.macros.contains("NSLocalizedStringFromTable") && list.macros.contains("NSAssert1"))
        #expect(list.symbols.count == rows.count)
        #expect(list.symbols.count > 20_000)
        for (symbol, row) in zip(list.symbols, rows) where fields(symbol) != row {
            Issue.record("\(row) read as \(fields(symbol))")
            break
        }
    }

    /// A `mac-type` or `macro` row gives a name and nothing else: it is no symbol, and the header says which
    /// modules macOS's type names come from.
    @Test func macOSTypesAreNamesOnly() throws {
        let text = """
            # sdk: x.sdk; APIs introduced after iOS 16.4 are not in this list.
            # counts: UIKit=1 Foundation=0 CoreData=1
            # macos: AppKit=1 Foundation=0 CoreData=0 (kind mac-type: names only)
            class\tUIKit\t\tUIView\t\t\t\t\t\t\t\tUIResponder
            class\tCoreData\t\tNSManagedObject\t\t\t\t\t\t\t\t
            mac-type\tAppKit\t\tNSView\t\t\t\t\t\t\t\t
            macro\tFoundation\t\tNSAssert1\t\t\t\t\t\t\t\t

            """
        let (list, diagnostics) = SDKSymbolList.load(text: text, file: "sdk-symbols.tsv")
        #expect(diagnostics.isEmpty)
        #expect(list.symbols.map(\.name) == ["UIView", "NSManagedObject"])
        #expect(list.macTypes == ["NSView"])
        #expect(list.macros == ["NSAssert1"])
        #expect(list.type(named: "NSView") == nil)
        #expect(list.contents == "the iOS 16.4 SDK's UIKit and CoreData names, and macOS's AppKit type names")
        let generated = try #require(SDKSymbolList.load(text: Self.generated, file: "sdk-symbols.tsv").0.contents)
        #expect(generated.hasSuffix(", and macOS's AppKit and Foundation type names"), "\(generated)")
    }

    @Test func aLineThatCannotBeReadIsADiagnosticAtItsLine() {
        let good = "method\tUIKit\tUIViewController\tshow(_:sender:)\t\t\t-showViewController:sender:\t8.0\t\t\t\t"
        let text = [
            "# notesite SDK symbol list",
            "#   source: somewhere",
            good,
            "",
            "method\tUIKit\tUIViewController\ttoo-few",
            "gadget\tUIKit\t\tUIGadget\t\t\t\t\t\t\t\t",
            "class\t\t\tUIView\t\t\t\t\t\t\t\t",
            good.replacingOccurrences(of: "show(_:sender:)", with: "Ünïcode(_:)") + "\tone too many",
            "class\tUIKit\t\tUIView\t\t\tUIView\t2.0\t\t\t\tUIResponder,NSCoding",
        ].joined(separator: "\n")
        let (list, diagnostics) = SDKSymbolList.load(text: text, file: "data/sdk-symbols.tsv")
        #expect(list.header == ["notesite SDK symbol list", "source: somewhere"])
        #expect(list.symbols.map(\.path) == ["UIViewController.show(_:sender:)", "UIView"])
        #expect(list.symbols.last?.related == ["UIResponder", "NSCoding"])
        #expect(list.symbols.first?.swift4 == nil && list.symbols.first?.objc == "-showViewController:sender:")
        #expect(diagnostics.map(\.location) == [5, 6, 7, 8].map { SourceLocation(line: $0, column: 1) })
        #expect(diagnostics.allSatisfy { $0.file == "data/sdk-symbols.tsv" && $0.message.contains("make symbols") })
        #expect(diagnostics[0].message.contains("it has 4 tab-separated fields where 12 are expected"))
        #expect(diagnostics[1].message.contains("its kind is not one the list knows"))
        #expect(diagnostics[3].message.contains("it has 13 tab-separated fields"))
    }

    @Test func aListWithoutAFinalLineBreakReadsItsLastLine() {
        let (list, diagnostics) = SDKSymbolList.load(text: "# h\nclass\tUIKit\t\tUIView\t\t\t\t\t\t\t\t", file: "f")
        #expect(diagnostics.isEmpty && list.symbols.map(\.name) == ["UIView"] && list.header == ["h"])
        #expect(SDKSymbolList.load(text: "", file: "f").0.isEmpty)
    }
}

/// What every form of every symbol in every era names, against an index of the forms built a spelling at a time:
/// each era's forms found anew and added in turn.
@Suite struct SDKSymbolFormIndexTests {
    @Test func everyFormNamesWhatAnIndexBuiltEraByEraGivesIt() {
        let (list, _) = SDKSymbolList.load(text: SDKSymbolListTests.generated, file: "sdk-symbols.tsv")
        var plain: [String: [(index: Int32, eras: SDKSymbolList.Eras)]] = [:]
        func add(_ form: String, _ index: Int32, _ eras: SDKSymbolList.Eras) {
            if let at = plain[form, default: []].firstIndex(where: { $0.index == index }) {
                plain[form]![at].eras.formUnion(eras)
            } else {
                plain[form, default: []].append((index, eras))
            }
        }
        for (i, symbol) in list.symbols.enumerated() {
            let index = Int32(i)
            for form in symbol.forms(of: symbol.path) { add(form, index, [.swift42, .swift5]) }
            for form in symbol.forms(of: symbol.swift4 ?? symbol.path) { add(form, index, [.swift3, .swift4]) }
            if let swift2 = symbol.swift2 {
                for form in symbol.forms(of: swift2) { add(form, index, .swift2) }
            }
            for form in symbol.objcForms { add(form, index, .objc) }
        }
        #expect(plain.count > 50_000)
        var differing: [String] = []
        for (n, (form, entries)) in plain.enumerated() {
            let found = list.matches(form)
            if found.map(\.symbol) != entries.map({ list.symbols[Int($0.index)] }) || found.map(\.eras) != entries.map(\.eras) {
                differing.append(form)
            }
            // A spelling that is no form names nothing: not the same name with a dot before it or a letter after it
            // (for one form in eight, which is enough to meet every kind of form many times).
            for other in ["." + form, form + "s"] where n % 8 == 0 && plain[other] == nil && !list.matches(other).isEmpty {
                differing.append(other)
            }
        }
        #expect(differing.isEmpty, "\(differing.prefix(5))")
        // Spellings that differ between eras are there in each.
        #expect(list.matches("UISplitViewController.DisplayMode.allVisible").contains { $0.eras.contains(.swift5) })
        #expect(list.matches("UISplitViewControllerDisplayMode.allVisible").contains { $0.eras.contains(.swift4) })
    }
}
