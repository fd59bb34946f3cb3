import Foundation

extension String {
    /// Whether the text holds `part`, compared on their UTF-8 bytes. Foundation's `contains` goes through a
    /// locale-aware search, and every line of every unlabelled code block is asked dozens of these (`make bench`).
    func has(_ part: String) -> Bool {
        var text = self, part = part
        return text.withUTF8 { text in
            part.withUTF8 { part in
                guard let first = part.first else { return true }
                guard text.count >= part.count else { return false }
                for i in 0...(text.count - part.count) where text[i] == first {
                    if memcmp(text.baseAddress! + i, part.baseAddress!, part.count) == 0 { return true }
                }
                return false
            }
        }
    }
}
