import Testing
@testable import NotesiteKit

/// Where a note's file puts its page: subfolders, a folder's README, and Jekyll's dated file names.
@Suite struct NotePlaceTests {
    private func place(_ path: String) -> (slug: String?, rules: [String], messages: [String]) {
        let (place, diagnostics) = NotePlace.of(SourceFile(path: path, displayPath: "Content/" + path, text: ""))
        return (place?.slug, diagnostics.map(\.rule.id), diagnostics.map(\.message))
    }

    @Test(arguments: [
        ("notes/en/popovers.md", "popovers"),
        ("notes/en/uikit/popovers.md", "uikit/popovers"),
        ("notes/en/uikit/controls/button-2.md", "uikit/controls/button-2"),
        ("notes/en/split-view/README.md", "split-view"),
        ("notes/en/split-view/readme.md", "split-view"),
        ("notes/en/split-view/index.md", "split-view"),
        ("notes/en/uikit/split-view/README.md", "uikit/split-view"),
        ("notes/en/2017-04-05-title.md", "title"),
        ("notes/zh/uikit/2017-04-05-split-view.md", "uikit/split-view"),
        // Not a date before a name: kept as it is.
        ("notes/en/2017-04-05.md", "2017-04-05"),
        ("notes/en/2017-4-5-title.md", "2017-4-5-title"),
        ("notes/en/uikit/search.md", "uikit/search"),
    ])
    func addresses(path: String, slug: String) {
        let found = place(path)
        #expect(found.slug == slug)
        #expect(found.rules.isEmpty, "\(found.messages)")
    }

    @Test func theLanguagesOwnPagesStayReserved() {
        #expect(place("notes/zh/index.md").rules == ["content.bad-slug"])
        #expect(place("notes/zh/index.md").messages == ["this note would be written to zh/index.html, which is the list of the language's notes; rename the file, such as 'index-note.md'"])
        #expect(place("notes/ru/search.md").rules == ["content.bad-slug"])
        let readme = place("notes/en/README.md")
        #expect(readme.rules == ["content.bad-slug"])
        #expect(readme.messages.first?.contains("en/index.html, the list of the language's notes") == true)
        // Where the tag pages go.
        let tagged = place("notes/en/tags/swift.md")
        #expect(tagged.rules == ["content.bad-slug"])
        #expect(tagged.messages.first?.contains("move it out of notes/en/tags/") == true)
        #expect(place("notes/en/tags/README.md").rules.isEmpty)
    }

    /// Names as collections write them become page names: lowercase, letters and digits of every script kept,
    /// anything else a hyphen.
    @Test(arguments: [
        ("notes/zh/iOS_launchpage_logo_fly.md", "ios-launchpage-logo-fly"),
        ("notes/zh/iOSCoreAnimationNote.md", "ioscoreanimationnote"),
        ("notes/zh/中文測試.md", "中文測試"),
        ("notes/ru/Заметка о UIKit.md", "заметка-о-uikit"),
        ("notes/en/PopupKit/README.md", "popupkit"),
        ("notes/en/UIKit/Split View (iOS 14).md", "uikit/split-view-ios-14"),
        ("notes/en/2017-02-05-Retrospective-Swift-at-Artsy.md", "retrospective-swift-at-artsy"),
        ("notes/en/-dash.md", "dash"),
        ("notes/en/a..b.md", "a-b"),
        // A page name already: kept as written.
        ("notes/en/a--b-.md", "a--b-"),
    ])
    func namesBecomePageNames(path: String, slug: String) {
        let found = place(path)
        #expect(found.slug == slug)
        #expect(found.rules.isEmpty, "\(found.messages)")
    }

    @Test func aNameWithNoLetterOrDigitIsAnError() {
        let file = place("notes/en/___.md")
        #expect(file.rules == ["content.bad-slug"])
        #expect(file.messages == ["the file name '___.md' has no letter or digit to name its page; rename it, such as 'split-view-basics.md'"])
        let folder = place("notes/en/(!)/README.md")
        #expect(folder.rules == ["content.bad-slug"])
        #expect(folder.messages.first?.contains("the folder name '(!)'") == true)
        // The language's own pages, whatever the case.
        #expect(place("notes/en/Search.md").rules == ["content.bad-slug"])
    }

    @Test func filesThatCannotBeNotes() {
        #expect(place("notes/a.md").rules == ["content.misplaced"])
        #expect(place("notes/fr/a/b.md").rules == ["content.unknown-language"])
        #expect(place("notes/a.md").slug == nil)
    }

    @Test func folderPages() {
        #expect(NotePlace.folder(ofFolderPage: "notes/en/split-view/README.md") == "notes/en/split-view")
        #expect(NotePlace.folder(ofFolderPage: "notes/en/a/b/index.md") == "notes/en/a/b")
        #expect(NotePlace.folder(ofFolderPage: "notes/en/README.md") == nil)
        #expect(NotePlace.folder(ofFolderPage: "notes/en/a/readme-first.md") == nil)
        #expect(NotePlace.reason(forPath: "notes/en/2017-04-05-a.md") != nil)
        #expect(NotePlace.reason(forPath: "notes/en/a.md") == nil)
        #expect(NotePlace.reason(forPath: "notes/en/uikit/a.md") == nil)
        #expect(NotePlace.reason(forPath: "notes/en/UIKit/a.md")?.contains("lowercase") == true)
    }
}
