/// A unified diff of two versions of a file, as `diff -u` and `git diff` write it: `--- a/path`, `+++ b/path`, then
/// `@@ -start,count +start,count @@` hunks with `context` lines around each change, so `patch -p1` and `git apply`
/// take it.
public enum UnifiedDiff {
    public static func diff(_ before: [UInt8], _ after: [UInt8], path: String, context: Int = 3) -> String {
        let old = lines(before), new = lines(after)
        guard old != new else { return "" }
        // The lines in order, each kept, removed or added (removals before additions at one place).
        enum Op { case keep(Int, Int), remove(Int), add(Int) }
        let difference = new.difference(from: old)
        var removed = Set<Int>(), inserted = Set<Int>()
        for change in difference {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                ops.append(.remove(i)); i += 1
            } else if j < new.count, inserted.contains(j) {
                ops.append(.add(j)); j += 1
            } else {
                ops.append(.keep(i, j)); i += 1; j += 1
            }
        }
        // Hunks: runs of changes with the kept lines between them when there are at most twice `context`.
        let changed = ops.indices.filter { if case .keep = ops[$0] { return false } else { return true } }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let low = max(0, index - context), high = min(ops.count - 1, index + context)
            if let last = hunks.last, low <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...max(last.upperBound, high)
            } else {
                hunks.append(low...high)
            }
        }
        var out = "--- a/\(path)\n+++ b/\(path)\n"
        for hunk in hunks {
            var oldStart: Int?, newStart: Int?, oldCount = 0, newCount = 0
            var body = ""
            // Where the hunk starts on each side: its first line there, or, with no line there, the line before.
            var oldBefore = 0, newBefore = 0
            for op in ops[..<hunk.lowerBound] {
                switch op {
                case .keep: oldBefore += 1; newBefore += 1
                case .remove: oldBefore += 1
                case .add: newBefore += 1
                }
            }
            for op in ops[hunk] {
                switch op {
                case .keep(let a, let b):
                    oldStart = oldStart ?? a; newStart = newStart ?? b
                    oldCount += 1; newCount += 1
                    body += line(" ", old[a])
                case .remove(let a):
                    oldStart = oldStart ?? a
                    oldCount += 1
                    body += line("-", old[a])
                case .add(let b):
                    newStart = newStart ?? b
                    newCount += 1
                    body += line("+", new[b])
                }
            }
            out += "@@ -\(range(oldStart.map { $0 + 1 } ?? oldBefore, oldCount)) +\(range(newStart.map { $0 + 1 } ?? newBefore, newCount)) @@\n"
            out += body
        }
        return out
    }

    /// `start,count`, or `start` alone for one line, as diff writes it.
    private static func range(_ start: Int, _ count: Int) -> String {
        count == 1 ? "\(start)" : "\(start),\(count)"
    }

    private static func line(_ mark: Character, _ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        return bytes.last == 0x0A ? "\(mark)\(text)" : "\(mark)\(text)\n\\ No newline at end of file\n"
    }

    /// The lines with their line ends, so that a change of the last line's end shows.
    private static func lines(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for (i, byte) in bytes.enumerated() where byte == 0x0A {
            result.append(bytes[start...i])
            start = i + 1
        }
        if start < bytes.count { result.append(bytes[start...]) }
        return result
    }
}
