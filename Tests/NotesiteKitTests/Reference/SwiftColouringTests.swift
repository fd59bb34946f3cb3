import Foundation
import NotesiteMarkdown
import SwiftIDEUtils
import SwiftParser
import Testing
@testable import NotesiteKit

/// notesite colours Swift in the walk that finds its API names, by the rules of swift-syntax's classifier. These
/// tests hold the two to the same spans: on every Swift block of the notes in `Content/`, and on snippets that
/// reach each rule (roles given by enclosing nodes, attribute names, directives, trivia, merging, broken code).
@Suite struct SwiftColouringTests {
    /// The spans swift-syntax's classifier gives, in notesite's classes: what the pages showed before notesite
    /// coloured Swift itself.
    static func classifierSpans(_ code: String) -> [CodeHighlighter.Span] {
        Parser.parse(source: code).classifications.compactMap { range in
            let css: String? = switch range.kind {
            case .keyword: "tok-keyword"
            case .attribute: "tok-attribute"
            case .type: "tok-type"
            case .stringLiteral, .regexLiteral: "tok-string"
            case .integerLiteral, .floatLiteral: "tok-number"
            case .lineComment, .blockComment, .docLineComment, .docBlockComment: "tok-comment"
            case .ifConfigDirective: "tok-directive"
            case .argumentLabel: "tok-label"
            default: nil
            }
            return css.map { CodeHighlighter.Span(range: range.range.lowerBound.utf8Offset..<range.range.upperBound.utf8Offset, cssClass: $0) }
        }
    }

    /// Each span as `text=class`, for a readable failure.
    static func described(_ spans: [CodeHighlighter.Span], in code: String) -> [String] {
        let bytes = Array(code.utf8)
        return spans.map { "\(String(decoding: bytes[$0.range], as: UTF8.self))=\($0.cssClass)@\($0.range.lowerBound)" }
    }

    static let snippets: [String] = [
        // Attributes: a name coloured whole, its arguments by their own rules, on declarations and parameters.
        "@objc(showDetail:) func show(_ sender: Any?) {}\n@available(iOS 8.0, *)\n@IBAction private func go() {}\n",
        "func run(_ body: @escaping @Sendable () -> Void, on queue: DispatchQueue = .main) {}\n",
        "@available(iOS, introduced: 8.0, deprecated: 14.0, message: \"Use the column style\")\nvar x = 1\n",
        "@ MainActor class A {}\n@Foo<Bar>(1) struct B {}\n@ /* gap */ objc var c = 0\n",
        // Conditional compilation: the condition's identifiers, the keywords, nested labels.
        "#if os(iOS) && !DEBUG\nlet a = 1\n#elseif canImport(UIKit) || targetEnvironment(macCatalyst)\nlet b = 2\n#else\nlet c = 3\n#endif\n",
        "if #available(iOS 14, macOS 11, *) { show() } else if #unavailable(iOS 13) {}\n#sourceLocation(file: \"a.swift\", line: 3)\n#sourceLocation()\n",
        // Labels: calls, declarations with two names, `_`, trailing closures, subscripts.
        "splitViewController.setOverrideTraitCollection(traits, forChildViewController: child)\n",
        "func splitViewController(_ svc: UISplitViewController, collapseSecondary secondary: UIViewController, onto primary: UIViewController) -> Bool { true }\n",
        "let v = items.map { $0.name }.filter(isIncluded: { _ in true })[index: 2]\nfoo(bar: 1) { x in x } label: { }\n",
        // Types: plain, member, generic, optional, function, tuple, metatype, some/any.
        "let a: Swift.Array<UIKit.UIViewController>? = nil\nvar b: [String: (Int, Double)] = [:]\nlet c: (some View).Type\nlet d: any Error\n",
        "class C<T: Equatable>: UIViewController, UISplitViewControllerDelegate where T: Hashable { typealias X = T.Element }\n",
        // Literals: strings with interpolation, multi-line, raw, regex, numbers.
        "let s = \"a \\(b + \"c\") d\"\nlet t = \"\"\"\n  line \\(x)\n  \"\"\"\nlet r = #\"raw \\#(y) \"q\"\"#\n",
        "let re = /a+b(?<name>c)/\nlet re2 = #/x\\/y/#\nlet n = 0x1F + 1_000 + 3.5e-2 + 0b101 + -7\n",
        "let empty = \"\"\nlet e2 = \"\"\"\n\"\"\"\nlet c: Character = \"x\"\n",
        // Comments of every kind, next to each other, inside declarations, at the end of the file.
        "/// Doc line\n/** Doc block */\n// line\n/* block /* nested */ */\nfunc f() {} // trailing\n/* last */",
        "let x = 1 /* a */ /* b */ + /*c*/2 // d\n// e\n// f",
        // Operators and precedence groups; dollar identifiers; placeholders; key paths; backticks.
        "precedencegroup ComposePrecedence { associativity: left higherThan: AdditionPrecedence lowerThan: MultiplicationPrecedence }\ninfix operator <>: ComposePrecedence\nprefix operator √\n",
        "let f = { $0 + $1 }\nlet p = <#placeholder#>\nlet k = \\UIViewController.title\nlet `default` = `class`.self\n",
        // Modifiers, accessors, contextual keywords.
        "open class A { private(set) weak var d: D?; unowned(safe) let o: O; lazy var l = 1; override final func f() {} }\n",
        "var x: Int { get async throws { 1 } set { _ = newValue } }\nstruct S { mutating func m() {} nonisolated func n() {} }\n",
        // Code that is not valid Swift: unterminated strings, stray braces, Objective-C in a Swift block.
        "let s = \"unterminated\nfunc (\n}}} let\n",
        "- (BOOL)splitViewController:(UISplitViewController *)svc collapseSecondaryViewController:(UIViewController *)vc {\n  return YES;\n}\n",
        "@\n#if\nlet x = `\n",
        // Non-ASCII identifiers and strings, tabs, Windows line ends, nothing at all.
        "let 名字 = \"值\" // комментарий\n\tlet δ = 1\r\nlet y = 2\r\n",
        "",
        "   \n",
    ]

    @Test(arguments: snippets)
    func snippetsAreColouredAsSwiftSyntaxClassifiesThem(code: String) {
        let spans = SwiftNameExtractor.analyse(code).spans
        #expect(Self.described(spans, in: code) == Self.described(Self.classifierSpans(code), in: code))
    }

    @Test func everySwiftBlockOfTheNotesIsColouredAsSwiftSyntaxClassifiesIt() throws {
        let folder = repositoryRoot.appendingPathComponent("Content/notes")
        var blocks: [String] = []
        for case let url as URL in FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)! where url.pathExtension == "md" {
            MarkdownParser.parse(try String(contentsOf: url, encoding: .utf8)).forEach { node in
                if case .codeBlock(let info, let code) = node.kind, CodeScanner.Dialect(info: info) == .swift { blocks.append(code) }
            }
        }
        #expect(blocks.count >= 15)
        for code in blocks {
            #expect(Self.described(SwiftNameExtractor.analyse(code).spans, in: code) == Self.described(Self.classifierSpans(code), in: code))
        }
    }

    /// The rules spelled out on one snippet, independently of the classifier.
    @Test func rolesAttributesAndDirectivesGetTheirClasses() {
        let code = "#if DEBUG\n@objc func f(with x: UIView) { g(a: \"s\", 2) } // c\n#endif\n"
        let got = Self.described(SwiftNameExtractor.analyse(code).spans, in: code)
        #expect(got == [
            "#if=tok-directive@0", "DEBUG=tok-directive@4", "@objc=tok-attribute@10", "func=tok-keyword@16",
            "with=tok-label@23", "UIView=tok-type@31", "a=tok-label@43", "\"s\"=tok-string@46", "2=tok-number@51",
            "// c=tok-comment@56", "#endif=tok-directive@61",
        ])
    }
}
