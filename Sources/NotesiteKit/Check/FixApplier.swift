import Foundation
import NotesiteMarkdown

/// Applies fix-its to a file's bytes, for `notesite check --fix`: only those that are unambiguous.
///
/// A fix-it is applied when its finding offers exactly one (two or more are choices for the writer), the file
/// still holds the text the fix-it replaces, and no other fix-it to apply in the file touches the same text. Fix-its
/// that overlap are all left out, whichever came first: which of two edits of one text is right is a choice too.
/// Two findings that offer the same edit make one edit.
///
/// Positions are the findings' own: lines, and columns in UTF-8 bytes, of the text the check read, which has no
/// byte-order mark and `\n` line ends. The file's bytes keep their byte-order mark and line ends; only the
/// replaced text changes.
public enum FixApplier {
    /// One fix-it of one finding.
    public struct Edit: Hashable, Sendable {
        public var fix: Diagnostic.FixIt
        /// The finding's rule id, for messages.
        public var rule: String

        public init(_ fix: Diagnostic.FixIt, rule: String) {
            self.fix = fix
            self.rule = rule
        }

        /// The same change: the same range, replaced by the same text.
        func isSameChange(as other: Edit) -> Bool {
            fix.range == other.fix.range && fix.replacement == other.fix.replacement
        }
    }

    /// Why a fix-it was not applied.
    public enum Reason: Hashable, Sendable {
        /// The finding offers this many fix-its.
        case oneOfSeveral(Int)
        /// Another fix-it changes some of the same text (or inserts at the same place).
        case overlaps(Diagnostic.FixIt)
        /// The file does not hold the fix-it's `original` at its range: it changed since it was checked.
        case textChanged
    }

    public struct Skipped: Hashable, Sendable {
        public var edit: Edit
        public var reason: Reason
    }

    /// What fixing one file comes to.
    public struct FileFix: Sendable {
        /// The file as the findings name it.
        public var file: String
        /// Its bytes as read, and as fixed.
        public var before: [UInt8]
        public var after: [UInt8]
        /// The edits made, in the file's order, and those left out.
        public var applied: [Edit]
        public var skipped: [Skipped]

        public var changed: Bool { before != after }
    }

    /// The fix-its of `diagnostics` by file, in display order, with those of findings that offer several set aside.
    public static func edits(of diagnostics: [Diagnostic]) -> [(file: String, edits: [Edit], skipped: [Skipped])] {
        var order: [String] = []
        var byFile: [String: (edits: [Edit], skipped: [Skipped])] = [:]
        for d in diagnostics where !d.fixIts.isEmpty {
            if byFile[d.file] == nil {
                order.append(d.file)
                byFile[d.file] = ([], [])
            }
            if d.fixIts.count == 1 {
                byFile[d.file]!.edits.append(Edit(d.fixIts[0], rule: d.rule.id))
            } else {
                // Once for the finding, at its first fix-it.
                byFile[d.file]!.skipped.append(Skipped(edit: Edit(d.fixIts[0], rule: d.rule.id), reason: .oneOfSeveral(d.fixIts.count)))
            }
        }
        return order.map { ($0, byFile[$0]!.edits, byFile[$0]!.skipped) }
    }

    /// `edits` applied to `bytes` where they are unambiguous: the new bytes, the edits made (in the file's order)
    /// and those left out, with why.
    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> (bytes: [UInt8], applied: [Edit], skipped: [Skipped]) {
        let map = ByteMap(bytes)
        var skipped: [Skipped] = []
        // Each distinct change once, placed in the file's bytes, and only where the file holds its original text.
        var placed: [(edit: Edit, range: Range<Int>)] = []
        for edit in edits where !placed.contains(where: { $0.edit.isSameChange(as: edit) }) {
            guard let range = map.range(edit.fix.range), map.text(range) == Array(edit.fix.original.utf8) else {
                skipped.append(Skipped(edit: edit, reason: .textChanged))
                continue
            }
            placed.append((edit, range))
        }
        placed.sort { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        // An edit that meets another is left out, and so is the other.
        var conflicts: [Int: Diagnostic.FixIt] = [:]
        for i in placed.indices {
            for j in placed.indices.dropFirst(i + 1) {
                guard placed[j].range.lowerBound <= placed[i].range.upperBound else { break }
                if touches(placed[i].range, placed[j].range) {
                    conflicts[i] = conflicts[i] ?? placed[j].edit.fix
                    conflicts[j] = conflicts[j] ?? placed[i].edit.fix
                }
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var applied: [Edit] = []
        var copied = 0
        for (i, (edit, range)) in placed.enumerated() {
            if let other = conflicts[i] {
                skipped.append(Skipped(edit: edit, reason: .overlaps(other)))
                continue
            }
            result += bytes[copied..<range.lowerBound]
            result += edit.fix.replacement.utf8
            copied = range.upperBound
            applied.append(edit)
        }
        result += bytes[copied...]
        return (result, applied, skipped)
    }

    /// Whether two edits cannot both be made: their ranges share a byte, or both insert at one place, or one
    /// inserts inside the other's range. Ranges that only meet end to start are independent.
    static func touches(_ a: Range<Int>, _ b: Range<Int>) -> Bool {
        if a.isEmpty || b.isEmpty {
            if a.isEmpty && b.isEmpty { return a.lowerBound == b.lowerBound }
            let (point, span) = a.isEmpty ? (a.lowerBound, b) : (b.lowerBound, a)
            return point > span.lowerBound && point < span.upperBound
        }
        return a.overlaps(b)
    }

    /// Reads `path` and applies the fix-its meant for it. `checkedAt`: when the check that found them began; a
    /// file modified since then was saved after the check read it, and is not fixed (`WriteError.changedSinceRead`).
    public static func fix(file: String, path: String, edits: [Edit], skipped: [Skipped] = [], checkedAt: Date? = nil) throws -> FileFix {
        if let checkedAt, let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date,
           modified > checkedAt {
            throw WriteError.changedSinceRead(file)
        }
        let before = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let (after, applied, more) = apply(edits, to: before)
        return FileFix(file: file, before: before, after: after, applied: applied, skipped: skipped + more)
    }

    /// The places of a file's bytes at the lines and columns of its text as the check read it.
    struct ByteMap {
        let bytes: [UInt8]
        /// Where each line's first byte is; the text's first line starts after a byte-order mark.
        let starts: [Int]

        init(_ bytes: [UInt8]) {
            var starts = [bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0]
            var i = starts[0]
            // `\r\n`, `\r` and `\n` each end a line, as the loader reads them.
            while i < bytes.count {
                if bytes[i] == 0x0D {
                    i += i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
                    starts.append(i)
                } else {
                    if bytes[i] == 0x0A { starts.append(i + 1) }
                    i += 1
                }
            }
            self.bytes = bytes
            self.starts = starts
        }

        /// The offset of a line and byte column; nil past the text or the line's end (its line end included).
        func offset(_ location: SourceLocation) -> Int? {
            guard location.line >= 1, location.line <= starts.count, location.column >= 1 else { return nil }
            let end = location.line < starts.count ? starts[location.line] : bytes.count
            let offset = starts[location.line - 1] + location.column - 1
            return offset <= end ? offset : nil
        }

        /// A fix-it's range (its end exclusive) in the bytes.
        func range(_ range: SourceRange) -> Range<Int>? {
            guard let start = offset(range.start), let end = offset(range.end), start <= end else { return nil }
            return start..<end
        }

        /// The bytes of `range` as the check read them: each line end as `\n`.
        func text(_ range: Range<Int>) -> [UInt8] {
            var text: [UInt8] = []
            var i = range.lowerBound
            while i < range.upperBound {
                if bytes[i] == 0x0D {
                    text.append(0x0A)
                    i += i + 1 < range.upperBound && bytes[i + 1] == 0x0A ? 2 : 1
                } else {
                    text.append(bytes[i])
                    i += 1
                }
            }
            return text
        }
    }
}
