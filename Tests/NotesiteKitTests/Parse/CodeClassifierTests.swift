import Foundation
import Testing
@testable import NotesiteKit

/// Code blocks without a language, as notes have them (the Swift and Objective-C from the notes of `Content/` and
/// of UIKit's documentation, the rest from READMEs and blogs), and the language each is read as.
@Suite struct CodeClassifierTests {
    static let swift: [String] = [
        """
        func splitViewController(_ svc: UISplitViewController,
                                 collapseSecondary secondaryViewController: UIViewController,
                                 onto primaryViewController: UIViewController) -> Bool {
            guard let nav = secondaryViewController as? UINavigationController,
                  let detail = nav.topViewController as? DetailViewController else { return false }
            return detail.item == nil
        }
        """,
        "navigationItem.leftBarButtonItem = splitViewController!.displayModeButtonItem()",
        "navigationItem.leftItemsSupplementBackButton = true",
        "splitViewController.preferredDisplayMode = .AllVisible",
        """
        override func viewWillTransitionToSize(size: CGSize,
            withTransitionCoordinator coordinator: UIViewControllerTransitionCoordinator) {
            super.viewWillTransitionToSize(size, withTransitionCoordinator: coordinator)
            var traitOverride: UITraitCollection?
            if size.width > 414 {
                traitOverride = UITraitCollection(horizontalSizeClass: .Regular)
            }
            setOverrideTraitCollection(traitOverride, forChildViewController: childViewControllers[0])
        }
        """,
        "@IBOutlet weak var tableView: UITableView!",
        "class DetailViewController: UIViewController {\n    var item: Item?\n}",
        "import UIKit\n\nlet split = UISplitViewController(style: .doubleColumn)",
        "print(\"\\(split.isCollapsed)\")",
    ]

    static let objc: [String] = [
        """
        - (UISplitViewControllerDisplayMode)targetDisplayModeForActionInSplitViewController:(UISplitViewController *)svc {
            if (self.displayMode == UISplitViewControllerDisplayModePrimaryHidden) {
                return UISplitViewControllerDisplayModeAllVisible;
            }
            return UISplitViewControllerDisplayModePrimaryHidden;
        }
        """,
        "[self.splitViewController showDetailViewController:vc sender:nil];",
        """
        #import <UIKit/UIKit.h>

        @interface AppDelegate : UIResponder <UIApplicationDelegate>
        @property (strong, nonatomic) UIWindow *window;
        @end
        """,
        "UISplitViewController *split = (UISplitViewController *)self.window.rootViewController;",
        "self.splitViewController.preferredDisplayMode = UISplitViewControllerDisplayModeAllVisible;",
        "NSLog(@\"collapsed: %d\", self.splitViewController.collapsed);",
    ]

    static let neither: [String] = [
        "$ pod install",
        "sudo gem install cocoapods",
        "{\n  \"name\": \"notes\",\n  \"version\": 1\n}",
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict/>\n</plist>",
        "const path = require('path');\nfunction f() { return path; }",
        "public static void main(String[] args) {\n    System.out.println(\"hi\");\n}",
        "def area(r):\n    return 3.14 * r * r",
        "fun main() {\n    val x = 1\n    println(x)\n}",
        "func main() {\n\tx := 1\n\tfmt.Println(x)\n}",
        "#include <stdio.h>\nint main(void) {\n    printf(\"hi\");\n    return 0;\n}",
        "This is an indented paragraph of prose, not code.",
        "Build complete!",
        "2016-03-01 10:12:01.123 Demo[512:9031] collapsed",
        "ls -la ~/Library",
        "bundle exec jekyll serve",
        "",
    ]

    @Test(arguments: swift)
    func swiftIsSwift(_ code: String) {
        #expect(CodeClassifier.dialect(of: code) == .swift)
    }

    @Test(arguments: objc)
    func objectiveCIsObjectiveC(_ code: String) {
        #expect(CodeClassifier.dialect(of: code) == .objc)
    }

    @Test(arguments: neither)
    func otherCodeStaysPlain(_ code: String) {
        #expect(CodeClassifier.dialect(of: code) == nil)
    }

    /// A line is trimmed as Foundation trims `.whitespaces`, whatever scalar is on either side of it.
    @Test func linesAreTrimmedAsFoundationTrimsThem() {
        var different: [String] = []
        for value in UInt32(0)...0xFFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let s = String(scalar)
            for line in [s, s + "a" + s, " \t" + s + "[self x];" + s + s, "a" + s + "b"]
            where CodeClassifier.trimmingSpaces(line) != line.trimmingCharacters(in: .whitespaces) {
                different.append(String(value, radix: 16))
            }
        }
        #expect(different.isEmpty, "U+\(different.prefix(10).joined(separator: ", U+"))")
    }

    /// A line of ASCII is split into words byte by byte as it would be character by character: each ASCII character
    /// inside and around a word, the lines of the blocks above, and lines that take the characters' way.
    @Test func asciiWordsAreTheCharactersWords() {
        let ascii = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        var lines = Self.swift + Self.objc + Self.neither
        lines += ["a\r\nb", "x\r", "let é = 1", "UIView *v; // 视图"]
        for middle in ascii { for side in ["", "a", "_", " ", "@", "9", ".", "#"] { lines.append(side + middle + "b" + middle + side) } }
        let different = lines.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }.map(String.init)
            .filter { CodeClassifier.words($0) != CodeClassifier.wordsByCharacter($0) }
        #expect(different.isEmpty, "\(different.prefix(5))")
    }
}
