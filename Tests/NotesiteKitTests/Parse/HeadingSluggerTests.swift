import Foundation
import Testing
@testable import NotesiteKit

@Suite struct HeadingSluggerTests {
    private struct Case: Decodable {
        let name: String
        let input: String
        let expected: String
    }

    /// github-slugger's own fixtures (ISC licence; see Fixtures/README.md), run in order because repeats are
    /// numbered across the whole list.
    @Test func conformsToGitHubSluggerFixtures() throws {
        let url = try #require(Bundle.module.url(forResource: "github-slugger-fixtures", withExtension: "json", subdirectory: "Fixtures"))
        let cases = try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        #expect(cases.count > 70)
        var slugger = HeadingSlugger()
        for item in cases {
            let got = slugger.slug(for: item.input)
            // github-slugger's tables are Unicode 13; characters assigned since then are letters to Swift's newer
            // Unicode data and are kept, so only the case that lists "unassigned" code points differs.
            if item.name == "Unassigned" { continue }
            #expect(got == item.expected, "\(item.name)")
        }
    }

    @Test(arguments: [
        ("Collapse和Expand", "collapse和expand"),
        ("iPhone 和 iPad 共用 UISplitViewController", "iphone-和-ipad-共用-uisplitviewcontroller"),
        ("收起 (collapsing process)", "收起-collapsing-process"),
        ("显示模式（displayMode）：四种", "显示模式displaymode四种"),
        ("Changing Child View Controllers in a Split View Interface(改变子视图控制器)",
         "changing-child-view-controllers-in-a-split-view-interface改变子视图控制器"),
        ("1. Классический вариант адаптивного Split View Controller", "1-классический-вариант-адаптивного-split-view-controller"),
        ("Ёлка и «кавычки»", "ёлка-и-кавычки"),
        ("Step 2: collapse the secondary onto the primary", "step-2-collapse-the-secondary-onto-the-primary"),
        ("Where `show(_:sender:)` goes", "where-show_sender-goes"),
    ])
    func headingsFromTheNotes(text: String, id: String) {
        var slugger = HeadingSlugger()
        #expect(slugger.slug(for: text) == id)
    }

    @Test func repeatsAreNumberedAndNeverCollide() {
        var slugger = HeadingSlugger()
        #expect(["概述", "概述", "概述-1", "概述"].map { slugger.slug(for: $0) } == ["概述", "概述-1", "概述-1-1", "概述-2"])
    }

    @Test func punctuationOnlyHeadingsStillGetAnId() {
        var slugger = HeadingSlugger()
        #expect(slugger.slug(for: "？！") == "section")
        #expect(slugger.slug(for: "!!!") == "section-1")
    }

    @Test func reservedIdsAreNotTaken() {
        var slugger = HeadingSlugger(reserving: ["contents"])
        #expect(slugger.slug(for: "Contents") == "contents-1")
    }

    /// The rule as written: the whole text lowercased, then filtered a scalar at a time.
    private static func slugifiedByDefinition(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || scalar.properties.isAlphabetic || [.nonspacingMark, .spacingMark, .enclosingMark,
                      .decimalNumber, .connectorPunctuation].contains(scalar.properties.generalCategory) {
                if !scalar.isASCII || (scalar.value >= 0x61 && scalar.value <= 0x7A) || (scalar.value >= 0x30 && scalar.value <= 0x39)
                    || scalar == "_" || scalar == "-" {
                    result.append(scalar)
                }
            }
        }
        return String(result)
    }

    /// `slugify` lowercases ASCII, Cyrillic and the CJK ideographs without the Unicode tables: every scalar of
    /// the first two planes comes out as the rule's definition makes it, in runs of 256.
    @Test func everyScalarIsSlugifiedAsTheDefinitionSays() {
        var mismatches: [String] = []
        for start in stride(from: 0, to: 0x30000, by: 256) {
            let scalars = (start..<(start + 256)).compactMap { Unicode.Scalar(UInt32($0)) }
            let text = String(String.UnicodeScalarView(scalars))
            if HeadingSlugger.slugify(text) != Self.slugifiedByDefinition(text) {
                mismatches.append(String(start, radix: 16))
            }
        }
        #expect(mismatches.isEmpty, "runs from U+\(mismatches.joined(separator: ", U+"))")
        #expect(HeadingSlugger.slugify("Ѐ ЁЖ İK") == "ѐ-ёж-i̇k")
    }
}
