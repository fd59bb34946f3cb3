extension SearchIndex {
    /// One note's part of the index: its sections and the distinct words of each. A rebuild keeps the parts of
    /// the notes that did not change.
    ///
    /// The words are found once for the whole note: a word that recurs in several sections is one entry of the
    /// note's words, and each section lists the numbers of its own. So a section's repeats are found without a set
    /// of its own, and the index looks up each of the note's words once rather than once for each section.
    public struct Entries: Sendable {
        public private(set) var sections: [Section]
        /// The note's distinct words, in the order they first occur.
        private(set) var words: Tokens
        /// Each section's distinct words, as numbers into `words` in the order they first occur in the section,
        /// section after section; `sectionEnds` holds where each section's numbers end.
        private(set) var postings: [UInt32]
        private(set) var sectionEnds: [UInt32]

        /// The distinct words of the note's `sections`: of each one's title, heading and text, split as their
        /// language's `search` setting says (one note's sections share a language).
        public init(sections: [Section]) {
            let mode = sections.first?.language.tokenizer ?? .bigram
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
                    forEachToken(in: section.title, mode: mode) { numbers.append(lister.take($0)) }
                    title = (section.title, numbers)
                }
                if let heading = section.heading { forEachToken(in: heading, mode: mode) { lister.take($0) } }
                section.utf8Text.withUnsafeBufferPointer { text in forEachToken(inUTF8: text, mode: mode) { lister.take($0) } }
                if !section.keywords.isEmpty { forEachToken(in: section.keywords, mode: mode) { lister.take($0) } }
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

        func postingRange(of i: Int) -> Range<Int> {
            (i == 0 ? 0 : Int(sectionEnds[i - 1]))..<Int(sectionEnds[i])
        }

        /// What a rebuild keeps: the sections without their text, which is in the note's text script, and the
        /// words without their hashes, which adding them to an index works out again.
        public var kept: Entries {
            var kept = withoutTexts
            kept.words = words.withoutHashes
            return kept
        }

        /// The entries without the sections' text, once it is in a text script: the index needs only their words.
        var withoutTexts: Entries {
            var entries = self
            for i in entries.sections.indices {
                entries.sections[i].utf8Text = []
                entries.sections[i].keywords = ""
            }
            return entries
        }
    }

    /// Distinct words in the order they first occur, as their UTF-8 bytes end to end.
    public struct Tokens: Sendable, RandomAccessCollection {
        let bytes: [UInt8]
        /// Where each word ends in `bytes`; it starts where the one before it ends.
        let ends: [UInt32]
        /// Each word's `ByteStringSet` hash, worked out when the words were found (on the thread that tokenised
        /// the note), so that adding them to the index does not hash them again (0 for a word short enough to need
        /// none, `ByteStringSet.shortLength`). Empty in tokens kept for later
        /// (`withoutHashes`): serve keeps every note's words, and the hashes would be most of them.
        let hashes: [UInt64]

        /// The same words without their hashes, which adding them to an index works out again.
        public var withoutHashes: Tokens { Tokens(bytes: bytes, ends: ends, hashes: []) }

        public var startIndex: Int { 0 }
        public var endIndex: Int { ends.count }

        public subscript(i: Int) -> String {
            bytes.withUnsafeBufferPointer { String(decoding: Self.word(i, of: $0, ends: ends), as: UTF8.self) }
        }

        /// Calls `body` with each word's bytes and, when kept, its hash, in order.
        func forEachHashedWord(_ body: (UnsafeBufferPointer<UInt8>, UInt64?) -> Void) {
            bytes.withUnsafeBufferPointer { bytes in
                for i in ends.indices {
                    body(Self.word(i, of: bytes, ends: ends), hashes.isEmpty ? nil : hashes[i])
                }
            }
        }

        static func word(_ i: Int, of bytes: UnsafeBufferPointer<UInt8>, ends: [UInt32]) -> UnsafeBufferPointer<UInt8> {
            let start = i == 0 ? 0 : Int(ends[i - 1])
            return UnsafeBufferPointer(rebasing: bytes[start..<Int(ends[i])])
        }
    }
}
