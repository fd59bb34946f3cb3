import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// The Mustache templates' parser and renderer: each case is a template, its data and the page it must give.
@Suite struct TemplateTests {
    private func render(_ source: String, _ context: TemplateContext, partials: [String: String] = [:]) throws -> String {
        let compiled = try partials.mapValues { try Template(parsing: $0) }
        return try Template(parsing: source).render(context, partials: compiled).string
    }

    /// Markup rendered ahead (a note's body) is copied in by `{{{…}}}` and escaped by `{{…}}`, as a string of
    /// the same markup would be.
    @Test func markupRenderedAheadIsCopiedInOrEscaped() throws {
        var body = HTMLOutput()
        body += "<p>a & b's</p>"
        body.appendEscaped("<收起>")
        #expect(body.string == "<p>a & b's</p>&lt;收起&gt;")
        #expect(try render("{{{body}}}|{{body}}", ["body": .html(body)]) == "<p>a & b's</p>&lt;收起&gt;|&lt;p&gt;a &amp; b&#39;s&lt;/p&gt;&amp;lt;收起&amp;gt;")
        #expect(try render("{{{body}}}|{{body}}", ["body": .string(body.string)]) == "<p>a & b's</p>&lt;收起&gt;|&lt;p&gt;a &amp; b&#39;s&lt;/p&gt;&amp;lt;收起&amp;gt;")
    }

    private func parseError(_ source: String) -> Template.ParseError? {
        do {
            _ = try Template(parsing: source)
            return nil
        } catch {
            return error
        }
    }

    @Test func variablesAreEscapedUnlessTripleOrAmpersand() throws {
        let context: TemplateContext = ["v": #"<a href="x">Tom & Jerry's</a>"#, "n": 42, "b": true]
        #expect(try render("{{v}}|{{{v}}}|{{& v }}|{{n}}|{{b}}|{{missing}}.", context)
            == #"&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;|<a href="x">Tom & Jerry's</a>|<a href="x">Tom & Jerry's</a>|42|true|."#)
        #expect(try render("{{v}}", ["v": "收起 — без изменений"]) == "收起 — без изменений")
    }

    @Test func namesClimbTheScopesAndDottedPartsStayInside() throws {
        let context: TemplateContext = [
            "title": "outer", "t": .strings(["copy": "Copy"]),
            "note": ["title": "inner", "source": ["url": "https://example.org"]],
        ]
        #expect(try render("{{#note}}{{title}} {{t.copy}} {{source.url}}{{/note}} {{title}}", context)
            == "inner Copy https://example.org outer")
        // Once `note` is found, `note.t` is looked up inside it only: the outer `t` is not reached.
        #expect(try render("[{{note.t.copy}}][{{note.title.x}}]", context) == "[][]")
    }

    @Test func sectionsRepeatShowOnceOrHide() throws {
        let context: TemplateContext = [
            "items": [["name": "a"], ["name": "b"]], "words": ["x", "y"],
            "empty": [], "yes": true, "no": false, "text": "", "object": ["k": "v"],
        ]
        #expect(try render("{{#items}}<{{name}}>{{/items}}", context) == "<a><b>")
        #expect(try render("{{#words}}{{.}},{{/words}}", context) == "x,y,")
        let pairs: [TemplateContext] = [["k": "1"], ["k": "2"]]
        #expect(try render("{{#pairs}}{{k}}{{/pairs}}{{^pairs}}none{{/pairs}}", ["pairs": .list(pairs)]) == "12")
        #expect(try render("{{#empty}}E{{/empty}}{{#no}}N{{/no}}{{#missing}}M{{/missing}}", context) == "")
        #expect(try render("{{#yes}}Y{{/yes}}{{#object}}{{k}}{{/object}}", context) == "Yv")
        // A string, even an empty one, opens its section once, as the templates' first engine did.
        #expect(try render("{{#text}}T{{/text}}", context) == "T")
        #expect(try render("{{^empty}}1{{/empty}}{{^no}}2{{/no}}{{^missing}}3{{/missing}}{{^yes}}4{{/yes}}{{^items}}5{{/items}}", context)
            == "123")
    }

    /// A value that may be missing is put in the data only when it is there: a missing one reads as nothing and
    /// counts as false. A scope or a list where a variable stands renders nothing either; the chrome's words are a
    /// scope like any other.
    @Test func missingValuesScopesAndListsRenderNothingAsVariables() throws {
        let some: String? = "here"
        let none: String? = nil
        var context: TemplateContext = ["object": ["k": "v"], "list": ["x"], "t": .strings(["copy": "Copy"])]
        context["a"] = some.map(TemplateValue.string)
        context["b"] = none.map(TemplateValue.string)
        #expect(try render("{{a}}{{#b}}B{{/b}}{{^b}}-{{/b}}", context) == "here-")
        #expect(try render("[{{object}}][{{list}}][{{t}}][{{{object}}}]", context) == "[][][][]")
        #expect(try render("{{#t}}{{copy}}{{/t}} {{#object}}{{.}}{{/object}}{{#list}}{{.}}{{/list}}", context) == "Copy x")
    }

    @Test func standaloneTagLinesLeaveNothingBehind() throws {
        let source = """
        <ul>
          {{#items}}
          <li>{{name}}</li>
          {{/items}}
          {{! a comment }}
        </ul>
        {{^items}}
        none
        {{/items}}
        """
        #expect(try render(source, ["items": [["name": "a"], ["name": "b"]]]) == "<ul>\n  <li>a</li>\n  <li>b</li>\n</ul>\n")
        // Not alone on their line: the text around them stays.
        #expect(try render("  {{#a}}x{{/a}}  \n|", ["a": true]) == "  x  \n|")
        #expect(try render("a\r\n{{#b}}\r\nc\r\n{{/b}}\r\n", ["b": true]) == "a\r\nc\r\n")
    }

    @Test func partialsSeeThePageAndAreIndentedWhenStandalone() throws {
        let partials = ["item": "<li>{{name}}</li>\n", "block": "<p>\n{{{body}}}\n</p>\n"]
        #expect(try render("<ul>{{#items}}{{> item}}{{/items}}</ul>", ["items": [["name": "a"], ["name": "b"]]], partials: partials)
            == "<ul><li>a</li>\n<li>b</li>\n</ul>")
        // The partial's own lines are indented; a line break inside the data it shows is not.
        #expect(try render("<div>\n  {{> block}}\n</div>\n", ["body": "x\ny"], partials: partials)
            == "<div>\n  <p>\n  x\ny\n  </p>\n</div>\n")
        // Blanks after a standalone partial are not part of its indentation.
        #expect(try render("<div>\n  {{> block}} \t\n</div>\n", ["body": "x"], partials: partials)
            == "<div>\n  <p>\n  x\n  </p>\n</div>\n")
        #expect(try render("[{{> nowhere}}]", [:]) == "[]")
    }

    @Test func delimitersCanBeChanged() throws {
        #expect(try render("{{=<% %>=}}\n<% a %> {{a}} <%{b}%>\n<%={{ }}=%>{{a}}", ["a": "1", "b": "<"]) == "1 {{a}} <\n1")
    }

    @Test func whatDoesNotParseStopsAtItsPosition() {
        #expect(parseError("<p>\n  {{#notes}}unclosed</p>\n") == Template.ParseError(
            location: SourceLocation(line: 2, column: 3), message: "the section 'notes' is not closed; add '{{/notes}}'"))
        #expect(parseError("{{#a}}{{/b}}")?.message == "'{{/b}}' closes the section 'a' opened at 1:1; write '{{/a}}'")
        #expect(parseError("x\n{{/a}}")?.location == SourceLocation(line: 2, column: 1))
        #expect(parseError("ab {{title")?.message == "the tag is not closed; end it with '}}'")
        #expect(parseError("<h1>{{title</h1>\n<p>{{#date}}x{{/date}}</p>") == Template.ParseError(
            location: SourceLocation(line: 1, column: 5), message: "the tag is not closed before the next one opens; end it with '}}'"))
        #expect(parseError("{{! a comment with {{braces}} }}") == nil)
        #expect(parseError("{{a b}}")?.location == SourceLocation(line: 1, column: 1))
        #expect(parseError("{{a..b}}") != nil)
        #expect(parseError("{{=<%>=}}")?.message.contains("does not set delimiters") == true)
        #expect(parseError("{{<parent}}{{/parent}}")?.message.contains("inheritance") == true)
        #expect(parseError("{{>*dynamic}}")?.message.contains("dynamic partials") == true)
        #expect(parseError("{{date(format)}}")?.message.contains("transforms") == true)
        #expect(parseError("{{! a\nlong comment }}\n{{ok}}") == nil)
    }
}
