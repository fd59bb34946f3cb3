extension SearchIndex {
    // MARK: Output

    /// `window.NOTESITE_SEARCH = {...}`: the text scripts' names; the sections as
    /// `[title, heading, lang, url, script, position in the script]`; and the postings.
    /// `generation` names this index's contents (`generation(of:)`), for the patches written over it.
    public func script(generation: String? = nil) -> [UInt8] {
        script("NOTESITE_SEARCH", removed: nil, stamp: generation.map { ("generation", $0) })
    }

    /// What a site's whole index holds besides the notes: the reference's entries, after the notes', and the
    /// synonym groups the search page widens a query by. Both come from `Content/data/`, and a change there
    /// rewrites the whole index, so a patch never carries them.
    public struct Reference: Sendable {
        public var sections: [Section]
        public var synonyms: SynonymGroups

        public init(sections: [Section], synonyms: SynonymGroups = .none) {
            self.sections = sections
            self.synonyms = synonyms
        }
    }

    /// The script of a site's whole index: `index`, holding every note's entries, then the reference's entries
    /// and the synonym groups, `reference`. It is named by the notes' entries alone, which are what patches
    /// replace. Consumed, so that the index is the only reference to its storage: adding to a shared index copied
    /// every note's sections and postings, most of a large site's index.
    static func wholeScript(_ index: consuming SearchIndex, reference: Reference) -> [UInt8] {
        var index = index
        let generation = index.generation
        for section in reference.sections { index.add(section) }
        return index.script("NOTESITE_SEARCH", removed: nil, stamp: ("generation", generation), synonyms: reference.synonyms.groups)
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

    /// Put together as bytes: a large site's index is tens of megabytes, and a `String` for every word and every
    /// section's fields would be most of the work of writing it.
    /// `window.<variable> = {...};`, the object holding the sections and postings.
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

    private func script(_ variable: String, removed: [Range<Int>]?, stamp: (key: String, value: String)?,
                        synonyms: [[String]] = []) -> [UInt8] {
        var shards: [String: Int] = [:]
        var shardNames: [String] = []
        var positions: [Int] = []
        var out: [UInt8] = []
        // Room for the most the script can take, worked out first: a buffer that grew would copy what it held into
        // new memory, tens of megabytes on a large site. Text escaped takes at most six times its bytes; a number at
        // most 20 digits. The postings' bound is below.
        var bound = 1024 + (removed?.count ?? 0) * 48 + 6 * ((stamp?.key.utf8.count ?? 0) + (stamp?.value.utf8.count ?? 0))
        for group in synonyms { bound += group.reduce(8) { $0 + 6 * $1.utf8.count + 4 } }
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
        if !synonyms.isEmpty {
            // `[["收起", "折叠"], ...]`: each group's words, as the search page compares them.
            out += "\"synonyms\": [".utf8
            for (i, group) in synonyms.enumerated() {
                out += (i == 0 ? "[" : ",\n[").utf8
                for (k, word) in group.enumerated() {
                    if k > 0 { out += ", ".utf8 }
                    JSON.append(word, to: &out)
                }
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
        // They are most of the script. Each word's are written through a
        // pointer into a buffer with room for the most they can take (each array append checked the array's
        // storage), then copied onto the script: a word escaped takes at most six times its bytes and eight more
        // for its quotes and punctuation; a posting at most ten digits and a comma.
        // (Written whole into a buffer of their own first, they would be copied into the script again.)
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
