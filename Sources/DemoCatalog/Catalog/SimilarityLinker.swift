import ImageCache
import ImageCacheSupport

/// Links artists to similar ones: the match grows with the tags two artists share, so links are
/// (almost) symmetric, with a little pair noise so not every artist of a genre ties.
///
/// One artist's links depend only on every artist's tags and chart place, so they are worked out for one artist
/// at a time, when that artist is first asked for.
struct SimilarityLinker {
  static let maximumLinks = 12

  private let names: [String]
  /// Each artist's tags as bits of `TagVocabulary.all`, so shared tags are counted without building sets.
  private let tagBits: [UInt64]
  /// Varies the pair noise with the catalog's seed.
  private let salt: UInt64

  init(chart: [ArtistOutline], salt: UInt64) {
    names = chart.map(\.name)
    tagBits = chart.map { outline in
      outline.tags.reduce(0) { bits, tag in bits | (1 << UInt64(TagVocabulary.bitIndex[tag]!)) }
    }
    self.salt = salt
  }

  /// The best links of the artist at chart index `i`, best first (ties: higher on the chart first).
  func similar(to i: Int) -> [DemoSimilarArtist] {
    var candidates: [(index: Int, match: Double)] = []
    for j in tagBits.indices where j != i {
      let shared = (tagBits[i] & tagBits[j]).nonzeroBitCount
      guard shared > 0 else { continue }
      let jaccard = Double(shared) / Double((tagBits[i] | tagBits[j]).nonzeroBitCount)
      let (low, high) = i < j ? (i, j) : (j, i)
      let pairNoise = Self.unit(SplitMix64.mix(salt ^ UInt64(low << 20 | high)))
      let base = 0.15 + 0.85 * jaccard * (0.7 + 0.3 * pairNoise)
      // Each direction nudged slightly, as Last.fm's own scores are not exactly symmetric either.
      candidates.append(
        (j, Self.rounded(base * (0.96 + 0.04 * Self.unit(SplitMix64.mix(salt &+ UInt64(i << 20 | j)))))))
    }
    let best = candidates.sorted { ($0.match, $1.index) > ($1.match, $0.index) }.prefix(Self.maximumLinks)
    return best.map { DemoSimilarArtist(name: names[$0.index], match: $0.match) }
  }

  private static func unit(_ bits: UInt64) -> Double { Double(bits >> 11) * 0x1.0p-53 }

  /// Six decimals, like Last.fm's "0.511468".
  private static func rounded(_ value: Double) -> Double { (min(1, max(0, value)) * 1_000_000).rounded() / 1_000_000 }
}

extension SimilarityLinker: Sendable {}
