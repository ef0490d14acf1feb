import ImageCache

/// Links artists to similar ones: the match grows with the tags two artists share, so links are
/// (almost) symmetric, with a little pair noise so not every artist of a genre ties.
enum SimilarityLinker {
  static let maximumLinks = 12

  /// `salt` varies the pair noise with the catalog's seed.
  static func link(_ artists: inout [DemoArtist], salt: UInt64) {
    let tagSets = artists.map { Set($0.tags) }
    var candidates = [[(index: Int, match: Double)]](repeating: [], count: artists.count)
    for i in artists.indices {
      for j in artists.indices where j > i {
        let shared = tagSets[i].intersection(tagSets[j]).count
        guard shared > 0 else { continue }
        let jaccard = Double(shared) / Double(tagSets[i].union(tagSets[j]).count)
        let pairNoise = unit(SplitMix64.mix(salt ^ UInt64(i << 20 | j)))
        let base = 0.15 + 0.85 * jaccard * (0.7 + 0.3 * pairNoise)
        // Each direction nudged slightly, as Last.fm's own scores are not exactly symmetric either.
        candidates[i].append((j, rounded(base * (0.96 + 0.04 * unit(SplitMix64.mix(salt &+ UInt64(i << 20 | j)))))))
        candidates[j].append((i, rounded(base * (0.96 + 0.04 * unit(SplitMix64.mix(salt &+ UInt64(j << 20 | i)))))))
      }
    }
    for i in artists.indices {
      let best = candidates[i].sorted { ($0.match, $1.index) > ($1.match, $0.index) }.prefix(maximumLinks)
      artists[i].similar = best.map { DemoSimilarArtist(name: artists[$0.index].name, match: $0.match) }
    }
  }

  private static func unit(_ bits: UInt64) -> Double { Double(bits >> 11) * 0x1.0p-53 }

  /// Six decimals, like Last.fm's "0.511468".
  private static func rounded(_ value: Double) -> Double { (min(1, max(0, value)) * 1_000_000).rounded() / 1_000_000 }
}
