/// The hash of a text's bytes: how the builder tells that a note read again is the one it parsed, and how the
/// site's manifest tells that a page is the one written before.
///
/// It is XXH64 of the bytes with seed 0 (`XXH64`): a standard hash, so it can be checked against any implementation
/// of xxHash, such as Python's `xxhash.xxh64_intdigest(data)`. 64 bits tell a file from its previous version with a
/// chance of a collision far below anything a site's files would meet; it tells a text from its last version, not a
/// text from a forgery: xxHash is not a cryptographic hash.
public struct ContentHash: Hashable, Sendable {
    public var value: UInt64

    public init(_ value: UInt64) {
        self.value = value
    }

    /// The hash of the text's UTF-8 bytes.
    public static func of(_ text: String) -> ContentHash {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    /// The hash of `bytes`.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> ContentHash {
        ContentHash(XXH64.hash(bytes, seed: 0))
    }
}

/// XXH64, Yann Collet's 64-bit xxHash, as its specification has it
/// (https://github.com/Cyan4973/xxHash/blob/dev/doc/xxhash_spec.md): four accumulators over stripes of 32 bytes, each
/// taking a word of eight bytes through a multiply and rotate, then the rest of the input eight, four and one bytes at
/// a time, and a final mix. Words are read little-endian wherever they lie in memory, so the hash is the same on
/// every machine and for input at any alignment.
enum XXH64 {
    static let prime1: UInt64 = 0x9E37_79B1_85EB_CA87
    static let prime2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
    static let prime3: UInt64 = 0x1656_67B1_9E37_79F9
    static let prime4: UInt64 = 0x85EB_CA77_C2B2_AE63
    static let prime5: UInt64 = 0x27D4_EB2F_1656_67C5

    /// XXH64 of the text's UTF-8 bytes.
    static func hash(_ text: String, seed: UInt64 = 0) -> UInt64 {
        var text = text
        return text.withUTF8 { hash(UnsafeRawBufferPointer($0), seed: seed) }
    }

    /// XXH64 of `bytes` with `seed`.
    static func hash(_ bytes: UnsafeRawBufferPointer, seed: UInt64 = 0) -> UInt64 {
        let n = bytes.count
        guard let p = bytes.baseAddress else { return avalanche(seed &+ prime5) }
        @inline(__always) func word(_ i: Int) -> UInt64 { UInt64(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) }
        var i = 0
        var acc: UInt64
        if n >= 32 {
            var acc1 = seed &+ prime1 &+ prime2, acc2 = seed &+ prime2, acc3 = seed, acc4 = seed &- prime1
            while i + 32 <= n {
                acc1 = round(acc1, word(i))
                acc2 = round(acc2, word(i + 8))
                acc3 = round(acc3, word(i + 16))
                acc4 = round(acc4, word(i + 24))
                i += 32
            }
            acc = rotate(acc1, 1) &+ rotate(acc2, 7) &+ rotate(acc3, 12) &+ rotate(acc4, 18)
            acc = merge(acc, acc1)
            acc = merge(acc, acc2)
            acc = merge(acc, acc3)
            acc = merge(acc, acc4)
        } else {
            acc = seed &+ prime5
        }
        acc &+= UInt64(n)
        while i + 8 <= n {
            acc ^= round(0, word(i))
            acc = rotate(acc, 27) &* prime1 &+ prime4
            i += 8
        }
        if i + 4 <= n {
            acc ^= UInt64(UInt32(littleEndian: p.loadUnaligned(fromByteOffset: i, as: UInt32.self))) &* prime1
            acc = rotate(acc, 23) &* prime2 &+ prime3
            i += 4
        }
        // At most three bytes.
        while i < n {
            acc ^= UInt64(p.load(fromByteOffset: i, as: UInt8.self)) &* prime5
            acc = rotate(acc, 11) &* prime1
            i += 1
        }
        return avalanche(acc)
    }

    @inline(__always)
    private static func rotate(_ x: UInt64, _ count: UInt64) -> UInt64 {
        x << count | x >> (64 - count)
    }

    @inline(__always)
    private static func round(_ acc: UInt64, _ lane: UInt64) -> UInt64 {
        rotate(acc &+ lane &* prime2, 31) &* prime1
    }

    @inline(__always)
    private static func merge(_ acc: UInt64, _ lane: UInt64) -> UInt64 {
        (acc ^ round(0, lane)) &* prime1 &+ prime4
    }

    @inline(__always)
    private static func avalanche(_ acc: UInt64) -> UInt64 {
        var acc = acc
        acc ^= acc >> 33
        acc &*= prime2
        acc ^= acc >> 29
        acc &*= prime3
        acc ^= acc >> 32
        return acc
    }
}
