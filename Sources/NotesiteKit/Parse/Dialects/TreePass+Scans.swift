import Foundation

/// The byte scans of a note's whole body that tell the tree pass which of its walks the note needs: most notes hold
/// no tag of an element dropped with its content and no control character, and their inlines are not gone
/// through for one.
extension TreePass {
    /// Whether `body` has `<` before the name of an element that a page drops with its content (`<script`,
    /// `<template`): most notes have none, and their inlines are not gone through for one.
    static func mayHoldTagRemovedWithContent(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            var i = 0
            while i < bytes.count, let found = memchr(base + i, Int32(UInt8(ascii: "<")), bytes.count - i) {
                let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                let name = bytes[(at + 1)...].prefix { ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") }
                if name.count >= 3, HTMLSanitizer.removedWithContent.contains(String(decoding: name, as: UTF8.self).lowercased()) {
                    return true
                }
                i = at + 1
            }
            return false
        }
    }

    /// Whether `body` holds a control character that HTML may not carry (all of C0 but tab and line feed, and
    /// DEL), as a terminal's colour codes (`ESC[33m`) in a pasted log do. Eight bytes at a time: every note's text
    /// passes through here, and almost none has one.
    static func hasControlCharacters(_ body: String) -> Bool {
        var body = body
        return body.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return false }
            func isControl(_ byte: UInt8) -> Bool { (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F }
            var i = 0
            while i + 8 <= bytes.count {
                let word = UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self)
                // A byte below 0x20 in the word, or a DEL (a zero byte once the word is XORed with 0x7F in each).
                let below = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
                let xored = word ^ 0x7F7F_7F7F_7F7F_7F7F
                let del = (xored &- 0x0101_0101_0101_0101) & ~xored & 0x8080_8080_8080_8080
                if below | del != 0, (0..<8).contains(where: { isControl(base[i + $0]) }) { return true }
                i += 8
            }
            return UnsafeBufferPointer(rebasing: bytes[i...]).contains(where: isControl)
        }
    }
}
