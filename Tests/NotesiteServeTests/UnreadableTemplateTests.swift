import Foundation
import Testing
@testable import NotesiteServe

/// A template file that becomes a named pipe while serving (an editor's or a tool's doing) is an error naming it,
/// never a builder waiting for a writer that does not come: edits made after it is a file again are built.
@Suite struct UnreadableTemplateTests {
    @Test func aStringsFileThatBecomesAPipeIsReportedAndServeGoesOn() async throws {
        let site = try await TimedSite()
        let strings = site.root.appendingPathComponent("Templates/strings.yml")
        let text = try Data(contentsOf: strings)
        try FileManager.default.removeItem(at: strings)
        try #require(mkfifo(strings.path, 0o644) == 0)
        #expect(await site.waitForRebuild { $0.error?.contains("strings.yml") == true },
                "\(site.rebuilds.map { $0.event.error ?? "built" })")

        try FileManager.default.removeItem(at: strings)
        try text.write(to: strings)
        let note = site.content.appendingPathComponent("notes/en/collapse.md")
        try Data((try String(contentsOf: note, encoding: .utf8) + "\nWritten after the pipe went.\n").utf8).write(to: note)
        #expect(try await site.waitUntil("/en/collapse.html", contains: "Written after the pipe went.", timeout: .seconds(60)))
    }
}
