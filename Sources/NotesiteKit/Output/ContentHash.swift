/// A 128-bit hash of a text's bytes: how the builder tells that a note read again is the one it parsed, and how
/// the site's manifest tells that a page is the one written before.
public struct ContentHash: Hashable, Sendable {
    public var high: UInt64
    public var low: UInt64

    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// The hash of the text's UTF-8 bytes.
    public static func of(_ text: String) -> ContentHash {
        var text = text
        return text.withUTF8 { of(UnsafeRawBufferPointer($0)) }
    }

    /// Four lanes of 64 bits, each taking every fourth word of eight bytes through a multiply and rotate, then
    /// mixed into two: fast enough to hash every note and every page of a large site (several GB/s), and far from
    /// colliding by chance. It tells a text from its last version, not a text from a forgery.
    public static func of(_ bytes: UnsafeRawBufferPointer) -> ContentHash {
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
        return ContentHash(high: high, low: low)
    }
}
