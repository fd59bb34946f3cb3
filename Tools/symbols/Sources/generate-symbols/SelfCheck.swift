import Foundation

/// `--self-check`: entries whose values are known from the SDK headers, the Swift 2 dumps and Swift 4's API notes.
/// Reads the written file back, so the check covers the format as well as the values.
enum SelfCheck {
    /// (path, column, expected value)
    static let expectations: [(String, String, String)] = [
        ("UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)", "objc",
         "-splitViewController:collapseSecondaryViewController:ontoPrimaryViewController:"),
        ("UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)", "swift2",
         "UISplitViewControllerDelegate.splitViewController(_:collapseSecondaryViewController:ontoPrimaryViewController:)"),
        ("UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)", "kind", "method"),
        ("UIApplication.LaunchOptionsKey", "swift4", "UIApplicationLaunchOptionsKey"),
        ("UIApplication.LaunchOptionsKey.url", "swift4", "UIApplicationLaunchOptionsKey.url"),
        ("UIApplication.LaunchOptionsKey.url", "swift2", "UIApplicationLaunchOptionsURLKey"),
        ("UIApplication.LaunchOptionsKey.url", "kind", "property"),
        ("UIControl.State", "swift4", "UIControlState"),
        ("UIControl.State", "swift2", "UIControlState"),
        ("CGRect.inset(by:)", "swift4", "UIEdgeInsetsInsetRect(_:_:)"),
        ("CGRect.inset(by:)", "module", "UIKit"),
        ("UIAlertView", "deprecated", "9.0"),
        ("UIWebView", "deprecated", "12.0"),
        ("UIViewController.present(_:animated:completion:)", "swift2",
         "UIViewController.presentViewController(_:animated:completion:)"),
        ("UISplitViewController.show(_:sender:)", "swift2", "UISplitViewController.showViewController(_:sender:)"),
        ("UISplitViewController.show(_:sender:)", "objc", "-showViewController:sender:"),
        ("UISplitViewController.isCollapsed", "swift2", "UISplitViewController.collapsed"),
        ("UISplitViewController.displayModeButtonItem", "swift2", "UISplitViewController.displayModeButtonItem()"),
        ("UISplitViewController.DisplayMode", "swift2", "UISplitViewControllerDisplayMode"),
        ("UISplitViewController.DisplayMode.allVisible", "swift2", "UISplitViewControllerDisplayMode.AllVisible"),
        ("UISplitViewController.DisplayMode.allVisible", "objc", "UISplitViewControllerDisplayModeAllVisible"),
        ("UISplitViewController.DisplayMode.allVisible", "introduced", "8.0"),
        ("UISplitViewController.DisplayMode.allVisible", "deprecated", "14.0"),
        ("UISplitViewController.DisplayMode.allVisible", "renamed", "UISplitViewController.DisplayMode.oneBesideSecondary"),
        ("UITableViewController.init(style:)", "swift2", "UITableViewController.init(style:)"),
        ("UITableViewController.init(style:)", "objc", "-initWithStyle:"),
        ("UIApplication.shared", "swift2", "UIApplication.sharedApplication()"),
        ("UIApplication.shared", "objc", "sharedApplication"),
        ("UIApplication.didBecomeActiveNotification", "objc", "UIApplicationDidBecomeActiveNotification"),
        ("UIApplication.didBecomeActiveNotification", "swift2", "UIApplicationDidBecomeActiveNotification"),
        ("UIApplication.didBecomeActiveNotification", "swift4", "NSNotification.Name.UIApplicationDidBecomeActive"),
        ("UIViewController.didMove(toParent:)", "swift4", "UIViewController.didMove(toParentViewController:)"),
        ("UIViewController.navigationController", "related", "UINavigationController"),
        ("UINavigationController.navigationBar", "related", "UINavigationBar"),
        ("UIViewController.children", "related", "Array"),
        ("UIView.layoutIfNeeded()", "objc", "-layoutIfNeeded"),
        ("NSAttributedString.Key.font", "module", "UIKit"),
        ("NSAttributedString.Key.font", "swift4", "NSAttributedStringKey.font"),
        ("IndexPath.row", "module", "UIKit"),
        ("NSLog(_:_:)", "module", "Foundation"),
        ("DispatchQueue", "kind", "class"),
        ("NSObject", "module", "ObjectiveC"),
        ("NSManagedObjectContext.object(with:)", "swift2", "NSManagedObjectContext.objectWithID(_:)"),
        ("NSManagedObjectContext.object(with:)", "objc", "-objectWithID:"),
        ("NSPersistentContainer", "introduced", "10.0"),
    ]
    static let present = [
        "NSLayoutConstraint", "CGRect", "CGSize", "IndexPath", "NSIndexPath", "NSNotification.Name", "DispatchQueue",
        "NSLog(_:_:)", "CALayer", "NSObject", "UIHostingController", "UIViewRepresentable", "NSFetchedResultsController",
    ]

    /// Returns the failures; empty when every check holds.
    static func run(file: URL) throws -> [String] {
        let text = try String(contentsOf: file, encoding: .utf8)
        var failures: [String] = []
        var rows: [String: [[String: String]]] = [:]
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.isEmpty || line.hasPrefix("# ") { continue }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == Row.columns.count else {
                failures.append("line \(number + 1) has \(fields.count) fields")
                continue
            }
            let row = Dictionary(uniqueKeysWithValues: zip(Row.columns, fields))
            let path = row["container"]!.isEmpty ? row["name"]! : row["container"]! + "." + row["name"]!
            rows[path, default: []].append(row)
        }
        for name in present where rows[name] == nil { failures.append("\(name) is missing") }
        for (path, column, expected) in expectations {
            let values = rows[path, default: []].map { $0[column] ?? "" }
            if !values.contains(expected) {
                failures.append("\(path) \(column): expected \(expected), found \(values.isEmpty ? "no entry" : values.joined(separator: " | "))")
            }
        }
        if let related = rows["UIViewController"]?.first?["related"], !related.hasPrefix("UIResponder,") {
            failures.append("UIViewController related should begin with UIResponder: \(related)")
        }
        return failures
    }
}
