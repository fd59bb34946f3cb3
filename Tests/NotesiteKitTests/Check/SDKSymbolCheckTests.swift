import Foundation
import NotesiteMarkdown
import Testing
@testable import NotesiteKit

/// The checks that read the list generated from the SDK (`Content/data/sdk-symbols.tsv`) with the curated one: the
/// names of all of UIKit, their eras, the receivers they are used on and the methods a note implements.
@Suite struct SDKSymbolCheckTests {
    static let checker: SymbolChecker = {
        let data = repositoryRoot.appendingPathComponent("Content/data")
        let curated = (try? String(contentsOf: data.appendingPathComponent("symbols.yml"), encoding: .utf8)) ?? ""
        let generated = (try? String(contentsOf: data.appendingPathComponent("sdk-symbols.tsv"), encoding: .utf8)) ?? ""
        let (list, _) = SymbolList.load(text: curated, file: "symbols.yml")
        let (sdk, _) = SDKSymbolList.load(text: generated, file: "sdk-symbols.tsv")
        return SymbolChecker(finder: MentionFinder(resolver: SymbolResolver(list: list)), sdk: sdk)
    }()

    /// The findings on a note with `front` as its front matter's extra lines, with lines counted in `marked`.
    private func check(_ marked: MarkedText, front: String = "") -> [Diagnostic] {
        let header = "---\ntitle: t\nlang: en\n\(front)---\n"
        let (note, _) = NoteParser.parse(SourceFile(path: "notes/en/t.md", displayPath: "t.md", text: header + marked.text))
        let offset = header.split(separator: "\n", omittingEmptySubsequences: false).count - 1
        return Self.checker.diagnostics(for: note!).map { d in
            var d = d
            if d.rule != SymbolRule.era.rule { d.location?.line -= offset }
            return d
        }
    }

    private func found(_ diagnostics: [Diagnostic], _ marked: MarkedText) -> [String] {
        diagnostics.filter { $0.rule != SymbolRule.era.rule }.map { d in
            let marker = marked.positions.first { $0.value == d.location }?.key ?? "@\(d.location!)"
            return "\(marker) \(d.severity.rawValue) \(d.rule)"
        }
    }

    @Test func theGeneratedListIsThere() {
        #expect(Self.checker.sdk.symbols.count > 20_000)
        #expect(Self.checker.sdk.header.contains { $0.hasPrefix("source: theos/sdks") })
    }

    @Test func uiKitBeyondTheSplitViewIsKnown() {
        let marked = MarkedText("""
        ```swift
        let alert = UIAlertController(title: "Hi", message: nil, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default, handler: nil))
        alert.popoverPresentationController?.sourceView = view
        present(alert, animated: true, completion: nil)
        let constraint = NSLayoutConstraint(item: view!, attribute: .top, relatedBy: .equal, toItem: nil,
                                            attribute: .notAnAttribute, multiplier: 1, constant: 0)
        let frame = CGRect(origin: .zero, size: CGSize(width: 10, height: 10))
        DispatchQueue.main.async { NSLog("%@", UIScreen.main.bounds.debugDescription) }
        let layer = CALayer()
        let path = IndexPath(row: 0, section: 0)
        NotificationCenter.default.addObserver(self, selector: #selector(f), name: UIApplication.didBecomeActiveNotification, object: nil)
        ```
        `UIPresentationController`, `UIAdaptivePresentationControllerDelegate`, `UIWindow`, `UITraitCollection`.
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    /// Core Data is in the generated list: notes on table views and split views fetch their rows with it. Its
    /// names are known in every era, its typos are found, and what the list holds is read from its header.
    @Test func coreDataIsKnown() throws {
        let marked = MarkedText("""
        ```swift
        let container = NSPersistentContainer(name: "Model")
        container.loadPersistentStores { _, error in print(error as Any) }
        let request = NSFetchRequest<NSManagedObject>(entityName: "Note")
        request.sortDescriptors = [NSSortDescriptor(key: "date", ascending: false)]
        let controller = NSFetchedResultsController(fetchRequest: request, managedObjectContext: container.viewContext,
                                                    sectionNameKeyPath: nil, cacheName: nil)
        try container.viewContext.save()
        ```
        `NSManagedObjectContext`, `NSEntityDescription`, `NSMainQueueConcurrencyType`, `NSSQLiteStoreType`,
        `NSFetchedResultsControllerDelegate`, `1️⃣NSManagedObjectContex`.
        """)
        let findings = check(marked, front: "swift: \"5\"\n")
        #expect(found(findings, marked) == ["1️⃣ warning symbol.unknown"])
        #expect(findings.first?.message.contains("did you mean `NSManagedObjectContext`?") == true)
        let contents = try #require(Self.checker.sdk.contents)
        #expect(contents.hasPrefix("the iOS 16.4 SDK's UIKit, Foundation, "))
        #expect(contents.contains("CoreData"))

        // Swift 2's `objectWithID(_:)` in a note declared as today's Swift is its Swift 2 spelling.
        let old = MarkedText("""
        ```swift
        let object = context.2️⃣objectWithID(id)
        ```
        """)
        let renamed = try #require(check(old, front: "swift: \"5\"\n").first { $0.location == old.positions["2️⃣"] })
        #expect(renamed.rule == SymbolRule.renamed.rule)
        #expect(renamed.message.contains("`object(with:)`"))
    }

    /// An iOS note that compares UIKit with AppKit names the Mac's types: they are known names, not findings, and
    /// nothing is judged by them (no member of `NSView` is a typo, no `self` in its subclass a wrong receiver).
    @Test func macOSTypesAreKnownNames() {
        let marked = MarkedText("""
        `UILabel` and `NSTextField` size themselves; two `NSViews` in an `NSWindow`, `NSTask` on the Mac, and a
        `1️⃣NSTableVew` misspelt.

        ```swift
        class BadgeView: NSView {
            override func draw(_ dirtyRect: NSRect) {
                NSColor.red.setFill()
                self.addSubview(NSButton(title: "OK", target: nil, action: nil))
            }
        }
        ```
        """)
        let findings = check(marked, front: "swift: \"5\"\n")
        #expect(found(findings, marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// Calls whose labels only look unknown, from NSHipster's and iOS-Interview's posts: Swift 1's trailing
    /// `error:`, more values for a variadic parameter, a member of a type neither list has (the standard library's
    /// `MemoryLayout`, a note's own `ARNetworkManager()`, not Core Data's `executeRequest(_:)`), arguments left out
    /// as `...` or an editor placeholder, and a defaulted `completion:` of a method the curated list has in one form
    /// and the SDK in more. A real slip is still found, and only a near one gets a fix-it.
    @Test func callsWhoseLabelsOnlyLookUnknown() {
        let swift1 = MarkedText("""
        ```swift
        println("Swift 1.2")
        let json = NSJSONSerialization.JSONObjectWithData(data, options: nil, error: &error)
        let predicate = NSPredicate(format: "%K = %@", "age", "33")
        let size = MemoryLayout.size(ofValue: value)
        cell = UITableViewCell(...)
        let stack = UIStackView(<#...#>)
        ```
        """)
        #expect(found(check(swift1), swift1) == [])
        let today = MarkedText("""
        ```swift
        let json = try JSONSerialization.1️⃣jsonObject(with: data, options: [], error: nil)
        let image = 2️⃣UIImage(names: "photo")
        ARNetworkManager().executeRequest(url: url, completion: completion)
        UIView.animate(withDuration: 1.0, delay: 0.3, options: [], animations: { view.alpha = 0 })
        ```
        The collection's `3️⃣replaceRange(:with:)`.
        """)
        let findings = check(today, front: "swift: \"5\"\n")
        #expect(found(findings, today) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown", "3️⃣ warning symbol.unknown"])
        #expect(findings.map { $0.fixIts.count } == [0, 0, 0])
        #expect(findings.last?.message.contains("did you mean `replaceRange(_:withText:)`?") == true)
    }

    /// A declaration in prose written as Swift 2 declared methods, whose first parameter had no label unless named
    /// twice (NSHipster's table of `UIWebView` beside `WKWebView`), names the method Swift 2 imported: here, one
    /// deprecated since iOS 12.
    @Test func aSwift2DeclarationInProseNamesItsMethod() {
        let marked = MarkedText("""
        | UIWebView | WKWebView |
        | --- | --- |
        | `func 1️⃣loadRequest(request: URLRequest)` | `func load(_ request: URLRequest) -> WKNavigation?` |
        | `func 2️⃣loadHTMLString(string: String, baseURL: URL?)` | |

        `func 3️⃣loadRequest(with request: URLRequest)`
        """)
        #expect(found(check(marked, front: "swift: \"4.2\"\n"), marked)
                == ["1️⃣ warning symbol.deprecated", "2️⃣ warning symbol.deprecated", "3️⃣ warning symbol.unknown"])
    }

    /// The SDK's macros are names Objective-C notes use, which Swift does not import: known, and judged by nothing.
    @Test func theSDKsMacrosAreKnownNames() {
        let marked = MarkedText("""
        ```objc
        NSString *title = NSLocalizedStringFromTable(@"title", @"Main", nil);
        NSAssert1(count < NSUIntegerMax, @"too many: %lu", count);
        NSDictionary *views = NSDictionaryOfVariableBindings(label, button);
        ```
        `NSLocalizedStringWithDefaultValue` and `1️⃣NSLocalizedStringFromTabel`.
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// A note without `swift:` whose code is Swift 2 is checked as Swift 2, and the remark says why.
    @Test func aSwift2NoteIsCheckedAsSwift2() throws {
        let marked = MarkedText("""
        ```swift
        let alert = UIAlertController(title: "Hi", message: nil, preferredStyle: .1️⃣Alert)
        presentViewController(alert, animated: true, completion: nil)
        let path = NSIndexPath(forRow: 0, inSection: 0)
        ```
        """)
        let inferred = check(marked)
        #expect(found(inferred, marked).isEmpty)
        let remark = try #require(inferred.first { $0.rule == SymbolRule.era.rule })
        #expect(remark.message.contains("checked as Swift 2"))
        #expect(remark.message.contains("`.Alert`"))
        // Declared as today's Swift, the same code is wrong, with fix-its to today's names.
        let declared = check(marked, front: "swift: \"5\"\n")
        let alert = try #require(declared.first { $0.location == marked.positions["1️⃣"] })
        #expect(alert.rule == SymbolRule.renamed.rule)
        #expect(alert.fixIts.first?.replacement == "alert")
        #expect(declared.contains { $0.message.contains("`present(_:animated:completion:)`") })
    }

    @Test func swift4NamesBecameNestedIn42() throws {
        let marked = MarkedText("```swift\nlet key: 1️⃣UIApplicationLaunchOptionsKey = .url\n```\n")
        let diagnostic = try #require(check(marked, front: "swift: \"5\"\n").first)
        #expect(diagnostic.rule == SymbolRule.renamed.rule)
        #expect(diagnostic.fixIts.first?.replacement == "UIApplication.LaunchOptionsKey")
        #expect(check(marked, front: "swift: \"4\"\n").isEmpty)
    }

    /// Deprecated by the note's era: iOS 9 deprecated `UIAlertView`, so Swift 2 (iOS 9) and later hear of it,
    /// and a note of Swift 1 (iOS 8) does not.
    @Test func deprecatedClassesSayWhatReplacedThem() throws {
        let marked = MarkedText("```swift\nlet alert = 1️⃣UIAlertView()\nalert.alertViewStyle = .Default\n```\n")
        let diagnostic = try #require(check(marked, front: "swift: \"2\"\n").first)
        #expect(diagnostic.rule == SymbolRule.deprecated.rule)
        #expect(diagnostic.location == marked.positions["1️⃣"])
        #expect(diagnostic.message.contains("since iOS 9.0; use `UIAlertController`"))
        #expect(check(marked, front: "date: 2014-10-01\n").filter { $0.rule == SymbolRule.deprecated.rule }.isEmpty)
    }

    @Test func aMemberTheReceiversTypeLacksGoesThroughTheOnePropertyThatHasIt() throws {
        let marked = MarkedText("""
        ```swift
        navigationController.1️⃣isTranslucent = false
        self.navigationController?.2️⃣isTranslucent = false
        navigationController?.navigationBar.isTranslucent = false
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].message.contains("`navigationController` is a `UINavigationController`, which has no member `isTranslucent`"))
        #expect(diagnostics[0].fixIts.first?.replacement == "navigationBar.isTranslucent")
    }

    /// `self` in a class that inherits from one UIKit class is that class; a call is judged by its selector.
    @Test func selfAndCallsOnAReceiverAreJudgedToo() throws {
        let marked = MarkedText("""
        ```swift
        class Navigation: UINavigationController {
            override func viewDidLoad() {
                super.viewDidLoad()
                self.1️⃣isTranslucent = false
                navigationItem.2️⃣setToolbarHidden(true, animated: false)
            }
        }
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].fixIts.first?.replacement == "navigationBar.isTranslucent")
        #expect(diagnostics[1].message.contains("`navigationItem` is a `UINavigationItem`, which has no member `setToolbarHidden`"))
    }

    /// The receivers the checks know, by the one type every UIKit property of the name has; typed constants
    /// (`UIMenu.Identifier.view`) are no receivers.
    @Test(arguments: [("navigationController", "UINavigationController"), ("splitViewController", "UISplitViewController"),
                      ("view", "UIView"), ("window", "UIWindow"), ("traitCollection", "UITraitCollection"),
                      ("navigationItem", "UINavigationItem"), ("presentationController", "UIPresentationController")])
    func receiversHaveTheirTypes(name: String, type: String) {
        #expect(Self.checker.sdk.propertyType(named: name) == type)
    }

    /// Objective-C's own variables and constants are the note's, whatever prefix they have (NSHipster's launch
    /// options and its 2016 new year's post); a type with a typo is still found.
    @Test func objectiveCVariablesAreTheNotesOwn() {
        let marked = MarkedText("""
        ```objc
        static NSString * const UID = @"7C13BAA0";
        NSArray *services = @[[CBUUID UUIDWithString:UID]];
        Class UIApplicationClass = NSClassFromString(@"UIApplication");
        id sharedApplication = [UIApplicationClass sharedApplication];
        1️⃣UIViewControler *controller;
        ```
        """)
        #expect(found(check(marked), marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// Objective-C that imported posts wrote, where a name before a colon is not a selector's part, and names
    /// the SDK has but Swift's view of it does not: each was "not in the known symbol lists".
    @Test func objectiveCNamesBeforeAColonAreNotSelectors() {
        let marked = MarkedText("""
        ```objectivec
        NSError *e = [NSError errorWithDomain:@"x" code:1 userInfo:@{NSLocalizedDescriptionKey: @"y", NSUnderlyingErrorKey: error}];
        NSTextAlignment a = flag ? NSTextAlignmentLeft : NSTextAlignmentRight;
        [UIView aspect_hookSelector:@selector(UIView:atIndex:) withOptions:0 usingBlock:^{} error:NULL];
        NSInvocation *invocation = [NSInvocation invocationWithMethodSignature:signature];
        NSUInteger limit = NSUIntegerMax;
        #ifndef UITEST
        [self failedConnection:NSLS(Disconnected)];
        #endif
        1️⃣UIViewControler *controller;
        NSURL *url = [2️⃣NSURLL URLWithString:@"https://example.com"];
        ```

        ```objectivec
        block_obj = [<NSObject: 0x100b001b0> , 0x7fff5fbff7e8] , views = <NSArray: 0x60000024b760>
        ```
        """)
        #expect(found(check(marked), marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
    }

    /// Code copied from a web page keeps its no-break spaces (U+00A0) and ideographic spaces (U+3000) as
    /// indentation, as Halfrost's Core Data post does: they part names as spaces do, so `@{` before them still
    /// opens a dictionary, and a name right after one is still a name.
    @Test func unicodeSpacesInCodePartNames() {
        let nbsp = "\u{A0}", ideographic = "\u{3000}"
        let marked = MarkedText("""
        ```objc
        \(nbsp) \(nbsp) @{
        \(nbsp) \(nbsp) \(nbsp)    NSSQLitePragmasOption: @{@"journal_mode": @"DELETE"}
        \(nbsp) };
        \(nbsp)\(nbsp)[\(ideographic)1️⃣UIViewControlr new];
        ```
        """)
        #expect(found(check(marked), marked) == ["1️⃣ warning symbol.unknown"])
        let tokens = CodeScanner.tokenize(Array("\(nbsp)\(nbsp)a\(nbsp)b\(ideographic)c é".utf8))
        #expect(tokens.map(\.text) == ["a", "b", "c", "é"])
    }

    /// A log pasted into a Swift block prints objects as `<NSThread: 0x…>`, which is no code of the note's era; a
    /// capitalised word alone in prose (`Any`, `UTI`, `Command`) is Swift's type or an acronym, not a member that
    /// Swift 2 capitalised. The class's old name in code is still one.
    @Test func loggedObjectsAndCapitalisedWordsAreNoOldSpellings() {
        let marked = MarkedText("""
        `Any` stands for any type, `UTI` for a file's type, `Command` for a key.

        ```swift
        print(1️⃣NSThread.2️⃣currentThread())
        ```

        ```swift
        2 <NSThread: 0x6000013b5840>{number = 2, name = (null)}
        ```
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.renamed", "2️⃣ warning symbol.renamed"])
    }

    /// The note's own names say nothing of its era: an objc.io post of 2014 declared `enum Currency`, `symbol(input:)`
    /// and `format(amount:currency:)`, names that today's SDK also has, and was checked as Swift 3, with six warnings
    /// on its Swift 2 `NSNumberFormatter` code. Its delegate methods and overrides still tell.
    @Test func theNotesOwnNamesDoNotDateIt() {
        let marked = MarkedText("""
        ```swift
        enum Currency {
            case eur, usd
        }

        func symbol(input: Currency) -> String {
            return input == .eur ? "€" : "$"
        }

        func format(amount: Double, currency: Currency) -> String {
            let formatter = NSNumberFormatter()
            formatter.numberStyle = .CurrencyStyle
            formatter.currencySymbol = symbol(currency)
            return formatter.stringFromNumber(amount) ?? ""
        }
        ```
        """)
        let findings = check(marked)
        #expect(found(findings, marked) == [])
        #expect(findings.first { $0.rule == SymbolRule.era.rule }?.message.contains("as Swift 2 did") == true,
                "\(findings.map(\.message))")
    }

    /// NSHipster's WatchKit post of 2014 overrides `WKInterfaceController`'s `init(context:)`. The list's only
    /// `init(context:)` is `NSManagedObject`'s, which came with iOS 10 in 2016: it cannot be what the post means, so
    /// it does not make the post Swift 3. In a post of 2017 it does.
    @Test func anAPINewerThanTheNoteDoesNotDateIt() {
        let marked = MarkedText("""
        ```swift
        override init(context: AnyObject?) {
            super.init(context: context)
        }
        ```
        """)
        let era = { (date: String) in
            self.check(marked, front: "date: \(date)\n").first { $0.rule == SymbolRule.era.rule }?.message ?? ""
        }
        #expect(era("2014-12-01").contains("it is dated 2014-12-01, so its API names are checked as Swift 1"), "\(era("2014-12-01"))")
        #expect(era("2017-03-01").contains("spells names as Swift 3 did (`init(context:)`)"), "\(era("2017-03-01"))")
        #expect(NoteEra.couldUse(introducedIn: "10.0", writtenOn: NoteDate(year: 2016, month: 6)))
        #expect(!NoteEra.couldUse(introducedIn: "10.0", writtenOn: NoteDate(year: 2016, month: 5)))
        #expect(!NoteEra.couldUse(introducedIn: "4.0", writtenOn: NoteDate(year: 2010, month: 3)))
        #expect(NoteEra.couldUse(introducedIn: "2.0", writtenOn: NoteDate(year: 2008, month: 3)))
        #expect(NoteEra.couldUse(introducedIn: nil, writtenOn: NoteDate(year: 2001, month: 1)))
        #expect(NoteEra.couldUse(introducedIn: "17.0", writtenOn: nil))
    }

    /// An objc.io post of 2014 on Android's intents: its era is only its date's, so the prose's `Bundle` gets the
    /// remark and no fix-it to `NSBundle`; a nested type's own name (`Context`, `Action`) is a word, not
    /// `Formatter.Context`. A note that declares its Swift gets the fix-it.
    @Test func proseInANoteDatedIntoAnEraKeepsItsWords() {
        let marked = MarkedText("""
        An Android `Context` starts an `Action`, and its extras go in a `1️⃣Bundle`.
        """)
        let guessed = check(marked, front: "date: 2014-04-01\n")
        #expect(found(guessed, marked) == ["1️⃣ note symbol.renamed"])
        #expect(guessed.allSatisfy { $0.fixIts.isEmpty })
        let declared = check(marked, front: "date: 2014-04-01\nswift: \"2\"\n").filter { $0.rule == SymbolRule.renamed.rule }
        #expect(declared.map { $0.fixIts.map(\.replacement) } == [["NSBundle"]])
    }

    /// In a note of an older era, a bare name or call that today's Swift spells so is likelier the note's own or
    /// another type's (`ciImage` a variable, an `MKDirections.Request`'s `destination`) than a slip into an era to
    /// come; a name with its labels still says which method it is.
    @Test func aBareNameOfTodayInAnOlderNoteIsNotJudged() {
        let marked = MarkedText("""
        ```swift
        let features = detector.featuresInImage(ciImage, options: nil)
        request.destination = MKMapItem.mapItemForCurrentLocation()
        let copy = orderedSet.mutableCopy()
        navigationController?.1️⃣popViewController(animated: true)
        ```
        """)
        let renamed = check(marked, front: "swift: \"2\"\n").filter { $0.rule == SymbolRule.renamed.rule }
        #expect(found(renamed, marked) == ["1️⃣ warning symbol.renamed"])
        #expect(renamed.first?.message.contains("this note's Swift 2 calls it `popViewControllerAnimated(_:)`") == true,
                "\(renamed.map(\.message))")
    }

    /// An implicit member is a case or a property of its own type: Combine's `.finished` is not Swift 2's name of
    /// `Operation.isFinished`, a `Bool`; `.main` is still `RunLoop.main`, and Swift 2's `.Alert` is still renamed.
    @Test func anImplicitMemberIsACaseOrAMemberOfItsOwnType() {
        let marked = MarkedText("""
        ```swift
        switch completion {
        case .finished: print("done")
        case .failure(let error): print(error)
        }
        publisher.send(completion: .finished)
        RunLoop.current.add(timer, forMode: .common)
        let alert = UIAlertController(title: nil, message: nil, preferredStyle: .1️⃣Alert)
        ```
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.renamed"])
    }

    /// A note that names a deprecated class again and again hears it once, with the lines; `Float(x)` is the
    /// standard library's conversion, not Foundation's deprecated `Float.init(_: NSNumber)`.
    @Test func aRepeatedFindingIsOneWithItsLines() {
        let marked = MarkedText("""
        Before `1️⃣UIWebView`, there was nothing; then `UIWebView`
        and `UIWebView` and `UIWebView`.

        ```swift
        let total = Float(x) + Float(y)!
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.deprecated"])
        #expect(diagnostics.first { $0.rule == SymbolRule.deprecated.rule }?.message
                == "`UIWebView` is deprecated since iOS 12.0; use `WKWebView` (the same again on this line, and on line 7)")
    }

    /// An attribute scope's property names the key of an attributed string's attribute (`imageURL` of
    /// `AttributeScopes.FoundationAttributes`), never a value a note reads: NSHipster's `imageURL.lastPathComponent`.
    @Test func anAttributeScopesKeysAreNoReceivers() {
        #expect(Self.checker.sdk.propertyType(named: "imageURL") == nil)
        let marked = MarkedText("```swift\nprintInfo.jobName = imageURL.lastPathComponent\n```\n")
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    /// A member that a subclass of the receiver's type has may be right after a cast; the note's own variables
    /// are not UIKit's properties.
    @Test func receiversGiveTheBenefitOfTheDoubt() {
        let marked = MarkedText("""
        ```swift
        view.contentOffset = .zero
        let navigationController = MyNavigation()
        navigationController.isTranslucent = true
        ```
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    @Test func aTypoOfAMethodOfTheSuperclassIsCaught() throws {
        let marked = MarkedText("""
        ```swift
        class Detail: UIViewController {
            func open(_ vc: UIViewController) {
                1️⃣showDetailViewControler(vc, sender: nil)
            }
        }
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown"])
        #expect(diagnostics.first?.message.contains("did you mean `showDetailViewController(_:sender:)`?") == true)
        #expect(diagnostics.first?.fixIts.first?.replacement == "showDetailViewController")
    }

    /// A parameter or variable declared with a UIKit type is a receiver of that type: a typo of a method it has is
    /// caught as on a UIKit property.
    @Test func aDeclaredTypeMakesAReceiver() throws {
        let marked = MarkedText("""
        ```swift
        func configure(_ svc: UISplitViewController, detail: UIViewController?) {
            svc.1️⃣showDetailViewControler(detail!, sender: nil)
            detail?.2️⃣showDetailViewControler(svc, sender: nil)
            let nav = UINavigationController(rootViewController: svc)
            nav.3️⃣pushViewControler(svc, animated: true)
        }
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown", "3️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].message.contains("did you mean `showDetailViewController(_:sender:)`?"))
        #expect(diagnostics.map { $0.fixIts.first?.replacement } == ["showDetailViewController", "showDetailViewController", "pushViewController"])
    }

    /// A declared type is what the name is, whatever UIKit's properties of that name are; and as the generated
    /// list lacks the standard library's members, a member that it does not give the declared type is no finding
    /// unless it is a near miss of one that it does.
    @Test func aDeclaredTypeWinsOverAPropertysAndProvesNoAbsence() {
        let marked = MarkedText("""
        ```swift
        func load(_ request: Request, duration: TimeInterval, range: NSRange) {
            request.session.cancel()
            let finite = duration.isFinite
            let start = range.location
            let os = ProcessInfo().operatingSystemVersion
            print(os.majorVersion)
        }
        enum Method: String { case get }
        func send(_ method: Method) -> String { method.rawValue }
        ```
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    /// A one-word name is no receiver of UIKit's property of that name: `response` in a closure is the note's own.
    @Test func aOneWordNameIsNoUIKitProperty() {
        let marked = MarkedText("""
        ```swift
        session.dataTask(with: url) { data, response, error in
            print(response.request)
        }
        for view in views { view.offset = 0 }
        ```
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    /// A typo of a property, read from a receiver of a known type, is caught with the property it nearly is.
    @Test func aTypoOfAPropertyOfTheReceiverIsCaught() throws {
        let marked = MarkedText("""
        ```swift
        func configure(_ svc: UISplitViewController) {
            svc.1️⃣preferredDisplayMod = .oneBesideSecondary
            splitViewController?.2️⃣preferredDisplayMod = .oneBesideSecondary
            let collapsed = self.splitViewController!.3️⃣isColapsed
        }
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown", "3️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].message == "`svc` is a `UISplitViewController`, which has no member `preferredDisplayMod`; did you mean `preferredDisplayMode`?")
        #expect(diagnostics.map { $0.fixIts.first?.replacement } == ["preferredDisplayMode", "preferredDisplayMode", "isCollapsed"])
    }

    /// What a receiver's type is not known for, or what the note declares itself, is not judged: a name declared
    /// with two types, one of the note's own type, an argument (`frame: CGRect.zero`), and a member the note adds.
    @Test func membersOfReceiversOfUnknownTypeAreLeftAlone() {
        let marked = MarkedText("""
        ```swift
        extension UISplitViewController {
            var preferredDisplayModus: Int { 0 }
        }
        func first(_ vc: UIViewController) { vc.title = "One" }
        func second(_ vc: UINavigationController) { vc.isToolbarHidden = true }
        func third(_ vc: MySplitViewController) { vc.preferredDisplayMod = 1 }
        func fourth(_ svc: UISplitViewController) {
            svc.preferredDisplayModus = 1
            vc.preferredContentSiz = .zero
            let view = UIView(frame: CGRect.zero)
        }
        ```
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    /// A function named by its base name is no unknown type: in prose, in Objective-C (where `NSLog` takes a
    /// format and its arguments) and in a Swift call with one argument for a variadic function.
    @Test func aFunctionNamedByItsBaseNameIsKnown() {
        let marked = MarkedText("""
        Log it with `NSLog`, not `1️⃣NSLogg`.

        ```objc
        NSLog(@"%@", deviceToken);
        ```

        ```swift
        NSLog("done")
        ```
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// `self` is a note's one UIKit superclass only in a note with no other kind of type: in an enum's code it is the
    /// enum.
    @Test func selfInANoteWithAnEnumIsNotItsClass() {
        let marked = MarkedText("""
        ```swift
        class Store: NSObject {}
        enum Kind: String {
            case a
            var name: String { self.rawValue }
        }
        ```
        """)
        #expect(check(marked, front: "swift: \"5\"\n").isEmpty)
    }

    @Test func aDelegateMethodWithLabelsNoEraHadIsANearMiss() throws {
        let code = """
        func splitViewController(_ svc: UISplitViewController, collapseSecondary secondaryViewController: UIViewController,
                                 2️⃣ontoPrimaryViewController primary: UIViewController) -> Bool {
            return true
        }
        """
        let adopting = MarkedText("```swift\nclass Root: UIViewController, UISplitViewControllerDelegate {\n\(code)\n}\n```\n")
        let diagnostics = check(adopting, front: "swift: \"5\"\n").filter { $0.rule == SymbolRule.nearMiss.rule }
        let nearMiss = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(nearMiss.message.contains("nearly matches `splitViewController(_:collapseSecondary:onto:)` of `UISplitViewControllerDelegate`"))
        #expect(nearMiss.fixIts.map(\.replacement) == ["onto"])
        #expect(nearMiss.fixIts.first?.range.start.column == adopting.positions["2️⃣"]?.column)
        // A class that adopts no such protocol is free to name its methods so.
        let own = MarkedText("```swift\nclass Root: NSObject {\n\(code)\n}\n```\n")
        #expect(check(own, front: "swift: \"5\"\n").filter { $0.rule == SymbolRule.nearMiss.rule }.isEmpty)
    }

    /// A subclass implements the protocols its UIKit class adopts, and overrides only its ancestors' methods:
    /// NSHipster's `UITableViewController` subclass overrides `tableView(_:didSelectRowAt:)` of
    /// `UITableViewDelegate`, which is no near miss of `UITableViewDiffableDataSource`'s `tableView(_:canEditRowAt:)`.
    @Test func aMethodOfAProtocolTheSuperclassAdoptsIsNoNearMiss() {
        let marked = MarkedText("""
        ```swift
        class ColorsViewController: UITableViewController {
            override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {}
            override func 1️⃣tableView(_ tableView: UITableView, cellForRow indexPath: IndexPath) -> UITableViewCell {
                UITableViewCell()
            }
        }
        ```
        """)
        let nearMisses = check(marked, front: "swift: \"5\"\n").filter { $0.rule == SymbolRule.nearMiss.rule }
        #expect(found(nearMisses, marked) == ["1️⃣ warning symbol.near-miss"])
        #expect(nearMisses.first?.message.contains("nearly matches `tableView(_:cellForRowAt:)` of `UITableViewDataSource`") == true,
                "\(nearMisses.map(\.message))")
    }

    /// An `NS` name the list lacks may be real (AppKit's of macOS 10.15, after the OS X names the list has): "did
    /// you mean", but no fix-it for `--fix` to apply.
    @Test func anNSNameTheListLacksGetsNoFixIt() throws {
        let marked = MarkedText("Feed the Mac's grid with `1️⃣NSCollectionViewDiffableDataSource`.\n")
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].message.contains("did you mean `UICollectionViewDiffableDataSource`?"))
        #expect(diagnostics.allSatisfy { $0.fixIts.isEmpty })
    }

    /// Names with Apple's prefix that are not API of the SDK's Swift view: Swift's attributes, Objective-C's
    /// `NSUInteger` and assertion macros, Info.plist's usage descriptions. Imported notes wrote each of them, and
    /// heard that it was unknown (`NSUInteger`: "did you mean `NSInteger`?").
    @Test func namesBesideTheAPIAreKnown() {
        let marked = MarkedText("""
        Core Data's `@NSManaged`, AppKit's `@NSApplicationMain`; ask in `NSCameraUsageDescription`.

        ```objc
        typedef NS_ENUM(NSUInteger, State) { StateOn };
        - (NSUInteger)count { NSParameterAssert(self.items); NSAssert(YES, @"…"); return 0; }
        ```

        ```swift
        class Item: NSObject {
            @NSManaged var name: String?
            @NSCopying var path: NSIndexPath?
        }
        ```

        Not `1️⃣NSUIntegr`.
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// An initialiser whose type the note does not name (`init(…)`, `super.init(…)`), or one the note declares in an
    /// extension, may be the note's own: imported notes heard "known names are `init(displayGamut:)`" for each.
    @Test func initialisersOfTheNotesOwnAreNotJudged() {
        let marked = MarkedText("""
        The `init(reflecting:)` initialiser, or `UIStoryboard(storyboard:)` from the extension.

        ```swift
        class Client: MQTT {
            init(clientId: String) { super.init(clientId: clientId) }
        }
        extension UIStoryboard {
            convenience init(storyboard: Storyboard, bundle: Bundle? = nil) { self.init(name: storyboard.rawValue, bundle: bundle) }
        }
        extension UIImage {
            convenience init?(asset: Asset) { self.init(named: asset.rawValue) }
        }
        let board = UIStoryboard(storyboard: .news)
        let image = UIImage(asset: .logo) ?? 1️⃣UIImage(names: "a")
        ```
        """)
        #expect(found(check(marked, front: "swift: \"5\"\n"), marked) == ["1️⃣ warning symbol.unknown"])
    }

    /// An initialiser called by its type is renamed to a call of the era's type (`Thread()`): imported notes heard
    /// "calls it `init()`", and `--fix` would have written `let t = init()`.
    @Test func aTypesInitialiserIsRenamedAsACallOfItsType() throws {
        let marked = MarkedText("""
        ```swift
        let thread = 1️⃣NSThread()
        let stream = 2️⃣NSInputStream(data: data)
        ```
        """)
        let diagnostics = check(marked, front: "swift: \"5\"\n").filter { $0.rule == SymbolRule.renamed.rule }
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.renamed", "2️⃣ warning symbol.renamed"])
        #expect(diagnostics[0].message.contains("calls it `Thread()`"))
        #expect(diagnostics[1].message.contains("calls it `InputStream(data:)`"))
        #expect(diagnostics.map { $0.fixIts.map(\.replacement) } == [["Thread"], ["InputStream"]])
    }

    /// "Did you mean" suggests a name of the same kind within a typo's distance, or says how to add the name.
    @Test func suggestionsAreCloseAndOfTheSameKind() throws {
        let marked = MarkedText("Use `1️⃣UIPresentationControler` or `2️⃣UIFancySheetThing`.\n")
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
        #expect(diagnostics[0].fixIts.first?.replacement == "UIPresentationController")
        #expect(diagnostics[1].fixIts.isEmpty)
        #expect(diagnostics[1].message.contains("add it to Content/data/symbols.yml"))
    }

    /// Labels no initialiser has: did you mean, with a fix-it only where the note writes the selector itself (a
    /// call in code writes its arguments between the labels).
    @Test func labelsNoInitialiserHasAreCaught() throws {
        let marked = MarkedText("See `1️⃣UIImage(names:)`.\n\n```swift\nlet image = 2️⃣UIImage(names: \"logo\")\nlet ok = UIImage(named: \"logo\")\n```\n")
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.unknown", "2️⃣ warning symbol.unknown"])
        #expect(diagnostics.allSatisfy { $0.message.contains("did you mean `UIImage(named:)`?") })
        #expect(diagnostics[0].fixIts.first?.replacement == "UIImage(named:)")
        #expect(diagnostics[1].fixIts.isEmpty)
    }

    /// A part of a delegate method's Objective-C selector names it in prose.
    @Test func aSelectorPartInProseNamesItsMethod() {
        let finder = Self.checker.finder
        #expect(finder.symbol(forInlineCode: "separateSecondaryViewControllerFromPrimaryViewController")?.id
            == "UISplitViewControllerDelegate.splitViewController(_:separateSecondaryFrom:)")
        #expect(finder.symbol(forInlineCode: "collapseSecondaryViewController:ontoPrimaryViewController:")?.id
            == "UISplitViewControllerDelegate.splitViewController(_:collapseSecondary:onto:)")
    }

    /// A signature with types names its method: linked, and malformed only with a bare type for a label.
    @Test func signaturesWithTypesAreTheirMethods() throws {
        let marked = MarkedText("Call `1️⃣show(UIViewController, sender: Any?)` or `showDetailViewController(_ vc: UIViewController, sender: Any?)`.\n")
        let diagnostics = check(marked, front: "swift: \"5\"\n")
        #expect(found(diagnostics, marked) == ["1️⃣ warning symbol.malformed"])
        #expect(diagnostics.first?.fixIts.first?.replacement == "show(_:sender:)")
        #expect(Self.checker.finder.symbol(forInlineCode: "showDetailViewController(_ vc: UIViewController, sender: Any?)")?.id
            == "UIViewController.showDetailViewController(_:sender:)")
    }
}
