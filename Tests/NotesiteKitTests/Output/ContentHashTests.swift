import Testing
@testable import NotesiteKit

/// `XXH64`, and `ContentHash` made of it, held to the reference implementation of xxHash.
@Suite struct ContentHashTests {
    /// An input of the reference vectors: a text's UTF-8 bytes, or `pattern(n)`, `n` bytes of every value.
    struct Input: Sendable, CustomTestStringConvertible {
        var name: String
        var bytes: [UInt8]

        static func text(_ text: String) -> Input { Input(name: text.debugDescription, bytes: Array(text.utf8)) }

        /// Byte `i` is `i * 7 + 1` modulo 256: zeros, ASCII and bytes above it. In Python,
        /// `bytes((i * 7 + 1) & 0xFF for i in range(n))`.
        static func pattern(_ n: Int) -> Input {
            Input(name: "pattern(\(n))", bytes: (0..<n).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 1) })
        }

        var testDescription: String { name }
    }

    static let seeds: [UInt64] = [0, 1, 0x9E37_79B9_7F4A_7C15]

    /// XXH64 of each input with each of `seeds`, from the reference implementation: the Python package `xxhash`
    /// 4.1.0 (xxHash 0.8.4), `xxhash.xxh64_intdigest(data, seed=seed)`. The lengths take every path of the
    /// algorithm: no stripe of 32 bytes or one or more, then words of eight bytes, one of four, single bytes.
    static let vectors: [(input: Input, hashes: [UInt64])] = [
        (.text(""), [0xEF46_DB37_51D8_E999, 0xD5AF_BA13_36A3_BE4B, 0xC434_9FC9_3C01_0000]),
        (.text("a"), [0xD24E_C4F1_A98C_6E5B, 0xDEC2_BC81_C3CD_46C6, 0x9A7C_6D2E_A455_68C9]),
        (.text("abc"), [0x44BC_2CF5_AD77_0999, 0xBEA9_CA81_9932_8908, 0x2ED0_F59D_6B43_AC8B]),
        (.text("abcdefgh"), [0x3AD3_5177_5B46_34B7, 0x8305_1257_1021_2A61, 0x83E6_2F9B_9938_74D4]),
        (.text("notesite.md"), [0x6EFA_6376_DC7A_C8E5, 0x5C6D_72C2_B4ED_024A, 0xA0F5_2212_DF80_8A2B]),
        (.pattern(31), [0x6AB1_C40E_29F5_0073, 0x4251_C73E_9AD1_A2C3, 0x407E_1B02_46AA_4C89]),
        (.pattern(32), [0x5A07_56FB_E9EC_D3D1, 0xA433_9581_310E_DCC0, 0x0FDB_C75C_BF63_F5BD]),
        (.pattern(33), [0xDC50_CDC3_7BB9_C183, 0x5BCE_F87B_90A7_FD1D, 0x1998_7076_2697_AE29]),
        (.pattern(64), [0x9008_3DA9_CDB9_D795, 0x6049_2443_48D7_3C64, 0x9320_5AFC_5DF1_12B2]),
        (.pattern(100), [0xD248_BFC5_208B_0B16, 0xD741_3414_AAD4_33F3, 0x8D81_8C65_AB87_3D61]),
        (.pattern(1000), [0x6BE0_3ACB_F959_C413, 0x2AE4_1A06_618D_3BC3, 0xC7FE_574D_3EE2_6A09]),
        (.text("收起与展开：一个视图的两种状态"), [0xD97C_0D6B_A91E_53A2, 0x45F5_4E4C_0D3D_DF03, 0x421B_26D7_C9BB_0321]),
        (.text("Разделённый вид, часть 2 (iOS 9)"), [0x063A_FB3D_3BB1_CAFB, 0xF0B9_1E9B_5E1E_5377, 0xA00F_F043_C835_389E]),
    ]

    static let cases: [(input: Input, seed: UInt64, hash: UInt64)] = vectors.flatMap { vector in
        zip(seeds, vector.hashes).map { (vector.input, $0, $1) }
    }

    @Test(arguments: cases)
    func xxh64MatchesTheReference(input: Input, seed: UInt64, hash: UInt64) {
        #expect(input.bytes.withUnsafeBytes { XXH64.hash($0, seed: seed) } == hash)
    }

    /// A content hash is XXH64 with seed 0; a text hashes as its UTF-8 bytes.
    @Test(arguments: vectors)
    func aContentHashIsXXH64WithSeedZero(input: Input, hashes: [UInt64]) {
        let expected = ContentHash(hashes[0])
        #expect(input.bytes.withUnsafeBytes { ContentHash.of($0) } == expected)
        if let text = String(validating: input.bytes, as: UTF8.self) {
            #expect(ContentHash.of(text) == expected)
            #expect(XXH64.hash(text, seed: 1) == hashes[1])
        }
    }

    /// Words are read wherever the input starts, not only at an address a multiple of eight.
    @Test func theHashDoesNotDependOnWhereTheBytesLie() {
        let bytes = Input.pattern(1000 + 8).bytes
        for offset in 0..<8 {
            for count in [0, 1, 7, 31, 32, 33, 100, 1000] {
                let slice = Array(bytes[offset..<(offset + count)])
                let inPlace = bytes.withUnsafeBytes { XXH64.hash(UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)]), seed: 1) }
                #expect(inPlace == slice.withUnsafeBytes { XXH64.hash($0, seed: 1) }, "offset \(offset), \(count) bytes")
            }
        }
    }

    /// A change of one bit anywhere is a different hash.
    @Test func everyBitCounts() {
        let bytes = Input.pattern(100).bytes
        let original = bytes.withUnsafeBytes { ContentHash.of($0) }
        for i in bytes.indices {
            for bit in 0..<8 {
                var changed = bytes
                changed[i] ^= 1 << bit
                #expect(changed.withUnsafeBytes { ContentHash.of($0) } != original, "byte \(i), bit \(bit)")
            }
        }
    }
}
