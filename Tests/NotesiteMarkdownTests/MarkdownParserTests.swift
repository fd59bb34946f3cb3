import Dispatch
import Testing
@testable import NotesiteMarkdown

@Suite struct MarkdownParserTests {
    /// cmark-gfm keeps the characters that start an extension's inline syntax (`:` and `w` for autolinks, `~` for
    /// strikethrough) in a process-wide table, and adds and removes them around every parse's inline pass. Parses
    /// on two threads then undo each other's table, and links or strikethrough go missing at random. Every parse
    /// on any thread must give the tree a lone parse gives.
    @Test func parsesOnManyThreadsGiveTheSameTreeAsOne() {
        let source = """
        See https://developer.apple.com/documentation/uikit/uisplitviewcontroller and www.example.com, ~~old~~ new.

        | a | b |
        | - | - |
        | http://nshipster.cn/uisplitviewcontroller/ | ~~x~~ |

        """ + String(repeating: "Plain words, *emphasis* and `code` to keep the parser busy between links.\n\n", count: 40)
            + "Last: https://example.org/end ~~gone~~\n"
        let expected = MarkdownParser.parse(source).dump()
        #expect(expected.contains("link(\"https://developer.apple.com/documentation/uikit/uisplitviewcontroller\""))
        #expect(expected.contains("strikethrough"))
        let runs = 2_000
        let results = ResultBox(count: runs)
        DispatchQueue.concurrentPerform(iterations: runs) { i in
            results.set(i, MarkdownParser.parse(source).dump() == expected)
        }
        #expect(results.mismatches == 0, "\(results.mismatches) of \(runs) parallel parses differed from a lone parse")
    }

    @Test func treeWithRangesMatchesGolden() {
        let source = """
        ## Collapse 和 Expand

        Call `show(_:sender:)` on *the* [primary](other.md#top).

        ```swift
        let svc = UISplitViewController()
        ```
        """
        #expect(MarkdownParser.parse(source).dump() == """
        document @1:1-7:3
          heading(2) @1:1-1:22
            text("Collapse 和 Expand") @1:4-1:22
          paragraph @3:1-3:56
            text("Call ") @3:1-3:5
            code("show(_:sender:)") @3:6-3:21
            text(" on ") @3:23-3:26
            emphasis @3:27-3:31
              text("the") @3:28-3:30
            text(" ") @3:32-3:32
            link("other.md#top") @3:33-3:55
              text("primary") @3:34-3:40
            text(".") @3:56-3:56
          codeBlock("swift", "let svc = UISplitViewController()\\n") @5:1-7:3
        """)
    }

    @Test func firstLineShiftsEveryRangeForFrontMatter() {
        let tree = MarkdownParser.parse("# Title\n\ntext\n", firstLine: 5)
        #expect(tree.children.map(\.range.start) == [SourceLocation(line: 5, column: 1), SourceLocation(line: 7, column: 1)])
    }

    @Test func codeSpanStartsAtItsOpeningBackticks() {
        let tree = MarkdownParser.parse("a ``x ` y`` b\n")
        let code = tree.children[0].children[1]
        #expect(code.kind == .code("x ` y"))
        #expect(code.range.start == SourceLocation(line: 1, column: 3))
    }

    @Test func gfmExtensionsAreAttached() {
        let tree = MarkdownParser.parse("""
        | a | b | c |
        |:--|:-:|--:|
        | ~~x~~ | www.example.com | z |

        - [x] done
        - [ ] todo
        """)
        #expect(tree.children[0].kind == .table(alignments: [.left, .center, .right]))
        let row = tree.children[0].children[1]
        #expect(row.kind == .tableRow)
        #expect(row.children[0].children[0].kind == .strikethrough)
        #expect(row.children[1].children[0].kind == .link(destination: "http://www.example.com", title: ""))
        #expect(row.children[1].children[0].range.start.column >= 1)
        #expect(tree.children[1].children.map(\.kind) == [.item(task: .checked), .item(task: .unchecked)])
    }

    /// Footnotes as GitHub reads them: references numbered by their footnote, the footnotes that are referred
    /// to at the end in the order first referred to (whatever order they are written in), the others dropped, and a
    /// reference to no footnote left as text.
    @Test func footnotesAreNumberedInTheOrderTheTextRefersToThem() {
        let tree = MarkdownParser.parse("""
        A[^b] and B[^a], A again[^b], none[^x].

        [^a]: First written.
        [^b]: Second *written*.
        [^unused]: Never referred to.
        """)
        #expect(tree.dump() == """
        document @1:1-5:29
          paragraph @1:1-1:39
            text("A") @1:1-1:1
            footnoteReference(1) @1:2-1:5
            text(" and B") @1:6-1:11
            footnoteReference(2) @1:12-1:15
            text(", A again") @1:16-1:24
            footnoteReference(1) @1:25-1:28
            text(", none[^x].") @1:29-1:39
          footnoteDefinition(1) @4:7-4:23
            paragraph @4:7-4:23
              text("Second ") @4:7-4:13
              emphasis @4:14-4:22
                text("written") @4:15-4:21
              text(".") @4:23-4:23
          footnoteDefinition(2) @3:7-3:20
            paragraph @3:7-3:20
              text("First written.") @3:7-3:20
        """)
    }

    /// Footnotes are parsed only in text that has their mark, `[^`; text without it parses the same either way.
    @Test(arguments: [("a[^b]", true), ("[^", true), ("x [ y [^", true), ("", false), ("[", false), ("a[", false),
                      ("[x^]", false), ("^[", false), ("[[", false)])
    func footnoteMarkIsFound(text: String, found: Bool) {
        #expect(MarkdownParser.hasFootnoteMark(text) == found)
    }

    @Test func headingPlainTextDropsMarkup() {
        let tree = MarkdownParser.parse("## Where `show(_:sender:)` *goes*\n")
        #expect(tree.children[0].plainText == "Where show(_:sender:) goes")
    }

    /// Text nodes and code spans are copied from the source where their bytes stand on their line, also where
    /// cmark's column for them is off (after multi-byte letters) or a piece recurs on the line; decoded entities,
    /// escapes and code spans that wrap take the node's own text.
    @Test func textNodesHoldTheirTextWhereverItComesFrom() {
        func texts(_ markdown: String) -> [String] {
            var out: [String] = []
            MarkdownParser.parse(markdown).forEach { node in
                switch node.kind {
                case .text(let text), .code(let text): out.append(text)
                default: break
                }
            }
            return out
        }
        #expect(texts("Ёжик в *тумане* и ёжик `код` в тумане") == ["Ёжик в ", "тумане", " и ёжик ", "код", " в тумане"])
        #expect(texts("收起 **展开** 收起") == ["收起 ", "展开", " 收起"])
        // cmark joins decoded entities and escapes with the text around them: such a node is not in the source.
        #expect(texts("- Щи: *да*\n- а &amp; б \\*в\\*") == ["Щи: ", "да", "а & б *в*"])
        #expect(texts("Код `a\nb` и ``x ` y``") == ["Код ", "a b", " и ", "x ` y"])
        #expect(texts("a &#x42F; a") == ["a Я a"])
    }

    @Test func forEachVisitsEveryNodeInDocumentOrder() {
        let tree = MarkdownParser.parse("# A\n\n- b *c*\n- d\n\ne\n")
        var visited: [String] = []
        tree.forEach { node in
            switch node.kind {
            case .text(let s): visited.append(s)
            case .document: visited.append("document")
            case .heading: visited.append("heading")
            case .list: visited.append("list")
            case .item: visited.append("item")
            case .paragraph: visited.append("p")
            case .emphasis: visited.append("em")
            default: visited.append("?")
            }
        }
        #expect(visited == ["document", "heading", "A", "list", "item", "p", "b ", "em", "c", "item", "p", "d", "p", "e"])
    }

    @Test func deepNestingIsFlattenedBelowTheMaximumDepthAndKeepsTheText() {
        let depth = 5_000
        let (tree, flattenedAt) = MarkdownParser.parseDocument(String(repeating: ">", count: depth) + " deep\n", firstLine: 3)
        var levels = 0
        var text: [String] = []
        tree.forEach { node in
            if node.kind == .blockQuote { levels += 1 }
            if case .text(let s) = node.kind { text.append(s) }
        }
        // The document is the first level.
        #expect(levels == MarkdownParser.maximumDepth - 1)
        #expect(text == ["deep"])
        #expect(flattenedAt == SourceLocation(line: 3, column: MarkdownParser.maximumDepth))

        let lists = (0..<300).map { String(repeating: "  ", count: $0) + "- item \($0)\n" }.joined()
        let (listTree, listFlattened) = MarkdownParser.parseDocument(lists)
        var items = 0
        listTree.forEach { if case .text(let s) = $0.kind, s.hasPrefix("item ") { items += 1 } }
        #expect(items == 300)
        #expect(listFlattened != nil)
        #expect(MarkdownParser.parseDocument("> a\n>> b\n").flattenedAt == nil)
    }
}

/// Per-iteration results written from `concurrentPerform`, each index by one thread.
private final class ResultBox: @unchecked Sendable {
    private let same: UnsafeMutableBufferPointer<Bool>
    init(count: Int) { same = .allocate(capacity: count); same.initialize(repeating: false) }
    deinit { same.deallocate() }
    func set(_ i: Int, _ value: Bool) { same[i] = value }
    var mismatches: Int { same.filter { !$0 }.count }
}
