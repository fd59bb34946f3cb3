import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Identifiers that mix Latin letters with Cyrillic or Greek look-alikes.
@Suite struct ConfusableNamesTests {
    @Test func aCyrillicLetterInALatinNameIsFound() {
        #expect(ConfusableNames.latinSpelling(of: "FlickrPhotosTVС") == "FlickrPhotosTVC")
        #expect(ConfusableNames.latinSpelling(of: "sеgue") == "segue")
        #expect(ConfusableNames.latinSpelling(of: "ΤableView") == "TableView")
    }

    /// Names wholly in one script, and names with letters that have no Latin twin, are what they are.
    @Test(arguments: ["FlickrPhotosTVC", "контроллер", "кнопкаOK", "viewЖ", "naïve", "日本View"])
    func namesInOneScriptOrWithOtherLettersAreLeftAlone(name: String) {
        #expect(ConfusableNames.latinSpelling(of: name) == nil)
    }

    @Test func eachFindingPointsAtTheNameWithTheLatinFixIt() throws {
        let code = "let a = FlickrPhotosTVC()\nlet b = FlickrPhotosTVС()\n"
        let findings = ConfusableNames.findings(in: code, file: "n.md") { SourceLocation(line: 10, column: $0) }
        let finding = try #require(findings.first)
        #expect(findings.count == 1)
        #expect(finding.rule == SymbolRule.confusable.rule)
        #expect(finding.location == SourceLocation(line: 10, column: 34))
        #expect(finding.message.contains("`С` (Cyrillic, U+0421)"))
        #expect(finding.fixIts.first?.replacement == "FlickrPhotosTVC")
    }
}
