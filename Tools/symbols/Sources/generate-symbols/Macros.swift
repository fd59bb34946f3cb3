import Foundation

/// The `UI` and `NS` macros the SDK's headers define: Objective-C notes call them (`NSLocalizedStringFromTable`,
/// `NSAssert1`, `NSDictionaryOfVariableBindings`) and compare with them (`NSIntegerMax`), and Swift imports none that
/// takes arguments, so no symbol graph has them. Each is one row of kind `macro` with its name and the module whose
/// headers define it, and nothing else: `check` knows the name, and judges nothing by it.
enum Macros {
    static let kind = "macro"
    /// The headers read, by module, relative to the SDK; a name defined in two of them is listed under the first.
    static let headers = [
        ("UIKit", "System/Library/Frameworks/UIKit.framework/Headers"),
        ("Foundation", "System/Library/Frameworks/Foundation.framework/Headers"),
        ("CoreData", "System/Library/Frameworks/CoreData.framework/Headers"),
        ("ObjectiveC", "usr/include/objc"),
    ]

    /// The names after `#define` in `text` that start with `UI` or `NS` (`#  define NSAssert1(…)` too).
    static func names(inHeader text: String) -> [String] {
        var names: [String] = []
        for line in text.split(separator: "\n") {
            var rest = line.drop { $0 == " " || $0 == "\t" }
            guard rest.first == "#" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
            guard rest.hasPrefix("define") else { continue }
            rest = rest.dropFirst("define".count)
            guard rest.first == " " || rest.first == "\t" else { continue }
            let name = rest.drop { $0 == " " || $0 == "\t" }.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            if name.hasPrefix("UI") || name.hasPrefix("NS") { names.append(String(name)) }
        }
        return names
    }

    /// One row per macro of the SDK's `headers` that no row is named (`Row.knownNames`: `NSLocalizedString` is a
    /// Swift function too).
    static func rows(sdk: URL, known rows: [Row]) throws -> [Row] {
        var known = Row.knownNames(rows)
        var result: [Row] = []
        let manager = FileManager.default
        for (module, folder) in headers {
            let url = sdk.appendingPathComponent(folder)
            let files = try manager.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".h") }
                .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            for file in files {
                let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                for name in names(inHeader: text) where known.insert(name).inserted {
                    result.append(Row(kind: kind, module: module, name: name))
                }
            }
        }
        return result
    }
}
