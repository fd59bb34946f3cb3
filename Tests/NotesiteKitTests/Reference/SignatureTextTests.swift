import Testing
@testable import NotesiteKit

/// Methods written in prose as signatures, with types where a selector has labels.
@Suite struct SignatureTextTests {
    @Test(arguments: [
        ("showDetailViewController(_ vc: UIViewController, sender: Any?)", "showDetailViewController(_:sender:)", false),
        ("show(_ vc: UIViewController, sender: Any?)", "show(_:sender:)", false),
        ("show(UIViewController, sender: Any?)", "show(_:sender:)", true),
        ("viewWillTransition(to size: CGSize, with coordinator: UIViewControllerTransitionCoordinator)", "viewWillTransition(to:with:)", false),
        ("setViewController(_ vc: UIViewController?, for column: UISplitViewController.Column)", "setViewController(_:for:)", false),
        ("present(_ viewControllerToPresent: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil)", "present(_:animated:completion:)", false),
    ])
    func readsTheSelectorASignatureDescribes(text: String, selector: String, typesForLabels: Bool) throws {
        let signature = try #require(SignatureText(text))
        #expect(signature.selector == selector)
        #expect(signature.typesForLabels == typesForLabels)
    }

    /// Calls with values, selectors and anything else are not signatures.
    @Test(arguments: ["show(vc, sender: self)", "show(_:sender:)", "present(alert, animated: true)", "f()",
                      "show(detail, sender: nil)", "UIColor(red: 0.5, green: 0, blue: 0, alpha: 1)", "print(\"hi\")"])
    func leavesOtherTextAlone(text: String) {
        #expect(SignatureText(text) == nil)
    }
}
