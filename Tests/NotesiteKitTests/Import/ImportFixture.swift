import Foundation
import NotesiteTestSupport
@testable import NotesiteKit

/// A folder to import from, made in the test: files written by path, removed when the value is released.
final class ImportFixture {
    let root: URL

    /// `name`: the folder's own name (a README at its top is named after it).
    init(name: String = "old-notes") throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-import-\(UUID().uuidString)").appendingPathComponent(name)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root.deletingLastPathComponent()) }

    func write(_ path: String, _ text: String) throws {
        try write(path, Data(text.utf8))
    }

    func write(_ path: String, _ data: Data) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }

    /// Runs git in the folder, as a fixed author at a fixed time; its output.
    @discardableResult
    func git(_ arguments: [String], date: String = "2020-02-03T04:05:06+08:00") throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path, "-c", "user.name=Author", "-c", "user.email=author@example.com",
                             "-c", "commit.gpgsign=false", "-c", "init.defaultBranch=main"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["GIT_AUTHOR_DATE"] = date
        environment["GIT_COMMITTER_DATE"] = date
        process.environment = environment
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestFailure("git \(arguments.joined(separator: " ")) failed") }
        return String(decoding: data, as: UTF8.self)
    }

    /// A small PNG: a 1×1 image, with `tag` after its end so that two images differ.
    static func png(_ tag: String = "") -> Data {
        let bytes: [UInt8] = [
            0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
            0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
            0x89, 0x00, 0x00, 0x00, 0x0A, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00,
            0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D, 0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE,
            0x42, 0x60, 0x82,
        ]
        return Data(bytes) + Data(tag.utf8)
    }

    // MARK: The two shapes the tests import

    static let jekyllPost = """
        ---
        layout: post
        title: "Split view: collapsing and expanding"
        categories: [ios, uikit]
        ---

        A split view controller collapses when its size class becomes compact, and expands again when it becomes
        regular. The secondary view controller is then shown beside the primary one.

        ![x](/images/x.png)

        ```swift
        let controller = UISplitViewController(style: .doubleColumn)
        ```

        """

    static let jekyllDraft = "Popovers adapt.\n"

    /// A Jekyll site: a post with Jekyll's front matter and an image from the site's root, a draft, and the image.
    static func jekyll() throws -> ImportFixture {
        let site = try ImportFixture(name: "old-blog")
        try site.write("_config.yml", "title: Old blog\nmarkdown: kramdown\n")
        try site.write("_posts/2017-04-05-split-view.md", jekyllPost)
        try site.write("_drafts/draft.md", jekyllDraft)
        try site.write("images/x.png", png("x"))
        try site.write("about.md", "---\nlayout: page\ntitle: About\n---\nAbout this blog.\n")
        return site
    }

    static let readmeA = """
        # Adaptive layout

        Size classes describe the space a view controller has: compact or regular, in each direction. A split view
        controller reads them to decide how many columns it shows.

        ![](img/a.png)

        """

    static let readmeB = """
        # 分割视图

        分割视图控制器在紧凑宽度下会收起，只显示一个视图控制器；在常规宽度下会展开，同时显示主视图和详细视图。

        """

    static let readmeC = """
        # Разделённый вид

        Контроллер разделённого вида сворачивается при компактной ширине и разворачивается при обычной ширине экрана.

        """

    /// A folder with a README per subfolder (English with an image beside it, Chinese, Russian) and a licence.
    static func readmes() throws -> ImportFixture {
        let folder = try ImportFixture(name: "study-notes")
        try folder.write("a/README.md", readmeA)
        try folder.write("a/img/a.png", png("a"))
        try folder.write("b/README.md", readmeB)
        try folder.write("c/README.md", readmeC)
        try folder.write("LICENSE.md", "MIT License\n\nPermission is hereby granted, free of charge, to any person.\n")
        return folder
    }
}

/// The files below `folder`, by path, with their bytes: to tell that a run wrote nothing, or what it wrote.
func snapshot(_ folder: URL) -> [String: Data] {
    var files: [String: Data] = [:]
    guard let paths = FileManager.default.subpaths(atPath: folder.path) else { return files }
    for path in paths {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isDirectory), !isDirectory.boolValue {
            files[path] = FileManager.default.contents(atPath: folder.path + "/" + path)
        }
    }
    return files
}
