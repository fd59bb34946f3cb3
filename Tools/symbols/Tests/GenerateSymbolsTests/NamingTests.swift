import Foundation
import Testing
@testable import generate_symbols

@Suite struct ClangNameTests {
    @Test(arguments: [
        ("c:objc(cs)UISplitViewController(im)showViewController:sender:", "-showViewController:sender:"),
        ("c:objc(cs)UIApplication(cpy)sharedApplication", "sharedApplication"),
        ("c:objc(cs)UIColor(cm)colorWithRed:green:blue:alpha:", "+colorWithRed:green:blue:alpha:"),
        ("c:objc(cs)UISplitViewController(py)collapsed", "collapsed"),
        ("c:objc(pl)UISplitViewControllerDelegate", "UISplitViewControllerDelegate"),
        ("c:@E@UISplitViewControllerDisplayMode@UISplitViewControllerDisplayModeAllVisible",
         "UISplitViewControllerDisplayModeAllVisible"),
        ("c:@UIApplicationDidBecomeActiveNotification", "UIApplicationDidBecomeActiveNotification"),
        ("c:@F@UIEdgeInsetsInsetRect", "UIEdgeInsetsInsetRect"),
        ("c:@S@CGRect@FI@origin", "origin"),
        ("c:@T@UIApplicationLaunchOptionsKey", "UIApplicationLaunchOptionsKey"),
    ])
    func spelling(usr: String, objc: String) {
        #expect(ClangName(usr: usr)?.spelling == objc)
    }

    @Test func swiftDeclarationsHaveNoObjectiveCName() {
        #expect(ClangName(usr: "s:So7CGPointV12CoreGraphicsE4zeroABvpZ") == nil)
        #expect(ClangName(usr: "c:@CM@UIKit@@objc(cs)UITableViewCell(py)_bridgedConfigurationState") == nil)
        #expect(ClangName(usr: "c:objc(cs)NSIndexSet(cm)indexSetWithIndexesInRange:::SYNTHESIZED::c:objc(cs)NSIndexSet")
            == nil)
    }

    @Test func ownersAreKept() {
        #expect(ClangName(usr: "c:objc(pl)UITableViewDelegate(im)tableView:didSelectRowAtIndexPath:")
            == .objcMember(owner: "UITableViewDelegate", ownerIsProtocol: true,
                           member: .instanceMethod("tableView:didSelectRowAtIndexPath:")))
        #expect(ClangName(usr: "c:@E@UIControlState@UIControlStateNormal")
            == .enumConstant(owner: "UIControlState", name: "UIControlStateNormal"))
        #expect(ClangName(usr: "c:@Ea@NSUTF8StringEncoding@NSUTF8StringEncoding")
            == .enumConstant(owner: nil, name: "NSUTF8StringEncoding"))
    }
}

/// A few declarations in the dumps' format: attributes on lines of their own, members indented by two spaces.
let swift2Sample = """

    @available(iOS 8.0, *)
    enum UISplitViewControllerDisplayMode : Int {
      init?(rawValue rawValue: Int)
      var rawValue: Int { get }
      case Automatic
      case AllVisible
    }
    class UIViewController : UIResponder, NSCoding {
      init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: NSBundle?)
      func showViewController(_ vc: UIViewController, sender sender: AnyObject?)
      func isBeingPresented() -> Bool
      class func attemptRotationToDeviceOrientation()
    }
    @available(iOS 3.2, *)
    class UISplitViewController : UIViewController {
      @available(iOS 8.0, *)
      var collapsed: Bool { get }
      @available(iOS 8.0, *)
      func displayModeButtonItem() -> UIBarButtonItem
    }
    class UIApplication : UIResponder {
      class func sharedApplication() -> UIApplication
    }
    class UIColor : NSObject {
      /*not inherited*/ init(red red: CGFloat, green green: CGFloat, blue blue: CGFloat, alpha alpha: CGFloat)
    }
    protocol NSCoding {
      init?(coder aDecoder: NSCoder)
    }
    enum NSUnderlineStyle : Int {
      case StyleNone
      case StyleSingle
      case PatternDot
      case ByWord
    }
    struct NSCalendarUnit : OptionSetType {
      static var Era: NSCalendarUnit { get }
      static var NSEraCalendarUnit: NSCalendarUnit { get }
    }
    let UIApplicationDidBecomeActiveNotification: String
    @warn_unused_result
    func UIEdgeInsetsInsetRect(_ rect: CGRect, _ insets: UIEdgeInsets) -> CGRect
    """

@Suite struct Swift2InterfaceTests {
    let interface: Swift2Interface = {
        var interface = Swift2Interface()
        interface.read(text: swift2Sample)
        return interface
    }()

    @Test func readsMembersInSelectorForm() throws {
        let controller = try #require(interface.types["UIViewController"])
        #expect(controller.kind == "class")
        #expect(controller.inherits == ["UIResponder", "NSCoding"])
        #expect(controller.members == [
            "init(nibName:bundle:)", "showViewController(_:sender:)", "isBeingPresented()",
            "attemptRotationToDeviceOrientation()",
        ])
        #expect(interface.types["UIColor"]?.members == ["init(red:green:blue:alpha:)"])
        #expect(interface.types["UISplitViewControllerDisplayMode"]?.members
            == ["init(rawValue:)", "rawValue", "Automatic", "AllVisible"])
    }

    @Test func readsGlobals() {
        #expect(interface.globals.contains("UIApplicationDidBecomeActiveNotification"))
        #expect(interface.functionsByBase["UIEdgeInsetsInsetRect"] == ["UIEdgeInsetsInsetRect(_:_:)"])
    }

    @Test func looksThroughSuperclassesAndProtocols() {
        #expect(interface.declares("UISplitViewController", "showViewController(_:sender:)"))
        #expect(interface.declares("UISplitViewController", "init(coder:)"))
        #expect(!interface.declares("UIViewController", "collapsed"))
    }
}

@Suite struct Swift2MatcherTests {
    let matcher: Swift2Matcher = {
        var interface = Swift2Interface()
        interface.read(text: swift2Sample)
        return Swift2Matcher(interface: interface, enumConstants: [
            "UISplitViewControllerDisplayMode": [
                "UISplitViewControllerDisplayModeAutomatic", "UISplitViewControllerDisplayModeAllVisible",
                "UISplitViewControllerDisplayModeTwoBesideSecondary",
            ],
            "NSUnderlineStyle": [
                "NSUnderlineStyleNone", "NSUnderlineStyleSingle", "NSUnderlineStylePatternDot",
                "NSUnderlineStyleByWord",
            ],
            "NSCalendarUnit": ["NSCalendarUnitEra", "NSEraCalendarUnit"],
        ])
    }()

    func path(_ usr: String, initializer: Bool = false) -> String? {
        ClangName(usr: usr).flatMap { matcher.path(for: $0, isInitializer: initializer) }
    }

    @Test func methodsAreNamedAfterTheirSelectors() {
        #expect(path("c:objc(cs)UISplitViewController(im)showViewController:sender:")
            == "UISplitViewController.showViewController(_:sender:)")
        #expect(path("c:objc(cs)UIViewController(cm)attemptRotationToDeviceOrientation")
            == "UIViewController.attemptRotationToDeviceOrientation()")
    }

    @Test func propertiesThatWereMethodsKeepTheirParentheses() {
        #expect(path("c:objc(cs)UISplitViewController(py)collapsed") == "UISplitViewController.collapsed")
        #expect(path("c:objc(cs)UISplitViewController(py)displayModeButtonItem")
            == "UISplitViewController.displayModeButtonItem()")
        #expect(path("c:objc(cs)UIApplication(cpy)sharedApplication") == "UIApplication.sharedApplication()")
        #expect(path("c:objc(cs)UIViewController(py)beingPresented") == "UIViewController.isBeingPresented()")
    }

    @Test func initialisersAndFactoryMethods() {
        #expect(path("c:objc(cs)UIViewController(im)initWithNibName:bundle:", initializer: true)
            == "UIViewController.init(nibName:bundle:)")
        #expect(path("c:objc(cs)UIColor(cm)colorWithRed:green:blue:alpha:", initializer: true)
            == "UIColor.init(red:green:blue:alpha:)")
        #expect(path("c:objc(cs)UIColor(im)init", initializer: true) == "UIColor.init()")
    }

    @Test func enumConstantsLoseTheirPrefix() {
        #expect(path("c:@E@UISplitViewControllerDisplayMode@UISplitViewControllerDisplayModeAllVisible")
            == "UISplitViewControllerDisplayMode.AllVisible")
        #expect(path("c:@E@UISplitViewControllerDisplayMode@UISplitViewControllerDisplayModeTwoBesideSecondary")
            == nil)
        #expect(path("c:@E@NSUnderlineStyle@NSUnderlineStyleSingle") == "NSUnderlineStyle.StyleSingle")
        #expect(path("c:@E@NSUnderlineStyle@NSUnderlineStylePatternDot") == "NSUnderlineStyle.PatternDot")
        #expect(path("c:@E@NSCalendarUnit@NSEraCalendarUnit") == "NSCalendarUnit.NSEraCalendarUnit")
    }

    @Test func globalsTypesAndMisses() {
        #expect(path("c:@UIApplicationDidBecomeActiveNotification") == "UIApplicationDidBecomeActiveNotification")
        #expect(path("c:@F@UIEdgeInsetsInsetRect") == "UIEdgeInsetsInsetRect(_:_:)")
        #expect(path("c:objc(cs)UISplitViewController") == "UISplitViewController")
        #expect(path("c:@E@UISplitViewControllerDisplayMode") == "UISplitViewControllerDisplayMode")
        #expect(path("c:objc(cs)UISplitViewController(im)hideColumn:") == nil)
        #expect(path("c:@T@UIApplicationLaunchOptionsKey") == nil)
    }
}

@Suite struct MacTypesTests {
    /// macOS's own `NS` types, once each, under the first module that declares them; not a type iOS has by any of
    /// its names (`NSExpressionType` is iOS's `NSExpression.ExpressionType`), nor an extension or a member.
    @Test func listsTheTypesIOSLacks() {
        var appKit = Swift2Interface()
        appKit.read(text: """
            class NSView : NSResponder {
              func addSubview(_ view: NSView)
            }
            typealias NSRect = CGRect
            protocol NSTableViewDataSource : NSObjectProtocol {
            }
            extension NSString {
            }
            enum NSExpressionType : UInt {
            }
            class NSObjectController : NSController {
            }
            """)
        var foundation = Swift2Interface()
        foundation.read(text: """
            class NSTask : NSObject {
            }
            class NSView : NSObject {
            }
            struct UIEdgeInsets {
            }
            """)
        let iOS = [
            Row(kind: "enum", module: "Foundation", container: "NSExpression", name: "ExpressionType", objc: "NSExpressionType"),
            Row(kind: "class", module: "Foundation", name: "NSObjectController"),
        ]
        let rows = MacTypes.rows(interfaces: [("AppKit", appKit), ("Foundation", foundation)], iOS: iOS)
        #expect(Set(rows.map { "\($0.module) \($0.name)" })
                == ["AppKit NSView", "AppKit NSRect", "AppKit NSTableViewDataSource", "Foundation NSTask"])
        #expect(rows.allSatisfy { $0.kind == "mac-type" && $0.container.isEmpty && $0.objc.isEmpty })
    }
}

@Suite struct MacrosTests {
    @Test func readsTheNamesDefined() {
        let header = """
            #define NSLocalizedStringFromTable(key, tbl, comment) \\
                [NSBundle.mainBundle localizedStringForKey:(key) value:@"" table:(tbl)]
            #  define NSAssert1(condition, desc, arg1) NSAssert((condition), (desc), (arg1))
            #if !defined(NSIntegerMax)
            #define	NSIntegerMax	LONG_MAX
            #define CGFLOAT_MAX DBL_MAX
            #defineNSNotADefine 1
            // #define NSInAComment 1
            """
        #expect(Macros.names(inHeader: header) == ["NSLocalizedStringFromTable", "NSAssert1", "NSIntegerMax"])
    }
}
