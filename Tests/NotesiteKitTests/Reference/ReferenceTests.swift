import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

@Suite struct SymbolListTests {
    @Test func theRealSymbolListLoadsCleanly() throws {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, diagnostics) = SymbolList.load(text: try String(contentsOf: url, encoding: .utf8), file: "symbols.yml")
        #expect(diagnostics.map(\.formatted) == [])
        #expect(list.symbols.count >= 216)
        let delegateMethods = list.symbols.filter { $0.container == "UISplitViewControllerDelegate" && $0.kind == .method }
        #expect(delegateMethods.count >= 20)
        for method in delegateMethods {
            #expect(method.declaration != nil, "\(method.id)")
            #expect(!method.events.isEmpty, "\(method.id)")
            #expect(method.calledWhen != nil, "\(method.id)")
        }
    }

    /// The call sequences name the list's symbols: without the list (or with one that does not parse) that is one
    /// finding, not one per step of every sequence.
    @Test func callSequencesWithoutTheSymbolListAreOneFinding() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Content/data"), to: root.appendingPathComponent("data"))
        let list = root.appendingPathComponent("data/symbols.yml")
        let text = try String(contentsOf: list, encoding: .utf8)
        try FileManager.default.removeItem(at: list)
        let (_, missing) = ReferenceData.load(contentRoot: root, displayRoot: "C")
        #expect(missing.map(\.formatted) == ["C/data/call-sequences.yml: error: the call sequences name symbols of data/symbols.yml, which is missing; restore it, or remove this file [data.dangling-symbol]"])

        try Data(("symbols: [\n" + text).utf8).write(to: list)
        let (_, broken) = ReferenceData.load(contentRoot: root, displayRoot: "C")
        #expect(broken.count == 1 && broken.first?.file == "C/data/symbols.yml", "\(broken.map(\.formatted))")

        try Data(text.utf8).write(to: list)
        #expect(ReferenceData.load(contentRoot: root, displayRoot: "C").1.isEmpty)
    }

    @Test func reportsDuplicateIdsUnknownKindsAndDanglingReplacementsWhereTheyAre() {
        let text = """
        symbols:
          - id: A
            kind: class
            swift: A
          - id: A
            kind: class
            swift: A
          - id: B
            kind: klass
            swift: B
          - id: C.old
            kind: method
            container: C
            swift: old()
            deprecated: "8.0"
            replacement: C.nwe
          - id: C.new
            kind: method
            container: C
            swift: new()
        """
        let (list, diagnostics) = SymbolList.load(text: text, file: "symbols.yml")
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == [
            "data.duplicate-id@5:5", "data.unknown-kind@9:11", "data.dangling-replacement@11:5",
        ])
        #expect(diagnostics[1].message.contains("did you mean 'class'?"))
        #expect(diagnostics[2].message.contains("did you mean 'C.new'?"))
        #expect(list.symbols.map(\.id) == ["A", "C.old", "C.new"])
    }

    /// An entry's page is a file named after its type: a name that would leave `reference/`, or take the place of
    /// the reference's own list, is refused at the entry, and the other entries load.
    @Test func aTypeNameThatCannotNameAPageIsRefused() {
        let text = """
        symbols:
          - id: ../../escape
            kind: class
            swift: Escape
          - id: Index
            kind: class
            swift: Index
          - id: x.y
            kind: method
            container: a/b
            swift: y()
          - id: UIView
            kind: class
            swift: UIView
          - id: UIView.frame
            kind: property
            container: UIView
            swift: frame
        """
        let (list, diagnostics) = SymbolList.load(text: text, file: "symbols.yml")
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == ["data.invalid@2:5", "data.invalid@5:5", "data.invalid@8:5"])
        #expect(diagnostics[0].message.contains("named after its `id`, which must be a type's name"))
        #expect(diagnostics[1].message.contains("reference/Index.html, which is the reference's own list"))
        #expect(diagnostics[2].message.contains("named after its `container`") && diagnostics[2].message.hasSuffix("not 'a/b'"))
        #expect(list.symbols.map(\.id) == ["UIView", "UIView.frame"])
    }

    @Test func positionsInADataFileWithCRLFLineEndsCountBytesOnTheirOwnLine() {
        // The kind is the 32nd character of line 3 and its 36th byte: each Chinese character is three bytes.
        let text = "symbols:\r\n  - {id: UIView, kind: class, swift: UIView}\r\n  - {summary: 视图, id: A, kind: clas, swift: A}\r\n"
        let (list, diagnostics) = SymbolList.load(text: text, file: "symbols.yml")
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == ["data.unknown-kind@3:36"])
        #expect(diagnostics.first?.message.contains("unknown kind 'clas'") == true)
        #expect(list.symbols.map(\.id) == ["UIView"])
    }

    @Test func invalidYAMLIsOneDiagnosticWithAPosition() {
        let (list, diagnostics) = SymbolList.load(text: "symbols:\n  - id: \"A\n", file: "symbols.yml")
        #expect(list.symbols.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.rule.id == "data.invalid")
        #expect(diagnostics.first?.location != nil)
    }

    @Test func symbolsLoadedApartAreEqualByWhatTheListSays() {
        let text = """
            symbols:
              - {id: UIView, kind: class, swift: UIView, summary: A view.}
              - {id: UIView.frame, kind: property, container: UIView, swift: frame, summary: Its frame.}
            """
        let (first, _) = SymbolList.load(text: text, file: "symbols.yml")
        let (again, _) = SymbolList.load(text: text, file: "symbols.yml")
        let (edited, _) = SymbolList.load(text: text.replacingOccurrences(of: "Its frame.", with: "The frame."), file: "symbols.yml")
        // Two loads of one text: equal symbols, with equal hashes, though no storage is shared.
        #expect(first.symbols == again.symbols)
        #expect(Set(first.symbols + again.symbols).count == 2)
        #expect(first.symbols.map(\.hashValue) == again.symbols.map(\.hashValue))
        // One field differs: that symbol is another.
        #expect(first.symbols[0] == edited.symbols[0])
        #expect(first.symbols[1] != edited.symbols[1])
        #expect(edited.symbols[1].summary == "The frame." && edited.symbols[1].container == "UIView")
    }
}

@Suite struct SymbolResolverTests {
    private static let resolver: SymbolResolver = {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "", file: "symbols.yml")
        return SymbolResolver(list: list)
    }()

    /// Every way the notes write the same API leads to the same entry.
    @Test(arguments: [
        ("splitViewController(_:collapseSecondary:onto:)", "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)"),
        ("splitViewController(_:collapseSecondaryViewController:ontoPrimaryViewController:)", "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)"),
        ("-splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:", "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)"),
        ("collapseSecondaryViewController:ontoPrimaryViewController:", "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)"),
        ("primaryViewController(forCollapsing:)", "UISplitViewControllerDelegate.primaryViewController(forCollapsing:)"),
        ("primaryViewControllerForCollapsingSplitViewController(_:)", "UISplitViewControllerDelegate.primaryViewController(forCollapsing:)"),
        ("targetDisplayModeForActionInSplitViewController:", "UISplitViewControllerDelegate.targetDisplayModeForAction(in:)"),
        ("setOverrideTraitCollection(_:forChildViewController:)", "UIViewController.setOverrideTraitCollection(_:forChild:)"),
        ("UITraitCollection(horizontalSizeClass:)", "UITraitCollection.init(horizontalSizeClass:)"),
        ("UISplitViewControllerDisplayModeAllVisible", "UISplitViewController.DisplayMode.allVisible"),
        ("displayModeButtonItem()", "UISplitViewController.displayModeButtonItem"),
        ("UISplitViewControllerDelegate", "UISplitViewControllerDelegate"),
        ("self.isCollapsed", "UISplitViewController.isCollapsed"),
    ])
    func resolves(spelling: String, id: String) {
        #expect(Self.resolver.resolve(spelling)?.id == id)
    }

    @Test(arguments: ["viewControllers", "myOwnMethod(_:)", "Regular Height", ""])
    func leavesAmbiguousAndUnknownNamesAlone(spelling: String) {
        #expect(Self.resolver.resolve(spelling) == nil)
    }
}

@Suite struct CodeScannerTests {
    private func candidates(_ code: String, _ dialect: CodeScanner.Dialect) -> [String] {
        CodeScanner.scan(code, dialect: dialect).map { $0.candidates[0] }
    }

    @Test func swiftCallsAndDeclarationsCarryTheirLabels() {
        let code = """
        override func viewWillTransitionToSize(size: CGSize, withTransitionCoordinator coordinator: UIViewControllerTransitionCoordinator) {
            // setOverrideTraitCollection(ignored, inComment: x)
            setOverrideTraitCollection(traitOverride, forChildViewController: childViewControllers[0])
            let t = UITraitCollection(horizontalSizeClass: .Regular)
            print("show(_:sender:) in a string")
        }
        """
        let found = candidates(code, .swift)
        #expect(found.contains("viewWillTransitionToSize(size:withTransitionCoordinator:)"))
        #expect(found.contains("setOverrideTraitCollection(_:forChildViewController:)"))
        #expect(found.contains("UITraitCollection(horizontalSizeClass:)"))
        #expect(found.contains(".Regular"))
        #expect(!found.contains { $0.contains("inComment") || $0.hasPrefix("show") })
    }

    @Test func objectiveCSelectorsFromSendsAndDeclarations() {
        let code = """
        - (UISplitViewControllerDisplayMode)targetDisplayModeForActionInSplitViewController:(UISplitViewController *)svc {
            [self.splitViewController showDetailViewController:vc sender:self];
            return UISplitViewControllerDisplayModeAllVisible;
        }
        """
        let found = candidates(code, .objc)
        #expect(found.contains("targetDisplayModeForActionInSplitViewController:"))
        #expect(found.contains("showDetailViewController:sender:"))
        #expect(found.contains("UISplitViewControllerDisplayModeAllVisible"))
    }
}

@Suite struct ReferencePagesTests {
    @Test func collapseTableRowsAreDrawnFromTheData() throws {
        let url = repositoryRoot.appendingPathComponent("Content/data/collapse-table.yml")
        let (table, diagnostics) = CollapseTable.load(text: try String(contentsOf: url, encoding: .utf8), file: "collapse-table.yml")
        #expect(diagnostics.isEmpty)
        let rows = try #require(table?.rows)
        #expect(rows.count == 9)
        #expect(rows.filter(\.collapsed).count == 5)
        let html = try #require(table).html()
        #expect(html.components(separatedBy: "<svg class=\"screen\"").count - 1 == 9)
        // A collapsed row draws one column, an expanded row a primary and a secondary column.
        let collapsed = try #require(rows.first { $0.collapsed }).svg
        let expanded = try #require(rows.first { !$0.collapsed }).svg
        #expect(collapsed.components(separatedBy: "class=\"column").count - 1 == 1)
        #expect(expanded.components(separatedBy: "class=\"column").count - 1 == 2)
        #expect(html.contains("Table courtesy of commandshift.co.uk"))
        #expect(html.contains("Richard Turton"))
        #expect(html.contains("2016-04-11"))
        // English on any page, and the pictures' labels in words, never a dash.
        #expect(html.hasPrefix("<div class=\"table-wrap\" lang=\"en\">") && html.contains("<p class=\"courtesy\" lang=\"en\">"))
        let labels = html.matches(of: /aria-label="([^"]*)"/).map { String($0.1) }
        #expect(labels.count == 9 && labels.allSatisfy { !$0.contains("–") })
        #expect(labels.contains { $0.contains("no multitasking") })
    }

    @Test func badCollapseTableRowsAreReported() {
        let (table, diagnostics) = CollapseTable.load(text: "rows:\n  - {device: iPad, orientation: sideways, multitasking: half, size_class: regular, collapsed: false}\n", file: "t.yml")
        #expect(table?.rows.isEmpty == true)
        #expect(diagnostics.map { "\($0.rule)@\($0.location!.line)" } == ["data.invalid@2"])
    }

    /// Two notes name the same delegate method in different spellings; its entry links back to both sections.
    @Test func entriesLinkBackToEverySectionThatMentionsThem() throws {
        let site = try ScratchSite()
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("reference/UISplitViewControllerDelegate.html")
        let entryStart = try #require(page.range(of: "id=\"UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)\""))
        let entry = page[entryStart.lowerBound...].prefix { _ in true }
        let section = String(entry[..<(entry.range(of: "</section>")?.lowerBound ?? entry.endIndex)])
        #expect(section.contains("href=\"../en/collapse.html#step-2-collapse-the-secondary\""))
        #expect(section.contains("href=\"../zh/shoushi.html#收起-collapsing-process\"") || section.contains("href=\"../zh/shoushi.html#%E6%94%B6%E8%B5%B7-collapsing-process\""))
        #expect(section.contains("collapseSecondaryViewController:ontoPrimaryViewController:"))
        #expect(section.contains("splitViewController(_:collapseSecondary:onto:)"))
        #expect(section.contains("lang=\"zh-Hans\""))

        // The notes link their names to the entry, with today's spelling as the title.
        let note = try site.read("zh/shoushi.html")
        #expect(note.contains("<a class=\"symbol\" href=\"../reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)\" title=\"splitViewController(_:collapseSecondary:onto:)\"><code>collapseSecondaryViewController:ontoPrimaryViewController:</code></a>"))
        #expect(note.contains("class=\"collapse-table\""))
        let english = try site.read("en/collapse.html")
        #expect(english.contains("title=\"primaryViewController(forCollapsing:)\"><code>primaryViewController(forCollapsing:)</code></a>"))
        #expect(english.contains("<span class=\"tok-keyword\">func</span> <a class=\"symbol\" href=\"../reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)\""))
    }

    /// A name in a link's text is not linked again: a link inside a link is not HTML, and the outer one would have
    /// no name for assistive software. Outside links the same name is linked, and the mention is still listed.
    @Test func aNameInsideALinkIsNotLinkedAgain() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/inside.md", title: "Inside", """
            See [`primaryViewController(forCollapsing:)`](collapse.md), <a href="collapse.md">`primaryViewController(forCollapsing:)`</a>
            and `primaryViewController(forCollapsing:)` itself.
            """)
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("en/inside.html")
        let code = "<code>primaryViewController(forCollapsing:)</code>"
        #expect(page.contains("See <a href=\"collapse.html\">\(code)</a>, <a href=\"collapse.html\">\(code)</a>\nand"))
        #expect(page.contains("and <a class=\"symbol\" href=\"../reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.primaryViewController(forCollapsing:)\" title=\"primaryViewController(forCollapsing:)\">\(code)</a> itself"))
        #expect(try site.read("reference/UISplitViewControllerDelegate.html").contains("href=\"../en/inside.html\""))
    }

    /// An entry lists each section that mentions it once, with every spelling used there, in the order met.
    @Test func mentionsInOneSectionBecomeOneItemWithTheirSpellings() throws {
        let site = try ScratchSite()
        try site.write("notes/zh/fenzu.md", """
            ---
            title: 分组
            date: 2020-01-01
            lang: zh
            ---

            ## 收起

            先是 `splitViewController(_:collapseSecondary:onto:)`，再是 `collapseSecondaryViewController:ontoPrimaryViewController:`，又是 `splitViewController(_:collapseSecondary:onto:)`。

            ## 展开

            还有 `splitViewController(_:collapseSecondary:onto:)`。

            """)
        let symbols = try String(contentsOf: site.content.appendingPathComponent("data/symbols.yml"), encoding: .utf8)
        try site.write("data/symbols.yml", symbols.replacingOccurrences(of: "events: [collapsing]", with: "events: [collapsing, display-mode]"))
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let page = try site.read("reference/UISplitViewControllerDelegate.html")
        let entryStart = try #require(page.range(of: "id=\"UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)\""))
        let entry = page[entryStart.lowerBound...]
        let section = String(entry[..<(entry.range(of: "</section>")?.lowerBound ?? entry.endIndex)])
        // The note once, its two sections under it.
        let items = section.components(separatedBy: "<li>").filter { $0.contains("zh/fenzu.html") }
        #expect(items.count == 3, "\(items)")
        #expect(section.components(separatedBy: ">分组</a>").count == 2)
        #expect(items.first?.contains("lang=\"zh-Hans\">分组</a><ul>") == true, "\(items)")
        #expect(items.dropFirst().first?.contains("\">收起</a>") == true)
        #expect(items.dropFirst().first?.contains("as <code>splitViewController(_:collapseSecondary:onto:), collapseSecondaryViewController:ontoPrimaryViewController:</code>") == true)
        #expect(items.last?.contains("\">展开</a>") == true)
        // A section that spells the entry by its own name needs no "as".
        #expect(items.last?.contains("class=\"spelling\"") == false)
        // The entry's events are words, not the data's slugs.
        let events = try site.read("reference/UISplitViewControllerDelegate.html").matches(of: /<p class="events">([^<]*)<\/p>/).map { String($0.1) }
        #expect(events.contains("Events: collapsing, display mode"), "\(events)")
    }

    /// A note's title and headings are escaped once for every list that names them: each entry's list and
    /// `symbols.json` read the same texts, in each mention's own section and spelling.
    @Test func mentionListsEscapeTitlesAndHeadingsAndKeepEachSectionsSpellings() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/escapes.md", title: "'Split & <Collapse>'", """

            `UISplitViewControllerDelegate` first, before any heading.

            ## "Quotes" & more

            `UISplitViewControllerDelegate` and `UIUserInterfaceSizeClass.regular`, then `UIUserInterfaceSizeClass.Regular`.

            ## Plain

            `UIUserInterfaceSizeClass.regular` once more.

            """)
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let link = "<a href=\"../en/escapes.html"
        let lang = "\" lang=\"en\">"
        let title = lang + "Split &amp; &lt;Collapse&gt;"
        // The note's item, its title once, then its sections; a mention before the first heading is the note's own.
        let delegate = try site.read("reference/UISplitViewControllerDelegate.html").components(separatedBy: "<li>").filter { $0.contains("en/escapes.html") }
        #expect(delegate.count == 2, "\(delegate)")
        #expect(delegate.first?.hasPrefix(link + title + "</a><ul>") == true, "\(delegate)")
        #expect(delegate.last?.hasPrefix(link + "#quotes--more" + lang + "&quot;Quotes&quot; &amp; more</a></li></ul></li>") == true, "\(delegate)")
        let sizeClass = try site.read("reference/UIUserInterfaceSizeClass.html")
        let items = sizeClass.components(separatedBy: "<li>").filter { $0.contains("en/escapes.html") }
        #expect(items.count == 3, "\(items)")
        #expect(items.first?.hasPrefix(link + title + "</a><ul>") == true, "\(items)")
        #expect(items.dropFirst().first?.contains(lang + "&quot;Quotes&quot; &amp; more</a> <span class=\"spelling\">as <code>UIUserInterfaceSizeClass.regular, UIUserInterfaceSizeClass.Regular</code></span></li>") == true, "\(items)")
        #expect(items.last?.contains("#plain" + lang + "Plain</a> <span class=\"spelling\">as <code>UIUserInterfaceSizeClass.regular</code></span></li></ul></li>") == true, "\(items)")

        let data = try Data(contentsOf: site.output.appendingPathComponent("reference/symbols.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(object["symbols"] as? [[String: Any]])
        let mentions = symbols.flatMap { $0["mentions"] as? [[String: Any]] ?? [] }.filter { $0["page"] as? String == "en/escapes.html" }
        let seen = mentions.map { "\($0["anchor"] as? String ?? "null") \($0["spelling"] as? String ?? "?") \($0["line"] as? Int ?? 0)" }
        #expect(seen.sorted() == ["null UISplitViewControllerDelegate 7", "plain UIUserInterfaceSizeClass.regular 15",
                                  "quotes--more UISplitViewControllerDelegate 11", "quotes--more UIUserInterfaceSizeClass.Regular 11",
                                  "quotes--more UIUserInterfaceSizeClass.regular 11"], "\(seen)")
    }

    @Test func symbolsJSONListsEntriesAndMentions() throws {
        let site = try ScratchSite()
        _ = try SitePipeline.build(site.options)
        let data = try Data(contentsOf: site.output.appendingPathComponent("reference/symbols.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(object["symbols"] as? [[String: Any]])
        let entry = try #require(symbols.first { $0["id"] as? String == "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)" })
        #expect(entry["swift"] as? String == "splitViewController(_:collapseSecondary:onto:)")
        #expect(entry["url"] as? String == "reference/UISplitViewControllerDelegate.html#UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)")
        let mentions = try #require(entry["mentions"] as? [[String: Any]])
        #expect(Set(mentions.compactMap { $0["page"] as? String }) == ["en/collapse.html", "zh/shoushi.html"])
        #expect(mentions.contains { $0["lang"] as? String == "zh" && $0["anchor"] as? String == "收起-collapsing-process"
            && $0["spelling"] as? String == "collapseSecondaryViewController:ontoPrimaryViewController:" })
    }

    /// Mentions in one section in one spelling share everything but their line; two headings that read the same
    /// but are written differently (a composed and a decomposed `é`) keep their own anchors.
    @Test func symbolsJSONKeepsEachMentionsLineAndAnchor() throws {
        let site = try ScratchSite()
        try site.writeNote("notes/en/repeats.md", title: "Repeats", "\n# Caf\u{E9}\n\n`UISplitViewControllerDelegate` and `UISplitViewControllerDelegate`.\n\n`UISplitViewControllerDelegate`, `UIUserInterfaceSizeClass.regular`\n\n# Cafe\u{301}\n\n`UISplitViewControllerDelegate`\n")
        _ = try SitePipeline.build(site.options)
        let data = try Data(contentsOf: site.output.appendingPathComponent("reference/symbols.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let symbols = try #require(object["symbols"] as? [[String: Any]])
        let entry = try #require(symbols.first { $0["id"] as? String == "UISplitViewControllerDelegate" })
        let mentions = try #require(entry["mentions"] as? [[String: Any]]).filter { $0["page"] as? String == "en/repeats.html" }
        #expect(mentions.compactMap { $0["line"] as? Int } == [9, 9, 11, 15])
        let anchors = mentions.map { Array(($0["anchor"] as? String ?? "").utf8) }
        #expect(anchors[0] == Array("café".precomposedStringWithCanonicalMapping.utf8) && anchors[1] == anchors[0] && anchors[2] == anchors[0])
        let page = try site.read("en/repeats.html")
        let ids = page.matches(of: /<h1 id="([^"]*)"/).map { Array(String($0.1).utf8) }
        #expect(ids.count == 2 && ids[0] != ids[1], "\(ids)")
        #expect(anchors[3] == ids[1])
    }
}

@Suite struct SymbolResolverBaseNameTests {
    @Test func plainWordsAreNotTakenForMethodsOfThatName() throws {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: try String(contentsOf: url, encoding: .utf8), file: "symbols.yml")
        let resolver = SymbolResolver(list: list)
        #expect(resolver.resolve("size") == nil)
        #expect(resolver.resolve("setOverrideTraitCollection")?.id == "UIViewController.setOverrideTraitCollection(_:forChild:)")
    }

    /// A spelling counts without the spaces around it, a leading `self.` or a trailing `()` (Swift 2 wrote some
    /// properties as methods), and a name not spelt so is looked up as it is.
    @Test func spellingsAreLookedUpWithoutSpacesSelfAndEmptyParentheses() throws {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: try String(contentsOf: url, encoding: .utf8), file: "symbols.yml")
        let resolver = SymbolResolver(list: list)
        for spelling in ["isCollapsed", " isCollapsed ", "self.isCollapsed", "isCollapsed()", "  self.collapsed() "] {
            #expect(resolver.resolve(spelling)?.id == "UISplitViewController.isCollapsed", "\(spelling)")
        }
        #expect(resolver.resolve("displayModeButtonItem")?.id == resolver.resolve("self.displayModeButtonItem()")?.id)
        #expect(resolver.resolve("displayModeButtonItem") != nil)
        #expect(resolver.resolve("selfisCollapsed") == nil)
        #expect(resolver.resolve("self.") == nil)
        #expect(resolver.resolve("") == nil)
        #expect(resolver.resolve("isCollapsed(") == nil)
    }
}

@Suite struct JSONStringTests {
    @Test func escapesWhatJSONRequires() throws {
        let tricky = "a\"b\\c\nd\u{01}收起"
        let literal = JSON.string(tricky)
        #expect(literal == "\"a\\\"b\\\\c\\nd\\u0001收起\"")
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
        #expect(decoded == [tricky])
    }

    @Test func everyControlCharacterAndEscapesAtBothEndsRoundTrip() throws {
        let controls = String(decoding: (0..<0x20).map { UInt8($0) }, as: UTF8.self)
        let cases = ["", "\"", "\\", "\n", "plain", "\"收起\"", "\ta\tb\t", controls, "Ключ\u{1F}\r\n𠮷\\"]
        for text in cases {
            let literal = JSON.string(text)
            // The text scripts append literals to bytes: the same bytes.
            var bytes = Array("x".utf8)
            JSON.append(text, to: &bytes)
            #expect(bytes == Array(("x" + literal).utf8), "\(literal)")
            #expect(literal.first == "\"" && literal.last == "\"")
            let decoded = try JSONSerialization.jsonObject(with: Data("[\(literal)]".utf8)) as? [String]
            #expect(decoded == [text], "\(literal)")
        }
        // Each escaped character at every place of a text longer than the eight bytes read at a time, among the
        // bytes that need nothing: spaces (0x20), DEL (0x7F) and the bytes of Cyrillic and Chinese.
        let filler = "a \u{7F}жb收起 cd\u{7F}ежz  "
        for special in ["\"", "\\", "\n", "\u{1}", "\u{1F}"] {
            for place in 0...filler.unicodeScalars.count {
                var scalars = Array(filler.unicodeScalars)
                scalars.insert(contentsOf: special.unicodeScalars, at: place)
                var text = ""
                text.unicodeScalars.append(contentsOf: scalars)
                let decoded = try JSONSerialization.jsonObject(with: Data("[\(JSON.string(text))]".utf8)) as? [String]
                #expect(decoded == [text], "\(special.debugDescription) at \(place)")
            }
        }
        #expect(JSON.string(filler + filler) == "\"" + filler + filler + "\"")
        #expect(JSON.string("\u{1F}x") == "\"\\u001fx\"")
        #expect(JSON.string("a\tb\r") == "\"a\\tb\\r\"")
    }
}
