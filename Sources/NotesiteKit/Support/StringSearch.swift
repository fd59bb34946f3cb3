import Foundation

extension String {
    /// Whether the text holds `part`, compared on their UTF-8 bytes. Foundation's `contains` goes through a
    /// locale-aware search, and every line of every unlabelled code block is asked dozens of these (`make bench`).
    func has(_ part: String) -> Bool {
        var text = self, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard let first = part.first else { return true }
                guard let base = text.baseAddress, text.count >= part.count else { return false }
                // The last offset `part` can start at; each place its first byte stands found with memchr.
                let last = text.count - part.count
                var i = 0
                while i <= last, let found = memchr(base + i, Int32(first), last - i + 1) {
                    let at = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(base + at, part.baseAddress!, part.count) == 0 { return true }
                    i = at + 1
                }
                return false
            }
        }
    }
}
