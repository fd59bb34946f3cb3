import Foundation
import NotesiteMarkdown

/// The search index, built with the site and shipped as scripts so the search page works opened from disk, where
/// a page may not fetch a JSON file.
///
/// `assets/search-index.js` holds each section's title, heading and address and, for every word, the sections that
/// hold it. The sections' text, for the snippets under the results, is in one small script per note,
/// `assets/search/<lang>/<slug>.js` (and `assets/search/reference.js` for the reference entries), which the search
/// page loads only for the results it shows. So the page a reader opens stays small however many notes there are,
/// and an edit rewrites its note's text script rather than the text of the whole site.
///
/// `notesite serve` does not rewrite the index after an edit either: `assets/search-patch.js` holds the sections
/// of every note edited since the index was written and names the index's sections they replace (a complete
/// build writes it as `null`). So a rebuild writes a few notes' worth of postings however large the site is.
///
/// Every section of every note (the text under one heading) and every reference entry is a searchable unit.
/// Words of Latin and Cyrillic text are indexed lowercased, with `ё` as `е`; Chinese, written without spaces,
/// is indexed by overlapping pairs of characters, so a query matches wherever its characters stand together.
public struct SearchIndex: Sendable {
    public struct Section: Sendable {
        public var title: String
        public var heading: String?
        public var language: Language
        /// The page and anchor, relative to the site's root.
        public var url: String
        /// The text, as UTF-8. Kept as bytes: the words are read and the text script is written from the bytes,
        /// and a section's text put together as a `String` cost more than both.
        var utf8Text: [UInt8]
        public var text: String {
            get { String(decoding: utf8Text, as: UTF8.self) }
            set { utf8Text = Array(newValue.utf8) }
        }
        /// The text script that holds `text`: its path below `assets/search/`, without `.js`.
        public var shard: String

        public init(title: String, heading: String?, language: Language, url: String, text: String, shard: String) {
            self.init(title: title, heading: heading, language: language, url: url, utf8Text: Array(text.utf8), shard: shard)
        }

        /// `utf8Text` must be valid UTF-8.
        init(title: String, heading: String?, language: Language, url: String, utf8Text: [UInt8], shard: String) {
            self.title = title
            self.heading = heading
            self.language = language
            self.url = url
            self.utf8Text = utf8Text
            self.shard = shard
        }
    }

    public private(set) var sections: [Section] = []
    private var contentHash = GenerationHash()
    /// The name of what has been added so far (`generation(of:)`).
    public var generation: String { contentHash.name }
    /// The words, each numbered in the order it was first added, found by its bytes.
    ///
    /// Words are lowercased already and come from one tokenizer, so their bytes are what tells them apart: the
    /// index finds them by their bytes and sorts them by their bytes, which spares the Unicode normalisation that
    /// hashing or comparing a `String` of Chinese or Russian costs, and a `String` for every word of every section.
    private var words = ByteStringSet(expected: 1 << 12)
    /// The postings: each section's words, by number, section after section, and where each section's words end
    /// (32 bits: a site has far fewer than four billion of either, and the postings are most of the index's memory).
    /// They are grouped by word when the script is written (`postingsByWord`): a list per word, appended to for
    /// every occurrence, cost a uniqueness check of the outer list and of the word's, and a buffer per word.
    private var postingWords = BlockList()
    private var sectionEnds: [UInt32] = []

    /// Numbers appended in blocks that stay where they are. A large site's postings are tens of millions (46 MB at
    /// 10,000 notes), and an array that doubled copied them all into new memory at every step.
    struct BlockList: Sendable {
        /// A megabyte of numbers.
        static let blockSize = 1 << 18
        private var blocks: [[UInt32]] = []
        private(set) var count = 0

        mutating func append(contentsOf values: UnsafeBufferPointer<UInt32>) {
            var start = 0
            while start < values.count {
                if count % Self.blockSize == 0 {
                    blocks.append([])
                    blocks[blocks.count - 1].reserveCapacity(Self.blockSize)
                }
                let end = min(values.count, start + Self.blockSize - count % Self.blockSize)
                blocks[blocks.count - 1].append(contentsOf: UnsafeBufferPointer(rebasing: values[start..<end]))
                count += end - start
                start = end
            }
        }

        /// Calls `body` with the numbers, a block at a time, in order.
        func forEachBlock(_ body: (UnsafeBufferPointer<UInt32>) -> Void) {
            for block in blocks { block.withUnsafeBufferPointer(body) }
        }
    }

    public init() {}

    /// One note's part of the index: its sections and the distinct words of each. A rebuild keeps the parts of
    /// the notes that did not change.
    ///
    /// The words are found once for the whole note: a word that recurs in several sections is one entry of the
    /// note's words, and each section lists the numbers of its own. So a section's repeats are found without a set
    /// of its own, and the index looks up each of the note's words once rather than once for each section.
    public struct Entries: Sendable {
        public private(set) var sections: [Section]
        /// The note's distinct words, in the order they first occur.
        fileprivate private(set) var words: Tokens
        /// Each section's distinct words, as numbers into `words` in the order they first occur in the section,
        /// section after section; `sectionEnds` holds where each section's numbers end.
        fileprivate private(set) var postings: [UInt32]
        fileprivate private(set) var sectionEnds: [UInt32]

        /// The distinct words of the note's `sections`: of each one's title, heading and text.
        public init(sections: [Section]) {
            self.sections = sections
            // A note's distinct words: on the corpus's notes, one for every 8 to 14 bytes of Chinese (most pairs of
            // characters recur little) and every 39 of Russian. Guessed from the bytes over 10: a Chinese note's
            // set rarely grows, and a Russian one's table is not much larger than it needs.
            var lister = Lister(expected: sections.reduce(0) { $0 + $1.utf8Text.count } / 10)
            lister.sectionEnds.reserveCapacity(sections.count)
            // Every section of a note has the note's title: its words are found once, then listed by number.
            var title: (text: String, numbers: [Int])?
            for section in sections {
                if let title, title.text == section.title {
                    for number in title.numbers { lister.list(number) }
                } else {
                    var numbers: [Int] = []
                    forEachToken(in: section.title) { numbers.append(lister.take($0)) }
                    title = (section.title, numbers)
                }
                if let heading = section.heading { forEachToken(in: heading) { lister.take($0) } }
                section.utf8Text.withUnsafeBufferPointer { text in forEachToken(inUTF8: text) { lister.take($0) } }
                lister.endSection()
            }
            words = lister.words.elements
            postings = lister.postings
            sectionEnds = lister.sectionEnds
        }

        /// Puts together a note's entries, a word at a time. A value with a method that each word is handed to
        /// rather than a local function over local variables: those variables would be boxed, and every access
        /// to them checked for exclusivity at run time.
        private struct Lister {
            var words: ByteStringSet
            /// For each of the note's words, the last section (numbered from one) that listed it.
            var listedBy: [UInt32] = []
            var postings: [UInt32] = []
            var sectionEnds: [UInt32] = []
            /// The section being read, numbered from one.
            var section: UInt32 = 1

            init(expected: Int) {
                words = ByteStringSet(expected: expected)
            }

            /// Lists the word in the section being read, once: its number among the note's words.
            @inline(__always) @discardableResult
            mutating func take(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
                let (number, inserted) = words.insert(bytes)
                if inserted {
                    listedBy.append(section)
                    postings.append(UInt32(number))
                } else {
                    list(number)
                }
                return number
            }

            /// Lists the word numbered `number` in the section being read, once.
            @inline(__always)
            mutating func list(_ number: Int) {
                guard listedBy[number] != section else { return }
                listedBy[number] = section
                postings.append(UInt32(number))
            }

            mutating func endSection() {
                sectionEnds.append(UInt32(postings.count))
                section += 1
            }
        }

        /// How many sections.
        public var count: Int { sections.count }

        /// The distinct words of section `i`, in the order they first occur in it.
        public func tokens(of i: Int) -> [String] {
            postingRange(of: i).map { words[Int(postings[$0])] }
        }

        fileprivate func postingRange(of i: Int) -> Range<Int> {
            (i == 0 ? 0 : Int(sectionEnds[i - 1]))..<Int(sectionEnds[i])
        }

        /// What a rebuild keeps: the sections without their text, which is in the note's text script, and the
        /// words without their hashes, which adding them to an index works out again.
        public var kept: Entries {
            var kept = self
            for i in kept.sections.indices { kept.sections[i].utf8Text = [] }
            kept.words = words.withoutHashes
            return kept
        }
    }

    /// Distinct words in the order they first occur, as their UTF-8 bytes end to end.
    public struct Tokens: Sendable, RandomAccessCollection {
        fileprivate let bytes: [UInt8]
        /// Where each word ends in `bytes`; it starts where the one before it ends.
        fileprivate let ends: [UInt32]
        /// Each word's `ByteStringSet` hash, worked out when the words were found (on the thread that tokenised
        /// the note), so that adding them to the index does not hash them again (0 for a word short enough to need
        /// none, `ByteStringSet.shortLength`). Empty in tokens kept for later
        /// (`withoutHashes`): serve keeps every note's words, and the hashes would be most of them.
        fileprivate let hashes: [UInt64]

        /// The same words without their hashes, which adding them to an index works out again.
        public var withoutHashes: Tokens { Tokens(bytes: bytes, ends: ends, hashes: []) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { ends.count }

        public subscript(i: Int) -> String {
            bytes.withUnsafeBufferPointer { String(decoding: Self.word(i, of: $0, ends: ends), as: UTF8.self) }
        }

        /// Calls `body` with each word's bytes and, when kept, its hash, in order.
        fileprivate func forEachHashedWord(_ body: (UnsafeBufferPointer<UInt8>, UInt64?) -> Void) {
            bytes.withUnsafeBufferPointer { bytes in
                for i in ends.indices {
                    body(Self.word(i, of: bytes, ends: ends), hashes.isEmpty ? nil : hashes[i])
                }
            }
        }

        fileprivate static func word(_ i: Int, of bytes: UnsafeBufferPointer<UInt8>, ends: [UInt32]) -> UnsafeBufferPointer<UInt8> {
            let start = i == 0 ? 0 : Int(ends[i - 1])
            return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[i])])
        }
    }

    public static func entries(of note: Note) -> Entries {
        Entries(sections: sections(of: note))
    }

    /// The index of notes' entries, in the order given.
    public init(entries: [Entries]) {
        for list in entries { add(list) }
    }

    /// Adds one note's entries (notes are added in the order the index lists them): each of the note's words is
    /// looked up once, and its sections' postings are its numbers in the index.
    public mutating func add(_ entries: Entries) {
        contentHash.add(entries)
        var numbers: [UInt32] = []
        numbers.reserveCapacity(entries.words.count)
        entries.words.forEachHashedWord { word, hash in
            numbers.append(UInt32(words.insert(word, hash: hash).number))
        }
        // The note's postings as the index's word numbers, section after section as the entries hold them.
        let indexed = [UInt32](unsafeUninitializedCapacity: entries.postings.count) { buffer, count in
            numbers.withUnsafeBufferPointer { numbers in
                for (k, posting) in entries.postings.enumerated() { buffer[k] = numbers[Int(posting)] }
            }
            count = entries.postings.count
        }
        let start = postingWords.count
        indexed.withUnsafeBufferPointer { postingWords.append(contentsOf: $0) }
        for i in entries.sections.indices {
            // The text goes to the section's own script; the index keeps only what the results list shows.
            var section = entries.sections[i]
            section.utf8Text = []
            sections.append(section)
            sectionEnds.append(UInt32(start + entries.postingRange(of: i).upperBound))
        }
    }

    public mutating func add(_ section: Section) {
        add(Entries(sections: [section]))
    }

    /// The postings grouped by word (a counting sort): word `n`'s section ids, ascending, are
    /// `ids[starts[n]..<starts[n + 1]]`.
    private func postingsByWord() -> (starts: [Int], ids: [UInt32]) {
        var starts = [Int](repeating: 0, count: words.count + 1)
        starts.withUnsafeMutableBufferPointer { starts in
            postingWords.forEachBlock { block in
                for word in block { starts[Int(word) + 1] += 1 }
            }
            for i in 0..<(starts.count - 1) { starts[i + 1] += starts[i] }
        }
        var next = starts
        // Every slot is written below, once.
        let ids = [UInt32](unsafeUninitializedCapacity: postingWords.count) { ids, count in
            next.withUnsafeMutableBufferPointer { next in
                sectionEnds.withUnsafeBufferPointer { sectionEnds in
                    // Posting `k` is of the first section that ends after it.
                    var k = 0
                    var section = 0
                    postingWords.forEachBlock { block in
                        for word in block {
                            while Int(sectionEnds[section]) == k { section += 1 }
                            ids[next[Int(word)]] = UInt32(section)
                            next[Int(word)] += 1
                            k += 1
                        }
                    }
                }
            }
            count = postingWords.count
        }
        return (starts, ids)
    }

    /// The section's distinct tokens in the order they first occur: those of its title, heading and text.
    static func uniqueTokens(of section: Section) -> [String] {
        Entries(sections: [section]).tokens(of: 0)
    }

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
        /// with two loads that may overlap, so nothing is read past the end. Only the set sees it: the index's
        /// contents are named by `GenerationHash`.
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

    /// The text script of `note`'s sections: `zh/shoushi` for `zh/shoushi.html`.
    static func shard(of note: Note) -> String {
        "\(note.language.rawValue)/\(note.slug)"
    }

    /// Where the text script `shard` is written.
    public static func shardPath(_ shard: String) -> String {
        "assets/search/\(shard).js"
    }

    /// `note`'s text script, from its entries.
    static func shardFile(of note: Note, entries: Entries) -> OutputFile {
        shardFile(shard(of: note), sections: entries.sections)
    }

    /// The text script of `sections` (one note's, or the reference's): a call that hands the texts, in order, to
    /// the search page. Put together as bytes: the texts are most of the site's search data, and a `String` of
    /// each checked its UTF-8 again.
    public static func shardFile(_ shard: String, sections: [Section]) -> OutputFile {
        var out: [UInt8] = []
        out.reserveCapacity(sections.reduce(64) { $0 + $1.utf8Text.count + 4 })
        out += "NOTESITE_SEARCH_TEXT(".utf8
        JSON.append(shard, to: &out)
        out += ", [".utf8
        for (i, section) in sections.enumerated() {
            out += (i == 0 ? "\n" : ",\n").utf8
            section.utf8Text.withUnsafeBufferPointer { JSON.append($0, to: &out) }
        }
        out += "]);\n".utf8
        return OutputFile(path: shardPath(shard), contents: .bytes(out))
    }

    /// Every section of `note`: the text before the first heading, then one per heading.
    /// The text is put together as bytes and made a `String` once: appending each text node to a `String` cost
    /// more than reading the text for its words.
    static func sections(of note: Note) -> [Section] {
        var result: [Section] = []
        var current: (heading: String?, anchor: String?, text: [UInt8]) = (nil, nil, [])
        var headingIndex = 0
        func flush() {
            let text = trimmedText(current.text)
            guard !text.isEmpty || current.heading != nil else { return }
            result.append(Section(title: note.metadata.title, heading: current.heading, language: note.language,
                                  url: note.outputPath + (current.anchor.map { "#" + $0 } ?? ""), utf8Text: text,
                                  shard: shard(of: note)))
        }
        note.document.children.withUnsafeBufferPointer { blocks in
            for i in blocks.indices {
                let block = blocks.baseAddress! + i
                if case .heading = block.pointee.kind {
                    flush()
                    let heading = headingIndex < note.headings.count ? note.headings[headingIndex] : nil
                    headingIndex += 1
                    current = (heading?.text ?? block.pointee.plainText, heading?.id, [])
                } else {
                    appendText(at: block, to: &current.text)
                    current.text.append(UInt8(ascii: "\n"))
                }
            }
        }
        flush()
        return result
    }

    /// Appends the text a reader sees in the block at `block`: a code block's code, nothing for raw HTML, and the
    /// plain text of the paragraphs, headings and table cells inside anything else, one space between neighbours.
    /// Straight into the section's text, rather than a string for each part joined into another for each block.
    /// The blocks are read where they are in their parents' lists: a loop over a list copied each block, retaining
    /// and releasing its text and its own children, and so did a method called on a block in a list.
    private static func appendText(at block: UnsafePointer<MarkdownNode>, to out: inout [UInt8]) {
        switch block.pointee.kind {
        case .codeBlock(_, var code): code.withUTF8 { out.append(contentsOf: $0) }
        case .htmlBlock: break
        default:
            guard !block.pointee.children.isEmpty else {
                MarkdownNode.appendPlainText(of: block, to: &out)
                return
            }
            block.pointee.children.withUnsafeBufferPointer { children in
                for i in children.indices {
                    if i > 0 { out.append(UInt8(ascii: " ")) }
                    let child = children.baseAddress! + i
                    switch child.pointee.kind {
                    case .paragraph, .heading, .tableCell: MarkdownNode.appendPlainText(of: child, to: &out)
                    default: appendText(at: child, to: &out)
                    }
                }
            }
        }
    }

    /// `bytes` (UTF-8) without the whitespace at either end, as `trimmingWhitespace` has it, which drops a first or
    /// last character that is whitespace, a character being whitespace when its first scalar is. ASCII whitespace
    /// next to ASCII (a section's text ends with a newline) is cut from the bytes. Text is decoded to be trimmed
    /// as characters only where an end is not plain: a last scalar that could belong to a character begun before
    /// it, such as a combining mark, or whitespace other than ASCII's.
    static func trimmedText(_ bytes: [UInt8]) -> [UInt8] {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
        // The scalar that starts at `i`, and the one that ends just before `end`, decoded from the (valid) bytes.
        func scalar(at i: Int) -> UInt32 {
            let b = UInt32(bytes[i])
            if b < 0x80 { return b }
            if b < 0xE0 { return (b & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F) }
            if b < 0xF0 { return (b & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F) }
            return (b & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12 | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
        }
        func scalar(endingAt end: Int) -> UInt32 {
            var i = end - 1
            while bytes[i] & 0xC0 == 0x80 { i -= 1 }
            return scalar(at: i)
        }
        // Scalars that are not whitespace, never join the character before them and are never joined to the one
        // after: ASCII's, Cyrillic, general punctuation, CJK punctuation (but the ideographic space), the
        // ideographs and the full-width forms. Whitespace next to one of them is a character of its own.
        func isPlain(_ v: UInt32) -> Bool {
            (0x21...0x7E).contains(v) || (0x400...0x45F).contains(v) || (0x2010...0x2027).contains(v)
                || (0x3001...0x303F).contains(v) || (0x4E00...0x9FFF).contains(v) || (0xFF01...0xFF5E).contains(v)
        }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        if start > 0, start < end, !isPlain(scalar(at: start)) { start = 0 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        if end < bytes.count, end > start, !isPlain(scalar(endingAt: end)) { end = bytes.count }
        if start == end { return [] }
        let first = scalar(at: start)
        let firstIsSpace = first < 0x80 ? isSpace(UInt8(first)) : Unicode.Scalar(first)!.properties.isWhitespace
        if !firstIsSpace && isPlain(scalar(endingAt: end)) {
            return start == 0 && end == bytes.count ? bytes : Array(bytes[start..<end])
        }
        return Array(String(decoding: bytes[start..<end], as: UTF8.self).trimmingWhitespace.utf8)
    }

    // MARK: Tokens (search.js tokenises queries the same way)

    /// Lowercased, `ё` as `е`.
    static func normalise(_ text: String) -> String {
        var out: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars { lowered(scalar, into: &out) }
        var result = ""
        result.unicodeScalars.append(contentsOf: out)
        return result
    }

    /// Words (letters, digits and `_`, lowercased, `ё` as `е`) and, for Chinese and other scripts written without
    /// spaces, overlapping pairs of characters: the same rule as `search.js` applies to queries.
    static func tokens(_ text: String) -> [String] {
        var result: [String] = []
        forEachToken(in: text) { result.append($0) }
        return result
    }

    /// Calls `body` with each token of `text`, in order. Reads the UTF-8 bytes directly, with fast paths for
    /// ASCII, Cyrillic and the CJK ideographs, the scripts of most notes; other scalars take the general path.
    static func forEachToken(in text: String, _ body: (String) -> Void) {
        forEachToken(in: text) { (bytes: UnsafeBufferPointer<UInt8>) in body(String(decoding: bytes, as: UTF8.self)) }
    }

    /// `forEachToken(in:_:)` with each token's UTF-8 bytes, valid only during the call.
    static func forEachToken(in text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { forEachToken(inUTF8: $0, body) }
    }

    /// `forEachToken(in:_:)` over UTF-8 bytes, which must be valid UTF-8 (they are read without checks).
    /// Inlined where it is called, so that `body` is too: it is called for every word of every note.
    @inline(__always)
    static func forEachToken(inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var tokenizer = Tokenizer()
        var lower: [Unicode.Scalar] = []
        do {
            guard let base = bytes.baseAddress else { return }
            var i = 0
            let n = bytes.count
            while i < n {
                // Most text is runs of ASCII and Russian words and of Chinese: each run is read in a loop of its own.
                let b0 = UInt32(base[i])
                if b0 < 0x80 {
                    if Tokenizer.isWordByte(UInt8(b0)) {
                        tokenizer.addWordRun(base, from: &i, to: n, body)
                    } else {
                        i += 1
                        tokenizer.end(body)
                    }
                    continue
                }
                if Tokenizer.isRussianLetter(at: i, of: base, count: n) {
                    tokenizer.addWordRun(base, from: &i, to: n, body)
                    continue
                }
                if Tokenizer.isIdeograph(at: i, of: base, count: n) {
                    tokenizer.addIdeographRun(base, from: &i, to: n, body)
                    continue
                }
                let value: UInt32
                if b0 < 0xE0 {
                    value = (b0 & 0x1F) << 6 | UInt32(base[i + 1] & 0x3F)
                    i += 2
                } else if b0 < 0xF0 {
                    value = (b0 & 0x0F) << 12 | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                    i += 3
                } else {
                    value = (b0 & 0x07) << 18 | UInt32(base[i + 1] & 0x3F) << 12 | UInt32(base[i + 2] & 0x3F) << 6
                        | UInt32(base[i + 3] & 0x3F)
                    i += 4
                }
                if value >= 0x430 && value <= 0x45F && value != 0x451 {
                    // Lowercase Cyrillic lowercases to itself.
                    tokenizer.add(value, body)
                    continue
                }
                // The bytes are valid UTF-8, so every sequence decodes to a scalar.
                lower.removeAll(keepingCapacity: true)
                lowered(Unicode.Scalar(value)!, into: &lower)
                for scalar in lower { tokenizer.add(scalar.value, body) }
            }
        }
        tokenizer.end(body)
    }

    /// The words and character pairs being put together, one lowercased scalar at a time. Words and the run of
    /// wide-script characters are kept as UTF-8, and a pair of neighbouring characters is a slice of the run's
    /// bytes, handed out without encoding anything again.
    private struct Tokenizer: ~Copyable {
        private var word = Buffer<UInt8>(capacity: 64)
        /// The run of wide-script characters since the last word or break, and where each character starts in it.
        private var han = Buffer<UInt8>(capacity: 256)
        private var hanStarts = Buffer<Int>(capacity: 64)

        /// An ASCII byte, lowercased.
        @inline(__always)
        mutating func addASCII(_ byte: UInt8, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if Self.isWordByte(byte) {
                if hanStarts.count > 0 { endHan(body) }
                word.append(byte)
            } else {
                end(body)
            }
        }

        /// A lowercased scalar.
        mutating func add(_ v: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if v < 0x80 {
                addASCII(UInt8(v), body)
            } else if v >= 0x430 && v <= 0x45F {
                addCyrillic(v, body)
            } else {
                let scalar = Unicode.Scalar(v)!
                let letter = isLetterOrNumber(scalar)
                if letter && isWide(v) {
                    if word.count > 0 { endWord(body) }
                    hanStarts.append(han.count)
                    UTF8.encode(scalar) { han.append($0) }
                } else if letter {
                    if hanStarts.count > 0 { endHan(body) }
                    UTF8.encode(scalar) { word.append($0) }
                } else {
                    end(body)
                }
            }
        }

        /// A lowercase Cyrillic letter of the two-byte range, which is a letter of a word.
        @inline(__always)
        mutating func addCyrillic(_ v: UInt32, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count > 0 { endHan(body) }
            word.append(UInt8(0xC0 | (v >> 6)))
            word.append(UInt8(0x80 | (v & 0x3F)))
        }

        /// Whether the ASCII byte `b` belongs to a word: a letter, a digit or `_`.
        @inline(__always)
        static func isWordByte(_ b: UInt8) -> Bool {
            (b | 0x20) &- 0x61 < 26 || b &- 0x30 < 10 || b == 0x5F
        }

        /// Whether a letter of the Russian alphabet but `ё` starts at `i`: U+0410 to U+044F, two bytes led by
        /// `D0` or `D1`.
        @inline(__always)
        static func isRussianLetter(at i: Int, of base: UnsafePointer<UInt8>, count n: Int) -> Bool {
            guard i + 1 < n else { return false }
            return base[i] & 0xFE == 0xD0 && scalar(base[i], base[i + 1]) &- 0x410 < 0x40
        }

        /// The scalar of a two-byte sequence.
        @inline(__always)
        static func scalar(_ lead: UInt8, _ trail: UInt8) -> UInt32 {
            UInt32(lead & 0x1F) << 6 | UInt32(trail & 0x3F)
        }

        /// Whether a CJK ideograph of U+4E00 to U+9FFF (three bytes, lowercase already) starts at `i`: `E4 B8 80`
        /// is U+4E00 and `E9 BF BF` U+9FFF, so lead bytes E5 to E9 are all ideographs, and E4 with a second byte of
        /// B8 and up.
        @inline(__always)
        static func isIdeograph(at i: Int, of base: UnsafePointer<UInt8>, count n: Int) -> Bool {
            guard i + 2 < n else { return false }
            let b = base[i]
            return b &- 0xE5 < 5 || (b == 0xE4 && base[i + 1] >= 0xB8)
        }

        /// The run of ASCII word bytes and letters of the Russian alphabet but `ё` (`isRussianLetter(at:of:count:)`)
        /// that starts at `i`, lowercased onto the word: `i` ends at the first byte of anything else, which
        /// may go on with the word (another letter) or end it. A loop of its own per run, rather than a call per
        /// letter that checks for a run of ideographs to end first; each letter is told and lowercased in one step.
        @inline(__always)
        mutating func addWordRun(_ base: UnsafePointer<UInt8>, from i: inout Int, to n: Int,
                                 _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count > 0 { endHan(body) }
            while i < n {
                let b = base[i]
                if b < 0x80 {
                    guard Self.isWordByte(b) else { return }
                    word.append(b &- 0x41 < 26 ? b | 0x20 : b)
                    i += 1
                    continue
                }
                // A Russian letter is decoded, lowercased and encoded again with arithmetic alone: `А`–`Я` (U+0410
                // to U+042F) are 0x20 below `а`–`я`. Which lead byte a letter has, and which half of the alphabet
                // it is in, change from letter to letter at random, and branches on them were mispredicted.
                guard Self.isRussianLetter(at: i, of: base, count: n) else { return }
                let c = Self.scalar(b, base[i + 1])
                // 0x20 when `c` is below 0x430: the subtraction wraps, and its top bits are all ones.
                let lower = c &+ ((c &- 0x430) >> 26 & 0x20)
                word.append(UInt8(truncatingIfNeeded: 0xC0 | lower >> 6), UInt8(truncatingIfNeeded: 0x80 | lower & 0x3F))
                i += 2
            }
        }

        /// The run of CJK ideographs (`isIdeograph(at:of:count:)`) that starts at `i`, onto the run of wide-script
        /// characters as they are: `i` ends at the first byte of anything else.
        @inline(__always)
        mutating func addIdeographRun(_ base: UnsafePointer<UInt8>, from i: inout Int, to n: Int,
                                      _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if word.count > 0 { endWord(body) }
            var j = i
            while Self.isIdeograph(at: j, of: base, count: n) { j += 3 }
            let first = han.count
            han.appendUninitialized(count: j - i).update(from: base + i, count: j - i)
            let starts = hanStarts.appendUninitialized(count: (j - i) / 3)
            for k in 0..<((j - i) / 3) { starts[k] = first + 3 * k }
            i = j
        }

        mutating func end(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if word.count > 0 { endWord(body) }
            if hanStarts.count > 0 { endHan(body) }
        }

        private mutating func endWord(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            body(word.elements(0..<word.count))
            word.removeAll()
        }

        /// Each pair of neighbouring characters of the run, or the character alone when the run has one.
        private mutating func endHan(_ body: (UnsafeBufferPointer<UInt8>) -> Void) {
            if hanStarts.count == 1 {
                body(han.elements(0..<han.count))
            } else {
                for i in 0..<(hanStarts.count - 1) {
                    let end = i + 2 < hanStarts.count ? hanStarts[i + 2] : han.count
                    body(han.elements(hanStarts[i]..<end))
                }
            }
            han.removeAll()
            hanStarts.removeAll()
        }
    }

    /// A growable buffer of plain values that is never copied. Every byte of every note is appended to one, and
    /// an array's append checks that its storage is unique each time.
    private struct Buffer<Element: BitwiseCopyable>: ~Copyable {
        private var base: UnsafeMutablePointer<Element>
        private var capacity: Int
        private(set) var count = 0

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        deinit { base.deallocate() }

        subscript(i: Int) -> Element { base[i] }

        /// The elements in `range`, valid until the buffer changes.
        func elements(_ range: Range<Int>) -> UnsafeBufferPointer<Element> {
            UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
        }

        @inline(__always)
        mutating func append(_ element: Element) {
            if count == capacity { grow(to: count + 1) }
            base[count] = element
            count += 1
        }

        @inline(__always)
        mutating func append(_ first: Element, _ second: Element) {
            if count + 2 > capacity { grow(to: count + 2) }
            base[count] = first
            base[count + 1] = second
            count += 2
        }

        mutating func removeAll() { count = 0 }

        /// Room for `n` more elements at the end, counted in: the caller initialises them.
        @inline(__always)
        mutating func appendUninitialized(count n: Int) -> UnsafeMutablePointer<Element> {
            if count + n > capacity { grow(to: count + n) }
            defer { count += n }
            return base + count
        }

        private mutating func grow(to needed: Int) {
            while capacity < needed { capacity *= 2 }
            let larger = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
            larger.moveInitialize(from: base, count: count)
            base.deallocate()
            base = larger
        }
    }

    /// The scalar lowercased (as JavaScript's `toLowerCase` does), with `ё` folded into `е`.
    private static func lowered(_ scalar: Unicode.Scalar, into out: inout [Unicode.Scalar]) {
        let v = scalar.value
        switch v {
        case 0x41...0x5A: out.append(Unicode.Scalar(UInt8(v + 0x20)))
        case 0..<0x80: out.append(scalar)
        case 0x401, 0x451: out.append("е")
        case 0x410...0x42F: out.append(Unicode.Scalar(v + 0x20)!)
        case 0x400...0x40F: out.append(Unicode.Scalar(v + 0x50)!)
        case 0x430...0x44F, 0x452...0x45F: out.append(scalar)
        default:
            if isWide(v) || !scalar.properties.changesWhenLowercased {
                out.append(scalar)
            } else {
                for lower in scalar.properties.lowercaseMapping.unicodeScalars {
                    out.append(lower == "ё" ? "е" : lower)
                }
            }
        }
    }

    /// `\p{L}` or `\p{N}`.
    private static func isLetterOrNumber(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        if v < 0x80 {
            return (v >= 0x61 && v <= 0x7A) || (v >= 0x41 && v <= 0x5A) || (v >= 0x30 && v <= 0x39)
        }
        if v >= 0x400 && v <= 0x45F { return v != 0x482 }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
             .decimalNumber, .letterNumber, .otherNumber: return true
        default: return false
        }
    }

    /// Scripts written without spaces between words (the ranges `search.js` uses).
    private static func isWide(_ v: UInt32) -> Bool {
        (0x2E80...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v) || (0x20000...0x3FFFF).contains(v)
    }

    // MARK: Output

    /// `window.NOTESITE_SEARCH = {...}`: the text scripts' names; the sections as
    /// `[title, heading, lang, url, script, position in the script]`; and the postings.
    /// `generation` names this index's contents (`generation(of:)`), for the patches written over it.
    public func script(generation: String? = nil) -> [UInt8] {
        script("NOTESITE_SEARCH", removed: nil, stamp: generation.map { ("generation", $0) })
    }

    /// The script of a site's whole index: `index`, holding every note's entries, then the reference's entries
    /// `reference`. It is named by the notes' entries alone, which are what patches replace. Consumed, so that the
    /// index is the only reference to its storage: adding to a shared index copied every note's sections and
    /// postings (tens of megabytes at 10,000 notes).
    static func wholeScript(_ index: consuming SearchIndex, reference: [Section]) -> [UInt8] {
        var index = index
        let generation = index.generation
        for section in reference { index.add(section) }
        return index.script(generation: generation)
    }

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

    /// The search patch script, which the search page loads after the index: `null` when the index is whole.
    public static let patchPath = "assets/search-patch.js"
    public static let emptyPatch = "window.NOTESITE_SEARCH_PATCH = null;\n"

    /// `window.NOTESITE_SEARCH_PATCH = {...}`: this index (the sections of notes edited since
    /// `assets/search-index.js` was written) and, as `[start, end)` pairs, the ids of the index's sections it
    /// replaces. The search page drops those and appends these, numbered after the index's own.
    /// `base` is the generation of the index the ranges refer to.
    public func patchScript(replacing removed: [Range<Int>], base: String) -> [UInt8] {
        script("NOTESITE_SEARCH_PATCH", removed: removed, stamp: ("base", base))
    }

    /// Put together as bytes: at 10,000 notes the index is tens of megabytes, and a `String` for every word and
    /// every section's fields was most of the time it took to write.
    /// `window.<variable> = {...};`, the object holding the sections and postings.
    private func script(_ variable: String, removed: [Range<Int>]?, stamp: (key: String, value: String)?) -> [UInt8] {
        var shards: [String: Int] = [:]
        var shardNames: [String] = []
        var positions: [Int] = []
        var out: [UInt8] = []
        // Room for the most the script can take, worked out first: a buffer that grew copied what it held into new
        // memory, tens of megabytes at 10,000 notes. Text escaped takes at most six times its bytes; a number at
        // most 20 digits. The postings' bound is below.
        var bound = 1024 + (removed?.count ?? 0) * 48 + 6 * ((stamp?.key.utf8.count ?? 0) + (stamp?.value.utf8.count ?? 0))
        for section in sections {
            bound += 6 * (section.title.utf8.count + (section.heading?.utf8.count ?? 0) + section.url.utf8.count
                + section.shard.utf8.count + section.language.rawValue.utf8.count) + 96
        }
        bound += words.storageCount * 6 + words.count * 8 + postingWords.count * 11
        out.reserveCapacity(bound)
        out += "window.\(variable) = {".utf8
        if let stamp {
            JSON.append(stamp.key, to: &out)
            out += ": ".utf8
            JSON.append(stamp.value, to: &out)
            out += ",\n".utf8
        }
        if let removed {
            out += "\"removed\": [".utf8
            for (i, range) in removed.enumerated() {
                out += (i == 0 ? "[" : ", [").utf8
                JSON.appendDecimal(range.lowerBound, to: &out)
                out += ", ".utf8
                JSON.appendDecimal(range.upperBound, to: &out)
                out += "]".utf8
            }
            out += "],\n".utf8
        }
        out += "\"sections\": [".utf8
        for (i, section) in sections.enumerated() {
            if i > 0 { out += ",\n".utf8 }
            let shard: Int
            if let known = shards[section.shard] {
                shard = known
            } else {
                shard = shardNames.count
                shards[section.shard] = shard
                shardNames.append(section.shard)
                positions.append(0)
            }
            out += "[".utf8
            JSON.append(section.title, to: &out)
            out += ", ".utf8
            if let heading = section.heading { JSON.append(heading, to: &out) } else { out += "null".utf8 }
            out += ", ".utf8
            JSON.append(section.language.rawValue, to: &out)
            out += ", ".utf8
            JSON.append(section.url, to: &out)
            out += ", ".utf8
            JSON.appendDecimal(shard, to: &out)
            out += ", ".utf8
            JSON.appendDecimal(positions[shard], to: &out)
            out += "]".utf8
            positions[shard] += 1
        }
        out += "],\n\"shards\": [".utf8
        for (i, name) in shardNames.enumerated() {
            if i > 0 { out += ",\n".utf8 }
            JSON.append(name, to: &out)
        }
        out += "],\n\"index\": {".utf8
        // The postings, in the order of their words' bytes, which for UTF-8 is the order of their Unicode scalars.
        // They are most of the script (a million numbers at 2,000 notes). Each word's are written through a
        // pointer into a buffer with room for the most they can take (each array append checked the array's
        // storage), then copied onto the script: a word escaped takes at most six times its bytes and eight more
        // for its quotes and punctuation; a posting at most ten digits and a comma.
        // (Written whole into a buffer of their own first, they were copied into the script, tens of megabytes of
        // new memory at 10,000 notes.)
        let (starts, ids) = postingsByWord()
        var scratch = Buffer<UInt8>(capacity: 1024)
        ids.withUnsafeBufferPointer { ids in
            words.forEachInByteOrder { i, number, word in
                let postings = starts[number]..<starts[number + 1]
                scratch.removeAll()
                let start = scratch.appendUninitialized(count: word.count * 6 + 8 + postings.count * 11)
                var p = start
                func put(_ byte: UInt8) { p.pointee = byte; p += 1 }
                if i > 0 { put(UInt8(ascii: ",")); put(UInt8(ascii: "\n")) }
                if JSON.firstToEscape(in: word, from: 0) == nil {
                    put(UInt8(ascii: "\""))
                    p.initialize(from: word.baseAddress!, count: word.count)
                    p += word.count
                    put(UInt8(ascii: "\""))
                } else {
                    var escaped: [UInt8] = []
                    JSON.append(word, to: &escaped)
                    p.initialize(from: escaped, count: escaped.count)
                    p += escaped.count
                }
                put(UInt8(ascii: ":")); put(UInt8(ascii: " ")); put(UInt8(ascii: "["))
                // Ids ascend; each is written as the difference from the one before, which keeps the file small.
                var previous: UInt32 = 0
                for k in postings {
                    if k > postings.lowerBound { put(UInt8(ascii: ",")) }
                    p += JSON.writeDecimal(Int(ids[k] - previous), to: p)
                    previous = ids[k]
                }
                put(UInt8(ascii: "]"))
                out.append(contentsOf: UnsafeBufferPointer(start: start, count: start.distance(to: p)))
            }
        }
        out += "}};\n".utf8
        return out
    }
}
