import NotesiteMarkdown
import Testing
@testable import NotesiteKit

@Suite struct BreakOpportunitiesTests {
    /// The pager showed "UISplitViewC / ontroller学习笔记": the title now breaks between the identifier's words.
    @Test func titlesBreakBetweenTheWordsOfALongIdentifier() {
        #expect(BreakOpportunities.html("UISplitViewController学习笔记") == "UISplit<wbr>View<wbr>Controller学习笔记")
        #expect(BreakOpportunities.html("UISplitViewControllerDelegate") == "UISplit<wbr>View<wbr>Controller<wbr>Delegate")
        // Words of prose, and short names, stay as they are, escaped.
        #expect(BreakOpportunities.html("How a split view <controller> collapses") == "How a split view &lt;controller&gt; collapses")
        #expect(BreakOpportunities.html("Swift 5.3 & iOS 14") == "Swift 5.3 &amp; iOS 14")
    }

    @Test func namesBreakAfterParenthesesColonsAndDots() {
        #expect(BreakOpportunities.html("primaryViewController(forCollapsing:)")
            == "primary<wbr>View<wbr>Controller(<wbr>forCollapsing:)")
        #expect(BreakOpportunities.html("UISplitViewController.DisplayMode.oneBesideSecondary")
            == "UISplit<wbr>View<wbr>Controller.<wbr>DisplayMode.<wbr>one<wbr>Beside<wbr>Secondary")
    }

    /// Markup keeps its tags and attributes as they are: only text between tags gets breaks.
    @Test func markupGetsBreaksInItsTextOnly() {
        let link = "<a class=\"symbol\" href=\"x.html#UISplitViewController.show(_:sender:)\" title=\"show(_:sender:)\"><code>showDetailViewController(_:sender:)</code></a>"
        #expect(BreakOpportunities.adding(to: link)
            == "<a class=\"symbol\" href=\"x.html#UISplitViewController.show(_:sender:)\" title=\"show(_:sender:)\"><code>show<wbr>Detail<wbr>View<wbr>Controller(<wbr>_:<wbr>sender:)</code></a>")
        #expect(BreakOpportunities.adding(to: "a &amp; b, see <em>e.g.</em>") == "a &amp; b, see <em>e.g.</em>")
    }

    /// The English note's heading "Where show(_:sender:) and showDetailViewController(_:sender:) go" broke inside
    /// "showDetailViewController(_:s|ender:)" on a phone.
    @Test func headingsThatNameAnAPIMayBreakBetweenItsParts() {
        let out = HTMLRenderer.render(MarkdownParser.parse("## Where `showDetailViewController(_:sender:)` goes\n"))
        #expect(out.hasPrefix("<h2 id=\"where-showdetailviewcontroller_sender-goes\">Where <code>show<wbr>Detail<wbr>View<wbr>Controller(<wbr>_:<wbr>sender:)</code> goes<a class=\"heading-anchor\""))
    }

    /// "11 images not available" in each language; Russian counts 21, 2–4 and the rest apart.
    @Test func missingImagesAreCountedInThePagesLanguage() throws {
        let strings = Strings(table: [
            .en: ["images_missing": "{count} images not available"],
            .zh: ["images_missing": "{count} 张图片缺失"],
            .ru: ["images_missing_one": "{count} изображение недоступно", "images_missing_few": "{count} изображения недоступны",
                  "images_missing": "{count} изображений недоступно"],
        ])
        #expect(strings.missingImages(11, in: .en) == "11 images not available")
        #expect(strings.missingImages(11, in: .zh) == "11 张图片缺失")
        #expect(strings.missingImages(3, in: .ru) == "3 изображения недоступны")
        #expect(strings.missingImages(11, in: .ru) == "11 изображений недоступно")
        #expect(strings.missingImages(12, in: .ru) == "12 изображений недоступно")
        #expect(strings.missingImages(21, in: .ru) == "21 изображение недоступно")
        #expect(strings.missingImages(24, in: .ru) == "24 изображения недоступны")
    }
}
