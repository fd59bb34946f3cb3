import Foundation

/// A text's lines as UTF-8 bytes, found once, for the stages that look up many lines of one note by number.
struct LineTable {
    private let bytes: [UInt8]
    /// The offset of each line's first byte.
    private let starts: [Int]

    init(_ text: String) {
        bytes = Array(text.utf8)
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

    /// Line `number` (1-based) without its newline, or nil past the last line.
    func line(_ number: Int) -> ArraySlice<UInt8>? {
        guard number >= 1, number <= starts.count else { return nil }
        let end = number < starts.count ? starts[number] - 1 : bytes.count
        return bytes[starts[number - 1]..<end]
    }
}
