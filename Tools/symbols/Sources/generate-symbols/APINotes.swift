import Foundation

/// Swift 4.0's names of types, from the `SwiftVersions` entry for version 4 of the SDK's API notes files.
///
/// In Swift 4 mode the importer still gives a type its current name and adds the Swift 4 name as a type alias,
/// which the symbol graph leaves out: `UIApplication.LaunchOptionsKey` is `UIApplication.LaunchOptionsKey` in both
/// graphs. The API notes say what the alias is (`Typedefs: - Name: UIApplicationLaunchOptionsKey,
/// SwiftName: UIApplicationLaunchOptionsKey`), keyed by the type's Objective-C or C name.
enum APINotes {
    /// The files read, relative to the SDK or the resource directory.
    static let sdkFiles = [
        "System/Library/Frameworks/UIKit.framework/Headers/UIKit.apinotes",
        "System/Library/Frameworks/Foundation.framework/Headers/Foundation.apinotes",
        "System/Library/Frameworks/CoreGraphics.framework/Headers/CoreGraphics.apinotes",
        "System/Library/Frameworks/QuartzCore.framework/Headers/QuartzCore.apinotes",
        "System/Library/Frameworks/CoreData.framework/Headers/CoreData.apinotes",
        "usr/include/objc/ObjectiveC.apinotes",
    ]
    static let resourceFiles = ["apinotes/Dispatch.apinotes"]

    /// The C or Objective-C name → Swift 4 name of every type renamed in the version-4 entries of `text`.
    static func swift4TypeNames(in text: String) -> [String: String] {
        var names: [String: String] = [:]
        var inVersion4 = false
        var inSwiftVersions = false
        var section = ""
        var item: String?
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let line = rawLine.prefix { $0 != "#" }
            if line.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            let indent = line.prefix { $0 == " " }.count
            let content = line.dropFirst(indent).trimmingCharacters(in: .whitespaces)
            if indent == 0 {
                if content == "SwiftVersions:" {
                    inSwiftVersions = true
                } else if inSwiftVersions, content.hasPrefix("- Version:") {
                    let version = content.dropFirst("- Version:".count).trimmingCharacters(in: .whitespaces)
                    inVersion4 = version == "4" || version == "4.0"
                } else if !content.hasPrefix("-") {
                    inSwiftVersions = false
                    inVersion4 = false
                }
                section = ""
                item = nil
                continue
            }
            guard inVersion4 else { continue }
            if indent == 2, content.hasSuffix(":"), !content.hasPrefix("-") {
                section = String(content.dropLast())
                item = nil
            } else if indent == 2, content.hasPrefix("- Name:") {
                item = value(content.dropFirst("- Name:".count))
            } else if indent == 4, content.hasPrefix("SwiftName:"), let name = item,
                      ["Classes", "Protocols", "Tags", "Typedefs"].contains(section) {
                names[name] = value(content.dropFirst("SwiftName:".count))
            }
        }
        return names
    }

    private static func value(_ text: Substring) -> String {
        var value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, let first = value.first, first == "\"" || first == "'", value.last == first {
            value = String(value.dropFirst().dropLast())
        }
        return value
    }
}
