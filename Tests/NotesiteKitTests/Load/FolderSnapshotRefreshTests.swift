import Foundation
@testable import NotesiteKit
import Testing

/// `FolderSnapshot.refresh` looks again at the paths a watcher names and must find what a full scan finds.
@Suite struct FolderSnapshotRefreshTests {
    private final class Folders {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-refresh-\(UUID().uuidString)")
        var options: SiteOptions {
            SiteOptions(content: root.appendingPathComponent("Content").path, templates: root.appendingPathComponent("Templates").path,
                        output: root.appendingPathComponent("public").path)
        }

        init() throws {
            try write("Content/notes/en/a.md", "a")
            try write("Content/notes/en/b.md", "b")
            try write("Content/notes/en/guide/c.md", "c")
            try write("Content/notes/en/guide/deep/d.md", "d")
            try write("Content/data/symbols.yml", "types: []")
            try write("Templates/page.mustache", "{{{body}}}")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        func write(_ path: String, _ text: String) throws {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }

        func move(_ from: String, _ to: String) throws {
            try FileManager.default.moveItem(at: root.appendingPathComponent(from), to: root.appendingPathComponent(to))
        }

        func remove(_ path: String) throws {
            try FileManager.default.removeItem(at: root.appendingPathComponent(path))
        }
    }

    @Test func namedFilesThatChangedCameOrWent() throws {
        let folders = try Folders()
        var snapshot = FolderSnapshot(options: folders.options)
        try folders.write("Content/notes/en/a.md", "a, longer")
        try folders.write("Content/notes/en/new.md", "new")
        try folders.remove("Content/notes/en/b.md")
        let changes = snapshot.refresh(content: ["notes/en/a.md", "notes/en/new.md", "notes/en/b.md"], templates: [],
                                       options: folders.options)
        #expect(changes == SiteChanges(content: ["notes/en/a.md", "notes/en/new.md", "notes/en/b.md"], templates: false))
        #expect(snapshot == FolderSnapshot(options: folders.options), "the snapshot is now what a full scan sees")
        // Looked at again, nothing differs.
        #expect(snapshot.refresh(content: ["notes/en/a.md", "notes/en/b.md"], templates: [], options: folders.options).isEmpty)
    }

    @Test func aFolderStandsForEverythingBelowIt() throws {
        let folders = try Folders()
        var snapshot = FolderSnapshot(options: folders.options)
        try folders.move("Content/notes/en/guide", "Content/notes/en/manual")
        let changes = snapshot.refresh(content: ["notes/en/guide", "notes/en/manual"], templates: [], options: folders.options)
        #expect(changes.content == ["notes/en/guide/c.md", "notes/en/guide/deep/d.md",
                                    "notes/en/manual/c.md", "notes/en/manual/deep/d.md"])
        #expect(snapshot == FolderSnapshot(options: folders.options))

        try folders.remove("Content/notes/en/manual")
        #expect(snapshot.refresh(content: ["notes/en/manual"], templates: [], options: folders.options).content
            == ["notes/en/manual/c.md", "notes/en/manual/deep/d.md"])
        #expect(snapshot == FolderSnapshot(options: folders.options))
    }

    @Test func aTemplateChangeIsTheTemplatesFlag() throws {
        let folders = try Folders()
        var snapshot = FolderSnapshot(options: folders.options)
        #expect(snapshot.refresh(content: [], templates: ["page.mustache"], options: folders.options).isEmpty)
        try folders.write("Templates/page.mustache", "<main>{{{body}}}</main>")
        #expect(snapshot.refresh(content: [], templates: ["page.mustache"], options: folders.options)
            == SiteChanges(content: [], templates: true))
    }

    @Test func skippedNamesAndUnchangedFilesChangeNothing() throws {
        let folders = try Folders()
        var snapshot = FolderSnapshot(options: folders.options)
        try folders.write("Content/notes/en/.a.md.swp", "swap")
        try folders.write("Content/notes/en/a.md~", "backup")
        try folders.write("Content/.git/index", "git")
        let changes = snapshot.refresh(content: ["notes/en/.a.md.swp", "notes/en/a.md~", ".git/index", ".git", "notes/en/a.md"],
                                       templates: [], options: folders.options)
        #expect(changes.isEmpty)
        #expect(snapshot == FolderSnapshot(options: folders.options))
    }

    @Test func theWholeFolderIsTheEmptyPath() throws {
        let folders = try Folders()
        var snapshot = FolderSnapshot(options: folders.options)
        try folders.write("Content/notes/en/guide/deep/d.md", "d, again")
        try folders.write("Content/data/new.yml", "x: 1")
        let changes = snapshot.refresh(content: ["", "notes/en/a.md"], templates: [""], options: folders.options)
        #expect(changes == SiteChanges(content: ["notes/en/guide/deep/d.md", "data/new.yml"], templates: false))
        #expect(snapshot == FolderSnapshot(options: folders.options))
    }

    /// A file seen through a symbolic link to a folder is not part of the site: the full scan does not follow
    /// links, and neither does a refresh of a path below one.
    @Test func aPathThroughALinkIsNotSeen() throws {
        let folders = try Folders()
        try FileManager.default.createSymbolicLink(at: folders.root.appendingPathComponent("Content/notes/en/linked"),
                                                   withDestinationURL: folders.root.appendingPathComponent("Content/notes/en/guide"))
        var snapshot = FolderSnapshot(options: folders.options)
        try folders.write("Content/notes/en/guide/c.md", "c, changed")
        let changes = snapshot.refresh(content: ["notes/en/linked/c.md", "notes/en/linked"], templates: [], options: folders.options)
        #expect(changes.isEmpty)
        #expect(snapshot.refresh(content: ["notes/en/guide/c.md"], templates: [], options: folders.options).content == ["notes/en/guide/c.md"])
    }
}
