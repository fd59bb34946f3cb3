import Foundation
import Testing
@testable import NotesiteKit

@Suite struct NewNoteTests {
    @Test(arguments: [
        ("Collapsing a Split View", Language.en, "collapsing-a-split-view"),
        ("What's new in iOS 14?", .en, "whats-new-in-ios-14"),
        ("UISplitViewController 的收起与展开", .zh, "uisplitviewcontroller-de-shou-qi-yu-zhan-kai"),
        ("自适应布局", .zh, "zi-shi-ying-bu-ju"),
        ("Ёлка и щука: разъём", .ru, "yolka-i-shchuka-razyom"),
        ("Адаптивный SplitViewController, часть 1", .ru, "adaptivnyy-splitviewcontroller-chast-1"),
        ("—…—", .en, "note"),
    ])
    func slugsFromTitles(title: String, language: Language, slug: String) {
        #expect(NewNote.slug(for: title, in: language) == slug)
        #expect(NoteParser.isValidSlug(NewNote.slug(for: title, in: language)))
    }

    @Test func longTitlesStopAtAWordBoundary() {
        let slug = NewNote.slug(for: String(repeating: "adaptive layout ", count: 10), in: .en)
        #expect(slug.count <= 60)
        #expect(!slug.hasSuffix("-"))
        #expect(slug.hasSuffix("layout") || slug.hasSuffix("adaptive"))
    }

    @Test func theSkeletonParsesWithoutDiagnostics() {
        for language in Language.allCases {
            let note = NewNote(title: "A \"quoted\" title: with colon", language: language, swift: "4.2", date: NoteDate(year: 2026, month: 11, day: 21))
            let parsed = NoteParser.parse(SourceFile(path: note.path, displayPath: note.path, text: note.text))
            #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.formatted))")
            #expect(parsed.note?.metadata.title == "A \"quoted\" title: with colon")
            #expect(parsed.note?.metadata.swift == "4.2")
        }
    }
}
