extension SearchIndex {
    /// A name for an index made of `entries` (what `generation` is after adding them): a patch names the index it
    /// was made for (`patchScript`), and the search page applies it only over that index, so an index and a patch
    /// replaced one after the other never mix, even for a page that loads between the two.
    public static func generation(of entries: [Entries]) -> String {
        var hash = GenerationHash()
        for list in entries { hash.add(list) }
        return hash.name
    }

    /// Every section's address, title and heading (FNV-1a) and words, in order. The words, most of the bytes, are
    /// hashed a note at a time, with where each ends and which of them each section holds, by `ContentHash`:
    /// FNV-1a takes a multiplication a byte, and the index's thread hashed every word of the site that way.
    struct GenerationHash: Sendable {
        private var value = FNV1a.basis

        var name: String { String(value, radix: 16) }

        mutating func add(_ entries: Entries) {
            for section in entries.sections {
                mix(section.url)
                mix(section.title)
                mix(section.heading ?? "")
            }
            for part in [entries.words.bytes.withUnsafeBytes { ContentHash.of($0) },
                         entries.words.ends.withUnsafeBytes { ContentHash.of($0) },
                         entries.postings.withUnsafeBytes { ContentHash.of($0) },
                         entries.sectionEnds.withUnsafeBytes { ContentHash.of($0) }] {
                fold(part.high)
                fold(part.low)
            }
        }

        private mutating func fold(_ part: UInt64) {
            value = (value ^ part) &* 0x9fb2_1c65_1e98_df25
            value ^= value >> 29
        }

        private mutating func mix(_ text: String) {
            var text = text
            text.withUTF8 { mix($0) }
        }

        /// The text's bytes, then 0xFF, which UTF-8 never holds, to end it.
        private mutating func mix(_ bytes: UnsafeBufferPointer<UInt8>) {
            value = FNV1a.step(FNV1a.hash(bytes, from: value), 0xFF)
        }
    }

    /// 64-bit FNV-1a: how the index names its contents.
    enum FNV1a {
        static let basis: UInt64 = 0xcbf2_9ce4_8422_2325

        static func hash(_ bytes: UnsafeBufferPointer<UInt8>, from seed: UInt64 = basis) -> UInt64 {
            var hash = seed
            for byte in bytes { hash = step(hash, byte) }
            return hash
        }

        static func step(_ hash: UInt64, _ byte: UInt8) -> UInt64 {
            (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }
    }
}
