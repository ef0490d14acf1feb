import ImageCache
import ImageCacheSupport

/// Genre tags grouped in families, so artists of one family share tags and come out as similar.
enum TagVocabulary {
  static let families: [[String]] = [
    ["rock", "indie", "alternative", "post-punk", "garage rock", "shoegaze"],
    ["electronic", "ambient", "techno", "synthpop", "house", "idm"],
    ["folk", "acoustic", "singer-songwriter", "americana", "indie folk"],
    ["jazz", "soul", "funk", "fusion", "neo-soul"],
    ["metal", "doom metal", "sludge", "post-metal", "heavy metal"],
    ["pop", "dream pop", "city pop", "j-pop", "electropop"],
    ["hip-hop", "rap", "trip-hop", "lo-fi", "instrumental hip-hop"],
  ]
  /// Tags any family may borrow.
  static let shared = ["experimental", "female vocalists", "90s", "80s", "seen live", "instrumental"]

  /// Every tag once, in a fixed order: its place is the tag's bit in `SimilarityLinker` (at most 64 tags).
  static let all = families.flatMap { $0 } + shared
  static let bitIndex = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($0.element, $0.offset) })

  /// 2–5 tags: mostly from one family (kept in a fixed order, most relevant first), sometimes one shared tag.
  static func tags(using random: inout SplitMix64) -> [String] {
    let family = random.pick(families)
    var pool = family
    var tags: [String] = []
    for _ in 0..<random.int(in: 2...4) {
      let tag = pool.remove(at: random.int(in: 0...(pool.count - 1)))
      tags.append(tag)
    }
    if random.chance(0.4) { tags.append(random.pick(shared)) }
    return tags
  }
}
