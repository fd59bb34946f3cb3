import Foundation
import SwiftParser
import SwiftSyntax

/// Tells Swift and Objective-C apart in a code block that names no language (an indented block, or a fence with
/// none), so that it is coloured, linked and checked like a fenced one. Anything else, and anything unclear,
/// stays plain: the block keeps no language.
///
/// Each line is read for what only one of the languages writes (`func`, `guard`, `if let`, `?.`, an implicit
/// `.member`, `@IBOutlet` for Swift; `#import`, `@interface`, `- (void)`, `[self …]`, `@"…"` for Objective-C;
/// `def`, `function`, `=>`, `:=`, `#include`, markup and shell prompts for the others). A block with no mark of
/// either, that ends no line with `;`, is Swift when swift-syntax parses it without an error and it calls or
/// reads a member of something: `navigationItem.leftItemsSupplementBackButton = true`.
enum CodeClassifier {
    static func dialect(of code: String) -> CodeScanner.Dialect? {
        var swift = 0, objc = 0, other = 0
        var lines = 0, semicolons = 0
        var hasMemberOrCall = false
        for rawLine in code.split(separator: "\n", omittingEmptySubsequences: true) {
            let line = trimmingSpaces(withoutLineComment(rawLine))
            guard !line.isEmpty, !line.hasPrefix("/*"), !line.hasPrefix("*") || line.hasPrefix("*)") else { continue }
            lines += 1
            if line.hasSuffix(";") { semicolons += 1 }
            if line.has("()") || line.has(".") { hasMemberOrCall = true }

            // Objective-C
            if line.hasPrefix("#import") || line.hasPrefix("@import ") { objc += 3 }
            if objcDirectives.contains(where: line.hasPrefix) { objc += 3 }
            if line.first == "-" || line.first == "+", trimmingSpaces(String(line.dropFirst())).hasPrefix("(") { objc += 3 }
            if line.has("@\"") || line.has("@selector(") || line.has("NSLog(") { objc += 2 }
            if line.has("[self ") || line.has("[super ") || line.has("[[") { objc += 2 }
            if hasPointerDeclaration(line) { objc += 2 }
            if hasMessageSend(line) { objc += 2 }
            if line.has("^(") || line.has("^{") || line.has("__weak") || line.has("__block") || line.has("instancetype") { objc += 1 }
            let words = words(line)
            if words.contains(where: { $0 == "YES" || $0 == "NO" || $0 == "BOOL" }) { objc += 1 }

            // Swift
            let first = words.first ?? ""
            if words.contains("func") { swift += 3 }
            if first == "guard" || line.has("if let ") || line.has("if var ") || line.has("guard let ") { swift += 3 }
            if (first == "let" || first == "var" || words.prefix(3).contains("let") && swiftModifiers.contains(first)) && !line.hasSuffix(";") { swift += 2 }
            if swiftAttributes.contains(where: line.hasPrefix) { swift += 3 }
            if ["extension", "struct", "protocol"].contains(first) && !line.hasSuffix(";") { swift += 2 }
            if first == "import", !line.hasSuffix(";"), !line.has("\""), words.count == 2 { swift += 1 }
            if line.has("?.") || line.has("!.") || line.has("as?") || line.has("as!") { swift += 2 }
            if line.has("\\(") { swift += 2 }
            if hasImplicitMember(line) { swift += 2 }
            if line.has("->") { swift += 1 }
            if line.has("$0") || line.has(" in\n") || line.hasSuffix(" in") { swift += 1 }
            if first == "class", line.has(":"), !line.has("public "), !line.has("(") { swift += 1 }

            // Other languages
            if otherLanguageStarts.contains(where: line.hasPrefix) { other += 3 }
            if line.has("=>") || line.has(":=") { other += 3 }
            if line.has("===") { other += 2 }
            // A statement that ends with `;` and names UIKit: Objective-C, which Swift's never are.
            if line.hasSuffix(";"), words.contains(where: { $0.hasPrefix("UI") || $0.hasPrefix("NS") }) { objc += 2 }
            if line.first == "<", line.dropFirst().first?.isLetter == true { other += 2 }
            if line.hasSuffix(":"), colonBlockKeywords.contains(first) { other += 2 }
        }
        guard lines > 0 else { return nil }
        // Mostly semicolons: C's family, not Swift.
        if semicolons * 2 > lines { swift -= 2; objc += 1 } else if semicolons == 0, lines > 1 { objc -= 1 }
        if other >= 3, other >= max(swift, objc) { return nil }
        if objc >= 3, objc > swift { return .objc }
        if swift >= 2, swift > objc { return .swift }
        if swift <= 0, objc <= 0, other == 0, semicolons == 0, hasMemberOrCall, !Parser.parse(source: code).hasError { return .swift }
        return nil
    }

    // The marks looked for at the start of a line (or, for `swiftModifiers` and `colonBlockKeywords`, as its first
    // word), made once rather than for every line of every unlabelled block.
    private static let objcDirectives = ["@interface", "@implementation", "@end", "@property", "@synthesize", "@protocol", "@dynamic", "@class "]
    private static let swiftModifiers: [Substring] = ["private", "weak", "lazy", "static", "fileprivate", "public", "internal", "override"]
    private static let swiftAttributes = ["@IBOutlet", "@IBAction", "@objc", "@available", "@MainActor", "@escaping", "@State", "@Published"]
    private static let otherLanguageStarts = ["#include", "#!", "def ", "fun ", "fn ", "function ", "const ", "val ", "package ",
                                              "public class", "public static", "private static", "System.", "console.", "$ ",
                                              "> ", "<?", "</", "<!", "{\"", "npm ", "pod ", "git ", "cd ", "sudo "]
    private static let colonBlockKeywords: [Substring] = ["if", "for", "while", "else", "elif", "try", "except", "class", "with"]

    /// The line up to a `//` comment that is not inside a string.
    private static func withoutLineComment(_ line: Substring) -> String {
        // Most lines have no slash at all: no comment to look for, character by character.
        guard line.utf8.contains(UInt8(ascii: "/")) else { return String(line) }
        var inString = false
        var previous: Character = " "
        var end = line.endIndex
        for i in line.indices {
            let c = line[i]
            if c == "\"", previous != "\\" { inString.toggle() }
            if !inString, c == "/", previous == "/" {
                end = line.index(before: i)
                break
            }
            previous = c
        }
        return String(line[..<end])
    }

    /// `line` without tabs, Unicode's space separators and U+200B at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` trims it, without going through `NSString` for every line of every
    /// unlabelled code block (`make bench`).
    static func trimmingSpaces(_ line: String) -> String {
        func isSpace(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.value {
            case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: return true
            default: return false
            }
        }
        let scalars = line.unicodeScalars
        guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        if first == scalars.startIndex, scalars.index(after: last) == scalars.endIndex { return line }
        return String(scalars[first...last])
    }

    /// The line's words: runs of letters, digits, `_`, `@` and `#`.
    static func words(_ line: String) -> [Substring] {
        // A line of ASCII without a carriage return (most code) has one character per byte, and its letters and
        // digits are ASCII's: split on its bytes, without a look-up in Unicode's tables for each character
        // (`make bench`).
        let bytes = line.utf8
        guard bytes.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else { return wordsByCharacter(line) }
        func isWordByte(_ b: UInt8) -> Bool {
            (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == UInt8(ascii: "_") || b == UInt8(ascii: "@") || b == UInt8(ascii: "#")
        }
        var result: [Substring] = []
        var start: String.Index?
        var i = bytes.startIndex
        while i != bytes.endIndex {
            if isWordByte(bytes[i]) {
                if start == nil { start = i }
            } else if let wordStart = start {
                result.append(line[wordStart..<i])
                start = nil
            }
            i = bytes.index(after: i)
        }
        if let wordStart = start { result.append(line[wordStart...]) }
        return result
    }

    /// `words(_:)` by Unicode's letters and digits, character by character.
    static func wordsByCharacter(_ line: String) -> [Substring] {
        line.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "@" || $0 == "#") }
    }

    /// `UIView *view`, `(NSString *)name`, `UIViewController *)`: a type with a pointer star.
    private static func hasPointerDeclaration(_ line: String) -> Bool {
        // Split into characters only a line that has a star.
        guard line.utf8.contains(UInt8(ascii: "*")) else { return false }
        let chars = Array(line)
        for i in chars.indices where chars[i] == "*" && i >= 2 {
            guard chars[i - 1] == " ", chars[i - 2].isLetter || chars[i - 2] == ">" else { continue }
            let after = i + 1 < chars.count ? chars[i + 1] : " "
            if after.isLetter || after == ")" || after == "_" {
                // The word before the star starts with a capital letter or is a C type: `NSString *`, `id *`.
                var j = i - 2
                while j > 0, chars[j - 1].isLetter || chars[j - 1].isNumber { j -= 1 }
                if chars[j].isUppercase || ["id", "char", "void", "int"].contains(String(chars[j...(i - 2)])) { return true }
            }
        }
        return false
    }

    /// `[receiver selector]`, `[self.view addSubview:v]`: a message send, which is Objective-C's alone.
    private static func hasMessageSend(_ line: String) -> Bool {
        guard line.utf8.contains(UInt8(ascii: "[")) else { return false }
        let chars = Array(line)
        func isName(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
        var i = 0
        while i < chars.count {
            defer { i += 1 }
            guard chars[i] == "[", i + 1 < chars.count, chars[i + 1].isLetter || chars[i + 1] == "[" else { continue }
            var j = i + 1
            if chars[j] == "[" { return true }
            while j < chars.count, isName(chars[j]) || chars[j] == "." { j += 1 }
            guard j < chars.count, chars[j] == " " else { continue }
            j += 1
            guard j < chars.count, chars[j].isLetter else { continue }
            while j < chars.count, isName(chars[j]) { j += 1 }
            if j < chars.count, chars[j] == ":" || chars[j] == "]" { return true }
        }
        return false
    }

    /// `= .allVisible`, `(.primaryHidden`, `: .compact`, `[.a, .b]`: a member of a type the context gives, which only
    /// Swift writes.
    private static func hasImplicitMember(_ line: String) -> Bool {
        guard line.utf8.contains(UInt8(ascii: ".")) else { return false }
        let chars = Array(line)
        for i in chars.indices where chars[i] == "." && i + 1 < chars.count && chars[i + 1].isLetter && chars[i + 1].isLowercase {
            var j = i - 1
            while j >= 0, chars[j] == " " { j -= 1 }
            guard j >= 0 else { continue }
            if "=(,:[".contains(chars[j]) || (chars[j] == "n" && j >= 6 && String(chars[(j - 5)...j]) == "return") || (chars[j] == "e" && j >= 3 && String(chars[(j - 3)...j]) == "case") { return true }
        }
        return false
    }
}
