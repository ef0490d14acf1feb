internal import ImageCacheSupport
import Synchronization

/// The memory tier: decoded bitmaps keyed by URL string, least recently used evicted first.
///
/// One lock guards the LRU list and the counters; every operation is O(1) under it, so contention stays short
/// even when many fetch tasks finish at once.
public final class ImageMemoryStore: ImageCaching {
  private struct State {
    var entries: LRUCache<ImageCacheKey, ImageBitmap>
    var hits = 0
    var misses = 0
  }

  private let state: Mutex<State>
  /// Total pixel bytes kept; the least recently used images are evicted beyond it.
  public let costLimit: Int
  /// Number of images kept; the least recently used are evicted beyond it.
  public let countLimit: Int

  /// The default total of pixel bytes kept: 128 MiB.
  public static let defaultCostLimit = 128 << 20
  /// The default number of images kept: 2000.
  public static let defaultCountLimit = 2000

  /// - Parameters:
  ///   - costLimit: total pixel bytes kept.
  ///   - countLimit: number of images kept.
  public init(costLimit: Int = defaultCostLimit, countLimit: Int = defaultCountLimit) {
    self.costLimit = costLimit
    self.countLimit = countLimit
    state = Mutex(State(entries: LRUCache(costLimit: costLimit, countLimit: countLimit)))
  }

  /// Above this an image is not kept: one huge image would otherwise flush most of the working set.
  public var maximumEntryCost: Int { costLimit / 10 }

  /// The image for `key`, now the most recently used; counts a hit or a miss.
  public func image(forKey key: ImageCacheKey) -> ImageBitmap? {
    state.withLock { state in
      let image = state.entries.value(forKey: key)
      if image == nil { state.misses += 1 } else { state.hits += 1 }
      return image
    }
  }

  /// Keeps `image` under `key` as the most recently used, evicting others to stay within the limits;
  /// an image costing more than `maximumEntryCost` is not kept, and any older image under `key` is dropped.
  public func setImage(_ image: ImageBitmap, forKey key: ImageCacheKey) {
    let cost = image.cost
    state.withLock { state in
      guard cost <= maximumEntryCost else {
        // A stale smaller version must not outlive the refused newer one.
        state.entries.removeValue(forKey: key)
        return
      }
      state.entries.setValue(image, forKey: key, cost: cost)
    }
  }

  /// Removes the image for `key`, if any.
  public func removeImage(forKey key: ImageCacheKey) {
    state.withLock { _ = $0.entries.removeValue(forKey: key) }
  }

  /// Removes every image; the hit and miss counts stay.
  public func removeAll() {
    state.withLock { $0.entries.removeAll() }
  }

  /// Entry count, cost, limits and hit and miss counts.
  public var statistics: MemoryCacheStatistics {
    state.withLock { state in
      MemoryCacheStatistics(
        count: state.entries.count, totalCost: state.entries.totalCost, costLimit: costLimit,
        countLimit: countLimit, hits: state.hits, misses: state.misses)
    }
  }

  /// Whether `key` is cached, without counting a hit or a miss or touching recency.
  public func contains(_ key: String) -> Bool {
    let key = ImageCacheKey(key)
    return state.withLock { $0.entries.peekValue(forKey: key) != nil }
  }

  /// Cached keys, most recently used first.
  public var keysByRecency: [String] {
    state.withLock { $0.entries.keysByRecency }.map(\.string)
  }
}
