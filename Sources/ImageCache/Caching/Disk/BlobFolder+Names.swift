internal import ImageCacheSupport
import Synchronization

/// The names of blob files: what makes one, and what one made by this or an older version looks like.
extension BlobFolder {
  /// Whether `name` is one this store makes: guards every path built from a database value, so a tampered
  /// index cannot point the store at files outside its folder.
  static func isValidName(_ name: String) -> Bool {
    let bytes = name.utf8
    guard bytes.count == 64 + 1 + 16 else { return false }
    // Walks the UTF-8 view in place: this runs for every file a lookup or probe touches.
    return bytes.enumerated().allSatisfy { index, byte in
      if index == 64 { return byte == UInt8(ascii: "-") }
      return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "f"))
    }
  }

  /// `<64 digits>-<16 digits>` in lower-case hexadecimal: a hash of the key in the first 16 digits (so the shard
  /// follows the key, and two processes whose generations ran in step still name different keys' files apart),
  /// zeros up to the 64 digits older versions filled with the key's SHA-256, and a 64-bit generation. A name only
  /// has to be new and spread over the shards: a cryptographic digest of the key bought neither.
  static func newName(forKey key: String) -> String {
    let generation = BlobNames.generations.withLock { $0.next() }
    let hash = keyHash(key)
    return String(unsafeUninitializedCapacity: 81) { ascii in
      writeHex(hash, into: ascii, at: 0)
      for index in 16..<64 { ascii[index] = UInt8(ascii: "0") }
      ascii[64] = UInt8(ascii: "-")
      writeHex(generation, into: ascii, at: 65)
      return 81
    }
  }

  /// FNV-1a over the key's UTF-8, spread by SplitMix's finaliser: FNV alone moves a change in the key's last
  /// bytes too little into the top bits that pick the shard. The same on every machine and in every process.
  static func keyHash(_ key: String) -> UInt64 {
    // Over the string's own buffer where it has one: walking the UTF-8 view byte by byte costs several times more.
    let fnv = key.utf8.withContiguousStorageIfAvailable(fnv1a) ?? fnv1a(Array(key.utf8))
    return SplitMix64.mix(fnv)
  }

  private static func fnv1a(_ bytes: some Sequence<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
    return hash
  }

  /// Writes `value` as 16 lower-case hexadecimal digits, most significant first, into `ascii` from `offset` on.
  private static func writeHex(_ value: UInt64, into ascii: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
    for index in 0..<16 {
      let digit = UInt8(truncatingIfNeeded: value >> (60 - 4 * index)) & 0xF
      ascii[offset + index] = digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10
    }
  }
}

/// The generator behind the generations; not in `BlobFolder` itself, as an extension cannot add stored properties.
private enum BlobNames {
  /// Generations for new file names. Seeded from the system's random source once per process instead of asking
  /// it (a `getrandom` call) for every file: names must differ between processes and versions, not be secret.
  /// No two names one process makes repeat a generation; two processes repeat one only if their seeds lie within
  /// as many steps as they make names (for a million names each, a chance of about 10^-13), and even then only
  /// files of keys with the same 64-bit hash could clash, and `linkat` and the temporary file's O_EXCL refuse a
  /// name that is taken.
  fileprivate static let generations = Mutex(SplitMix64(seed: .random(in: .min ... .max)))
}
