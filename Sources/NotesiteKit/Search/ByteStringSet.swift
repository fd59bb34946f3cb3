import Foundation

extension SearchIndex {
    /// A set of short byte strings, each numbered in the order it was added. It stands in for a `Set` or
    /// `Dictionary` of tokens where every occurrence of a token is looked up, which hashed each with SipHash.
    ///
    /// Strings of up to eight bytes, which are most words (every pair of Chinese characters, most Russian words of
    /// up to four letters, most English ones), are found by their bytes read as one 64-bit number: a table of such
    /// numbers needs neither a hash of the bytes nor a comparison of them. The strings hold no zero byte (words
    /// are letters), so that the number, with zeros after the bytes, tells every string from every other. Longer
    /// strings are found by open addressing over a 64-bit hash. Both tables number their strings in one sequence,
    /// and keep the strings' bytes end to end in one buffer, in that order.
    struct ByteStringSet: Sendable {
        /// Eight bytes, so that a table is half the memory to clear and to read: where a string's bytes are is
        /// found from `ends`, by its number, when the tags match.
        private struct Slot {
            /// The hash's upper half, compared before the bytes.
            var tag: UInt32 = 0
            /// The string's number plus one; zero for an empty slot.
            var numberPlusOne: UInt32 = 0
        }
        /// A string of up to eight bytes, as `key(of:)` reads it.
        private struct ShortSlot {
            var key: UInt64 = 0
            /// The string's number plus one; zero for an empty slot.
            var numberPlusOne: UInt32 = 0
        }
        /// The strings' bytes end to end, then room for more: zeros past `storageCount`, so that a string is
        /// copied in with one `memcpy` rather than appended through the array's generic path.
        private var storage: [UInt8] = []
        /// Where each string ends in `storage`, by number.
        private var ends: [UInt32] = []
        /// Each string's hash, by number (`hash(_:)`; 0 for a string of up to eight bytes, which needs none):
        /// growing the table does not hash the strings again.
        private var hashes: [UInt64] = []
        private var slots: [Slot]
        private var shortSlots: [ShortSlot]
        /// How many of the strings are in `shortSlots`.
        private var shortCount = 0
        var count: Int { ends.count }

        /// The strings, in the order they were added.
        var elements: Tokens {
            var bytes = storage
            bytes.removeSubrange(storageCount...)
            return Tokens(bytes: bytes, ends: ends, hashes: hashes)
        }

        /// How many bytes the strings take, end to end.
        var storageCount: Int { ends.last.map(Int.init) ?? 0 }

        /// Calls `body` with each string's place in byte order, its number and its bytes, in the order of their
        /// bytes (for UTF-8, the order of their Unicode scalars).
        func forEachInByteOrder(_ body: (_ place: Int, _ number: Int, UnsafeBufferPointer<UInt8>) -> Void) {
            storage.withUnsafeBufferPointer { storage in
                func word(_ i: Int) -> UnsafeBufferPointer<UInt8> { Tokens.word(i, of: storage, ends: ends) }
                let sorted = (0..<ends.count).sorted { a, b in
                    let x = word(a), y = word(b)
                    let order = memcmp(x.baseAddress!, y.baseAddress!, min(x.count, y.count))
                    return order != 0 ? order < 0 : x.count < y.count
                }
                for (place, number) in sorted.enumerated() { body(place, number, word(number)) }
            }
        }

        /// Room for `expected` strings before a table grows. Most of a note's words are short: the table for
        /// longer ones starts at a quarter of that.
        init(expected: Int) {
            shortSlots = Array(repeating: ShortSlot(), count: Self.capacity(for: expected))
            slots = Array(repeating: Slot(), count: Self.capacity(for: expected / 4))
        }

        /// A table size at which `expected` strings fill at most half the slots.
        private static func capacity(for expected: Int) -> Int {
            var capacity = 16
            while capacity < expected * 2 { capacity <<= 1 }
            return capacity
        }

        /// The longest strings `key(of:)` reads.
        static let shortLength = 8

        /// The bytes of a string of one to eight bytes as one number, the first byte lowest, zeros above the last:
        /// read with loads that may overlap, so nothing past the end is read.
        @inline(__always)
        private static func key(of bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let n = bytes.count
            let p = UnsafeRawPointer(bytes.baseAddress!)
            if n >= 4 {
                let first = UInt64(p.loadUnaligned(as: UInt32.self))
                let last = UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
                return first | last << UInt64(8 * (n - 4))
            }
            return UInt64(bytes[0]) | UInt64(bytes[n >> 1]) << UInt64(8 * (n >> 1)) | UInt64(bytes[n - 1]) << UInt64(8 * (n - 1))
        }

        /// Where a table of `count` short slots (a power of two) starts looking for `key`: the multiplication's
        /// upper bits, which depend on every bit of the key.
        @inline(__always)
        private static func shortSlot(of key: UInt64, in count: Int) -> Int {
            Int(truncatingIfNeeded: (key &* 0x9e37_79b9_7f4a_7c15) >> UInt64(64 - count.trailingZeroBitCount))
        }

        /// Adds `bytes` (not empty, no zero byte): their number, and whether they were new. `hash`, when the
        /// caller has it, is `hash(bytes)`; only a string longer than `shortLength` needs it.
        @inline(__always)
        mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64? = nil) -> (number: Int, inserted: Bool) {
            if bytes.count <= Self.shortLength { return insertShort(bytes) }
            return insertLong(bytes, hash: hash ?? Self.hash(bytes))
        }

        /// The table and the ends are read through pointers: every word of every note is looked up here, and each
        /// array access checked its bounds.
        private mutating func insertShort(_ bytes: UnsafeBufferPointer<UInt8>) -> (number: Int, inserted: Bool) {
            let key = Self.key(of: bytes)
            let count = ends.count
            let found: Int? = shortSlots.withUnsafeMutableBufferPointer { slots in
                let mask = slots.count - 1
                var i = Self.shortSlot(of: key, in: slots.count)
                while true {
                    let slot = slots[i]
                    if slot.numberPlusOne == 0 {
                        slots[i] = ShortSlot(key: key, numberPlusOne: UInt32(count + 1))
                        return nil
                    }
                    if slot.key == key { return Int(slot.numberPlusOne) - 1 }
                    i = (i + 1) & mask
                }
            }
            if let found { return (found, false) }
            append(bytes, hash: 0)
            shortCount += 1
            if shortCount * 2 > shortSlots.count { growShort() }
            return (count, true)
        }

        private mutating func insertLong(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (number: Int, inserted: Bool) {
            let tag = UInt32(truncatingIfNeeded: hash >> 32)
            let count = ends.count
            let found: Int? = slots.withUnsafeMutableBufferPointer { slots in
                ends.withUnsafeBufferPointer { ends in
                    storage.withUnsafeBufferPointer { storage in
                        let mask = slots.count - 1
                        var i = Int(truncatingIfNeeded: hash) & mask
                        while true {
                            let slot = slots[i]
                            if slot.numberPlusOne == 0 {
                                slots[i] = Slot(tag: tag, numberPlusOne: UInt32(count + 1))
                                return nil
                            }
                            if slot.tag == tag {
                                let number = Int(slot.numberPlusOne) - 1
                                let start = number == 0 ? 0 : Int(ends[number - 1])
                                if Int(ends[number]) - start == bytes.count,
                                   Self.equal(storage.baseAddress! + start, bytes.baseAddress!, bytes.count) {
                                    return number
                                }
                            }
                            i = (i + 1) & mask
                        }
                    }
                }
            }
            if let found { return (found, false) }
            append(bytes, hash: hash)
            if (ends.count - shortCount) * 2 > slots.count { grow() }
            return (count, true)
        }

        /// Numbers a new string: its bytes after the others, its end and its hash.
        private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) {
            let start = storageCount
            let end = start + bytes.count
            if end > storage.count {
                storage.append(contentsOf: repeatElement(0, count: max(storage.count, bytes.count, 64)))
            }
            storage.withUnsafeMutableBufferPointer { storage in
                (storage.baseAddress! + start).update(from: bytes.baseAddress!, count: bytes.count)
            }
            ends.append(UInt32(end))
            hashes.append(hash)
        }

        private mutating func growShort() {
            let old = shortSlots
            shortSlots = Array(repeating: ShortSlot(), count: old.count * 2)
            let mask = shortSlots.count - 1
            for slot in old where slot.numberPlusOne != 0 {
                var i = Self.shortSlot(of: slot.key, in: shortSlots.count)
                while shortSlots[i].numberPlusOne != 0 { i = (i + 1) & mask }
                shortSlots[i] = slot
            }
        }

        private mutating func grow() {
            let old = slots
            slots = Array(repeating: Slot(), count: old.count * 2)
            let mask = slots.count - 1
            for slot in old where slot.numberPlusOne != 0 {
                var i = Int(truncatingIfNeeded: hashes[Int(slot.numberPlusOne) - 1]) & mask
                while slots[i].numberPlusOne != 0 { i = (i + 1) & mask }
                slots[i] = slot
            }
        }

        /// Whether the `count` bytes (at least one) at `a` and `b` are the same. A word is rarely longer than
        /// sixteen bytes, and two loads that may overlap compare it without a call to `memcmp`.
        @inline(__always)
        private static func equal(_ a: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ count: Int) -> Bool {
            let x = UnsafeRawPointer(a), y = UnsafeRawPointer(b)
            if count >= 8 {
                guard count <= 16 else { return memcmp(a, b, count) == 0 }
                return x.loadUnaligned(as: UInt64.self) == y.loadUnaligned(as: UInt64.self)
                    && x.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self) == y.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
            }
            if count >= 4 {
                return x.loadUnaligned(as: UInt32.self) == y.loadUnaligned(as: UInt32.self)
                    && x.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == y.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            }
            return a[0] == b[0] && a[count >> 1] == b[count >> 1] && a[count - 1] == b[count - 1]
        }

        /// A hash of short byte strings that reads them eight bytes at a time (a word is rarely longer than
        /// sixteen), where FNV-1a took a multiplication for every byte. Strings shorter than eight bytes are read
        /// with two loads that may overlap, so nothing is read past the end. A table hash, not a content address:
        /// only the set sees it, within one run, so it owes nothing to any other hash and may change freely. Files
        /// are named by `ContentHash` (XXH64), the index's contents by `GenerationHash`.
        static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let n = bytes.count
            let p = UnsafeRawPointer(bytes.baseAddress!)
            var hash = UInt64(n) &* 0x9e37_79b9_7f4a_7c15
            if n >= 8 {
                var i = 0
                while i + 8 < n {
                    hash = mix(hash, p.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                    i += 8
                }
                hash = mix(hash, p.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self))
            } else if n >= 4 {
                let first = UInt64(p.loadUnaligned(as: UInt32.self))
                let last = UInt64(p.loadUnaligned(fromByteOffset: n - 4, as: UInt32.self))
                hash = mix(hash, first << 32 | last)
            } else {
                hash = mix(hash, UInt64(bytes[0]) << 16 | UInt64(bytes[n >> 1]) << 8 | UInt64(bytes[n - 1]))
            }
            // So that the low bits, which pick the slot, depend on every bit.
            hash ^= hash >> 32
            hash &*= 0xd6e8_feb8_6659_fd93
            hash ^= hash >> 32
            return hash
        }

        @inline(__always)
        private static func mix(_ hash: UInt64, _ word: UInt64) -> UInt64 {
            let x = (hash ^ word) &* 0x9fb2_1c65_1e98_df25
            return x ^ (x >> 29)
        }
    }
}
