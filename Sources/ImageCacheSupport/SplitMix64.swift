/// SplitMix64 (Steele, Lea and Flood, 2014), a tiny, fully specified PRNG: a bijection of a counter, so one
/// sequence never repeats a value within 2^64 steps, and the same seed gives the same values on every machine and
/// toolchain (unlike `SystemRandomNumberGenerator` or the standard library's generic range algorithms).
/// Cache file names take their generations from it (seeded randomly once per process); the demo catalog and the
/// benchmark's images take theirs from fixed seeds.
public struct SplitMix64: RandomNumberGenerator {
  private var state: UInt64

  public init(seed: UInt64) { state = seed }

  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    return Self.mix(state)
  }

  /// The SplitMix finaliser on its own: a stateless, well-spread hash of one 64-bit value.
  public static func mix(_ value: UInt64) -> UInt64 {
    var z = value
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
