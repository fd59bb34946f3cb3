import Foundation
import Testing
@testable import NotesiteKit

/// A page shows a note's title once: a first heading that repeats the front matter's title is the title.
@Suite struct NoteTitleTests {
    private func build(_ notes: [String: String]) throws -> ScratchSite {
        let site = try ScratchSite(fixture: nil)
        for (path, text) in notes { try site.write(path, text) }
        #expect(try SitePipeline.build(site.options).succeeded)
        return site
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func aFirstHeadingThatRepeatsTheTitleIsShownOnce() throws {
        let site = try build([
            "notes/en/same.md": "---\ntitle: Adaptive layout\n---\n\n# Adaptive layout\n\nText.\n\n## Size classes\n",
            "notes/en/other.md": "---\ntitle: Notes on layout\n---\n\n# Adaptive layout\n\nText.\n",
        ])
        let same = try site.read("en/same.html")
        #expect(count("<h1", in: same) == 1, "\(same)")
        #expect(same.contains("id=\"adaptive-layout\""), "the title keeps the heading's id, so links to it still lead there")
        #expect(same.contains("<h2 id=\"size-classes\""))
        // A first heading that says something else stays in the body.
        let other = try site.read("en/other.html")
        #expect(count("<h1", in: other) == 2)
    }
}
