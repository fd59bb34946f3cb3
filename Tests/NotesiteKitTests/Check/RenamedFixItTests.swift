import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// The fix-it of a name an earlier era spelled otherwise replaces what the note wrote, and keeps what stays right:
/// `check --fix` applies it as it is.
@Suite struct RenamedFixItTests {
    private let at = SourceLocation(line: 3, column: 5)

    @Test func aQualifiedNameKeepsItsQualifier() throws {
        let written = "UISplitViewController.DisplayMode.AllVisible"
        let fix = try #require(SymbolChecker.fixIt(replacing: written, spelled: written, with: "allVisible", at: at))
        #expect(fix.original == written && fix.replacement == "UISplitViewController.DisplayMode.allVisible")
        #expect(fix.range.end == SourceLocation(line: 3, column: 5 + written.utf8.count))
    }

    @Test func otherNamesAreReplacedAsBefore() throws {
        #expect(SymbolChecker.fixIt(replacing: "AllVisible", spelled: ".AllVisible", with: "allVisible", at: at)?.replacement == "allVisible")
        #expect(SymbolChecker.fixIt(replacing: "Compact", spelled: "Compact", with: "compact", at: at)?.replacement == "compact")
        #expect(SymbolChecker.fixIt(replacing: "presentViewController", spelled: "presentViewController(_:animated:completion:)",
                                    with: "present(_:animated:completion:)", at: at)?.replacement == "present")
        // A type's whole path, when the era's name is a path too.
        #expect(SymbolChecker.fixIt(replacing: "UIApplicationLaunchOptionsKey", spelled: "UIApplicationLaunchOptionsKey",
                                    with: "UIApplication.LaunchOptionsKey", at: at)?.replacement == "UIApplication.LaunchOptionsKey")
    }
}
