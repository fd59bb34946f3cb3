import Foundation

/// A text's lines as UTF-8 bytes, found once (with `memchr`), for code that looks up many lines or byte offsets of
/// one note or code block.
public struct LineTable: Sendable {
    private let bytes: [UInt8]
    /// The offset of each line's first byte.
    private let starts: [Int]

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while let newline = memchr(base + from, 0x0A, buffer.count - from) {
                from = base.distance(to: newline.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(from)
            }
        }
        self.starts = starts
    }

    /// The offset of the byte at 1-based `line` and byte `column`, or nil when the text has no such line.
    public func offset(line number: Int, column: Int) -> Int? {
        guard number >= 1, number <= starts.count, column >= 1 else { return nil }
        return starts[number - 1] + column - 1
    }

    /// How many lines the text has (a text that ends with a newline has an empty last line).
    public var count: Int { starts.count }

    /// Line `number` (1-based) without its newline, or nil past the last line.
    public func line(_ number: Int) -> ArraySlice<UInt8>? {
        guard number >= 1, number <= starts.count else { return nil }
        let end = number < starts.count ? starts[number] - 1 : bytes.count
        return bytes[starts[number - 1]..<end]
    }

    /// The 1-based line and byte column of a byte offset.
    public func position(ofOffset offset: Int) -> (line: Int, column: Int) {
        // The last line that starts at or before the offset.
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return (low + 1, offset - starts[low] + 1)
    }
}
