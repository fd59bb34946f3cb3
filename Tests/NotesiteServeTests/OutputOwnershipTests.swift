import Foundation
import NotesiteKit
import NotesiteTestSupport
import Testing
@testable import NotesiteServe

/// Serve owns its output folder: a folder deleted or emptied while serving gets the whole site again (not only an
/// edited note's files), and a notes folder moved away is the error a build gives while the last good site stays.
@Suite(.serialized) struct OutputOwnershipTests {
    /// Every file below `folder`, as paths relative to it, but the entries whose names start with `.` (the lock and
    /// the manifest, which the tests look at on their own).
    private static func files(in folder: URL) -> Set<String> {
        let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
        return Set(paths.filter { path in
            !path.split(separator: "/").contains { $0.hasPrefix(".") }
                && !((try? folder.appendingPathComponent(path).resourceValues(forKeys: [.isDirectoryKey]).isDirectory) ?? false)
        })
    }

    /// The pages a test asks for after the site is back: the edited note's, another language's, the home page.
    private static func expectServed(_ site: TimedSite, edited sentence: String?) async throws {
        for path in ["/", "/zh/shoushi.html", "/ru/svorachivanie.html", "/en/collapse.html"] {
            let (status, body) = try await site.answer(path)
            #expect(status == 200 && body.contains("</html>") && !body.contains("does not build"), "\(path): \(status) \(body.prefix(200))")
        }
        if let sentence {
            #expect(try await site.get("/en/collapse.html").contains(sentence))
        }
    }

    /// `rm -rf public` while serving, then an edit: the rebuild writes the whole site with its manifest, so every
    /// page is there and served, not only the edited note's.
    @Test func anOutputFolderDeletedWhileServingIsBuiltWholeAtTheNextEdit() async throws {
        let site = try await TimedSite()
        let built = Self.files(in: site.output)
        #expect(built.count >= 20, "\(built.count) files after the first build")
        try FileManager.default.removeItem(at: site.output)

        try site.edit("notes/en/collapse.md") { $0 + "\nSaved after the output folder went.\n" }
        #expect(await site.waitForRebuild { $0.changes?.content == ["notes/en/collapse.md"] })
        let rebuild = try #require(site.rebuilds.last?.event)
        #expect(rebuild.error == nil && rebuild.report?.outputLoss == .deleted, "\(rebuild)")
        let missing = built.subtracting(Self.files(in: site.output))
        #expect(missing.isEmpty, "not written again: \(missing.sorted().prefix(10))")
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent(".notesite-manifest").path))
        try await Self.expectServed(site, edited: "Saved after the output folder went.")
    }

    /// The folder emptied rather than deleted: `rm -rf public/*` (which leaves the manifest and the lock), or
    /// every entry removed.
    @Test(arguments: [false, true])
    func anOutputFolderEmptiedWhileServingIsBuiltWholeAtTheNextEdit(dotFilesToo: Bool) async throws {
        let site = try await TimedSite()
        let built = Self.files(in: site.output)
        for name in try FileManager.default.contentsOfDirectory(atPath: site.output.path) where dotFilesToo || !name.hasPrefix(".") {
            try FileManager.default.removeItem(at: site.output.appendingPathComponent(name))
        }

        try site.edit("notes/en/collapse.md") { $0 + "\nSaved after the output folder was emptied.\n" }
        #expect(await site.waitForRebuild { $0.changes?.content == ["notes/en/collapse.md"] })
        let rebuild = try #require(site.rebuilds.last?.event)
        #expect(rebuild.error == nil && rebuild.report?.outputLoss == .emptied, "\(rebuild)")
        let missing = built.subtracting(Self.files(in: site.output))
        #expect(missing.isEmpty, "not written again: \(missing.sorted().prefix(10))")
        let manifest = try String(contentsOf: site.output.appendingPathComponent(".notesite-manifest"), encoding: .utf8)
        #expect(manifest.contains(" zh/shoushi.html\n"), "the manifest lists the pages not edited too")
        try await Self.expectServed(site, edited: "Saved after the output folder was emptied.")
    }

    /// Only the manifest deleted: the files are serve's own, so the whole site is built again (no complaint about
    /// files a build did not write), and the manifest is back.
    @Test func anOutputFolderThatLostItsManifestIsBuiltWholeAtTheNextEdit() async throws {
        let site = try await TimedSite()
        let manifest = site.output.appendingPathComponent(".notesite-manifest")
        try FileManager.default.removeItem(at: manifest)
        try site.edit("notes/en/collapse.md") { $0 + "\nSaved after the manifest went.\n" }
        #expect(await site.waitForRebuild { $0.changes?.content == ["notes/en/collapse.md"] })
        let rebuild = try #require(site.rebuilds.last?.event)
        #expect(rebuild.error == nil && rebuild.report?.outputLoss == .manifestMissing, "\(rebuild)")
        #expect(FileManager.default.fileExists(atPath: manifest.path))
        try await Self.expectServed(site, edited: "Saved after the manifest went.")
    }

    /// With no edit at all, the first page asked for after the folder went brings the whole site back: the watcher
    /// does not watch the output folder, so the request asks for the build.
    @Test func aPageAskedForAfterTheOutputFolderWentIsServedAfterAWholeBuild() async throws {
        let site = try await TimedSite()
        let built = Self.files(in: site.output)
        try FileManager.default.removeItem(at: site.output)
        let (status, page) = try await site.answer("/zh/shoushi.html")
        #expect(status == 200 && page.contains("</html>"), "\(status) \(page.prefix(200))")
        #expect(await site.waitForRebuild { $0.report?.outputLoss == .deleted })
        #expect(built.subtracting(Self.files(in: site.output)).isEmpty)
        try await Self.expectServed(site, edited: nil)
    }

    /// `notes/` moved away while serving: the rebuild fails with the error `build` gives for that folder, the error
    /// page and the event stream say so, and the last good site is still served. Moved back (with an edit made
    /// meanwhile), the site is built again.
    @Test func aNotesFolderMovedAwayIsTheBuildErrorAndTheLastSiteStays() async throws {
        let site = try await TimedSite()
        let notes = site.content.appendingPathComponent("notes")
        let aside = site.root.appendingPathComponent("notes-aside")
        let before = try await site.get("/zh/shoushi.html")
        try FileManager.default.moveItem(at: notes, to: aside)

        #expect(await site.waitForRebuild { $0.error != nil }, "\(site.rebuilds.map(\.event))")
        let failed = try #require(site.rebuilds.last?.event)
        // What `notesite build` says of the same folders.
        var expected: String?
        do {
            _ = try SitePipeline.build(site.options(output: site.root.appendingPathComponent("elsewhere")))
        } catch let error as NotesiteError {
            expected = error.printed()
        }
        #expect(expected?.contains("the notes folder") == true, "\(expected ?? "build did not fail")")
        #expect(failed.error == expected)
        #expect(failed.report == nil, "nothing was built")
        let errors = try await site.get("/__notesite/errors")
        #expect(errors.contains("The site does not build") && errors.contains("notes folder"), "\(errors)")
        let events = try await site.firstEvent()
        #expect(events?.contains("event: failed") == true, "\(events ?? "no event")")

        // The last good site: on disk and served as it was.
        // (But the build number the live script carries.)
        func unnumbered(_ page: String) -> String {
            page.replacingOccurrences(of: #"data-generation="\d+""#, with: "", options: .regularExpression)
        }
        #expect(unnumbered(try await site.get("/zh/shoushi.html")) == unnumbered(before))
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("en/collapse.html").path))

        let note = aside.appendingPathComponent("en/collapse.md")
        try Data((try String(contentsOf: note, encoding: .utf8) + "\nWritten while the notes were away.\n").utf8).write(to: note)
        try FileManager.default.moveItem(at: aside, to: notes)
        #expect(await site.waitForRebuild { $0.succeeded })
        #expect(try await site.waitUntil("/en/collapse.html", contains: "Written while the notes were away.", timeout: .seconds(60)))
        #expect(try await site.get("/__notesite/errors").contains("The site builds"))
        try await Self.expectServed(site, edited: nil)
    }
}

extension TimedSite {
    var output: URL { root.appendingPathComponent("public") }

    func edit(_ path: String, _ change: (String) -> String) throws {
        let url = content.appendingPathComponent(path)
        try Data(change(try String(contentsOf: url, encoding: .utf8)).utf8).write(to: url)
    }

    /// The site's folders with `output` as the output folder.
    func options(output: URL) -> SiteOptions {
        SiteOptions(content: content.path, templates: root.appendingPathComponent("Templates").path, output: output.path)
    }

    /// The status and body of `GET path`, read on a dispatch thread.
    func answer(_ path: String) async throws -> (status: Int, body: String) {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result { try RawHTTP.get(path, port: port) }.map { ($0.status, $0.body) })
            }
        }
    }

    /// The first event a page that opens the event stream now gets (the current state), read on a dispatch thread.
    func firstEvent() async throws -> String? {
        let port = self.port
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    let events = try RawHTTP(port: port)
                    events.send("GET /__notesite/events HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
                    guard let read = events.read(until: "\n\n", deadline: .now() + 30) else { return nil }
                    return read.range(of: "event: ").map { String(read[$0.lowerBound...]) } ?? read
                })
            }
        }
    }
}
