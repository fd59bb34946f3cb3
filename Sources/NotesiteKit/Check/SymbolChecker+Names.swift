/// The names `check` reads as names of no API and leaves alone, and how it tells a name of Apple's from another.
extension SymbolChecker {
    /// Names with Apple's prefix that no list of API holds: modules (`import UIKit`); Swift's own attributes (`@NSManaged`,
    /// `@NSCopying`, `@NSApplicationMain`); and Objective-C names that Swift does not import, so that the generated
    /// list, read from Swift's view of the SDK, cannot have them as symbols: `NSUInteger` (Swift's `Int`), and the
    /// classes Swift marks unavailable (`NSInvocation`). The SDK's macros (`NSAssert`, `NSUIntegerMax`) are in the
    /// generated list, as names only.
    static let namesBesideAPI: Set<String> = [
        "UIKit", "Foundation", "SwiftUI", "CoreData", "CoreGraphics",
        "NSManaged", "NSCopying", "NSApplicationMain",
        "NSUInteger", "NSStringEncoding",
        "NSInvocation", "NSMethodSignature", "NSAutoreleasePool",
    ]

    /// Whether `name` is one of `namesBesideAPI`, or an Info.plist key that says why the app asks for a permission
    /// (`NSCameraUsageDescription`).
    static func isBesideAPI(_ name: String) -> Bool {
        namesBesideAPI.contains(name) || (name.hasPrefix("NS") && name.hasSuffix("UsageDescription"))
    }

    /// Whether `name` is written in capitals, as a C macro's name is (`UIKIT_EXTERN`, a note's `#ifdef UITEST`).
    static func isInCapitals(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { $0.properties.isUppercase || ("0"..."9").contains($0) || $0 == "_" }
    }

    /// Whether the name at `range` is the class in an object's description as a log prints it
    /// (`<NSThread: 0x6000013b5840>`), which notes paste into their code blocks: no name of the code's own era.
    static func isLoggedObject(_ range: Range<Int>, in bytes: [UInt8]) -> Bool {
        range.lowerBound > 0 && bytes[range.lowerBound - 1] == UInt8(ascii: "<")
            && bytes[range.upperBound...].starts(with: ": 0x".utf8)
    }

    static func hasApplePrefix(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(3))
        guard scalars.count == 3 else { return false }
        let prefix = String(String.UnicodeScalarView(scalars[0..<2]))
        return (prefix == "UI" || prefix == "NS") && scalars[2].properties.isUppercase
    }

    static func isIdentifier<S: StringProtocol>(_ s: S) -> Bool {
        guard let first = s.first, first.isLetter || first == "_" else { return false }
        return s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }
}
