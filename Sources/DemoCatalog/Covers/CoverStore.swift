import ImageCache
import ImageCacheSupport
import ImageEncoding
import Synchronization

/// An encoded image ready to serve, with its strong validator.
public struct DemoImage: Equatable {
  public let png: [UInt8]
  /// A strong ETag (quoted) derived from the bytes.
  public let etag: String

  init(png: [UInt8]) {
    self.png = png
    etag = "\"\(ContentHash.fnv1a64(png))-\(String(png.count, radix: 16))\""
  }
}

/// Makes cover PNGs on first request and keeps them, so serving is a lookup.
///
/// All covers at every size would be about 200 MB with the grain (some 1,800 albums), so the store keeps the most
/// recently used within a byte budget; the small sizes a browser asks for most stay resident.
public final class CoverStore {
  public let catalog: DemoCatalog
  /// The project's one LRU type (the memory tier's), bounded by PNG bytes only.
  private let cache: Mutex<LRUCache<CoverKey, DemoImage>>

  public init(catalog: DemoCatalog, byteBudget: Int = 64 << 20) {
    self.catalog = catalog
    cache = Mutex(LRUCache(costLimit: byteBudget, countLimit: .max))
  }

  /// The PNG bytes kept (tests).
  var cachedBytes: Int { cache.withLock { $0.totalCost } }

  /// Whether the PNG for `id` at `size` is kept, without touching its recency (tests).
  func isCached(id: String, size: CoverSize) -> Bool {
    cache.withLock { $0.peekValue(forKey: CoverKey(id: id, size: size)) != nil }
  }

  /// The PNG for an album cover id or the placeholder star id; nil for ids the catalog does not know.
  public func image(id: String, size: CoverSize) throws -> DemoImage? {
    let key = CoverKey(id: id, size: size)
    if let cached = cache.withLock({ $0.value(forKey: key) }) { return cached }
    let bitmap: ImageBitmap
    if id == CoverPainter.placeholderStarID {
      bitmap = CoverPainter.placeholderStar(size: size.pixels)
    } else if catalog.album(coverID: id) != nil {
      bitmap = CoverPainter.cover(id: id, size: size.pixels)
    } else {
      return nil
    }
    // Painted outside the lock: two racing requests may both paint, which is cheaper than serialising all painting.
    let image = DemoImage(png: try PNGEncoder.encode(bitmap))
    cache.withLock { _ = $0.setValue(image, forKey: key, cost: image.png.count) }
    return image
  }

  /// The id of Last.fm's placeholder star, which every artist image points at.
  public static var placeholderStarID: String { CoverPainter.placeholderStarID }
}

struct CoverKey: Hashable {
  let id: String
  let size: CoverSize
}

enum ContentHash {
  /// 64-bit FNV-1a as 16 hex digits: stable across processes and platforms, unlike `Hasher`.
  static func fnv1a64(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in bytes {
      hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
    }
    return SplitMix64.hex(hash)
  }
}

extension DemoImage: Sendable {}
extension CoverStore: Sendable {}
extension CoverKey: Sendable {}
