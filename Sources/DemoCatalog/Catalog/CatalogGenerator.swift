import FoundationEssentials
import ImageCache
import ImageCacheSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Outlines the catalog's artists from a seed: names, listeners and each artist's own seed, in chart order.
/// Every random draw comes from `SplitMix64`, in a fixed order; each artist's details come from its own seed
/// (`ArtistGenerator`), so they can be invented one artist at a time, when first asked for.
struct CatalogGenerator {
  private var random: SplitMix64

  init(seed: UInt64) { random = SplitMix64(seed: seed) }

  /// The outlines, most listeners first, and the salt of the similarity links.
  mutating func outlines(count: Int) -> (chart: [ArtistOutline], similaritySalt: UInt64) {
    let names = uniqueArtistNames(count: count)
    // A long tail: listeners fall off as a power of the rank, with jitter so neighbours can swap places.
    var listenerDraws = random.fork()
    let listeners = (0..<count).map { rank in
      let falloff: Double = pow(Double(rank + 1), -0.95)
      return Int(3_400_000 * falloff * (0.75 + 0.5 * listenerDraws.unit())) + 300
    }
    var outlines = zip(names, listeners).map { name, listeners in
      ArtistOutline(name: name, listeners: listeners, seed: random.next())
    }
    outlines.sort { ($0.listeners, $1.name) > ($1.listeners, $0.name) }
    return (outlines, random.next())
  }

  private mutating func uniqueArtistNames(count: Int) -> [String] {
    var names = NameGenerator(random: random.fork())
    // A couple of wide-character names at fixed places in the generation order.
    let cjkSlots: Set<Int> = [17, 101]
    var taken: Set<String> = []
    var result: [String] = []
    while result.count < count {
      let name = cjkSlots.contains(result.count) ? names.cjkName() : names.artistName()
      if taken.insert(DemoCatalog.lookupKey(name)).inserted { result.append(name) }
    }
    return result
  }
}
