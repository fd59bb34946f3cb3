import Foundation
import Testing
@testable import NotesiteKit

/// `check` on notes nobody here wrote, against the curated and the generated symbol lists: the notes of
/// `Fixtures/symbol-notes` (a Swift 2, a Swift 3, an Objective-C and a Swift 1 note, one about alerts and popovers;
/// their mistakes are listed in its EXPECTED.md) and those of `Fixtures/real-notes`.
@Suite struct SymbolNotesTests {
    /// The symbol findings of `check` on a fixture folder, with the repository's data, as `rule path:line name`.
    private static func findings(of fixture: String) throws -> [Diagnostic] {
        let site = try ScratchSite(fixture: fixture)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Content/data"),
                                         to: site.content.appendingPathComponent("data"))
        let report = try SitePipeline.check(site.options)
        return report.diagnostics.filter { $0.rule.id.hasPrefix("symbol.") }
    }

    private static func summary(_ diagnostic: Diagnostic) -> String {
        let path = diagnostic.file.components(separatedBy: "/notes/").last ?? diagnostic.file
        let name = diagnostic.message.split(separator: "`", omittingEmptySubsequences: false).dropFirst().first.map(String.init) ?? ""
        return "\(diagnostic.rule.id) \(path):\(diagnostic.location?.line ?? 0) \(name)"
    }

    /// Every name `check` calls unknown or malformed is one of the notes' real mistakes (EXPECTED.md), and the
    /// hundreds of real UIKit, Foundation and Objective-C names around them pass.
    @Test func onlyTheNotesRealMistakesAreUnknown() throws {
        let found = try Self.findings(of: "symbol-notes")
            .filter { [SymbolRule.unknown.rule, SymbolRule.malformed.rule].contains($0.rule) }.map(Self.summary)
        #expect(found.sorted() == [
            "symbol.malformed zh/2017-04-27-storyboard-argue.md:97 present(:animated:completion)",
            "symbol.malformed zh/2017-04-27-storyboard-argue.md:97 pushViewController(:animated)",
            "symbol.unknown en/21-alerts-and-popovers.md:49 presentViewController(_:, animated:)",
            "symbol.unknown en/21-alerts-and-popovers.md:73 UIPopoverPresentationDelegate",
            "symbol.unknown zh/2014-07-29-ios-ui-unique.md:98 UIApperance",
            "symbol.unknown zh/2017-04-27-storyboard-argue.md:186 UIImage(names:)",
            "symbol.unknown zh/2017-04-27-storyboard-argue.md:37 UINibDecoder",
        ])
    }

    /// Each note is checked in the era its code is written in, which one remark names; so none of its names is
    /// "the spelling of another Swift", and the Objective-C note, which has no era, gets no remark.
    @Test func eachNoteIsCheckedInItsOwnEra() throws {
        let findings = try Self.findings(of: "symbol-notes")
        let eras = Dictionary(findings.filter { $0.rule == SymbolRule.era.rule }.map { d in
            (d.file.components(separatedBy: "/notes/").last!, d.message)
        }, uniquingKeysWith: { first, _ in first })
        #expect(eras.count == 4)
        #expect(eras["en/2015-11-03-putting-a-uicollectionview-in-a-uitableviewcell-in-swift/index.md"]?.contains("checked as Swift 2") == true)
        #expect(eras["en/21-alerts-and-popovers.md"]?.contains("checked as Swift 2") == true)
        #expect(eras["zh/2014-07-29-ios-ui-unique.md"]?.contains("checked as Swift 1") == true)
        #expect(eras["zh/2017-04-27-storyboard-argue.md"]?.contains("checked as Swift 3") == true)
        #expect(findings.filter { $0.rule == SymbolRule.renamed.rule }.map(Self.summary) == [])
    }

    /// Halfrost's Core Data post, Objective-C indented with no-break spaces: its Core Data names are known, and the
    /// one finding is true, `metadataForPersistentStoreOfType:URL:error:`, deprecated in iOS 9.
    @Test func aCoreDataPostHearsOnlyOfItsDeprecatedMethod() throws {
        let findings = try Self.findings(of: "real-notes").filter { $0.file.hasSuffix("zh/iOS_Core_Data.md") }
        #expect(findings.map(Self.summary) == ["symbol.deprecated zh/iOS_Core_Data.md:197 NSPersistentStoreCoordinator.metadataForPersistentStore(ofType:at:)"],
                "\(findings.map(\.formatted))")
    }

    /// What the collection of real notes gets: a name that is no API (`UIInterfaceIdiom`, which is
    /// `UIUserInterfaceIdiom`) and an Info.plist key, and no UIKit class called unknown.
    @Test func realNotesHearOfNoRealClassAsUnknown() throws {
        let unknown = try Self.findings(of: "real-notes").filter { $0.rule == SymbolRule.unknown.rule }.map(Self.summary)
        #expect(unknown.sorted() == [
            "symbol.unknown zh/modal.md:237 UISupportedInterfaceOrientations",
            "symbol.unknown zh/unified-storyboards.md:27 UIInterfaceIdiom",
        ])
    }
}
