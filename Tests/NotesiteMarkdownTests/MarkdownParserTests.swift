import Testing
@testable import NotesiteMarkdown

@Suite struct MarkdownParserTests {
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

    @Test func headingPlainTextDropsMarkup() {
        let tree = MarkdownParser.parse("## Where `show(_:sender:)` *goes*\n")
        #expect(tree.children[0].plainText == "Where show(_:sender:) goes")
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        let depth = 5_000
        let tree = MarkdownParser.parse(String(repeating: ">", count: depth) + " deep\n")
        var levels = 0
        tree.forEach { if $0.kind == .blockQuote { levels += 1 } }
        #expect(levels == depth)
    }
}
