import Testing
@testable import NotesiteKit

/// The catalogue is every case of every stage's `RuleSet`: SARIF and `check --list-rules` describe each rule from
/// it, and CI scripts match findings by the ids.
@Suite struct RuleCatalogTests {
    @Test func idsAreUniqueAndStartWithTheirGroup() {
        let ids = RuleCatalog.all.map(\.id)
        #expect(Set(ids).count == ids.count, "\(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        #expect(Set(RuleCatalog.sets.map { $0.group }).count == RuleCatalog.sets.count)
        for set in RuleCatalog.sets {
            for rule in set.rules {
                #expect(rule.id.hasPrefix(set.group + "."), "\(rule.id) is in \(set)")
                let name = rule.id.dropFirst(set.group.count + 1)
                #expect(!name.isEmpty && name.allSatisfy { $0.isLowercase || $0 == "-" }, "\(rule.id)")
            }
        }
        #expect(RuleCatalog.all.count == RuleCatalog.sets.map { $0.rules.count }.reduce(0, +))
    }

    @Test func everyRuleHasAOneSentenceSummary() {
        for rule in RuleCatalog.all {
            #expect(!rule.summary.isEmpty && rule.summary.hasSuffix("."), "\(rule.id)")
            #expect(rule.summary.first?.isUppercase == true, "\(rule.id)")
            #expect(!rule.summary.contains("\n") && rule.summary != rule.id, "\(rule.id)")
        }
    }

    /// What build only warns about and check fails on: broken links and images, and unsafe HTML.
    @Test func theRulesCheckRaisesToErrorsAreWarningsByDefault() {
        #expect(Set(RuleCatalog.errorsInCheck.map(\.id)) == [
            "link.unresolved", "link.anchor-missing", "image.missing", "image.github-blob", "html.link-broken", "html.unsafe",
        ])
        #expect(RuleCatalog.errorsInCheck.allSatisfy { $0.severity == .warning })
    }

    @Test func aRuleIsFoundByItsID() throws {
        for id in ["template.invalid", "template.missing", "template.strings", "symbol.unchecked", "run.failed"] {
            let rule = try #require(RuleCatalog.rule(id: id))
            #expect(rule.id == id)
        }
        #expect(RuleCatalog.rule(id: "template") == nil)
        #expect(RuleCatalog.rule(id: "link.broken") == nil)
        #expect(RuleCatalog.rule(id: "template.invalid") == TemplateRule.invalid.rule)
        #expect(TemplateRule.invalid.rule.severity == .error)
        #expect(LinkRule.unresolved.rule.isErrorInCheck && !LinkRule.footnoteMissing.rule.isErrorInCheck)
    }

    /// A finding takes its rule's severity unless its site names another.
    @Test func aDiagnosticTakesItsRulesSeverity() {
        #expect(Diagnostic(SymbolRule.unchecked, file: "f", at: nil, "m").severity == .note)
        #expect(Diagnostic(FrontMatterRule.unknownKey, file: "f", at: nil, "m").severity == .warning)
        #expect(Diagnostic(.note, SymbolRule.renamed, file: "f", at: nil, "m").severity == .note)
        #expect(Diagnostic(DataRule.invalid, file: "f", at: nil, "m").formatted == "f: error: m [data.invalid]")
    }

    @Test func theListForPeopleAndForMachines() throws {
        let table = RuleCatalog.table()
        let lines = table.split(separator: "\n")
        #expect(lines.count == RuleCatalog.all.count + 1)
        #expect(lines.first?.hasPrefix("RULE ") == true)
        #expect(lines.contains { $0.hasPrefix("link.unresolved ") && $0.contains(" warning, error in check ") && $0.hasSuffix(LinkRule.unresolved.summary) })
        #expect(lines.contains { $0.hasPrefix("template.invalid ") && $0.contains(" error ") && $0.hasSuffix(TemplateRule.invalid.summary) })
        // The descriptions start in one column.
        let column = try #require(lines.first?.range(of: "DESCRIPTION")).lowerBound.utf16Offset(in: lines.first!)
        for (line, rule) in zip(lines.dropFirst(), RuleCatalog.all) {
            #expect(line.dropFirst(column) == rule.summary[...], "\(rule.id)")
        }
    }
}
