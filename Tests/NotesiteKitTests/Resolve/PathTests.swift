import Testing
@testable import NotesiteKit

/// The small path and word helpers that read paths and info strings by their bytes.
@Suite struct PathTests {
    @Test func safePathsStayInsideTheOutputFolder() {
        for path in ["index.html", "zh/收起.html", "reference/UIView.html", "a/b/c.js", "..a/b", "a/.b", "a/...", "a/.\u{301}"] {
            #expect(SiteWriter.isSafe(path), "\(path)")
        }
        for path in ["", "/etc/passwd", "../x", "a/../../x", "a/./b", "a//b", "a/", ".", "..", "a/.."] {
            #expect(!SiteWriter.isSafe(path), "\(path)")
        }
    }

    @Test func aFilesFolderIsAllOfItsPathBeforeTheLastSlash() {
        #expect(SiteWriter.folder(of: "index.html") == "")
        #expect(SiteWriter.folder(of: "zh/收起.html") == "zh")
        #expect(SiteWriter.folder(of: "assets/search/zh/a.js") == "assets/search/zh")
    }

    @Test func theWayBackToTheTopCountsThePagesFolders() {
        #expect(RelativeURL.root(of: "index.html") == "")
        #expect(RelativeURL.root(of: "zh/收起.html") == "../")
        #expect(RelativeURL.root(of: "assets/search/zh/a.js") == "../../../")
    }

    @Test func aLinkMayBeAPageWhenItsPathEndsInHTML() {
        for destination in ["b.html", "../zh/收起.html#展开", "x.html?v=1#a", "a/b.html"] {
            #expect(LinkResolver.mayBeAPage(destination), "\(destination)")
        }
        for destination in ["b.md", "b.htm", "#x.html", "b.md#x.html", "b.md?y.html", "https://example.com/a.html", "mailto:a.html", ""] {
            #expect(!LinkResolver.mayBeAPage(destination), "\(destination)")
        }
    }

    @Test func aCodeBlocksDialectIsItsInfoStringsFirstWord() {
        #expect(CodeScanner.Dialect(info: "swift") == .swift)
        #expect(CodeScanner.Dialect(info: "  Swift  title=\"x\"") == .swift)
        #expect(CodeScanner.Dialect(info: "objective-c") == .objc)
        #expect(CodeScanner.Dialect(info: "m linenums") == .objc)
        #expect(CodeScanner.Dialect(info: "swiftui") == nil)
        #expect(CodeScanner.Dialect(info: "") == nil)
        #expect(CodeScanner.Dialect(info: "   ") == nil)
        #expect(CodeScanner.Dialect(info: "python swift") == nil)
    }
}
