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
/// Korean is by pairs too, or by words in a language whose `search` setting is `words` (`Language.Tokenizer`).
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
        /// Words the section is found by that are not part of its text, so never shown in a snippet: a reference
        /// entry's spellings in each Swift version, which as text made snippets such as "collapsed isCollapsed
        /// collapsed".
        public var keywords: String = ""

        public init(title: String, heading: String?, language: Language, url: String, text: String, shard: String,
                    keywords: String = "") {
            self.init(title: title, heading: heading, language: language, url: url, utf8Text: Array(text.utf8), shard: shard)
            self.keywords = keywords
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
    private(set) var words = ByteStringSet(expected: 1 << 12)
    /// The postings: each section's words, by number, section after section, and where each section's words end
    /// (32 bits: a site has far fewer than four billion of either, and the postings are most of the index's memory).
    /// They are grouped by word when the script is written (`postingsByWord`): a list per word, appended to for
    /// every occurrence, cost a uniqueness check of the outer list and of the word's, and a buffer per word.
    private(set) var postingWords = BlockList()
    private(set) var sectionEnds: [UInt32] = []

    /// Numbers appended in blocks that stay where they are. A large site's postings are tens of millions, and an
    /// array that doubled would copy them all into new memory at every step.
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

    /// `note`'s entries, its texts in the text script `script` (by default its own, `shard(of:)`).
    public static func entries(of note: Note, script: String? = nil) -> Entries {
        Entries(sections: sections(of: note, script: script))
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
            section.keywords = ""
            sections.append(section)
            sectionEnds.append(UInt32(start + entries.postingRange(of: i).upperBound))
        }
    }

    public mutating func add(_ section: Section) {
        add(Entries(sections: [section]))
    }

    /// The section's distinct tokens in the order they first occur: those of its title, heading and text.
    static func uniqueTokens(of section: Section) -> [String] {
        Entries(sections: [section]).tokens(of: 0)
    }
}
