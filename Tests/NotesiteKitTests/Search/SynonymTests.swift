import Foundation
import Testing
@testable import NotesiteKit

/// The synonym groups of `data/synonyms.yml`, and what the search index holds of the reference.
@Suite struct SynonymTests {
    @Test func groupsAreReadLowercasedWithYoAsYe() {
        let (groups, findings) = SynonymGroups.load(text: """
        # comment
        groups:
          - [收起, 折叠]
          - [Collapse, collapsed]
          - - свёрнут
            - сворачивание
        """, file: "data/synonyms.yml")
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(groups.groups == [["收起", "折叠"], ["collapse", "collapsed"], ["свернут", "сворачивание"]])
        #expect(groups.synonyms(of: "COLLAPSE") == ["collapsed"])
        #expect(groups.synonyms(of: "свёрнут") == ["сворачивание"])
        #expect(groups.synonyms(of: "expand").isEmpty)
    }

    /// Each problem is a `data.invalid` finding at its line and column, and the groups that can be read are kept.
    @Test func aMalformedListIsAFindingAtItsLine() {
        let (groups, findings) = SynonymGroups.load(text: """
        groups:
          - [收起, 折叠]
          - collapse
          - [expand]
          - [display mode, displaymode]
          - [折叠, 合并]
          - [master, primary, Master]
        """, file: "data/synonyms.yml")
        #expect(findings.map(\.formatted) == [
            "data/synonyms.yml:3:5: error: a synonym group must be a list of words, such as `- [收起, 折叠]` [data.invalid]",
            "data/synonyms.yml:4:5: error: a synonym group needs at least two words; add another or remove the group [data.invalid]",
            "data/synonyms.yml:5:6: error: the synonym `display mode` has a space, and a query is split into words at spaces; list one word [data.invalid]",
            "data/synonyms.yml:5:5: error: a synonym group needs at least two words; add another or remove the group [data.invalid]",
            "data/synonyms.yml:6:6: error: `折叠` is already in the group at line 2; a word belongs to one group, so merge the two groups [data.invalid]",
            "data/synonyms.yml:6:5: error: a synonym group needs at least two words; add another or remove the group [data.invalid]",
            "data/synonyms.yml:7:23: error: `Master` is listed twice in this group; remove one [data.invalid]",
        ])
        #expect(groups.groups == [["收起", "折叠"], ["master", "primary"]])

        let (none, broken) = SynonymGroups.load(text: "groups:\n  - [\"收起, 折叠]\n", file: "data/synonyms.yml")
        #expect(none.groups.isEmpty)
        #expect(broken.count == 1 && broken[0].rule.id == "data.invalid" && broken[0].location?.line == 2, "\(broken.map(\.formatted))")
        let (_, shapeless) = SynonymGroups.load(text: "- [收起, 折叠]\n", file: "data/synonyms.yml")
        #expect(shapeless.map(\.formatted) == ["data/synonyms.yml:1:1: error: the synonym list needs a list `groups:`, each group a list of words such as `- [收起, 折叠]` [data.invalid]"])
    }

    /// The content's own file loads without a finding; without the file there are no synonyms and no finding.
    @Test func theContentsListLoadsAndAMissingFileIsNoSynonyms() throws {
        let (data, findings) = ReferenceData.load(contentRoot: repositoryRoot.appendingPathComponent("Content"), displayRoot: "Content")
        #expect(findings.isEmpty, "\(findings.map(\.formatted))")
        #expect(data.synonyms.synonyms(of: "收起") == ["折叠"])
        #expect(data.synonyms.synonyms(of: "collapse").contains("collapsing"))
        #expect(data.synonyms.synonyms(of: "свернуть").contains("сворачивание"))

        let root = FileManager.default.temporaryDirectory.appendingPathComponent("notesite-synonyms-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: repositoryRoot.appendingPathComponent("Content/data"), to: root.appendingPathComponent("data"))
        try FileManager.default.removeItem(at: root.appendingPathComponent("data/synonyms.yml"))
        let (without, none) = ReferenceData.load(contentRoot: root, displayRoot: "C")
        #expect(none.isEmpty, "\(none.map(\.formatted))")
        #expect(without.synonyms.groups.isEmpty)

        try Data("groups:\n  - [收起]\n".utf8).write(to: root.appendingPathComponent("data/synonyms.yml"))
        let (_, found) = ReferenceData.load(contentRoot: root, displayRoot: "C")
        #expect(found.map(\.formatted) == ["C/data/synonyms.yml:2:5: error: a synonym group needs at least two words; add another or remove the group [data.invalid]"])
    }

    /// Every reference entry and the collapse table are searchable; an entry's spellings find it but are not its
    /// text, which the snippets show.
    @Test func everyEntryAndTheCollapseTableAreIndexed() throws {
        let (data, _) = ReferenceData.load(contentRoot: repositoryRoot.appendingPathComponent("Content"), displayRoot: "Content")
        let reference = SearchIndex.reference(of: data)
        let urls = Set(reference.sections.map(\.url))
        for symbol in data.symbols.symbols {
            #expect(urls.contains(ReferenceSite.pagePath(symbol.page) + "#" + symbol.id), "\(symbol.id)")
        }
        #expect(reference.synonyms == data.synonyms)

        let table = try #require(reference.sections.first { $0.url == ReferenceSite.collapseTablePath })
        #expect(table.title == "The collapse table")
        #expect(table.text.contains("iPad, Landscape, half the screen, compact width: collapsed, one column."))
        #expect(table.text.contains("Richard Turton"))
        #expect(SearchIndex.uniqueTokens(of: table).contains("collapse"))

        let collapsed = try #require(reference.sections.first { $0.url.hasSuffix("#UISplitViewController.isCollapsed") && $0.language == .en })
        // Titled by its page, headed by its name there.
        #expect(collapsed.title == "UISplitViewController" && collapsed.heading == "isCollapsed")
        #expect(collapsed.text.hasPrefix("True while the split view has merged its columns"))
        #expect(!collapsed.text.contains("isCollapsed") && !collapsed.text.contains("getter"))
        let tokens = SearchIndex.uniqueTokens(of: collapsed)
        #expect(tokens.contains("iscollapsed") && tokens.contains("collapsed") && tokens.contains("getter"))
        let allVisible = try #require(reference.sections.first { $0.url.hasSuffix("#UISplitViewController.DisplayMode.allVisible") })
        #expect(allVisible.heading == "DisplayMode.allVisible")
        let type = try #require(reference.sections.first { $0.url == "reference/UISplitViewController.html#UISplitViewController" })
        #expect(type.heading == nil)
        // The words that find an entry are not in its text script.
        let script = SearchIndex.shardFile("reference", sections: reference.sections)
        guard case .bytes(let bytes) = script.contents else { Issue.record("no bytes"); return }
        #expect(!String(decoding: bytes, as: UTF8.self).contains("collapsed (getter isCollapsed)"))
        // Nor are they kept for a rebuild.
        #expect(SearchIndex.Entries(sections: [collapsed]).kept.sections[0].keywords.isEmpty)
    }
}
