/// The memory tier: decoded images, bounded by cost (pixel bytes) and count, least recently used evicted first.
public protocol ImageCaching: AnyObject, Sendable {
  /// Counts a hit or a miss; a hit refreshes recency.
  func image(forKey key: ImageCacheKey) -> ImageBitmap?
  /// Overwriting counts as a use. An image costing more than a tenth of the cost limit is not kept.
  func setImage(_ image: ImageBitmap, forKey key: ImageCacheKey)
  func removeImage(forKey key: ImageCacheKey)
  func removeAll()
  var statistics: MemoryCacheStatistics { get }
}

/// String keys for callers that look an image up once; a caller that asks again should keep an `ImageCacheKey`.
extension ImageCaching {
  public func image(forKey key: String) -> ImageBitmap? { image(forKey: ImageCacheKey(key)) }
  public func setImage(_ image: ImageBitmap, forKey key: String) { setImage(image, forKey: ImageCacheKey(key)) }
  public func removeImage(forKey key: String) { removeImage(forKey: ImageCacheKey(key)) }
}

public struct MemoryCacheStatistics: Equatable {
  public var count: Int
  public var totalCost: Int
  public var costLimit: Int
  public var countLimit: Int
  public var hits: Int
  public var misses: Int

  public init(count: Int, totalCost: Int, costLimit: Int, countLimit: Int, hits: Int, misses: Int) {
    self.count = count
    self.totalCost = totalCost
    self.costLimit = costLimit
    self.countLimit = countLimit
    self.hits = hits
    self.misses = misses
  }
}

extension MemoryCacheStatistics: Sendable {}
