import Foundation
import Testing
@testable import NotesiteKit

/// Telling a note's language by its prose.
@Suite struct LanguageDetectorTests {
    /// The repository's own notes, each in the folder of its language, are told so, and surely.
    @Test func theRepositorysNotesAreToldByTheirFolders() throws {
        let notes = repositoryRoot.appendingPathComponent("Content/notes")
        var seen = 0
        for language in Language.builtIn {
            let folder = notes.appendingPathComponent(language.rawValue)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) where name.hasSuffix(".md") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                let path = "notes/\(language.rawValue)/\(name)"
                let note = try #require(NoteParser.parse(SourceFile(path: path, displayPath: path, text: text)).note)
                let detection = LanguageDetector.detect(note.document)
                #expect(detection.language == language, "\(path): \(detection)")
                #expect(!detection.isUncertain, "\(path): \(detection)")
                seen += 1
            }
        }
        #expect(seen >= 6)
    }

    @Test func codeAddressesAndHTMLAreNotProse() {
        let chinese = """
            `UISplitViewController` 在紧凑宽度下会收起。调用 `showDetailViewController(_:sender:)` 时，它会推入详细视图控制器。

            ```swift
            // A long English comment in the code, which says nothing about the language of the note at all.
            splitViewController.preferredDisplayMode = .oneBesideSecondary
            ```

            参见 https://developer.apple.com/documentation/uikit/uisplitviewcontroller 和 <https://example.com/a-long-english-address>。

            <div class="note">An English aside in raw HTML, which is markup and left out.</div>
            """
        let detection = LanguageDetector.detect(markdown: chinese)
        #expect(detection.language == .zh)
        #expect(!detection.isUncertain, "\(detection)")
        #expect(detection.latin == 0, "\(detection)")
    }

    @Test func aRussianNoteWithEnglishNamesIsRussian() {
        let russian = "Когда ширина становится компактной, UISplitViewController сворачивается, а primary view controller остаётся на экране.\n"
        let detection = LanguageDetector.detect(markdown: russian)
        #expect(detection.language == .ru)
        #expect(!detection.isUncertain, "\(detection)")
    }

    @Test func tooLittleOrMixedProseIsUncertain() {
        let short = LanguageDetector.detect(markdown: "Popovers adapt.\n")
        #expect(short.language == .en && short.isUncertain)
        #expect(short.uncertainty?.contains("too little prose") == true)
        let none = LanguageDetector.detect(markdown: "```swift\nlet x = 1\n```\n")
        #expect(none.language == .en && none.uncertainty == "it has no prose to tell by")
        let mixed = LanguageDetector.detect(markdown: "Сворачивание разделённого вида и его колонки. Collapsing the split view controller and its columns.\n")
        #expect(mixed.isUncertain)
        #expect(mixed.uncertainty?.contains("Russian and English") == true || mixed.uncertainty?.contains("English and Russian") == true, "\(mixed)")
    }

    @Test func eachScriptCounts() {
        var counts = LanguageDetector.Counts()
        LanguageDetector.countLetters(in: "Ёлка 中文 café www.example.com x", into: &counts)
        #expect(counts.cyrillic == 4 && counts.han == 2 && counts.latin == 5)
    }
}
