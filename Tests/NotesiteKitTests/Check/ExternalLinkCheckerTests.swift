import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// `check --external` against a server on 127.0.0.1: no request leaves the machine.
@Suite(.serialized) struct ExternalLinkCheckerTests {
    @Test func reportsBrokenLinksFollowsRedirectsFallsBackToGetAndCaches() async throws {
        let server = try LocalHTTPServer()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-links-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: cache) }
        var options = ExternalLinkChecker.Options(cacheFile: cache)
        options.timeout = 1
        let checker = ExternalLinkChecker(options: options)
        let links = ["/ok", "/gone", "/moved", "/no-head", "/slow", "/ok"].enumerated().map { i, path in
            ExternalLinkChecker.Link(url: server.url(path), file: "n.md", location: SourceLocation(line: i + 1, column: 1))
        }

        let (first, asked) = await checker.check(links)
        #expect(asked == 5) // the repeated /ok is asked once
        #expect(first.map { "\($0.location!.line) \($0.rule)" } == ["2 link.external-broken", "5 link.external-broken"])
        #expect(first[0].message.contains("answers HTTP 404"))
        #expect(first[1].message.contains("timed out"))
        #expect(server.requests.contains("GET /no-head"))
        #expect(server.requests.contains("HEAD /ok"))

        // The second run trusts the cached good answers and asks only about the two that failed.
        let (second, askedAgain) = await checker.check(links)
        #expect(askedAgain == 2)
        #expect(second.count == 2)
    }
}
