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
    /// hashed a note at a time, with where each ends and which of them each section holds, by `partHash(_:)`:
    /// FNV-1a takes a multiplication a byte, and the index's thread hashed every word of the site that way.
    ///
    /// A content address, but not `ContentHash` (XXH64): the name is written into `assets/search-index.js`, and
    /// the same notes must give the same site byte for byte whichever version of notesite builds it: a change of
    /// this hash changes that file of every site.
    struct GenerationHash: Sendable {
        private var value = FNV1a.basis

        var name: String { String(value, radix: 16) }

        mutating func add(_ entries: Entries) {
            for section in entries.sections {
                mix(section.url)
                mix(section.title)
                mix(section.heading ?? "")
            }
            for part in [entries.words.bytes.withUnsafeBytes { Self.partHash($0) },
                         entries.words.ends.withUnsafeBytes { Self.partHash($0) },
                         entries.postings.withUnsafeBytes { Self.partHash($0) },
                         entries.sectionEnds.withUnsafeBytes { Self.partHash($0) }] {
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

        /// A 128-bit hash of a part of a note's entries. Four lanes of 64 bits, each taking every fourth word of
        /// eight bytes through a multiply and rotate (XXH64's round), then mixed into two: fast enough for every
        /// word of the site on the index's thread. Not a standard algorithm, and kept as it is for the reason
        /// above: it decides the generation's name.
        static func partHash(_ bytes: UnsafeRawBufferPointer) -> (high: UInt64, low: UInt64) {
            let prime1: UInt64 = 0x9e37_79b1_85eb_ca87, prime2: UInt64 = 0xc2b2_ae3d_27d4_eb4f
            var lanes: (UInt64, UInt64, UInt64, UInt64) = (prime1 &+ prime2, prime2, 0, 0 &- prime1)
            @inline(__always) func round(_ lane: UInt64, _ word: UInt64) -> UInt64 {
                let x = lane &+ word &* prime2
                return ((x << 31) | (x >> 33)) &* prime1
            }
            let n = bytes.count
            var i = 0
            if let base = bytes.baseAddress {
                while i + 32 <= n {
                    lanes.0 = round(lanes.0, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    lanes.1 = round(lanes.1, base.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                    lanes.2 = round(lanes.2, base.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                    lanes.3 = round(lanes.3, base.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                    i += 32
                }
                while i + 8 <= n {
                    lanes.0 = round(lanes.0, base.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                var tail: UInt64 = 0
                var shift: UInt64 = 0
                while i < n {
                    tail |= UInt64(base.load(fromByteOffset: i, as: UInt8.self)) << shift
                    shift += 8
                    i += 1
                }
                lanes.1 = round(lanes.1, tail)
            }
            func finish(_ x: UInt64) -> UInt64 {
                var x = x
                x ^= x >> 33
                x &*= 0xff51_afd7_ed55_8ccd
                x ^= x >> 33
                x &*= 0xc4ce_b9fe_1a85_ec53
                x ^= x >> 33
                return x
            }
            let length = UInt64(n)
            let high = finish(lanes.0 ^ ((lanes.2 << 17) | (lanes.2 >> 47)) ^ length)
            let low = finish(lanes.1 &+ ((lanes.3 << 29) | (lanes.3 >> 35)) &+ (high ^ length &* prime1))
            return (high, low)
        }
    }

    /// 64-bit FNV-1a: how the index names its sections' addresses, titles and headings (`GenerationHash`).
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
