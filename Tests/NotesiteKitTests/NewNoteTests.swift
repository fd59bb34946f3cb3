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
        // The names of the pages each language's folder has already.
        ("Index", .en, "index-note"),
        ("Search", .en, "search-note"),
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

    /// `--slug index` would write a note whose page the language's list of notes replaces.
    @Test func aSlugNamedLikeALanguagePageIsRefused() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-new-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        let date = NoteDate(year: 2026, month: 11, day: 22)
        for slug in ["index", "search"] {
            let note = NewNote(title: "Index", language: .zh, slug: slug, date: date)
            #expect(throws: NewNote.Problem.reservedSlug(slug, .zh)) { try note.write(contentRoot: root, displayRoot: "Content") }
            #expect(NewNote.Problem.reservedSlug(slug, .zh).description.contains("zh/\(slug).html"))
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("notes/zh").path))
        let written = try NewNote(title: "Index", language: .zh, date: date).write(contentRoot: root, displayRoot: "Content")
        #expect(written == "Content/notes/zh/index-note.md")
    }

    @Test func theSkeletonParsesWithoutDiagnostics() {
        for language in Language.builtIn {
            let note = NewNote(title: "A \"quoted\" title: with colon", language: language, swift: "4.2", date: NoteDate(year: 2026, month: 11, day: 21))
            let parsed = NoteParser.parse(SourceFile(path: note.path, displayPath: note.path, text: note.text))
            #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics.map(\.formatted))")
            #expect(parsed.note?.metadata.title == "A \"quoted\" title: with colon")
            #expect(parsed.note?.metadata.swift == "4.2")
        }
    }
}
