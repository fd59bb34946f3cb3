import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// The reference laid out as DocC lays one out: the index by topic, a type's entries in groups with its enums'
/// cases under them and the deprecated ones last, one row per distinct spelling, mentions by note.
@Suite struct ReferenceLayoutTests {
    private static func realList() throws -> SymbolList {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, diagnostics) = SymbolList.load(text: try String(contentsOf: url, encoding: .utf8), file: "symbols.yml")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.formatted))")
        return list
    }

    /// Every page of the real list has a topic and a summary for the index, from its type's entry or from `types:`.
    @Test func everyTypeOnTheIndexHasATopicAndASummary() throws {
        let list = try Self.realList()
        #expect(list.topics.map(\.id) == ["split-view", "collapsing", "display-modes", "columns", "presentation", "traits", "other", "deprecated"])
        #expect(list.topics.allSatisfy { topic in Language.builtIn.allSatisfy { topic.names[$0] != nil } })
        let pages = Set(list.symbols.map(\.page))
        for page in pages {
            let topic = list[page]?.topic ?? list.listedTypes[page]?.topic
            let summary = list[page]?.summary ?? list.listedTypes[page]?.summary
            #expect(topic != nil, "\(page)")
            #expect(summary?.isEmpty == false, "\(page)")
        }
        #expect(list["UISplitViewController"]?.topic == "split-view" && list["UISplitViewControllerDelegate"]?.topic == "split-view")
        #expect(list.listedTypes["UIFont"]?.summary?.isEmpty == false)
    }

    @Test func anUnknownTopicIsADataFindingAtItsValue() {
        let text = """
            topics:
              - {id: traits, en: Traits, zh: 特性, ru: Трейты}
            types:
              UIFont: {topic: fonts, summary: A font.}
              UIView: {topic: traits, summary: A view.}
            symbols:
              - id: UITraitCollection
                kind: class
                topic: trait
                swift: UITraitCollection
              - id: UITraitCollection.init()
                kind: initializer
                container: UITraitCollection
                topic: traits
                swift: init()
              - id: UIFont.withSize(_:)
                kind: method
                container: UIFont
                swift: withSize(_:)
              - {id: UIView, kind: class, swift: UIView}
            """
        let (list, diagnostics) = SymbolList.load(text: text, file: "symbols.yml")
        #expect(diagnostics.map { "\($0.rule)@\($0.location!)" } == [
            "data.unknown-topic@9:12", "data.invalid@14:12", "data.unknown-topic@4:19", "data.invalid@5:19",
        ], "\(diagnostics.map(\.formatted))")
        #expect(diagnostics[0].message.contains("'UITraitCollection' has the topic 'trait'") && diagnostics[0].message.contains("did you mean 'traits'?"))
        #expect(diagnostics[1].message.contains("give the topic to 'UITraitCollection'"))
        #expect(diagnostics[3].message.contains("'UIView' has an entry of its own"))
        // The entries still load, without the topic they cannot have.
        #expect(list.symbols.count == 4 && list["UITraitCollection"]?.topic == nil)
        #expect(list.listedTypes["UIFont"] == ListedType(topic: nil, summary: "A font."))
    }

    private static func symbol(_ id: String, _ kind: Symbol.Kind, in container: String?, deprecated: String? = nil,
                               events: [String] = [], names: [String: String] = [:], swift: String? = nil) -> Symbol {
        Symbol(id: id, kind: kind, container: container, swift: swift ?? String(id.split(separator: ".").last!), swiftNames: names,
               objc: nil, introduced: nil, deprecated: deprecated, replacement: nil, replacementNote: nil, summary: "",
               declaration: nil, events: events, calledWhen: nil, returns: nil, translations: [:], location: nil)
    }

    /// The type first, then by kind; an enum's cases under it, its deprecated case last; deprecated members in a
    /// group of their own at the end, in the list's order.
    @Test func aTypesEntriesAreGroupedWithDeprecatedOnesLast() {
        let symbols = [
            Self.symbol("V", .class, in: nil),
            Self.symbol("V.old", .method, in: "V", deprecated: "8.0"),
            Self.symbol("V.Mode", .enum, in: "V"),
            Self.symbol("V.Mode.allVisible", .case, in: "V.Mode", deprecated: "14.0"),
            Self.symbol("V.Mode.automatic", .case, in: "V.Mode"),
            Self.symbol("V.run", .method, in: "V"),
            Self.symbol("V.init(style:)", .initializer, in: "V"),
            Self.symbol("V.width", .property, in: "V"),
            Self.symbol("V.gone", .property, in: "V", deprecated: "9.0"),
        ]
        let groups = ReferenceSite.entryGroups(symbols, page: "V")
        #expect(groups.map(\.id) == ["", "topic-initializers", "topic-properties", "topic-methods", "topic-types", "topic-deprecated"])
        #expect(groups.map { $0.entries.map(\.symbol.id) } == [["V"], ["V.init(style:)"], ["V.width"], ["V.run"], ["V.Mode"], ["V.old", "V.gone"]])
        #expect(groups[4].entries[0].nested.map(\.id) == ["V.Mode.automatic", "V.Mode.allVisible"])
        // Every entry shows once.
        let shown = groups.flatMap { $0.entries.flatMap { [$0.symbol.id] + $0.nested.map(\.id) } }
        #expect(shown.sorted() == symbols.map(\.id).sorted())
    }

    /// A protocol's methods go by the event that calls them; an enum's own page shows its cases under it.
    @Test func delegateMethodsGoByEventAndAnEnumsCasesStayUnderIt() throws {
        let list = try Self.realList()
        let delegate = ReferenceSite.entryGroups(list.symbols.filter { $0.page == "UISplitViewControllerDelegate" }, page: "UISplitViewControllerDelegate")
        #expect(delegate.map(\.id).prefix(3) == ["", "topic-collapsing", "topic-expanding"])
        #expect(delegate.last?.id == "topic-deprecated")
        #expect(delegate[1].entries.map(\.symbol.swift).contains("primaryViewController(forCollapsing:)"))
        #expect(delegate.dropLast().allSatisfy { $0.entries.allSatisfy { $0.symbol.deprecated == nil } })
        #expect(delegate.last!.entries.allSatisfy { $0.symbol.deprecated != nil } && !delegate.last!.entries.isEmpty)

        let sizeClass = ReferenceSite.entryGroups(list.symbols.filter { $0.page == "UIUserInterfaceSizeClass" }, page: "UIUserInterfaceSizeClass")
        #expect(sizeClass.count == 1)
        #expect(sizeClass[0].entries.first?.nested.map(\.swift) == ["unspecified", "compact", "regular"])

        let split = ReferenceSite.entryGroups(list.symbols.filter { $0.page == "UISplitViewController" }, page: "UISplitViewController")
        let displayMode = try #require(split.flatMap(\.entries).first { $0.symbol.id == "UISplitViewController.DisplayMode" })
        #expect(displayMode.nested.count >= 6)
        // Deprecated cases (`allVisible`, `primaryHidden`) after the current ones.
        let firstDeprecated = try #require(displayMode.nested.firstIndex { $0.deprecated != nil })
        #expect(displayMode.nested[firstDeprecated...].allSatisfy { $0.deprecated != nil })
        #expect(!split.flatMap(\.entries).contains { $0.symbol.kind == .case })
    }

    @Test func oneSpellingRowPerDistinctNameWithTheVersionsItCovers() {
        func rows(_ names: [String: String], today: String) -> [String] {
            ReferenceSite.spellingRows(Self.symbol("T.x", .method, in: "T", names: names, swift: today)).map { "\($0.label)=\($0.name)" }
        }
        #expect(rows(["2": "A", "3": "A", "4": "A", "4.2": "A"], today: "A") == ["Swift 2+=A"])
        #expect(rows(["2": "a()", "3": "b()", "4": "b()", "4.2": "b()"], today: "b()") == ["Swift 2=a()", "Swift 3+=b()"])
        #expect(rows(["2": "a", "3": "b", "4": "b", "4.2": "c"], today: "c") == ["Swift 2=a", "Swift 3–4=b", "Swift 4.2+=c"])
        #expect(rows(["4.2": "n"], today: "n") == ["Swift 4.2+=n"])
        // A name that came back.
        #expect(rows(["2": "a", "3": "b", "4": "a", "4.2": "a"], today: "a") == ["Swift 2, 4+=a", "Swift 3=b"])
        #expect(rows([:], today: "x").isEmpty)
    }

    @Test func namesBreakBetweenWordsNeverInside() {
        #expect(ReferenceSite.breakable("UISplitViewControllerDelegate") == "UI<wbr>Split<wbr>View<wbr>Controller<wbr>Delegate")
        #expect(ReferenceSite.breakable("splitViewController(_:willShow:)") == "split<wbr>View<wbr>Controller(<wbr>_:<wbr>will<wbr>Show:)")
        #expect(ReferenceSite.breakable("UISplitViewController.DisplayMode") == "UI<wbr>Split<wbr>View<wbr>Controller.<wbr>Display<wbr>Mode")
        #expect(ReferenceSite.breakable("URL") == "URL")
        #expect(ReferenceSite.breakable("a<b") == "a&lt;b")
    }

    /// The built pages: the index by topic in the list's order, the delegate's page in groups with its
    /// declarations coloured, its title breakable, one row per spelling, and each note once in "Mentioned in".
    @Test func theBuiltReferenceIsGroupedByTopicAndByNote() throws {
        let site = try ScratchSite()
        try site.write("data/symbols.yml", try String(contentsOf: repositoryRoot.appendingPathComponent("Content/data/symbols.yml"), encoding: .utf8))
        try site.writeNote("notes/en/twice.md", title: "Twice", """

            ## First

            `splitViewController(_:collapseSecondary:onto:)` here.

            ## Second

            `collapseSecondaryViewController:ontoPrimaryViewController:` there.

            """)
        let report = try SitePipeline.build(site.options)
        #expect(report.succeeded, "\(report.diagnostics.map(\.formatted))")
        let index = try site.read("reference/index.html")
        let topics = index.matches(of: /<section class="topic" id="topic-([a-z-]+)"/).map { String($0.1) }
        #expect(topics == ["split-view", "collapsing", "display-modes", "columns", "presentation", "traits", "other", "deprecated"])
        let first = index.components(separatedBy: "id=\"topic-collapsing\"")[0]
        #expect(first.contains("href=\"UISplitViewController.html\"") && first.contains("href=\"UISplitViewControllerDelegate.html\""))
        #expect(index.contains("<span class=\"topic-translation\" lang=\"zh-Hans\">收起与展开</span>"))
        // Each type shows a summary, those without an entry of their own too.
        let items = index.components(separatedBy: "<li>").dropFirst().filter { $0.contains("class=\"note-link\"") }
        #expect(items.count > 31 && items.allSatisfy { $0.contains("<p class=\"summary\">") }, "\(items.filter { !$0.contains("summary") })")
        #expect(index.contains("href=\"UISplitViewController.html#UISplitViewController.DisplayMode.allVisible\""))

        let page = try site.read("reference/UISplitViewControllerDelegate.html")
        #expect(page.contains("<h1 class=\"type-title\"><code>UI<wbr>Split<wbr>View<wbr>Controller<wbr>Delegate</code> methods</h1>"))
        let groupOrder = page.matches(of: /<section class="topic-group" id="([a-z-]+)"/).map { String($0.1) }
        #expect(groupOrder.first == "topic-collapsing" && groupOrder.last == "topic-deprecated", "\(groupOrder)")
        let deprecatedGroup = try #require(page.components(separatedBy: "id=\"topic-deprecated\"").last)
        #expect(deprecatedGroup.contains("id=\"UISplitViewControllerDelegate.splitViewController(_:popoverController:willPresent:)\""))
        #expect(deprecatedGroup.contains("<span class=\"badge badge-deprecated\">Deprecated</span>"))
        #expect(page.contains("<pre class=\"declaration\"><code class=\"language-swift\"><span class=\"tok-keyword\">optional</span> <span class=\"tok-keyword\">func</span>"))

        let entry = try #require(page.components(separatedBy: "id=\"UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)\"").last?
            .components(separatedBy: "</section>").first)
        let spellings = entry.matches(of: /<tr><th scope="row">([^<]*)<\/th>/).map { String($0.1) }
        #expect(spellings == ["Swift 2", "Swift 3+", "Objective-C"], "\(spellings)")
        #expect(entry.components(separatedBy: ">Twice</a>").count == 2, "the note's title once")
        #expect(entry.contains("<li><a href=\"../en/twice.html\" lang=\"en\">Twice</a><ul><li><a href=\"../en/twice.html#first\" lang=\"en\">First</a></li><li><a href=\"../en/twice.html#second\" lang=\"en\">Second</a> <span class=\"spelling\">as <code>collapseSecondaryViewController:ontoPrimaryViewController:</code></span></li></ul></li>"), "\(entry)")
    }
}
