import Foundation
import NotesiteTestSupport
@testable import NotesiteKit

/// The repository's root, found from this file's path, so tests use the real `Templates/`.
let repositoryRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

/// A scratch folder with a copy of the fixture site as `Content/`; removed when the value is released.
final class ScratchSite {
    let root: URL
    var content: URL { root.appendingPathComponent("Content") }
    var output: URL { root.appendingPathComponent("public") }

    init(fixture: String? = "site") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        if let fixture {
            let source = try require(Bundle.module.url(forResource: fixture, withExtension: nil, subdirectory: "Fixtures"), "fixture \(fixture)")
            try FileManager.default.copyItem(at: source, to: content)
        } else {
            try FileManager.default.createDirectory(at: content.appendingPathComponent("notes"), withIntermediateDirectories: true)
        }
    }

    /// A new scratch folder whose `Content/` is a copy of `other`'s as it is now.
    init(copyOf other: ScratchSite) {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-test-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(at: other.content, to: content)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    var options: SiteOptions {
        SiteOptions(content: content.path, templates: repositoryRoot.appendingPathComponent("Templates").path,
                    output: output.path)
    }

    /// `options` with the templates copied from the repository into this folder and `file` among them changed by
    /// `edit`: for a template or strings file unlike the shipped one.
    func options(editingTemplate file: String, _ edit: (String) -> String) throws -> SiteOptions {
        let templates = root.appendingPathComponent("Templates")
        if !FileManager.default.fileExists(atPath: templates.path) {
            try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Templates"), to: templates)
        }
        let url = templates.appendingPathComponent(file)
        try Data(edit(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
        var options = self.options
        options.templates = templates
        return options
    }

    func write(_ path: String, _ text: String) throws {
        let url = content.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// A note at `path` (`notes/<lang>/<slug>.md`) with the least front matter a note needs, dated 2020-01-01 in
    /// the folder's language: five lines, so the body starts on line 6.
    func writeNote(_ path: String, title: String, _ body: String) throws {
        let language = path.split(separator: "/")[1]
        try write(path, "---\ntitle: \(title)\ndate: 2020-01-01\nlang: \(language)\n---\n" + body)
    }

    func read(_ outputPath: String) throws -> String {
        try String(contentsOf: output.appendingPathComponent(outputPath), encoding: .utf8)
    }
}

/// `#require` outside a test function body.
func require<T>(_ value: T?, _ message: String = "missing value") throws -> T {
    guard let value else { throw TestFailure(message) }
    return value
}

/// A scratch site built once by a builder that keeps its state, then rebuilt after each edit with the changes a
/// folder snapshot sees, as `notesite serve` does.
final class ServedSite {
    let site: ScratchSite
    let builder: IncrementalBuild
    private var snapshot: FolderSnapshot

    init() throws {
        site = try ScratchSite()
        builder = IncrementalBuild(options: site.options)
        _ = try builder.run()
        snapshot = FolderSnapshot(options: site.options)
    }

    /// The text of a file below the content folder (`notes/en/collapse.md`).
    func source(_ path: String) throws -> String {
        try String(contentsOf: site.content.appendingPathComponent(path), encoding: .utf8)
    }

    /// Rebuilds with what changed since the last run.
    @discardableResult func rebuild() throws -> SiteReport {
        let next = FolderSnapshot(options: site.options)
        defer { snapshot = next }
        return try builder.run(changes: next.changes(since: snapshot))
    }

    /// Writes `text` to the note at `path` and rebuilds.
    @discardableResult func edit(_ path: String, _ text: String) throws -> SiteReport {
        try site.write(path, text)
        return try rebuild()
    }
}

/// The site's files below `folder` with their bytes, by path, without the manifest: it is the build's record of its
/// files (their inodes and times), not a file of the site.
func siteFiles(in folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let base = folder.standardizedFileURL.path
    let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    while let url = enumerator?.nextObject() as? URL {
        guard (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true,
              url.lastPathComponent != SiteManifest.fileName else { continue }
        result[String(url.standardizedFileURL.path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
    }
    return result
}
