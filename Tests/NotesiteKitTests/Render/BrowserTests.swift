import Foundation
import Testing
@testable import NotesiteKit

/// Headless Chromium opens the real site from `file://`: pages load without console errors, and the search page
/// answers a Chinese, a Russian and an English query in the page itself. `make test` installs Chromium.
@Suite(.serialized, .enabled(if: Browser.path != nil, "needs chromium (make test installs it)"))
struct BrowserTests {
    /// The real notes and templates, built once into a scratch folder. The folder has a fixed name, so each run
    /// replaces the last one's rather than leaving another behind (a static has no teardown).
    private static let site: URL? = {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-browser-site")
        try? FileManager.default.removeItem(at: output)
        let options = SiteOptions(content: repositoryRoot.appendingPathComponent("Content").path,
                                  templates: repositoryRoot.appendingPathComponent("Templates").path, output: output.path)
        guard let report = try? SitePipeline.build(options), report.succeeded else { return nil }
        return output
    }()

    private func page(_ path: String, query: String? = nil) throws -> (dom: String, console: [String]) {
        let root = try #require(Self.site, "the site did not build")
        var url = root.appendingPathComponent(path).absoluteString
        if let query { url += "?q=" + (query.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? query) }
        return try Browser.dumpDOM(url)
    }

    @Test(arguments: ["zh/uisplitviewcontroller-reference.html", "ru/adaptive-splitviewcontroller-and-popover-ios9-part1.html",
                      "en/split-view-collapse-and-expand.html", "reference/UISplitViewControllerDelegate.html",
                      "reference/collapse-table.html", "search.html", "zh/search.html", "index.html"])
    func pagesLoadWithoutConsoleErrors(path: String) throws {
        let (dom, console) = try page(path)
        #expect(console.isEmpty, "\(console)")
        #expect(dom.contains("<main id=\"Main\""))
        if (path.hasPrefix("zh/") || path.hasPrefix("en/")) && !path.hasSuffix("search.html") {
            #expect(dom.contains("class=\"copy-button\""), "the copy script ran")
        }
    }

    @Test(arguments: [
        ("收起", "zh/uisplitviewcontroller-reference.html#收起-collapsing-process", "<mark>收起</mark>"),
        ("ДЕЛЕГАТА", "ru/adaptive-splitviewcontroller-and-popover-ios9-part1.html", "<mark>делегата</mark>"),
        ("Collapses", "en/split-view-collapse-and-expand.html", "<mark>collapses</mark>"),
        // The reference's entries in the notes' languages too.
        ("显示模式", "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewController(_:willChangeTo:)", "<mark>显示模式</mark>"),
        ("режима отображения", "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewController(_:willChangeTo:)", "<mark>режима</mark>"),
    ])
    func searchFindsTheSectionInEachLanguage(query: String, expectedLink: String, mark: String) throws {
        let (dom, console) = try page("search.html", query: query)
        #expect(console.isEmpty, "\(console)")
        #expect(dom.contains("results</p>") || dom.contains("条结果</p>") || dom.contains("результатов</p>"))
        let results = dom.components(separatedBy: "<li class=\"search-result\"").dropFirst()
        #expect(!results.isEmpty, "no results for \(query)")
        #expect(results.contains { $0.contains("href=\"\(expectedLink)") }, "\(query): \(results.prefix(3))")
        if query == "收起" {
            // The section whose heading holds the words comes first.
            #expect(results.first?.contains("href=\"\(expectedLink)\"") == true)
        }
        #expect(dom.lowercased().contains(mark.lowercased()))
    }

    /// A query word also finds the words of its synonym group (`Content/data/synonyms.yml`): the notes' 收起 finds
    /// the reference's entries, whose Chinese says 折叠, and `collapse` finds the collapse table, which is indexed.
    @Test(arguments: [
        ("收起", "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.primaryViewController(forCollapsing:)", "<mark>折叠</mark>"),
        ("收起", "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewControllerDidCollapse(_:)", "<mark>折叠</mark>"),
        ("collapse", "reference/collapse-table.html", "<mark>collapsed</mark>"),
        ("свернуть", "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewControllerDidCollapse(_:)", "<mark>сворачивание</mark>"),
    ])
    func searchFindsSynonymsAndTheCollapseTable(query: String, expectedLink: String, mark: String) throws {
        let (dom, console) = try page("search.html", query: query)
        #expect(console.isEmpty, "\(console)")
        // Each section's item, up to its end (the next page's title follows it).
        let results = dom.components(separatedBy: "<li class=\"search-result\"").dropFirst().map { $0.components(separatedBy: "</li>")[0] }
        let found = try #require(results.first { $0.contains("href=\"\(expectedLink)\"") }, "\(query): \(results.prefix(3))")
        #expect(found.contains(mark), "\(found.prefix(400))")
    }

    /// Results are grouped by page: each page's title once, its sections under it. Snippets start and end at a
    /// word's edge, and hold the section's own text, not its spellings.
    @Test func resultsAreGroupedByPageWithSnippetsCutBetweenWords() throws {
        let root = try #require(Self.site)
        // Every section's text, as the search page reads it, with its runs of white space made one space.
        var texts: [String] = []
        let folder = root.appendingPathComponent("assets/search")
        let shards = try #require(FileManager.default.enumerator(atPath: folder.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".js") }
        // The reference's, and one for each language's notes (six small notes).
        #expect(shards.sorted() == ["en.0.js", "reference.js", "ru.0.js", "zh.0.js"], "\(shards)")
        for shard in shards {
            let script = try String(contentsOf: folder.appendingPathComponent(shard), encoding: .utf8)
            let json = try #require(script.firstRange(of: ", [").map { script[script.index($0.lowerBound, offsetBy: 2)...] })
            let array = try #require(json.range(of: "]);", options: .backwards).map { json[..<$0.lowerBound] + "]" })
            let list = try #require(try JSONSerialization.jsonObject(with: Data(array.utf8)) as? [String])
            texts += list.map { $0.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        }
        // Chinese is written without spaces: a snippet may start or end between any two of its characters.
        func isWordCharacter(_ c: Character?) -> Bool {
            guard let c, let scalar = c.unicodeScalars.first, !(0x2E80...0x9FFF).contains(scalar.value) else { return false }
            return c.isLetter || c.isNumber || c == "_"
        }
        for query in ["collapse", "режим", "primary"] {
            let (dom, console) = try page("search.html", query: query)
            #expect(console.isEmpty, "\(console)")
            let titles = dom.matches(of: /<h2 class="search-page-title"><a href="([^"]+)">/).map { String($0.1) }
            #expect(titles.count > 1 && Set(titles).count == titles.count, "\(query): each page once: \(titles)")
            #expect(titles.allSatisfy { !$0.contains("#") })
            let snippets = dom.matches(of: /<p class="search-snippet">(?:<a [^>]*>)?(.*?)(?:<\/a>)?<\/p>/).map { String($0.1) }
            #expect(snippets.count >= titles.count, "\(query)")
            for snippet in snippets {
                var text = snippet.replacing(/<\/?mark>/, with: "").replacingOccurrences(of: "&lt;", with: "<")
                    .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
                    .replacingOccurrences(of: "&amp;", with: "&")
                let cutBefore = text.hasPrefix("… "), cutAfter = text.hasSuffix(" …")
                if cutBefore { text.removeFirst(2) }
                if cutAfter { text.removeLast(2) }
                // Where the snippet stands in its section's text: no letter runs on before it or after it.
                let places = texts.compactMap { source -> (Character?, Character?)? in
                    guard let range = source.range(of: text) else { return nil }
                    return (range.lowerBound == source.startIndex ? nil : source[source.index(before: range.lowerBound)],
                            range.upperBound == source.endIndex ? nil : source[range.upperBound])
                }
                #expect(!places.isEmpty, "\(query): not a section's text: \(text)")
                #expect(places.contains { !isWordCharacter($0.0) && !isWordCharacter($0.1) }, "\(query): cut inside a word: \(text)")
            }
            #expect(!dom.contains("collapsed isCollapsed"), "spellings are not text")
        }
    }

    /// A language's search page finds every note's sections, and lists its own language's first among those that
    /// score the same: the words of a code snippet every translation of a note shares.
    @Test func aLanguagesSearchPageListsItsOwnLanguageFirst() throws {
        func languages(on path: String) throws -> [String] {
            let (dom, console) = try page(path, query: "splitViewController")
            #expect(console.isEmpty, "\(console)")
            // The results are grouped by page, each page where its best section ranks: the pages' languages.
            return dom.matches(of: /<li class="search-page" lang="(..)/).map { String($0.1) }
        }
        let site = try languages(on: "search.html")
        for language in ["zh", "en"] {
            let own = try languages(on: "\(language)/search.html")
            #expect(Set(own).count > 1, "every note is searched: \(own)")
            #expect(own.prefix(3).filter { $0 == language }.count > site.prefix(3).filter { $0 == language }.count, "\(own) against \(site)")
        }
    }

    /// Russian counts by its own rules: 1 and 21 результат, 2–4 and 22 результата, 5–20 and 37 результатов.
    @Test(arguments: ["делегат", "Photomania", "UIKit", "splitViewController"])
    func russianCountsResultsByItsPluralRules(query: String) throws {
        let (dom, console) = try page("ru/search.html", query: query)
        #expect(console.isEmpty, "\(console)")
        let status = try #require(dom.firstMatch(of: /id="search-status"[^>]*>(\d+) ([^<]+)</))
        let n = try #require(Int(status.1))
        let form = n % 10 == 1 && n % 100 != 11 ? "результат"
            : (2...4).contains(n % 10) && !(12...14).contains(n % 100) ? "результата" : "результатов"
        #expect(String(status.2) == form, "\(n) \(status.2)")
    }

    /// One is counted in the singular: a query with one result, a reference type with one entry.
    @Test func oneResultAndOneEntryAreSingular() throws {
        let (dom, console) = try page("search.html", query: "Photomania")
        #expect(console.isEmpty, "\(console)")
        #expect(dom.components(separatedBy: "<li class=\"search-result\"").count == 2)
        #expect(dom.contains(">1 result</p>"), "\(dom.components(separatedBy: "search-status").dropFirst().first?.prefix(80) ?? "")")
        // One search box on the search page: its own, which holds the query.
        #expect(dom.components(separatedBy: "type=\"search\"").count == 2)
        #expect(!dom.contains("id=\"SiteSearch\""))
        // A long reference page opens with the list of its entries, each a link to one on the page.
        let (type, _) = try page("reference/UISplitViewController.html")
        let listed = type.components(separatedBy: "class=\"entry-list\"").dropFirst().first?.components(separatedBy: "</nav>").first ?? ""
        let targets = listed.matches(of: /href="#([^"]+)"/).map { String($0.1) }
        #expect(targets.count > 20)
        #expect(targets.allSatisfy { type.contains("id=\"\($0)\"") })
        let (index, _) = try page("reference/index.html")
        #expect(index.contains("id=\"SiteSearch\""))
        #expect(index.contains("<span class=\"count\">1 entry</span>"))
        #expect(!index.contains(">1 entries<"))
    }

    /// After serve's rebuild, the page reads the patch over the index: the edited note's new words are found, its
    /// old ones no longer are, and the other notes' sections are still there.
    @Test func searchReadsThePatchARebuildWrites() throws {
        let served = try ServedSite()
        let site = served.site
        let path = "notes/en/collapse.md"
        let text = try served.source(path)
        #expect(text.contains("primary"))
        #expect(try served.edit(path, text.replacingOccurrences(of: "primary", with: "wombat")).succeeded)
        #expect(try site.read("assets/search-patch.js").contains("\"wombat\""))

        func results(_ query: String) throws -> [Substring] {
            let url = site.output.appendingPathComponent("search.html").absoluteString + "?q=" + query
            let (dom, console) = try Browser.dumpDOM(url)
            #expect(console.isEmpty, "\(console)")
            return dom.components(separatedBy: "<li class=\"search-result\"").dropFirst().map { $0[...] }
        }
        let found = try results("wombat")
        #expect(!found.isEmpty && found.allSatisfy { $0.contains("href=\"en/collapse.html") }, "\(found)")
        #expect(found.contains { $0.contains("<mark>wombat</mark>") }, "the snippet comes from the note's new text")
        #expect(try results("primary%20").allSatisfy { !$0.contains("href=\"en/collapse.html") })
        #expect(try results("收起").contains { $0.contains("href=\"zh/shoushi.html") })
    }
}

enum Browser {
    static let path: String? = ["chromium", "chromium-browser", "google-chrome"].lazy.compactMap { name -> String? in
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }.first

    /// The DOM after the page's scripts ran, and the console messages it logged.
    static func dumpDOM(_ url: String) throws -> (String, [String]) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try require(path, "no chromium"))
        process.arguments = ["--headless", "--no-sandbox", "--disable-gpu", "--enable-logging=stderr", "--v=0",
                             "--virtual-time-budget=2000", "--dump-dom", url]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let dom = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let log = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        let console = log.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        return (dom, console)
    }
}
