import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// Each rule on a note with markers at the places the diagnostics must point to.
@Suite struct SymbolCheckerTests {
    private static let checker: SymbolChecker = {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "", file: "symbols.yml")
        return SymbolChecker(finder: MentionFinder(resolver: SymbolResolver(list: list)))
    }()

    /// The findings on a note, without the remark on its era unless `era` asks for it.
    private func check(_ marked: MarkedText, swift: String? = nil, era: Bool = false) -> [Diagnostic] {
        let front = "---\ntitle: t\ndate: 2020-01-01\nlang: en\n\(swift.map { "swift: \"\($0)\"\n" } ?? "")---\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: front + marked.text))
        let offset = front.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        return Self.checker.diagnostics(for: note!).filter { era || $0.rule != SymbolRule.era.rule }.map { d in
            var d = d
            d.location?.line -= offset
            return d
        }
    }

    private func found(_ diagnostics: [Diagnostic], _ marked: MarkedText) -> [String] {
        diagnostics.map { d in
            let marker = marked.positions.first { $0.value == d.location }?.key ?? "@\(d.location!)"
            return "\(marker) \(d.severity.rawValue) \(d.rule)"
        }
    }

    @Test func malformedNameGetsAFixIt() {
        let marked = MarkedText("The split view sends `1️⃣show(_:sender)` to its primary.\n")
        let diagnostics = check(marked)
        #expect(found(diagnostics, marked) == ["1️⃣ error symbol.malformed"])
        #expect(diagnostics.first?.fixIts.first?.original == "show(_:sender)")
        #expect(diagnostics.first?.fixIts.first?.replacement == "show(_:sender:)")
        #expect(diagnostics.first?.message.contains("`show(_:sender:)` is `UIViewController.show(_:sender:)`") == true)
    }

    /// `eat(f:Food)`, `execute(_:String)`: a name with its parameters' types, as notes write a signature in prose,
    /// is not a selector that lost its last colon (imported notes wrote these; the fix-it made `eat(f:Food:)`).
    @Test func aParameterWithItsTypeIsNotALostColon() {
        let marked = MarkedText("""
        A base class with `eat(f:Food)`, `init(library:Library)` and `isItemInSatck(item:T)`; `execute(_:String)`.
        But `1️⃣write(to:options)` lost a colon.

        """)
        #expect(found(check(marked), marked) == ["1️⃣ error symbol.malformed"])
    }

    /// A code span's line breaks are spaces in its text; a name after one is on the next line of the file.
    @Test func aNameInACodeSpanThatWrapsIsPlacedOnItsOwnLine() {
        let marked = MarkedText("""
        Read `let t =
          1️⃣UITraitColection()` first.

        > Quoted `x
        > 2️⃣UITraitColection` too.

        """)
        #expect(found(check(marked), marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
    }

    @Test func unknownUIKitNamesAndLabelsGetSuggestions() {
        let marked = MarkedText("""
        Ask `1️⃣primaryViewController(forCollapse:)` and read `2️⃣UITraitColection`.

        ```swift
        let t = 3️⃣UITraitColection(horizontalSizeClass: .regular)
        ```
        """)
        let diagnostics = check(marked)
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown", "3️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].message.contains("did you mean `primaryViewController(forCollapsing:)`?"))
        #expect(diagnostics[1].fixIts.first?.replacement == "UITraitCollection")
    }

    @Test func renamedSpellingsFollowTheNotesSwiftVersion() {
        let marked = MarkedText("""
        ```swift
        override func viewDidLoad() {
            setOverrideTraitCollection(t, forChildViewController: c)
            svc.preferredDisplayMode = .1️⃣PrimaryHidden
        }
        ```

        In prose, `2️⃣collapseSecondaryViewController(_:forSplitViewController:)` is the old name.
        """)
        // Swift 5: the Swift 2 spellings are warnings in code, notes in prose; the code's call has labels, so it is
        // judged too (at its base name).
        let diagnostics = check(marked, swift: "5")
        #expect(found(diagnostics, marked).contains("1️⃣ warning symbol.renamed"))
        #expect(found(diagnostics, marked).contains("2️⃣ note symbol.renamed"))
        #expect(diagnostics.contains { $0.rule.id == "symbol.renamed" && $0.message.contains("setOverrideTraitCollection(_:forChild:)") })
        let fix = diagnostics.first { $0.location == marked.positions["1️⃣"] && $0.rule.id == "symbol.renamed" }?.fixIts.first
        #expect(fix?.original == "PrimaryHidden")
        #expect(fix?.replacement == "primaryHidden")
        // Swift 2: the same note is right, and only says what the names are today.
        let swift2 = check(marked, swift: "2")
        #expect(swift2.allSatisfy { $0.severity == .note })
    }

    @Test func deprecatedByTheNotesEra() {
        let marked = MarkedText("Set `1️⃣UISplitViewControllerDisplayModeAllVisible` or `2️⃣.allVisible`.\n")
        // Both spellings name one member: one finding, which names the other's line.
        #expect(found(check(marked, swift: "5"), marked) == ["1️⃣ warning symbol.deprecated"])
        #expect(check(marked, swift: "3").filter { $0.rule.id == "symbol.deprecated" }.isEmpty)
        #expect(check(marked, swift: "5").last?.message == "`allVisible` is deprecated since iOS 14.0; use `oneBesideSecondary` (the same again on this line)")
    }

    @Test func objectiveCSelectorsAreNeverRenamed() {
        let marked = MarkedText("""
        ```objc
        - (UISplitViewControllerDisplayMode)targetDisplayModeForActionInSplitViewController:(UISplitViewController *)svc {
            return UISplitViewControllerDisplayModeAutomatic;
        }
        ```
        """)
        #expect(check(marked, swift: "5").filter { $0.rule.id != "symbol.deprecated" }.isEmpty)
    }

    /// The notes' own classes, methods and variables, and words of prose, are never flagged.
    @Test func noDiagnosticsOnTheNotesOwnNames() {
        let marked = MarkedText("""
        The `regular` width and the `primary` view controller; `cmd + delete`; `非0值`.

        ```swift
        class UIMasterListController: UITableViewController {
            @IBOutlet weak var photoView: UIImageView!
            func configureTraitOverrideForSize(size: CGSize) {
                let traitOverride: UITraitCollection? = nil
                photoView.hidden = traitOverride == nil
            }
        }
        ```
        Call `configureTraitOverrideForSize(_:)` in `viewDidLoad()`.
        """)
        let diagnostics = check(marked, swift: "2")
        for own in ["UIMasterListController", "photoView", "configureTraitOverrideForSize", "traitOverride", "regular", "primary", "cmd"] {
            #expect(!diagnostics.contains { $0.message.contains("`\(own)") }, "\(own)")
        }
        // UITableViewController and UIImageView are real UIKit classes that the list does not carry: they are the
        // only findings, as warnings that say how to add them.
        #expect(diagnostics.filter { $0.severity != .note }.allSatisfy {
            $0.rule.id == "symbol.unknown" && ($0.message.contains("`UIImageView`") || $0.message.contains("`UITableViewController`"))
        })
    }

    /// The code the parse collects for the mentions and the checks is what a walk of the tree finds: on every note
    /// of `Content/` (and a note with code before its first heading, in a heading and in a nested list), the
    /// mentions and the findings are the same either way, and there are some of each.
    @Test func theCodeTheParseCollectsIsTheCodeOfTheTree() throws {
        let loader = ContentLoader(root: repositoryRoot.appendingPathComponent("Content"), displayRoot: "Content")
        var files: [SourceFile] = try loader.load().notes.compactMap { path in
            guard case .note(let file) = loader.read(path) else { return nil }
            return file
        }
        files.append(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: """
            ---
            title: t
            date: 2020-01-01
            lang: en
            swift: "2"
            ---
            Before: `UISplitViewController` and `isCollapsed`.

            ## The `preferredDisplayMode` property

            - a list
              - with `UIViewController.showDetailViewController(_:sender:)`

            ```swift
            func splitViewController(svc: UISplitViewController, collapseSecondaryViewController secondary: UIViewController, ontoPrimaryViewController primary: UIViewController) -> Bool { true }
            ```
            """))
        var mentions = 0, findings = 0
        for file in files {
            let note = try #require(NoteParser.parse(file).note)
            var walked = note
            walked.codeNodes = nil
            let found = Self.checker.finder.mentions(in: note)
            #expect(found == Self.checker.finder.mentions(in: walked), "\(file.path)")
            let diagnostics = Self.checker.diagnostics(for: note)
            #expect(diagnostics == Self.checker.diagnostics(for: walked), "\(file.path)")
            mentions += found.count
            findings += diagnostics.count
        }
        #expect(files.count >= 7 && mentions > 100 && findings > 0)
    }

    /// A checker judges a repeated inline span once when it is clean; a span is clean only for the Swift version it
    /// was judged in, and a span that a note's own names spare is still judged in the next note.
    @Test func aSpanFoundCleanInOneNoteIsNotAssumedCleanInAnother() {
        let checker = SymbolChecker(finder: Self.checker.finder)
        func rules(_ body: String, swift: String) -> [String] {
            let text = "---\ntitle: t\ndate: 2020-01-01\nlang: en\nswift: \"\(swift)\"\n---\n" + body
            let note = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: text)).note!
            return checker.diagnostics(for: note).map { "\($0.location!.line):\($0.location!.column) \($0.rule)" }
        }
        let own = "```swift\nclass UIMasterListController {}\n```\nThe `UIMasterListController` and `.allVisible`.\n"
        #expect(rules(own, swift: "3") == [])
        #expect(rules(own, swift: "3") == [])
        #expect(rules("The `UIMasterListController` here.\n", swift: "3") == ["7:6 symbol.unknown"])
        #expect(rules("The `UIMasterListController` and\n`.allVisible`.\n", swift: "5") == ["7:6 symbol.unknown", "8:2 symbol.deprecated"])
        // The second span is judged too: the one finding names its line.
        #expect(rules("Twice: `.allVisible`, `.allVisible`.\n", swift: "5") == ["7:9 symbol.deprecated"])
        let twice = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md",
                                                text: "---\ntitle: t\nswift: \"5\"\n---\nTwice: `.allVisible`, `.allVisible`.\n")).note!
        #expect(checker.diagnostics(for: twice).first?.message.hasSuffix("(the same again on this line)") == true)
        let thrice = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md",
                                                 text: "---\ntitle: t\nswift: \"5\"\n---\n`.allVisible`, `.allVisible`.\n\nAnd `.allVisible`.\n")).note!
        #expect(checker.diagnostics(for: thrice).first?.message.hasSuffix("(the same again on this line, and on line 7)") == true)
    }

    /// The mentions and the checks read each code block from one scan: they find what each finds on its own.
    @Test func sharedScansGiveTheSameMentionsAndDiagnostics() throws {
        let block = "```swift\nsplitViewController.show(vc, sender: nil)\nlet mode = UISplitViewControllerDisplayMode.AllVisible\n```\n"
        let other = "```objc\n[self.splitViewController showDetailViewController:vc sender:nil];\n```\n"
        let text = "---\ntitle: t\ndate: 2020-01-01\nlang: en\nswift: \"5\"\n---\n" + block + "\n## Again\n\n" + block + "\n" + other
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: text))
        let finder = Self.checker.finder
        let scans = CodeScanner.BlockScans()
        let mentions = finder.mentions(in: try #require(note), scans: scans)
        let diagnostics = Self.checker.diagnostics(for: note!, scans: scans)
        #expect(scans.count == 2)
        #expect(mentions.map { "\($0.symbolID)@\($0.location) \($0.headingID ?? "-")" }
                == finder.mentions(in: note!).map { "\($0.symbolID)@\($0.location) \($0.headingID ?? "-")" })
        #expect(mentions.contains { $0.symbolID == "UIViewController.show(_:sender:)" && $0.location.line == 8 })
        #expect(mentions.contains { $0.symbolID == "UIViewController.show(_:sender:)" && $0.location.line == 15 })
        #expect(diagnostics.map(\.formatted) == Self.checker.diagnostics(for: note!).map(\.formatted))
        #expect(diagnostics.contains { $0.location?.line == 9 } && diagnostics.contains { $0.location?.line == 16 })
    }

    /// A page colours its blocks from the analyses its note's parse kept, cut down to what pages use: the same
    /// HTML as analysing them afresh, and no block analysed again.
    @Test func keptScansColourThePageAsAFreshAnalysisDoes() throws {
        let swift = "override func viewDidLoad() {\n    splitViewController?.show(vc, sender: nil) // 显示\n    let mode = UISplitViewControllerDisplayMode.AllVisible\n}"
        let objc = "[self.splitViewController showDetailViewController:vc sender:nil];"
        let text = "---\ntitle: t\nlang: en\n---\n```swift\n\(swift)\n```\n\n```objc\n\(objc)\n```\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: text))
        let finder = Self.checker.finder
        let scans = CodeScanner.BlockScans()
        _ = finder.mentions(in: try #require(note), scans: scans)
        scans.keepForPages(resolvingWith: finder)
        var linker = SymbolLinker(finder: finder, data: .empty, page: "en/t.html")
        let fresh = [linker.codeBlock(info: "swift", code: swift + "\n"), linker.codeBlock(info: "objc", code: objc + "\n")]
        linker.scans = scans
        let kept = [linker.codeBlock(info: "swift", code: swift + "\n"), linker.codeBlock(info: "objc", code: objc + "\n")]
        #expect(kept == fresh)
        #expect(scans.count == 2)
        let page = try #require(kept[0])
        #expect(page.contains("<span class=\"tok-keyword\">override</span>"))
        #expect(page.contains("href=\"../reference/UIViewController.html#UIViewController.show(_:sender:)\""))
        #expect(try #require(kept[1]).contains("showDetailViewController</a>"))
    }

    /// A symbol's link leads from the page it is on to its entry, wherever the page is.
    @Test func symbolLinksAreRelativeToTheirPage() throws {
        let finder = Self.checker.finder
        let symbols = ["UIViewController.show(_:sender:)", "UISplitViewController", "UISplitViewController.DisplayMode.allVisible"]
            .map { finder.resolver.list[$0]! }
        for page in ["en/t.html", "index.html", "en/deep/er/t.html", "reference/collapse-table.html", "reference/UIView.html"] {
            let linker = SymbolLinker(finder: finder, data: .empty, page: page)
            for symbol in symbols {
                let expected = RelativeURL.from(page, to: ReferenceSite.pagePath(symbol.page)) + "#" + symbol.id
                #expect(linker.href(for: symbol) == expected, "\(symbol.id) from \(page)")
                #expect(linker.href(for: symbol) == expected, "\(symbol.id) from \(page), again")
            }
        }
        let linker = SymbolLinker(finder: finder, data: .empty, page: "zh/a.html")
        #expect(linker.href(for: symbols[2]) == "../reference/UISplitViewController.html#UISplitViewController.DisplayMode.allVisible")
        #expect(SymbolLinker(finder: finder, data: .empty, page: "reference/UIView.html").href(for: symbols[1])
                == "UISplitViewController.html#UISplitViewController")
    }

    /// A block's names are resolved once for its mentions and its page, against the symbol list of the finder
    /// that asks: a finder with another list gets that list's names.
    @Test func resolvedNamesFollowTheFinderThatAsks() throws {
        let code = "splitViewController?.show(vc, sender: nil)\nlet m = UISplitViewControllerDisplayMode.AllVisible\n"
        let scans = CodeScanner.BlockScans()
        let full = Self.checker.finder
        let names = scans.resolved(code, dialect: .swift, by: full).map(\.1.id)
        #expect(names.contains("UIViewController.show(_:sender:)"))
        #expect(scans.resolved(code, dialect: .swift, by: full).map(\.1.id) == names)
        let (small, _) = SymbolList.load(text: """
        symbols:
          - id: UIViewController.show(_:sender:)
            kind: method
            container: UIViewController
            swift: show(_:sender:)
            swift_versions:
              "2": showViewController(_:sender:)
              "3": show(_:sender:)
              "4": show(_:sender:)
              "4.2": show(_:sender:)
            objc: "-showViewController:sender:"
            introduced: "8.0"
            summary: Shows a view controller.
        """, file: "symbols.yml")
        let other = MentionFinder(resolver: SymbolResolver(list: small))
        #expect(scans.resolved(code, dialect: .swift, by: other).map(\.1.id) == ["UIViewController.show(_:sender:)"])
        #expect(scans.resolved(code, dialect: .swift, by: full).map(\.1.id) == names)
        #expect(scans.count == 1)
    }

    /// The real notes: no errors, and no warning about a name the note defines.
    @Test func theNotesHaveNoSymbolErrors() throws {
        let url = repositoryRoot.appendingPathComponent("Content/notes")
        let files = try FileManager.default.subpathsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".md") }
        #expect(files.count >= 6)
        for path in files {
            let text = try String(contentsOf: url.appendingPathComponent(path), encoding: .utf8)
            let (note, _) = NoteParser.parse(SourceFile(path: "notes/" + path, displayPath: path, text: text))
            let diagnostics = Self.checker.diagnostics(for: note!)
            #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(path): \(diagnostics.map(\.formatted))")
            #expect(diagnostics.filter { $0.rule.id == "symbol.unknown" }.isEmpty, "\(path): \(diagnostics.map(\.formatted))")
        }
    }
}

/// Inline code is analysed once per distinct span: asked again, on any thread, the finder gives the same names.
@Suite struct InlineNamesTests {
    private static let finder: MentionFinder = {
        let url = repositoryRoot.appendingPathComponent("Content/data/symbols.yml")
        let (list, _) = SymbolList.load(text: (try? String(contentsOf: url, encoding: .utf8)) ?? "", file: "symbols.yml")
        return MentionFinder(resolver: SymbolResolver(list: list))
    }()

    private func describe(_ names: MentionFinder.InlineNames) -> String {
        switch names {
        case .whole(let symbol): "whole \(symbol.id)"
        case .parts(let parts): "parts " + parts.map { "\($0.1.id)@\($0.0.range.lowerBound)" }.joined(separator: " ")
        }
    }

    @Test func repeatedSpansGetTheSameAnswerOnEveryThread() {
        let spans = ["isCollapsed", "splitViewController!.displayModeButtonItem()", "regular", "UISplitViewController"]
        let first = spans.map { describe(Self.finder.names(inInlineCode: $0)) }
        #expect(first == ["whole UISplitViewController.isCollapsed",
                          "parts UIViewController.splitViewController@0 UISplitViewController.displayModeButtonItem@21",
                          "parts ", "whole UISplitViewController"])
        let again = Array(repeating: spans, count: 50).flatMap { $0 }.parallelMap { describe(Self.finder.names(inInlineCode: $0)) }
        #expect(again == Array(repeating: first, count: 50).flatMap { $0 })
    }
}
