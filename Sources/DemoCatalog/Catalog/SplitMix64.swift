import ImageCache
import ImageCacheSupport

/// The catalog's draws on ImageCacheSupport's `SplitMix64`.
///
/// The catalog must be identical in every process, so it never touches `Hasher`, `hashValue`,
/// `SystemRandomNumberGenerator` or dictionary iteration order, all of which vary per process.
extension SplitMix64 {
  /// A child generator for one part of the catalog, so adding draws in one part leaves the others unchanged.
  mutating func fork() -> SplitMix64 { SplitMix64(seed: next()) }

  /// Uniform in `range`, without the standard library's generic algorithm (whose draws are not a documented
  /// contract and could change between toolchains).
  mutating func int(in range: ClosedRange<Int>) -> Int {
    let span = UInt64(range.upperBound - range.lowerBound) + 1
    return range.lowerBound + Int(next() % span)
  }

  /// Uniform in 0..<1 with 53 bits of precision.
  mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

  mutating func pick<T>(_ items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

  mutating func chance(_ probability: Double) -> Bool { unit() < probability }

  /// 32 lowercase hex digits, the shape of Last.fm's image ids.
  mutating func hex128() -> String {
    let (high, low) = (next(), next())
    return String(unsafeUninitializedCapacity: 32) { text in
      for place in 0..<32 { text[place] = Self.hexDigit(place, of: high, low) }
      return 32
    }
  }

  /// A random (version 4 shaped) UUID string, the shape of MusicBrainz ids: the 32 digits `hex128()` would give,
  /// dashed 8-4-4-4-12, with the 13th digit made "4" and the 17th the variant (8, 9, a or b) drawn next.
  /// Written byte by byte: an artist has a hundred or so of these, and slicing strings made them most of the time
  /// an artist took to invent.
  mutating func mbid() -> String {
    let (high, low) = (next(), next())
    let variant = Array("89ab".utf8)[Int(next() % 4)]
    return String(unsafeUninitializedCapacity: 36) { text in
      var digit = 0
      for place in 0..<36 {
        switch place {
        case 8, 13, 18, 23:
          text[place] = UInt8(ascii: "-")
        default:
          text[place] = Self.hexDigit(digit, of: high, low)
          digit += 1
        }
      }
      text[14] = UInt8(ascii: "4")
      text[19] = variant
      return 36
    }
  }

  static func hex(_ value: UInt64) -> String {
    String(unsafeUninitializedCapacity: 16) { text in
      for place in 0..<16 { text[place] = hexDigit(place, of: value, 0) }
      return 16
    }
  }

  private static let hexDigits = Array("0123456789abcdef".utf8)

  /// Digit `place` (0 first) of the 32 lowercase hex digits of `high` then `low`.
  private static func hexDigit(_ place: Int, of high: UInt64, _ low: UInt64) -> UInt8 {
    let value = place < 16 ? high : low
    return hexDigits[Int(value >> UInt64(60 - 4 * (place % 16)) & 0xF)]
  }
}
