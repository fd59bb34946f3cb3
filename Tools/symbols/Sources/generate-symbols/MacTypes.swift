import Foundation

/// The type names macOS has and iOS does not, from the Swift 2 dumps of OS X 10.11 (`Platforms/OSX` of the same
/// checkout): notes on iOS quote AppKit's `NSView`, `NSTextField` and `NSRect` beside UIKit's, and Foundation's
/// `NSTask`. Each is one row of kind `mac-type` with its name and module only: `check` knows the name exists, and
/// nothing else of it (no members, eras or availability), so it neither flags the name nor judges what is done with
/// it.
enum MacTypes {
    /// The modules read, under Platforms/OSX; a name in two of them is listed under the first.
    static let modules = ["AppKit", "Foundation", "CoreData"]
    static let kind = "mac-type"
    private static let typeKinds: Set<String> = ["class", "protocol", "struct", "enum", "typealias"]

    /// One row per `NS` type of `interfaces` that no iOS row is named (`Row.knownNames`).
    static func rows(interfaces: [(module: String, interface: Swift2Interface)], iOS rows: [Row]) -> [Row] {
        var known = Row.knownNames(rows)
        var result: [Row] = []
        for (module, interface) in interfaces {
            for (name, entry) in interface.types where typeKinds.contains(entry.kind) && name.hasPrefix("NS") {
                guard known.insert(name).inserted else { continue }
                result.append(Row(kind: kind, module: module, name: name))
            }
        }
        return result
    }
}
