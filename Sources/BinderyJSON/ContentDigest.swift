/// A short, stable fingerprint of some bytes: 64-bit FNV-1a, written in hexadecimal. The same
/// bytes give the same digest in every process and release (unlike Swift's `Hasher`, seeded
/// per process), so a digest written to disk or sent to a client can be compared later.
/// Not cryptographic: it tells equal contents apart from changed ones, and proves nothing
/// against someone choosing the bytes.
public enum ContentDigest {
    /// The 64-bit FNV-1a hash of `bytes`.
    public static func fnv1a64<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// `fnv1a64(bytes)` as 16 lowercase hexadecimal digits.
    public static func hex<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> String {
        let digits = String(fnv1a64(bytes), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
