import ImageCache

/// The catalog's draws on ImageCache's `SplitMix64`.
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
  mutating func hex128() -> String { Self.hex(next()) + Self.hex(next()) }

  /// A random (version 4 shaped) UUID string, the shape of MusicBrainz ids.
  mutating func mbid() -> String {
    let digits = Array(hex128())
    func part(_ range: Range<Int>) -> String { String(digits[range]) }
    let variant = String(Array("89ab")[Int(next() % 4)])
    return "\(part(0..<8))-\(part(8..<12))-4\(part(13..<16))-\(variant)\(part(17..<20))-\(part(20..<32))"
  }

  static func hex(_ value: UInt64) -> String {
    let text = String(value, radix: 16)
    return String(repeating: "0", count: 16 - text.count) + text
  }
}
